-- MINUS sorts each branch unique: Yang Qilong's experiment "【SQL 学习】
-- minus 和intsect 的排序方式!" (developer.aliyun.com, 2010; the release is
-- not printed: the plan's layout, with Plan hash value and a Time column,
-- is 10g/11g's, and the lab runs it as 11.2.0.1):
-- https://developer.aliyun.com/article/29584
-- The page prints neither table's DDL nor T's rows: T holds 9 rows and T1
-- 21 (the plan's Rows, on tables without statistics), every T row is in
-- T1 (T MINUS T1 returns no row), and T1 MINUS T returns the 10 rows the
-- page lists, sorted on every column. The rows below are one set that
-- fits all of that (T: 8 distinct rows, one twice; T1: those 8, the 10
-- listed, and 3 of them twice); columns VARCHAR2(3), as the page's NAM
-- and TEX headings are 3 wide.
-- Published, SET AUTOTRACE ON, `select id, name, text from t minus select
-- id, name, text from t1`:
--   MINUS / SORT UNIQUE / TABLE ACCESS FULL T / SORT UNIQUE / TABLE ACCESS FULL T1
--   14 consistent gets, 0 db block gets, 2 sorts (memory), 0 sorts (disk),
--   0 rows processed, 1 SQL*Net roundtrip
-- and `select id, name, text from t1 minus select id, name, text from t`:
-- 10 rows, (2,a1,b1) (2,a1,b2) (2,a1,b3) (2,a2,b2) (3,a1,b1) (3,a1,b2)
-- (3,a1,b3) (3,a2,b1) (3,a2,b2) (3,a2,b3).
-- The lab (engine-wasm/core/tests/set_operators.rs): the same plan, rows
-- and sorts; 8 consistent gets, each table's full scan read once under
-- its sort (the sum of the branches', as published: 14 = 7 + 7). 4
-- against 7 is the lab's full scan of a one-block table (its segment
-- header gets), as in xxzhaobb-hash-join-11g.sql, not the MINUS. The
-- page's MINUS line has no Rows, Bytes or Cost, nor has the lab's.
LAB VERSION 11.2.0.1;
create table t (id number, name varchar2(3), text varchar2(3));
create table t1 (id number, name varchar2(3), text varchar2(3));
insert into t values (1, 'a1', 'b1');
insert into t values (1, 'a1', 'b2');
insert into t values (1, 'a1', 'b3');
insert into t values (1, 'a2', 'b1');
insert into t values (1, 'a2', 'b2');
insert into t values (1, 'a2', 'b3');
insert into t values (2, 'a2', 'b1');
insert into t values (2, 'a2', 'b3');
insert into t values (1, 'a1', 'b1');
insert into t1 select id, name, text from t;
insert into t1 values (2, 'a1', 'b1');
insert into t1 values (2, 'a1', 'b2');
insert into t1 values (2, 'a1', 'b3');
insert into t1 values (2, 'a2', 'b2');
insert into t1 values (3, 'a1', 'b1');
insert into t1 values (3, 'a1', 'b2');
insert into t1 values (3, 'a1', 'b3');
insert into t1 values (3, 'a2', 'b1');
insert into t1 values (3, 'a2', 'b2');
insert into t1 values (3, 'a2', 'b3');
insert into t1 values (3, 'a2', 'b3');
insert into t1 values (1, 'a2', 'b2');
commit;
set autotrace on
select id ,name ,text from t
minus
select id ,name ,text from t1;
set linesize 120
select id ,name ,text from t1
minus
select id ,name ,text from t;
set autotrace off
