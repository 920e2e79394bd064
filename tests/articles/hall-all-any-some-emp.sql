-- ALL, ANY and SOME comparison conditions on SCOTT's EMP, with the
-- optimizer's transformations run beside them: Tim Hall, oracle-base,
-- "ALL, ANY and SOME Comparison Conditions in SQL" (Oracle 10g/11g; the
-- article names no release), read in its republication at
-- https://3wto.blogspot.com/2015/06/oracle-all-any-and-some-comparison.html
-- (the oracle-base page: https://oracle-base.com/articles/misc/all-any-some-comparison-conditions-in-sql).
-- Published:
--   SELECT empno, sal FROM emp WHERE sal > ALL (2000, 3000, 4000);
--        EMPNO        SAL
--         7839       5000
--   and the same row for its expansion (sal > 2000 AND sal > 3000 AND
--   sal > 4000), for e1.sal > ALL (SELECT e2.sal FROM emp e2 WHERE
--   e2.deptno = 20) and for its rewrite NOT (e1.sal <= ANY (...)).
-- The ANY examples' outputs were not in the text read; they are
-- hand-checked here:
--   sal > ANY (2000, 3000, 4000) is sal > 2000: JONES 2975, BLAKE 2850,
--   CLARK 2450, SCOTT 3000, KING 5000, FORD 3000 (six rows, EMPNO order
--   as inserted: 7566 7698 7782 7788 7839 7902);
--   sal > ANY (dept 10's 2450, 5000, 1300) is sal > 1300: ALLEN 1600,
--   JONES, BLAKE, CLARK, SCOTT, KING, TURNER 1500, FORD (eight rows), the
--   same for its EXISTS form.
-- Hand check of ALL: dept 20 earns 800, 2975, 3000, 1100, 3000; only KING
-- (5000) earns more than 3000. The NOT EXISTS form the page prints last
-- (sal <= e2.sal) ignores NULLs; dept 20 has none, so it agrees.
create table emp (empno number(4), ename varchar2(10), job varchar2(9), mgr number(4),
  hiredate date, sal number(7,2), comm number(7,2), deptno number(2));
insert into emp values (7369,'SMITH','CLERK',7902,to_date('17-12-1980','dd-mm-yyyy'),800,null,20);
insert into emp values (7499,'ALLEN','SALESMAN',7698,to_date('20-02-1981','dd-mm-yyyy'),1600,300,30);
insert into emp values (7521,'WARD','SALESMAN',7698,to_date('22-02-1981','dd-mm-yyyy'),1250,500,30);
insert into emp values (7566,'JONES','MANAGER',7839,to_date('02-04-1981','dd-mm-yyyy'),2975,null,20);
insert into emp values (7654,'MARTIN','SALESMAN',7698,to_date('28-09-1981','dd-mm-yyyy'),1250,1400,30);
insert into emp values (7698,'BLAKE','MANAGER',7839,to_date('01-05-1981','dd-mm-yyyy'),2850,null,30);
insert into emp values (7782,'CLARK','MANAGER',7839,to_date('09-06-1981','dd-mm-yyyy'),2450,null,10);
insert into emp values (7788,'SCOTT','ANALYST',7566,to_date('19-04-1987','dd-mm-yyyy'),3000,null,20);
insert into emp values (7839,'KING','PRESIDENT',null,to_date('17-11-1981','dd-mm-yyyy'),5000,null,10);
insert into emp values (7844,'TURNER','SALESMAN',7698,to_date('08-09-1981','dd-mm-yyyy'),1500,0,30);
insert into emp values (7876,'ADAMS','CLERK',7788,to_date('23-05-1987','dd-mm-yyyy'),1100,null,20);
insert into emp values (7900,'JAMES','CLERK',7698,to_date('03-12-1981','dd-mm-yyyy'),950,null,30);
insert into emp values (7902,'FORD','ANALYST',7566,to_date('03-12-1981','dd-mm-yyyy'),3000,null,20);
insert into emp values (7934,'MILLER','CLERK',7782,to_date('23-01-1982','dd-mm-yyyy'),1300,null,10);
commit;
SELECT empno, sal
FROM   emp
WHERE  sal > ALL (2000, 3000, 4000);
SELECT empno, sal
FROM   emp
WHERE  sal > 2000 AND sal > 3000 AND sal > 4000;
SELECT e1.empno, e1.sal
FROM   emp e1
WHERE  e1.sal > ALL (SELECT e2.sal
                     FROM   emp e2
                     WHERE  e2.deptno = 20);
SELECT e1.empno, e1.sal
FROM   emp e1
WHERE  NOT (e1.sal <= ANY (SELECT e2.sal
                           FROM   emp e2
                           WHERE  e2.deptno = 20));
SELECT e1.empno, e1.sal
FROM   emp e1
WHERE  NOT EXISTS (SELECT e2.sal
                   FROM   emp e2
                   WHERE  e2.deptno = 20
                   AND    e1.sal <= e2.sal);
SELECT empno, sal
FROM   emp
WHERE  sal > ANY (2000, 3000, 4000);
SELECT empno, sal
FROM   emp
WHERE  sal > 2000 OR sal > 3000 OR sal > 4000;
SELECT e1.empno, e1.sal
FROM   emp e1
WHERE  e1.sal > ANY (SELECT e2.sal
                     FROM   emp e2
                     WHERE  e2.deptno = 10);
SELECT e1.empno, e1.sal
FROM   emp e1
WHERE  EXISTS (SELECT e2.sal
               FROM   emp e2
               WHERE  e2.deptno = 10
               AND    e1.sal > e2.sal);
SELECT empno, sal
FROM   emp
WHERE  sal > SOME (2000, 3000, 4000);
drop table emp purge;
