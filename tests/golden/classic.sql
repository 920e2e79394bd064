-- Golden file: SQL*Plus 18c's own layout (the default autotrace_style):
-- autotrace modes, SET TIMING, `/`, COLUMN FORMAT, FEEDBACK, EXPLAIN PLAN
-- and dbms_xplan. classic.expected.txt is this script's text output
-- (tests/unit/golden.test.mjs; LIO_UPDATE_GOLDEN=1 writes it anew).
LAB VERSION 18c;
REM a heap table with a primary key
create table t (id number not null, name varchar2(20), constraint t_pk primary key (id));
insert into t select level, 'row ' || level from dual connect by level <= 1000;
commit;
exec dbms_stats.gather_table_stats(user, 'T')

set autotrace on
select * from t where id = 42;
set autotrace traceonly statistics
select * from t where id = 42;
set autotrace traceonly explain
select * from t where id between 10 and 20 and name = 'row 15';
set autot trace exp stat
select * from t where rownum <= 3;
set autotrace off

set timing on
select count(*) from t;
/
set timing off

column name format a8
column id format 999,999
set feedback 3
select id * 1000 id, name from t where id <= 3;
set feedback off
select id, name from t where id <= 3;
set feedback 6
prompt Explain and display:
explain plan set statement_id = 'q1' for select name from t where id = 7;
select * from table(dbms_xplan.display);
set linesize 150
select * from table(dbms_xplan.display(null, 'q1', 'BASIC'));
select /*+ gather_plan_statistics */ name from t where id = 7;
select * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS LAST'));
