-- The top earner per department, by ROW_NUMBER and by KEEP: Laurent
-- Schneider, "KEEP DENSE_RANK versus ROW_NUMBER()", September 2006
-- (Oracle 10g):
-- http://laurentschneider.com/wordpress/2006/09/keep-dense_rank-versus-row_number.html
-- Published (SCOTT's EMP), both queries:
--   ENAME          DEPTNO        SAL
--   ---------- ---------- ----------
--   KING               10       5000
--   SCOTT              20       3000
--   BLAKE              30       2850
-- And ganotedp's KEEP LAST on the same EMP ("KEEP FIRST and LAST:
-- Another Compact Feature to Amaze Your CoWorkers", release not given):
-- https://it.toolbox.com/blogs/ganotedp/keep-first-and-last-another-compact-feature-to-amaze-your-coworkers-101012
--   DEPTNO       $CNT $name
--   ------ ---------- ----------
--       10          1 KING
--       20          2 SCOTT
--       30          1 BLAKE
-- Hand check: dept 20's top salary 3000 is SCOTT's (7788) and FORD's
-- (7902): ROW_NUMBER and KEEP FIRST both break the tie on EMPNO: SCOTT;
-- KEEP LAST by SAL keeps both (COUNT 2) and MAX(ENAME) of the two is
-- SCOTT. KEEP is an aggregate: SORT GROUP BY, the groups in DEPTNO order
-- as published (no ORDER BY in any of the three). The ROW_NUMBER query's
-- plan is not published; the lab's is WINDOW SORT under the VIEW (it
-- pushes the rank for `<= n` and `< n` only).
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
select ename,deptno,sal
from (select ename,deptno,sal,
row_number() over (partition by deptno
order by sal desc,empno) r from emp)
where r=1;
select max(ename) keep (dense_rank first
order by sal desc,empno) ename,
deptno,max(sal) sal
from emp group by deptno;
 SELECT deptno
      , COUNT(*) KEEP (DENSE_RANK LAST ORDER BY sal ASC) "$CNT"
      , MAX(ename) KEEP (DENSE_RANK LAST ORDER BY sal ASC) "$name"
    FROM emp
   GROUP BY deptno
 /
drop table emp purge;
