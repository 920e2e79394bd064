-- FULL OUTER JOIN ... USING on SCOTT's EMP and DEPT: Christian Antognini,
-- "Native Full Outer Join Officially Available in 10.2.0.5", 4 May 2010,
-- https://antognini.ch/2010/05/native-full-outer-join-officially-available-in-10-2-0-5/
-- (Oracle 10.2.0.5, autotrace). Published, by default in 10.2.0.5 (the
-- native full outer join off: the UNION ALL expansion):
--   0 SELECT STATEMENT
--   1  VIEW
--   2   UNION-ALL
--  *3    HASH JOIN OUTER
--   4     TABLE ACCESS FULL  EMP
--   5     TABLE ACCESS FULL  DEPT
--   6    NESTED LOOPS ANTI
--   7     TABLE ACCESS FULL  DEPT
--  *8     INDEX RANGE SCAN   EMP_DEPTNO_I
--   3 - access("EMP"."DEPTNO"="DEPT"."DEPTNO"(+))
--   8 - access("EMP"."DEPTNO"="DEPT"."DEPTNO")
-- then, with "_optimizer_native_full_outer_join" = force, the native plan
-- (its text is not in the stored copy of the page; from 11.1 it is the
-- default: VIEW VW_FOJ_0 over HASH JOIN FULL OUTER).
-- The lab: under its default release the native plan, E-Rows 15 (the
-- inner join's 14 + DEPT's anti join 4 x (1 - 3/4) = 1), DEPT (4 rows, the
-- smaller input) building; under optimizer_features_enable 10.2.0.5 it
-- refuses (LAB-00001) rather than print another plan than the published
-- UNION ALL expansion, which it does not model.
-- Hand check of the rows: 14 employees, each in department 10, 20 or 30,
-- come out with their department; department 40 (OPERATIONS) has none
-- and comes out alone: 15 rows. DEPTNO is COALESCE(EMP.DEPTNO,
-- DEPT.DEPTNO), listed first by `*` (40 on the OPERATIONS row, though
-- EMP's is NULL there), then EMP's other 7 columns, then DNAME and LOC:
-- 10 columns.
-- Test: engine-wasm/core/tests/join_forms.rs.
create table dept (deptno number(2) constraint pk_dept primary key, dname varchar2(14), loc varchar2(13));
insert into dept values (10, 'ACCOUNTING', 'NEW YORK');
insert into dept values (20, 'RESEARCH', 'DALLAS');
insert into dept values (30, 'SALES', 'CHICAGO');
insert into dept values (40, 'OPERATIONS', 'BOSTON');
create table emp (empno number(4), ename varchar2(10), job varchar2(9), mgr number(4),
  hiredate date, sal number(7,2), comm number(7,2), deptno number(2));
insert into emp values (7369,'SMITH','CLERK',7902,to_date('17-12-1980','dd-mm-yyyy'),800,null,20);
insert into emp values (7499,'ALLEN','SALESMAN',7698,to_date('20-02-1981','dd-mm-yyyy'),1600,300,30);
insert into emp values (7521,'WARD','SALESMAN',7698,to_date('22-02-1981','dd-mm-yyyy'),1250,500,30);
insert into emp values (7566,'JONES','MANAGER',7839,to_date('02-04-1981','dd-mm-yyyy'),2975,null,20);
insert into emp values (7654,'MARTIN','SALESMAN',7698,to_date('28-09-1981','dd-mm-yyyy'),1250,1400,30);
insert into emp values (7698,'BLAKE','MANAGER',7839,to_date('01-05-1981','dd-mm-yyyy'),2850,null,30);
insert into emp values (7782,'CLARK','MANAGER',7839,to_date('09-06-1981','dd-mm-yyyy'),2450,null,10);
insert into emp values (7788,'SCOTT','ANALYST',7566,to_date('09-12-1982','dd-mm-yyyy'),3000,null,20);
insert into emp values (7839,'KING','PRESIDENT',null,to_date('17-11-1981','dd-mm-yyyy'),5000,null,10);
insert into emp values (7844,'TURNER','SALESMAN',7698,to_date('08-09-1981','dd-mm-yyyy'),1500,0,30);
insert into emp values (7876,'ADAMS','CLERK',7788,to_date('12-01-1983','dd-mm-yyyy'),1100,null,20);
insert into emp values (7900,'JAMES','CLERK',7698,to_date('03-12-1981','dd-mm-yyyy'),950,null,30);
insert into emp values (7902,'FORD','ANALYST',7566,to_date('03-12-1981','dd-mm-yyyy'),3000,null,20);
insert into emp values (7934,'MILLER','CLERK',7782,to_date('23-01-1982','dd-mm-yyyy'),1300,null,10);
commit;
create index emp_deptno_i on emp (deptno);
exec dbms_stats.gather_table_stats(user, 'DEPT')
exec dbms_stats.gather_table_stats(user, 'EMP')
set linesize 200
set pagesize 100
set autotrace on explain
SELECT * FROM emp FULL OUTER JOIN dept USING (deptno);
set autotrace off
alter session set optimizer_features_enable = '10.2.0.5';
SELECT * FROM emp FULL OUTER JOIN dept USING (deptno);
alter session set optimizer_features_enable = '11.1.0.6';
drop table emp purge;
drop table dept purge;
