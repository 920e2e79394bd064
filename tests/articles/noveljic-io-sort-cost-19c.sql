-- Oracle's I/O cost of a sort, from the 10053 trace in Nenad Noveljic,
-- "IO Sort Cost Calculation" (14 July 2019):
-- https://nenadnoveljic.com/blog/io-sort-cost-calculation/
-- His test follows Jonathan Lewis's "Scalar Subquery Costing" (6 June
-- 2019, 18.3 / 12.2.0.1), whose table it sorts:
-- https://jonathanlewis.wordpress.com/2019/06/06/scalar-subquery-costing/
-- Published (8 KB blocks, noworkload statistics, a 1 GB
-- pga_aggregate_target: Max Area size 53,686,272):
--   Sort width 305, Area size 268,288, Blocks to Sort 196, Row size 16,
--   Total Rows 100,000, Initial runs 2, Merge passes 1, IO Cost / pass 108,
--   Total IO sort cost 304, Total CPU sort cost 119,218,158.
--   Lewis's plan: TABLE ACCESS FULL T_100K, Rows 100K, Bytes 488K.
-- The lab (optimizer/sort.rs): Row size = 5 + ceil(5 / 10) + 10 = 16 (N1's
-- AVG_COL_LEN is 5); 100,000 x 16 bytes = 196 blocks; the area is 5% of
-- 1 GB, whole KB, / 200: 268,288, less than the 1,600,000 bytes, so one
-- merge pass of 2 x (floor(197 / 3.6923) + 1) = 108 (MBRC 8 x 12 / 26 =
-- 3.6923): I/O 196 + 108 = 304, as published. The lab's CPU figure is
-- 7,044,491 + 100,000 x (870.6 + 2.1176 x 16) = 97,494,107 cycles, 18%
-- below the trace (the lab's fit of 10g/11g traces): 11.1 units on the
-- lab's CPUSPEEDNW 735.12. SORT ORDER BY's Cost is the scan's + 304 +
-- 11.1. Bytes: the scan line carries N1 only: 100,000 x 5 = 500,000,
-- printed 488K (K of 1,024) as Lewis's. The trace's Sort width, Initial
-- runs and Total Temp space are not printed by the lab's 10053 text.
-- The test is engine-wasm/core/tests/sort_costs.rs.
-- (lab)
LAB VERSION 19.3.0;
create table t_100k ( n1 integer );
insert into t_100k select level from dual connect by level <= 1e5;
commit;
exec dbms_stats.gather_table_stats(null, 'T_100K')
select num_rows, blocks from user_tables where table_name = 'T_100K';
select avg_col_len from user_tab_columns where table_name = 'T_100K' and column_name = 'N1';
alter system set pga_aggregate_target = 1G;
explain plan for select n1 from t_100k order by n1;
select * from table(dbms_xplan.display);
-- (lab) back to the lab's default for whatever runs next
alter system set pga_aggregate_target = 2G;
