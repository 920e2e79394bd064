-- Three tables joined (Jonathan Lewis, "Cost-Based Oracle Fundamentals",
-- Apress 2006, chapter 10 "Joins", script join_card_08.sql as the book's
-- code download carries it, e.g.
-- https://github.com/jongwony/notes/blob/master/file/9781590596364/2450/ch_10_joins/join_card_08.sql
-- releases 8.1.7.4, 9.2.0.6, 10.1.0.3; `_optimizer_cost_model = io`).
-- Published, for the first query (autotrace, every release):
--   HASH JOIN (Card=9551)
--     TABLE ACCESS (FULL) OF 'T3' (Card=10000)
--     HASH JOIN (Card=62500)
--       TABLE ACCESS (FULL) OF 'T1' (Card=10000)
--       TABLE ACCESS (FULL) OF 'T2' (Card=10000)
-- and, for the second (t3.join2 compared with t1.join2 instead of
-- t2.join2), Card=9074 in 8i and 9i (10g: 9301, its multi-column sanity
-- check). Costs: 10g (10.1.0.3) T1 54, T2 and T3 53, the joins 120 and
-- 212; 9i (9.2.0.6) T1 29, T2 and T3 28, the joins 62 and 109; 8i
-- (8.1.7.4) T1 28, T2 and T3 27, the joins 63 and 114.
-- Worked (Lewis's comment): T1 to T2 on join1 and join2, 1/greater(40,
-- 36) x 1/greater(40, 38) = 1/1600, 10,000 x 10,000 / 1,600 = 62,500;
-- then T3 on join2, join3 and join4: 1/(38 x 42 x 41) = 1/65,436, 62,500
-- x 10,000 / 65,436 = 9,551. The second query: 1/(40 x 42 x 41), 9,074.
-- The join order: every table has 10,000 rows, so the initial order is
-- the FROM clause's; T1-T2 joined first (62,500 rows) is the cheapest
-- (T1-T3 on join4 alone gives 2.4 million), and the third table, smaller
-- than the join's rows, is the last hash join's build input (swapped
-- inputs: it prints first).
-- The lab: the plan lines and both joins' E-Rows of the first query; the
-- second query's final E-Rows (9i's arithmetic). Under the release's CPU
-- costing its join order differs: hashing T1-T3's 60,976 rows costs less
-- than T1-T2's 62,500. The queries run again under 9i's I/O cost model
-- (optimizer_features_enable 9.2.0, db_file_multiblock_read_count 8 as
-- in Lewis's setup; no workload system statistics): the tablescans cost
-- ceil(BLOCKS / 6.589) + 1 = 29 (T1, 180 blocks) and 28 (T2, T3, 177),
-- as published, and both queries join T1-T2 first, as published (their
-- E-Rows 9,551 and 9,074). The hash joins cost their inputs alone (57
-- and 85): 9i's in-memory hash join overhead (5 and 19 of the published 62 and 109) is
-- not modelled, so T1-T2 first wins a tie there by taking the first
-- order.
-- The data: Lewis fills each column with trunc(dbms_random.value(0, n))
-- over 10,000 rows, so each has n distinct values; here mod() gives the
-- same NUM_DISTINCT (the only statistic the arithmetic reads) without
-- depending on the random generator.
create table t1 as select mod(rownum, 40) join1, mod(rownum * 7, 40) join2, mod(rownum * 11, 40) join3, mod(rownum * 13, 40) join4, lpad(rownum, 10) v1, rpad('x', 100) padding from dual connect by level <= 10000;
create table t2 as select mod(rownum, 36) join1, mod(rownum * 7, 38) join2, mod(rownum * 11, 42) join3, lpad(rownum, 10) v1, rpad('x', 100) padding from dual connect by level <= 10000;
create table t3 as select mod(rownum, 37) join2, mod(rownum * 7, 39) join3, mod(rownum * 11, 41) join4, lpad(rownum, 10) v1, rpad('x', 100) padding from dual connect by level <= 10000;
begin
  dbms_stats.gather_table_stats(user, 't1', method_opt => 'for all columns size 1');
  dbms_stats.gather_table_stats(user, 't2', method_opt => 'for all columns size 1');
  dbms_stats.gather_table_stats(user, 't3', method_opt => 'for all columns size 1');
end;
/
set autotrace traceonly explain
select t1.v1, t2.v1, t3.v1
from t1, t2, t3
where t2.join1 = t1.join1
and   t2.join2 = t1.join2
and   t3.join2 = t2.join2
and   t3.join3 = t2.join3
and   t3.join4 = t1.join4;
select t1.v1, t2.v1, t3.v1
from t1, t2, t3
where t2.join1 = t1.join1
and   t2.join2 = t1.join2
and   t3.join3 = t2.join3
and   t3.join2 = t1.join2
and   t3.join4 = t1.join4;
alter session set optimizer_features_enable = '9.2.0';
alter session set db_file_multiblock_read_count = 8;
select t1.v1, t2.v1, t3.v1
from t1, t2, t3
where t2.join1 = t1.join1
and   t2.join2 = t1.join2
and   t3.join2 = t2.join2
and   t3.join3 = t2.join3
and   t3.join4 = t1.join4;
select t1.v1, t2.v1, t3.v1
from t1, t2, t3
where t2.join1 = t1.join1
and   t2.join2 = t1.join2
and   t3.join3 = t2.join3
and   t3.join2 = t1.join2
and   t3.join4 = t1.join4;
set autotrace off
