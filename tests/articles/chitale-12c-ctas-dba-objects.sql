-- Hemant K Chitale, "Gather Statistics Enhancements in 12c -- 1"
-- (6 August 2013), Oracle 12.1:
-- https://hemantoracledba.blogspot.in/2013/08/gather-statistics-enhancements-in-12c-1.html
-- A CTAS of DBA_OBJECTS, and the column statistics of the copy. The
-- page's figures: 91,465 rows; NUM_DISTINCT OWNER 32, OBJECT_NAME
-- 53,360, SUBOBJECT_NAME 284, OBJECT_ID 91,465, DATA_OBJECT_ID 7,914,
-- OBJECT_TYPE 46, CREATED 1,034, LAST_DDL_TIME 1,132, TIMESTAMP 1,161,
-- STATUS 1, TEMPORARY 2, GENERATED 2, SECONDARY 2, NAMESPACE 24,
-- EDITION_NAME 0.
-- The lab generates DBA_OBJECTS to this shape (exec/dictionary_objects.rs;
-- the lab has no 12.1 profile: its 18c and 19c take 12.1's count). The
-- lab's figures (engine-wasm/core/tests/all_objects.rs checks them):
-- 91,465 rows; OWNER 31 (the page's schema HEMANT owned objects of its
-- own; the lab user owns none when the CTAS reads the view); the others
-- within 2% (the names' distinct count is the generator's, not a gather
-- estimate). 12c's online statistics gathering at CTAS is not modelled:
-- the lines marked "(lab)" gather them with DBMS_STATS.
-- The page creates the table in its own tablespace HEMANT; the lab's
-- LAB user has USERS.
-- (lab) create table obj_list tablespace hemant as select * from dba_objects;
create table obj_list as select * from dba_objects;
-- (lab)
exec dbms_stats.gather_table_stats(user, 'OBJ_LIST')
select count(*) from obj_list;
select column_name, num_distinct, histogram
  from user_tab_col_statistics
 where table_name = 'OBJ_LIST'
/
