-- INDEX FULL SCAN (MIN/MAX) under FIRST ROW: Sayan Malakshinov, "Index
-- full scan (MIN/MAX)" notes on orasql.org (tag ifsminmax):
-- https://orasql.org/tag/ifsminmax
-- Release: not printed; the plan layout (Plan hash value, Time column)
-- is 10g-19c's; the lab runs it as 11.2.0.2.
-- The script below is the page's: TAB1 of 1,000,000 rows (1000 x 1000
-- generated pairs), a two-column index IX_TAB1 (ID, X), statistics.
-- Published, EXPLAIN PLAN of `select min(ID) as x from tab1 where ID is
-- not null` and dbms_xplan.display:
--   | 0 | SELECT STATEMENT           |         | 1 | 4 | 3 (0)|
--   | 1 |  SORT AGGREGATE            |         | 1 | 4 |      |
--   | 2 |   FIRST ROW                |         | 1 | 4 | 3 (0)|
--   |*3 |    INDEX FULL SCAN (MIN/MAX)| IX_TAB1 | 1 | 4 | 3 (0)|
--   3 - filter("ID" IS NOT NULL)
-- Worked by hand: the index holds 1,000,000 entries of two numbers (a
-- few hundred a leaf block), so a few thousand leaves under a root and a
-- level of branches: BLEVEL 2. MIN/MAX reads one path down the left edge,
-- BLEVEL + 1 = 3 blocks, and is costed so (3). The IS NOT NULL filter is
-- tested on the one entry read (FIRST ROW stops the scan after it).
-- The page's second query (MIN(ID) and MIN(ID)+1000) is a fast full scan
-- costed 3075 that the lab does not reproduce (its FFS cost rests on the
-- index's block count, which the page does not print): not asserted.
LAB VERSION 11.2.0.2;
create table tab1(id, x, padding)
as
with gen as (select level n from dual connect by level<=1000)
select g1.n, g2.n, rpad(rownum,10,'x')
from gen g1,gen g2;
create index ix_tab1 on tab1(id, x);
exec dbms_stats.gather_table_stats('','TAB1');
explain plan for
select
min(ID) as x
from tab1
where ID is not null;
select * from table(dbms_xplan.display);
set autotrace traceonly statistics
select min(ID) as x from tab1 where ID is not null;
set autotrace off
