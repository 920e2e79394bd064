-- Outer join turned into an inner join by a WHERE condition on the
-- outer-joined table: Cho Si-hyung (조시형), "오라클 성능 고도화 원리와
-- 해법 II" (2009), section 4.9 "Outer 조인을 Inner 조인으로 변환", as run
-- by the book's study group on gurubee.net (Oracle 10g, autotrace):
--   http://gurubee.net/wiki/pages/4949226 (plan and statistics)
--   http://bysql.net/index.php?document_srl=14270&mid=w201101 (the
--   indexes and statistics set up before it)
-- SCOTT's EMP and DEPT. `d.deptno(+) = e.deptno and d.loc = 'DALLAS'`:
-- d.loc = 'DALLAS' has no (+), so it is never TRUE on the rows the outer
-- join adds (DEPT's columns NULL) and Oracle runs the inner join, free to
-- start from DEPT (an outer join would have to start from EMP).
-- Published (10g):
--   0 SELECT STATEMENT                                  Rows 5  Cost 3
--  *1  TABLE ACCESS BY INDEX ROWID  EMP                 Rows 5  Cost 1
--   2   NESTED LOOPS                                    Rows 5  Cost 3
--   3    TABLE ACCESS BY INDEX ROWID DEPT               Rows 1  Cost 2
--  *4     INDEX RANGE SCAN           DEPT_LOC_IDX       Rows 1  Cost 1
--  *5    INDEX RANGE SCAN            EMP_DEPTNO_IDX     Rows 5  Cost 0
--   1 - filter("E"."SAL">=1000)
--   4 - access("D"."LOC"='DALLAS')
--   5 - access("D"."DEPTNO"="E"."DEPTNO")
--   7 consistent gets
-- The book's ANSI form, `dept d left outer join emp e on d.deptno =
-- e.deptno where e.sal > 1000`, is turned into an inner join the same
-- way (no plan printed); with `e.sal > 1000` in the ON clause it stays an
-- outer join (every department kept).
-- The lab: DEPT drives through DEPT_LOC_IDX, EMP_DEPTNO_IDX probed once,
-- EMP's rows filtered on SAL: the same join order, access paths and
-- predicates (the join predicate printed "E"."DEPTNO"="D"."DEPTNO", the
-- indexed column first), 7 buffer gets as the published 7 consistent gets (Buffers:
-- DEPT_LOC_IDX 2, DEPT 1, EMP_DEPTNO_IDX 2, EMP 2; the session's
-- `consistent gets` adds the lab's hard parse, its recursive dictionary
-- gets, where the page's run shows 1 recursive call); the nested
-- loop in the 11g+ shape (two NESTED LOOPS, the lab's default release),
-- where 10g printed the table access above one NESTED LOOPS; DEPT's
-- access printed TABLE ACCESS BY INDEX ROWID BATCHED, as 12c+ prints it
-- above a range scan (10g had no batching); the join's E-Rows 4 where
-- 10g printed 5.
-- Hand check of the rows: DALLAS is department 20, whose employees are
-- SMITH (800), JONES (2975), SCOTT (3000), ADAMS (1100) and FORD (3000):
-- 4 with SAL >= 1000. The ANSI form: every employee but SMITH (800) and
-- JAMES (950) earns more than 1000, each has a department: 12 rows; in
-- the ON clause, department 40 (no employee) is kept too: 13 rows.
-- Test: engine-wasm/core/tests/outer_join_simplify.rs.
create table dept (deptno number(2), dname varchar2(14), loc varchar2(13));
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
alter table dept add constraint dept_pk primary key (deptno);
create index dept_loc_idx on dept (loc);
create index emp_deptno_idx on emp (deptno);
create index emp_sal_idx on emp (sal);
exec dbms_stats.gather_table_stats(user, 'DEPT')
exec dbms_stats.gather_table_stats(user, 'EMP')
alter session set statistics_level = all;
set linesize 200
set pagesize 100
select *
from   emp e, dept d
where  d.deptno(+) = e.deptno
and    d.loc = 'DALLAS'
and    e.sal >= 1000;
select * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS LAST'));
select * from dept d left outer join emp e on d.deptno = e.deptno where e.sal > 1000;
select * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS LAST'));
select * from dept d left outer join emp e on d.deptno = e.deptno and e.sal > 1000;
select * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS LAST'));
drop table emp purge;
drop table dept purge;
