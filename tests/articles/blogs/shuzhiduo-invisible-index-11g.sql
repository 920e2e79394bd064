-- Source: https://miaokee.com/default/index/url?u=aHR0cHM6Ly93d3cuc2h1emhpZHVvLmNvbS9BL2wxZHl4WTA2NWUv
-- (a copy of a shuzhiduo.com post)
-- Author: shuzhiduo.com post (unsigned)
-- Release: 11g (invisible indexes)
-- The statements of the post's SQL*Plus session, without prompts and output.
-- Published figures (autotrace traceonly):
--   before: INDEX RANGE SCAN IND_T_OBJECT_ID, Cost 2, 4 consistent gets, 1 row
--   index invisible: TABLE ACCESS FULL TEST, Cost 209, 567 consistent gets
--   with the INDEX hint: still TABLE ACCESS FULL, Cost 209, 544 consistent gets
--
-- FIGURE op 2 @ select * from test where object_id = 10 #1 = "INDEX RANGE SCAN IND_T_OBJECT_ID"
-- FIGURE stat consistent gets @ select * from test where object_id = 10 #1 = 4
-- FIGURE rows @ select * from test where object_id = 10 #1 = 1
-- FIGURE op 1 @ select * from test where object_id = 10 #2 = "TABLE ACCESS FULL TEST"
-- FIGURE op 1 @ select /*+ index(test ind_t_object_id)*/ = "TABLE ACCESS FULL TEST"

drop table test purge;
create table test as select * from dba_objects;
create index ind_t_object_id on test(object_id);
exec dbms_stats.gather_table_stats(user,'test',cascade => true);
set autotrace traceonly
select * from test where object_id = 10;
alter index ind_t_object_id invisible;
select * from test where object_id = 10;
select /*+ index(test ind_t_object_id)*/ * from test where object_id = 10;
