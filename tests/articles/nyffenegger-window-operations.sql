-- The WINDOW plan operations: René Nyffenegger, "Oracle SQL Plan
-- operation: WINDOW" (renenyffenegger.ch notes; release not given, 12c+
-- by the FETCH FIRST on the companion page):
-- http://www.renenyffenegger.ch/notes/development/databases/Oracle/SQL/statement/execution/plan/operations/window/index
-- Published (dbms_xplan.display, format 'basic'):
--   sum(num) over ()                    WINDOW BUFFER over TABLE ACCESS FULL
--   count(num) over (partition by part) WINDOW SORT   over TABLE ACCESS FULL
--   sum(num) over (order by num)        WINDOW SORT   over TABLE ACCESS FULL
-- and, on the WINDOW SORT PUSHED RANK page,
-- http://www.renenyffenegger.ch/notes/development/databases/Oracle/SQL/statement/execution/plan/operations/window/sort/pushed-rank/index
--   ... where num = 42 order by dat desc fetch first 2 row only:
--   VIEW / WINDOW SORT PUSHED RANK / TABLE ACCESS FULL (the lab's FETCH
--   FIRST, exec/plan/fetch.rs; DAT here a NUMBER).
-- The lab: the same lines (exec/plan/window.rs): OVER () holds the rows
-- without a sort; a PARTITION BY or ORDER BY is one sort.
create table tq84_tab (
   part  varchar2(10),
   num   number,
   dat   number
);
explain plan for
select
   part,
   num,
   sum(num) over () cnt
from
   tq84_tab;
select * from table(dbms_xplan.display(format=>'basic'));
explain plan for
select
   part,
   num,
   count(num) over (partition by part) cnt
from
   tq84_tab;
select * from table(dbms_xplan.display(format=>'basic'));
explain plan for
select
   part,
   num,
   sum(num) over (order by num) cnt
from
   tq84_tab;
select * from table(dbms_xplan.display(format=>'basic'));
explain plan for
select
   dat,
   num
from
   tq84_tab
where
   num = 42
order by
   dat desc
fetch first 2 row only;
select * from table(dbms_xplan.display(format=>'basic'));
drop   table tq84_tab;
