-- Source: https://vajoonoracle.blogspot.com/2011/09
-- Author: vajoonoracle.blogspot.com ("ROLLUP and CUBE", September 2011)
-- Release: not stated (10g/11g era)
-- The post's table TEST (its seven rows as the post lists them) and its
-- Example 1, GROUP BY ROLLUP(year, region). Published figures: 7 rows,
-- in this order: 1995 Central 100 1, 1995 East 200 2, 1995 West 200 2,
-- 1995 500 5, 1996 West 200 2, 1996 200 2, 700 7.
--
-- FIGURE rows @ select year, region, sum(profit), count(*) = 7
-- FIGURE cell 4 3 @ select year, region, sum(profit), count(*) = 500
-- FIGURE cell 6 3 @ select year, region, sum(profit), count(*) = 200
-- FIGURE cell 7 3 @ select year, region, sum(profit), count(*) = 700
-- FIGURE cell 7 4 @ select year, region, sum(profit), count(*) = 7

create table test (year number(4), region char(7), dept char(2), profit number);
insert into test values (1995, 'West', 'A1', 100);
insert into test values (1995, 'West', 'A2', 100);
insert into test values (1996, 'West', 'A1', 100);
insert into test values (1996, 'West', 'A2', 100);
insert into test values (1995, 'Central', 'A1', 100);
insert into test values (1995, 'East', 'A1', 100);
insert into test values (1995, 'East', 'A2', 100);
commit;

select year, region, sum(profit), count(*)
from test
group by rollup(year, region);
