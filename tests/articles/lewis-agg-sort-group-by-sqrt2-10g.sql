-- GROUP BY's cardinality over two columns before 11g: Jonathan Lewis,
-- "Cost-Based Oracle Fundamentals" (Apress 2006), chapter 13's
-- agg_sort_2.sql and its trace agg_sort_2.trc as the book's code download
-- carries them, e.g.
-- https://github.com/jongwony/notes/blob/e1514d7d4a1307b69f408a30f85e59f8c3de9681/file/9781590596364/2450/ch_13_merge/agg_sort_2.sql
-- (tested 8.1.7.4, 9.2.0.6, 10.1.0.4; `_optimizer_cost_model = io`).
-- "for group by / distinct, the number of distinct values output for a
-- multi-column aggregation of N columns is estimated by taking the product
-- of the N columns num_distincts, and then dividing N-1 times by the
-- square root of 2." T1 has 5,000 rows; COL1's and COL2's NUM_DISTINCT
-- are set by hand, then `select col1, col2, count(*) from t1 group by
-- col1, col2` is explained. Published (the script's prompts and the
-- 10053 trace's "GROUP BY cardinality"):
--   col1 100,  col2 71: ceil(100 x 71 / sqrt(2)) = 5,021, "So card = 5,000"
--   col1 50,   col2 71: 2,511;   col1 25, col2 71: 1,256
--   col1 3500, col2 1:  2,475
--   col1 769:  544;  770: 545;  2309: 1,633;  2310: 1,634   (col2 1)
--   col1 7100, col2 1: "GROUP BY cardinality: 5021, TABLE cardinality:
--   5000" (the plan's card 5,000).
-- The lab (exec/plan/group_card.rs; engine-wasm/core/tests/group_rows.rs)
-- under optimizer_features_enable 10.1.0.4: ceil(product / sqrt(2)^(N-1)),
-- capped by the 5,000 rows grouped, as each figure above. The SORT GROUP
-- BY line carries it (10.1 has no HASH GROUP BY).
-- Changes to the script: Lewis's rows are random strings of one or two
-- letters (dbms_random); here they are made from ROWNUM (their NDV is
-- set by hand anyway). His set_col_dist procedure reads the column's
-- statistics with GET_COLUMN_STATS and writes them back with the new
-- DISTCNT through SREC, which the lab refuses: SET_COLUMN_STATS is called
-- with DISTCNT alone (lines marked "(lab)").
LAB VERSION 10.2.0.5;
alter session set optimizer_features_enable = '10.1.0.4';
alter session set "_optimizer_cost_model" = io;
-- (lab)
create table t1 as select chr(65 + mod(rownum, 26)) || chr(65 + mod(trunc(rownum / 26), 26)) col1, chr(65 + mod(rownum * 7, 26)) col2 from dual connect by level <= 5000;
begin
	dbms_stats.gather_table_stats(
		user,
		't1',
		cascade => true,
		estimate_percent => null,
		method_opt => 'for all columns size 1'
	);
end;
/
set autotrace traceonly explain
-- (lab)
exec dbms_stats.set_column_stats(null, 't1', 'col1', distcnt => 100)
exec dbms_stats.set_column_stats(null, 't1', 'col2', distcnt => 71)
select col1, col2, count(*) from t1 group by col1, col2;
exec dbms_stats.set_column_stats(null, 't1', 'col1', distcnt => 50)
select col1, col2, count(*) from t1 group by col1, col2;
exec dbms_stats.set_column_stats(null, 't1', 'col1', distcnt => 25)
select col1, col2, count(*) from t1 group by col1, col2;
exec dbms_stats.set_column_stats(null, 't1', 'col1', distcnt => 3500)
exec dbms_stats.set_column_stats(null, 't1', 'col2', distcnt => 1)
select col1, col2, count(*) from t1 group by col1, col2;
exec dbms_stats.set_column_stats(null, 't1', 'col1', distcnt => 769)
select col1, col2, count(*) from t1 group by col1, col2;
exec dbms_stats.set_column_stats(null, 't1', 'col1', distcnt => 770)
select col1, col2, count(*) from t1 group by col1, col2;
exec dbms_stats.set_column_stats(null, 't1', 'col1', distcnt => 2309)
select col1, col2, count(*) from t1 group by col1, col2;
exec dbms_stats.set_column_stats(null, 't1', 'col1', distcnt => 2310)
select col1, col2, count(*) from t1 group by col1, col2;
exec dbms_stats.set_column_stats(null, 't1', 'col1', distcnt => 7100)
select col1, col2, count(*) from t1 group by col1, col2;
set autotrace off
