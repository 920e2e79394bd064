-- Source: https://batexi.com/a/qlomzy6q.html
-- Author: batexi.com post (unsigned; user n1)
-- Release: 11g
-- The statements of the post's SQL*Plus session as far as the stored copy
-- shows them, without prompts and output. The post connects as n1/n1 and
-- then as sysdba; the CONNECT lines are kept as published.
-- Published figures (autotrace traceonly explain statistics):
--   select * from n1.t1 where id =2: INDEX RANGE SCAN INX_T1, Rows 100,
--     Cost 2; 18 consistent gets; 100 rows processed
--   select * from n1.t2 where id =2: TABLE ACCESS FULL T2, Rows 10, Cost 4;
--     10 rows selected
--
-- FIGURE op 2 @ select * from n1.t1 where id =2 = "INDEX RANGE SCAN INX_T1"
-- FIGURE rows @ select * from n1.t1 where id =2 = 100
-- FIGURE stat consistent gets @ select * from n1.t1 where id =2 = 18
-- FIGURE op 1 @ select * from n1.t2 where id =2 = "TABLE ACCESS FULL T2"
-- FIGURE rows @ select * from n1.t2 where id =2 = 10

conn n1/n1
create table t1 as select trunc(rownum/100) id ,object_name from all_objects where rownum<1000 ;
create table t2 as select mod(rownum,100) id ,object_name from all_objects where rownum<1000;
create index inx_t1 on t1(id);
create index inx_t2 on t2(id);
exec dbms_stats.gather_table_stats(null,'T1',CASCADE=>true);
exec dbms_stats.gather_table_stats(null,'T2',CASCADE=>true);
conn / as sysdba
set autotrace trace exp stat
set linesize 300
select * from n1.t1 where id =2;
select * from n1.t2 where id =2;
