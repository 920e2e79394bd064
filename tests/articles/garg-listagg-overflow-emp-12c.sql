-- LISTAGG per department, then ORA-01489 past 4000 bytes: Nimish Garg,
-- "LISTAGG - ON OVERFLOW TRUNCATE - Oracle 12c R2 enhancement", July 2019
-- (Oracle 12.2):
-- http://nimishgarg.blogspot.com/2019/07/listagg-on-overflow-truncate-oracle-12c.html
-- Published (SCOTT's EMP):
--       DEPTNO EMPLOYEES
--   ---------- --------------------------------------------------
--           10 CLARK,KING,MILLER
--           20 ADAMS,FORD,JONES,SCOTT,SMITH
--           30 ALLEN,BLAKE,JAMES,MARTIN,TURNER,WARD
-- then 500 copies of each employee ("7000 rows created.") and the same
-- query: "ERROR at line 3: ORA-01489: result of string concatenation is
-- too long".
-- Hand check: dept 30 holds 6 x 501 = 3006 names of 4 to 6 letters and
-- as many commas, far past 4000 bytes; dept 10 alone (3 x 501 names,
-- CLARK/KING/MILLER: 501 x (5+4+6) + 1502 commas = 9017 bytes) too.
-- The page's heading says EMPLOYEES where its query names the column
-- ENAME; the lab prints ENAME (as typed). Where the error points: the
-- page's SQL*Plus marks line 3 (FROM EMP); the lab marks the LISTAGG
-- (line 2), the expression that failed. The page's ON OVERFLOW TRUNCATE
-- outputs are not reproduced: where Oracle cuts is not established, the
-- lab refuses a truncation (LAB-00001). LAB VERSION 18c stands for 12.2
-- (the first release with the overflow clause the lab profiles).
lab version 18c;
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
column ename format a50
SELECT DEPTNO,
          LISTAGG(ENAME, ',') WITHIN GROUP (ORDER BY ENAME) ENAME
    FROM EMP
   GROUP BY DEPTNO;
INSERT INTO EMP
  SELECT ROWNUM, ENAME, JOB, MGR, HIREDATE, SAL, COMM, DEPTNO
    FROM EMP,
         (SELECT LEVEL FROM DUAL CONNECT BY LEVEL <= 500);
COMMIT;
SELECT DEPTNO,
         LISTAGG(ENAME, ',') WITHIN GROUP (ORDER BY ENAME) ENAME
    FROM EMP
   GROUP BY DEPTNO;
drop table emp purge;
