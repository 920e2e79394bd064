-- Source: http://www.freelists.org/post/oracle-l/statistics-stability,3
-- (also https://orafaq.com/maillist/oracle-l/2007/01/21/1646.htm)
-- Author: Alberto Dell'Era, oracle-l, "Re: statistics stability", 21 Jan 2007
-- Release: Oracle 10g (prompt dellera@ORACLE10)
-- Published figures (autotrace traceonly explain):
--   select * from t where x = 5:  TABLE ACCESS FULL T, Rows 2, Bytes 4, Cost 3
--   select * from t where x = 20: TABLE ACCESS FULL T, Rows 1, Bytes 2, Cost 3
-- "if you select far enough from the min/max range recorded in the column
-- statistics, you'll get 0 rounded to 1."
-- The post wraps the method_opt literal over two lines; the file keeps it
-- on one, as SQL*Plus needs for an EXEC.
--
-- FIGURE e-rows 1 @ select * from t where x = 5 = 2
-- FIGURE cost @ select * from t where x = 5 = 3
-- FIGURE op 1 @ select * from t where x = 5 = "TABLE ACCESS FULL T"
-- FIGURE e-rows 1 @ select * from t where x = 20 = 1
-- FIGURE cost @ select * from t where x = 20 = 3

create table t (x int);
insert into t values(0);
insert into t values(0);
insert into t values(10);
insert into t values(10);
exec dbms_stats.gather_table_stats (user, 't', method_opt=>'for all columns size 1');
set autotrace traceonly explain

select * from t where x = 5;

select * from t where x = 20;
