-- Scalar subquery caching: a correlated scalar subquery in the select list
-- runs once per distinct correlation value. HR's DEPARTMENTS (27 rows,
-- each DEPARTMENT_ID once) with a count of each department's EMPLOYEES,
-- as printed at https://miaokee.com/1044810.html (2022, a repost of Tom
-- Kyte's "On Caching and Evangelizing SQL", Oracle Magazine Sept/Oct
-- 2011, with the author's own run; release not printed, the plan's
-- layout is 11g's or later).
-- Published, DBMS_XPLAN.DISPLAY_CURSOR ALLSTATS LAST:
--   0 SELECT STATEMENT                          Starts  1        A-Rows  27
--   1  SORT AGGREGATE                           Starts 27 E-Rows  1  A-Rows  27
--   2   INDEX RANGE SCAN  EMP_DEPARTMENT_IX     Starts 27 E-Rows 10  A-Rows 106
--   3  TABLE ACCESS FULL  DEPARTMENTS           Starts  1 E-Rows 27  A-Rows  27
--   2 - access("EMP"."DEPARTMENT_ID"=:B1)
-- (the page's Buffers column, 4 on every line, is cut from its table and
-- not compared). The subquery sits under SELECT STATEMENT before the main
-- row source; Starts 27, one per department. The HR schema's EMPLOYEES
-- is built here with its published department sizes (107 employees: 10:1,
-- 20:2, 30:6, 40:1, 50:45, 60:5, 70:1, 80:34, 90:3, 100:6, 110:2, one
-- without a department): 106 rows found. The predicate prints the
-- correlation value as Oracle's :B1, byte for byte.
-- Test: engine-wasm/core/tests/articles_subq.rs (exact Starts, A-Rows).
create table departments (department_id number(4) not null, department_name varchar2(30) not null);
insert into departments select level * 10, 'Department ' || level from dual connect by level <= 27;
alter table departments add constraint dept_id_pk primary key (department_id);
create table employees (employee_id number(6) not null, last_name varchar2(25), salary number(8,2), department_id number(4));
insert into employees
select 99 + level, 'Employee ' || level, 1000 + level * 10,
       case when level = 1 then 10 when level <= 3 then 20 when level <= 9 then 30
            when level = 10 then 40 when level <= 55 then 50 when level <= 60 then 60
            when level = 61 then 70 when level <= 95 then 80 when level <= 98 then 90
            when level <= 104 then 100 when level <= 106 then 110 end
from dual connect by level <= 107;
commit;
create index emp_department_ix on employees (department_id);
exec dbms_stats.gather_table_stats(user, 'DEPARTMENTS')
exec dbms_stats.gather_table_stats(user, 'EMPLOYEES')
set linesize 200
set pagesize 100
select /*+ gather_plan_statistics */ department_id,department_name
,(select count(*) from employees emp where
emp.department_id=departments.department_id) as count from departments;
select * from table( dbms_xplan.display_cursor( format=> 'allstats last' ));
