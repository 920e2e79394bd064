-- Source: http://dougporter.blogspot.com/2005/05/alternative-to-allobjects-in-oracle-9i.html
-- Author: Doug Porter ("Alternative to all_objects in Oracle 9i and Up to
-- generate rows", 10 May 2005, after AskTOM's "Can there be an infinite DUAL?")
-- Release: 9i and up
-- Published figures: both queries return the numbers 1 to 9, "9 rows selected".
--
-- FIGURE rows @ select rownum rn = 9
-- FIGURE rows @ select l from (select level l = 9
-- FIGURE cell 9 1 @ select l from (select level l = 9

select rownum rn
from all_objects
where rownum < 10;

select l
from (select level l
from dual connect by level < 10
);
