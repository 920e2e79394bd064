-- A merge join of two tables: Christian Antognini, "Troubleshooting Oracle
-- Performance" (2nd edition, Apress 2014), chapter 14, "Merge Joins",
-- "Two-Table Join" (the page as reproduced at
-- http://what-when-how.com/Tutorial/topic-1477vp78jho/Troubleshooting-Oracle-Performance-544.html
-- and -547.html; releases 11.2 and 12.1). Published, for
--   SELECT /*+ ordered use_merge(t2) */ * FROM t1, t2
--   WHERE t1.id = t2.t1_id AND t1.n = 19
-- the plan and its predicates:
--   | Id | Operation           | Name |
--   |  0 | SELECT STATEMENT    |      |
--   |  1 |  MERGE JOIN         |      |
--   |  2 |   SORT JOIN         |      |
--   |* 3 |    TABLE ACCESS FULL| T1   |
--   |* 4 |   SORT JOIN         |      |
--   |  5 |    TABLE ACCESS FULL| T2   |
--   3 - filter("T1"."N"=19)
--   4 - access("T1"."ID"="T2"."T1_ID")
--       filter("T1"."ID"="T2"."T1_ID")
-- The book prints no counters for it, and its data script is not on the
-- page: the tables here have its columns (id, n, pad; id, t1_id, n, pad)
-- and hand-checkable rows (T1: 100, n = id; T2: 1,000, t1_id = mod(id,
-- 100) + 1, ten rows for each T1 row). ORDERED is not modelled by the lab:
-- LEADING(t1) gives the same order for two tables.
-- The lab (engine-wasm/core/tests/articles.rs): the published lines and
-- predicates byte for byte; and, worked by hand: T1's filter passes one
-- row (n = 19), the second SORT JOIN is started once for it (Starts 1) and
-- returns its ten T2 rows (A-Rows 10, the join's 10); each table is read
-- once; two sorts in memory (sorts (memory) 2).
create table t1 (id number not null, n number, pad varchar2(4000), constraint t1_pk primary key (id));
create table t2 (id number not null, t1_id number not null, n number, pad varchar2(4000), constraint t2_pk primary key (id));
insert into t1 select rownum, rownum, rpad('a', 50, 'x') from dual connect by level <= 100;
insert into t2 select rownum, mod(rownum, 100) + 1, rownum, rpad('b', 50, 'y') from dual connect by level <= 1000;
commit;
execute dbms_stats.gather_table_stats(user, 't1')
execute dbms_stats.gather_table_stats(user, 't2')
set linesize 200
set pagesize 100
alter session set statistics_level = all;
set autotrace traceonly statistics
SELECT /*+ leading(t1) use_merge(t2) */ * FROM t1, t2 WHERE t1.id = t2.t1_id AND t1.n = 19;
set autotrace off
select * from table(dbms_xplan.display_cursor(null, null, 'allstats last'));
