-- A hash join reads each input once: Liang Jingbin's T1/T2 experiment
-- ("收获,不止SQL优化", the join chapter), as xxzhaobb ran and printed it:
-- https://blog.csdn.net/xxzhaobb/article/details/80911765
-- ("表的三大连接之 hash join", 2018; the release is not printed: the plan's
-- "dynamic sampling used for this statement (level=2)" note is 10g/11g's).
-- The page's tables hold 99 and 99,999 rows (its A-Rows; the book's
-- script says 100 and 100,000: `level < n` here gives the page's counts).
-- Published, `select /*+ leading(t1) use_hash(t2) */ * from t1, t2 where
-- t1.id = t2.t1_id`, ALLSTATS LAST:
--   HASH JOIN          Starts 1  A-Rows 99     Buffers 1019  960K 960K 1253K (0)
--   TABLE ACCESS FULL T1  Starts 1  A-Rows 99     Buffers    7
--   TABLE ACCESS FULL T2  Starts 1  A-Rows 99999  Buffers 1012
--   1 - access("T1"."ID"="T2"."T1_ID")
-- and, the page's second case, a build input with no rows: the probe
-- table is never started (T2 Starts 0, Buffers 0).
-- The lab (engine-wasm/core/tests/articles.rs): Buffers 995 = 4 + 991
-- (-2.4%): T2's 991 are its blocks and the re-gets of the current block
-- at each of the 8 fetch calls (arraysize 15); T1's 4 against 7 is the
-- full scan of a one-block table (the lab's segment header gets), not
-- the join. OMem / 1Mem / Used-Mem: the lab's are the build rows' bytes
-- (7524); Oracle's 960K / 1253K are its hash area's initial slots and
-- bucket table, which the lab does not model (docs/MODEL.md, "Hash join").
create table t1 (id number not null, n number, contents varchar2(4000));
create table t2 (id number not null, t1_id number not null, n number, contents varchar2(4000));
execute dbms_random.seed(0);
insert into t1 select rownum, rownum, dbms_random.string('a', 50) from dual connect by level < 100 order by dbms_random.random;
insert into t2 select rownum, rownum, rownum, dbms_random.string('b', 50) from dual connect by level < 100000 order by dbms_random.random;
commit;
set linesize 1000
set pagesize 100
alter session set statistics_level = all;
set autotrace traceonly statistics
select /*+ leading(t1) use_hash(t2) */ * from t1, t2 where t1.id = t2.t1_id;
set autotrace off
select * from table(dbms_xplan.display_cursor(null, null, 'allstats last'));
set autotrace traceonly statistics
select /*+ leading(t1) use_hash(t2) */ * from t1, t2 where t1.id = t2.t1_id and t1.n = 999999999;
set autotrace off
select * from table(dbms_xplan.display_cursor(null, null, 'allstats last'));
