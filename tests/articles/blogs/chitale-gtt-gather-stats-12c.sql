-- Source: https://hemantoracledba.blogspot.com/2013/10
-- Author: Hemant K Chitale (Hemant's Oracle DBA Blog, 15 Oct 2013)
-- Release: 12.1.0.1 ("The behaviour has changed in 12c")
-- The statements of the post's SQL*Plus session as far as the stored copy
-- shows them, without prompts, line numbers and output.
-- Published figures: 91491 rows created (from DBA_OBJECTS); COUNT(*)
-- 91491 before and after DBMS_STATS.GATHER_TABLE_STATS (in 12c the
-- gather no longer commits, so the ON COMMIT DELETE ROWS table keeps its
-- rows); USER_TABLES shows no NUM_ROWS for it.
--
-- FIGURE rows @ insert into MY_GTT_DELETE_12c = 91491
-- FIGURE cell 1 1 @ select count(*) from MY_GTT_DELETE_12c #1 = 91491
-- FIGURE cell 1 1 @ select count(*) from MY_GTT_DELETE_12C #2 = 91491

create global temporary table MY_GTT_DELETE_12c
(object_id number, object_name varchar2(30)) on commit DELETE rows;
insert into MY_GTT_DELETE_12c
select object_id, object_name from dba_objects
where object_id is not null;
select count(*) from MY_GTT_DELETE_12c;
execute dbms_stats.gather_table_stats('','MY_GTT_DELETE_12C');
select count(*) from MY_GTT_DELETE_12C;
select num_rows, to_char(last_analyzed,'DD-MON HH24:MI:SS')
from user_tables
where table_name = 'MY_GTT_DELETE_12C'
/
