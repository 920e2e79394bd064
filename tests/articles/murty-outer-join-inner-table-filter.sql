-- Filtering the inner table of an outer join in WHERE or in ON: Murty
-- ("murty4all"), "filtering inner table in outer join", April 2015,
-- http://murty4all.blogspot.com/2015/04 (the Oracle release is not
-- given; rows only, no plan). Published:
--   t1 left outer join t2 on t1.b = t2.b:
--     2 20 20 200 / 3 30 30 300 / 1 10 (null) (null)          3 rows
--   ... where t2.c=300 (filters after the join):  3 30 30 300   1 row
--   ... on t1.b = t2.b and t2.c=300 (filters T2 before it):
--     3 30 30 300 / 2 20 (null) (null) / 1 10 (null) (null)    3 rows
--   t1, t2 where t1.b = t2.b(+) and t2.c=300:      3 30 30 300   1 row
--   t1, t2 where t1.b = t2.b(+) and t2.c(+)=300:   the 3 rows of ON
-- The lab: the same rows. `where t2.c=300` (ANSI, and the (+) form
-- without (+) on c) cannot be TRUE on the NULL-extended rows, so the
-- outer join is run as an inner one (outer-join simplification: NESTED
-- LOOPS, T2 filtered on C first, no (+) left); with the condition in
-- ON (or `t2.c(+)=300`) it stays outer: HASH JOIN RIGHT OUTER, T2's one
-- row with C = 300 building, T1 probing in its order, so the rows come
-- out 1, 2, 3 where the page printed 3, 2, 1 (an order no ORDER BY asks
-- for; Oracle's plan is not on the page: compared as sets).
-- Hand check: T1's B 10, 20, 30 against T2's 20, 30, 40: 20 and 30
-- match; C = 300 only on T2's B 30.
-- Test: engine-wasm/core/tests/outer_join_simplify.rs.
create table t1 (a number, b number);
create table t2 (b number, c number);
insert into t1 values (1, 10);
insert into t1 values (2, 20);
insert into t1 values (3, 30);
insert into t2 values (20, 200);
insert into t2 values (30, 300);
insert into t2 values (40, 400);
commit;
set linesize 200
select a, t1.b t1_b, t2.b t2_b, c from t1 left outer join t2 on t1.b = t2.b;
select a, t1.b t1_b, t2.b t2_b, c from t1 left outer join t2 on t1.b = t2.b where t2.c=300;
select a, t1.b t1_b, t2.b t2_b, c from t1 left outer join t2 on t1.b = t2.b and t2.c=300;
select a, t1.b t1_b, t2.b t2_b, c from t1, t2 where t1.b = t2.b(+) and t2.c=300;
select a, t1.b t1_b, t2.b t2_b, c from t1, t2 where t1.b = t2.b(+) and t2.c(+)=300;
drop table t1 purge;
drop table t2 purge;
