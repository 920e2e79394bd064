-- Source: https://antognini.ch/2010/06/related-combine-operation-union-all-recursive-with/
-- Author: Christian Antognini ("Related-Combine Operation UNION ALL
-- (RECURSIVE WITH)", 10 June 2010)
-- Release: 11.2
-- The post's query over SCOTT's EMP with an index EMP_MGR on MGR; the
-- page does not show the setup: the CREATE and INSERTs below are Scott's
-- EMP as demobld.sql ships it (HIREDATE left NULL here), and the index
-- as the plan names it. Published figures: 14 rows; Starts and A-Rows
-- 1/14 (VIEW), 1/14 (UNION ALL (RECURSIVE WITH) BREADTH FIRST), 1/1
-- (TABLE ACCESS FULL EMP), 4/13 (NESTED LOOPS), 4/14 (RECURSIVE WITH
-- PUMP), 14/13 (INDEX RANGE SCAN EMP_MGR), 13/13 (TABLE ACCESS BY INDEX
-- ROWID EMP) (engine-wasm/core/tests/recwith_grouping.rs asserts them).
--
-- FIGURE rows @ WITH e (xlevel = 14
-- FIGURE op 2 @ WITH e (xlevel = "UNION ALL (RECURSIVE WITH) BREADTH FIRST"
-- FIGURE op 6 @ WITH e (xlevel = "RECURSIVE WITH PUMP"
-- FIGURE op 7 @ WITH e (xlevel = "INDEX RANGE SCAN EMP_MGR"

create table emp (empno number(4) primary key, ename varchar2(10), job varchar2(9), mgr number(4), hiredate date, sal number(7,2), comm number(7,2), deptno number(2));
insert into emp values (7369,'SMITH','CLERK',7902,null,800,null,20);
insert into emp values (7499,'ALLEN','SALESMAN',7698,null,1600,300,30);
insert into emp values (7521,'WARD','SALESMAN',7698,null,1250,500,30);
insert into emp values (7566,'JONES','MANAGER',7839,null,2975,null,20);
insert into emp values (7654,'MARTIN','SALESMAN',7698,null,1250,1400,30);
insert into emp values (7698,'BLAKE','MANAGER',7839,null,2850,null,30);
insert into emp values (7782,'CLARK','MANAGER',7839,null,2450,null,10);
insert into emp values (7788,'SCOTT','ANALYST',7566,null,3000,null,20);
insert into emp values (7839,'KING','PRESIDENT',null,null,5000,null,10);
insert into emp values (7844,'TURNER','SALESMAN',7698,null,1500,0,30);
insert into emp values (7876,'ADAMS','CLERK',7788,null,1100,null,20);
insert into emp values (7900,'JAMES','CLERK',7698,null,950,null,30);
insert into emp values (7902,'FORD','ANALYST',7566,null,3000,null,20);
insert into emp values (7934,'MILLER','CLERK',7782,null,1300,null,10);
commit;
create index emp_mgr on emp(mgr);

set autotrace on explain

WITH e (xlevel, empno, ename, job, mgr, hiredate, sal, comm, deptno)
  AS (
    SELECT 1, empno, ename, job, mgr, hiredate, sal, comm, deptno
    FROM emp
    WHERE mgr IS NULL
    UNION ALL
    SELECT mgr.xlevel+1, emp.empno, emp.ename, emp.job, emp.mgr, emp.hiredate, emp.sal, emp.comm, emp.deptno
    FROM emp, e mgr
    WHERE emp.mgr = mgr.empno
  )
SELECT *
FROM e;
