-- The native full outer join: HR's EMPLOYEES full outer joined to
-- DEPARTMENTS on DEPARTMENT_ID, as printed at
-- https://www.dbaglobe.com/2010/02/hash-join-full-outer-in-explain-plan.html
-- (dbaglobe.com, "HASH JOIN FULL OUTER in explain plan (11g onwards)",
-- February 2010; OPTIMIZER_FEATURES_ENABLE 11.1.0.6, utlxpls):
--   0 SELECT STATEMENT                       Rows 122  Cost 7
--   1  SORT ORDER BY                         Rows 122  Cost 7
--   2   VIEW                 VW_FOJ_0        Rows 122  Cost 6
--  *3    HASH JOIN FULL OUTER                Rows 122  Cost 6
--   4     INDEX FAST FULL SCAN DEPT_ID_PK    Rows  27  Cost 2
--   5     TABLE ACCESS FULL   EMPLOYEES      Rows 107  Cost 3
--   3 - access("E"."DEPARTMENT_ID"="D"."DEPARTMENT_ID")
-- The smaller input (DEPARTMENTS) builds, though EMPLOYEES is written
-- first: the operation keeps its name (no RIGHT). Under OFE 10.2.0.4 the
-- same page prints the UNION ALL expansion, which the lab refuses
-- (LAB-00001) rather than print another plan.
-- Rows 122 = the inner join's 106 + DEPARTMENTS' anti join, 27 x (1 -
-- 11/27) = 16 (11 distinct DEPARTMENT_IDs among the employees); EMPLOYEES'
-- anti join is 0 (its key has the fewer distinct values; its one NULL
-- is not counted), the lab's reading of the published figure. Actual
-- rows: 106 matched + 1 employee without a department + 16 departments
-- without employees = 123.
-- HR's EMPLOYEES is built as in miaokee-scalar-subquery-caching-hr.sql
-- (its published department sizes). The lab reads DEPARTMENTS by a full
-- scan where Oracle takes the primary key's fast full scan (the lab's
-- INDEX FAST FULL SCAN is for count(*) and hints), and its costs are the
-- lab's; not compared.
-- Test: engine-wasm/core/tests/join_forms.rs.
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
exec dbms_stats.gather_table_stats(user, 'DEPARTMENTS')
exec dbms_stats.gather_table_stats(user, 'EMPLOYEES')
set linesize 200
set pagesize 100
explain plan for
SELECT d.department_id, e.employee_id
FROM employees e
FULL OUTER JOIN departments d
ON e.department_id = d.department_id
ORDER BY d.department_id;
select * from table(dbms_xplan.display);
SELECT d.department_id, e.employee_id
FROM employees e
FULL OUTER JOIN departments d
ON e.department_id = d.department_id
ORDER BY d.department_id;
alter session set optimizer_features_enable = '10.2.0.4';
SELECT d.department_id, e.employee_id
FROM employees e
FULL OUTER JOIN departments d
ON e.department_id = d.department_id
ORDER BY d.department_id;
alter session set optimizer_features_enable = '11.1.0.6';
drop table employees purge;
drop table departments purge;
