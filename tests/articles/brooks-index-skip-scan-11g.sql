-- An index skip scan on a Y/N leading column: Dominic Brooks, "Index Skip
-- Scan skipping specified column", orastory, 28 March 2011 (Oracle 11g;
-- the post's plan has "Cost (%CPU)"):
-- http://orastory.wordpress.com/2011/03/28/index-skip-scan-skipping-specified-column/
-- Published: T1 of 100,000 rows, FLAGYN 'Y' on even rows and 'N' on odd,
-- ID = rownum, a 200-byte COL2; index I1 on (FLAGYN, ID); statistics
-- gathered; `select * from t1 where id = 3222`:
--   TABLE ACCESS BY INDEX ROWID | T1 | 1 | 208 | 4 (0)
--   INDEX SKIP SCAN             | I1 | 1 |     | 3 (0)
--   2 - access("ID"=3222)
--       filter("ID"=3222)
-- The lab (engine-wasm/core/tests/skip_scan.rs), Lewis's skip scan cost:
--   ix_sel 1/100,000, ANDV 2 (FLAGYN's NDV), BLEVEL 1:
--   INDEX line 1 + 2 x ceil(#LB x 0.00001 / 2) = 1 + 2 = 3
--   table line 3 + ceil(CLUF x 0.00001) = 4, as published;
--   gets: the root and the leaf of ('N', 3222) (no row: 3222 is even),
--   the leaf of ('Y', 3222) under the pinned root, one table block: 4.
create table t1
as
select case when mod(rownum,2) = 0
            then 'Y'
            else 'N'
       end flagyn
,      rownum id
,      rpad(rownum,200,'0') col2
from   dual
connect by rownum <=100000;
create index i1 on t1 (flagyn, id);
exec dbms_stats.gather_table_stats(USER,'T1');
explain plan for
select *
from   t1
where  id = 3222;
select * from table(dbms_xplan.display);
set autotrace traceonly statistics
select * from t1 where id = 3222;
set autotrace off
