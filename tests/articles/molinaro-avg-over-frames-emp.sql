-- AVG over four windows of SCOTT's EMP: Anthony Molinaro ("amolinaro"),
-- reply of 6 October 2005 in "OVER (PARTITION BY How it works ?",
-- oracle.ittoolbox.com (Oracle Database group; release not given, 9i/10g):
-- http://oracle.ittoolbox.com/groups/technical-functional/oracle-db-l/over-partition-by-how-it-works-839299
-- Published (averages printed as whole numbers; the page stops at SMITH):
--   MGR  ENAME  HIREDATE     SAL  AVG1 AVG2 AVG3 AVG4
--   7566 FORD   03-DEC-1981 3000  2073 3000 3000 3000
--   7566 SCOTT  09-DEC-1982 3000  2073 3000 3000 3000
--   7698 ALLEN  20-FEB-1981 1600  2073 1310 1600 1425
--   7698 WARD   22-FEB-1981 1250  2073 1310 1425 1450
--   7698 TURNER 08-SEP-1981 1500  2073 1310 1450 1333
--   7698 MARTIN 28-SEP-1981 1250  2073 1310 1400 1233
--   7698 JAMES  03-DEC-1981  950  2073 1310 1310 1100
--   7782 MILLER 23-JAN-1982 1300  2073 1300 1300 1300
--   7788 ADAMS  12-JAN-1983 1100  2073 1100 1100 1100
--   7839 JONES  02-APR-1981 2975  2073 2758 2975 2913
--   7839 BLAKE  01-MAY-1981 2850  2073 2758 2913 2758
--   7839 CLARK  09-JUN-1981 2450  2073 2758 2758 2650
--   7902 SMITH  17-DEC-1980  800  2073  800  800  80...
-- Hand check: AVG1 = 29025 / 14 = 2073.2; 7698's AVG2 = 6550 / 5 = 1310;
-- AVG3 runs over hire dates (WARD: (1600 + 1250) / 2 = 1425); AVG4 is the
-- row and its neighbours (TURNER: (1250 + 1500 + 1250) / 3 = 1333.3).
-- The rows come in the window's order (MGR, HIREDATE; KING's NULL MGR
-- last): the four functions share one WINDOW SORT in the lab, as the
-- published order shows Oracle's did. The EMP rows are SCOTT's of that
-- time (SCOTT hired 1982, ADAMS 1983); COLUMN formats round to whole
-- numbers here.
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
alter session set nls_date_format = 'DD-MON-YYYY';
column avg1 format 99999
column avg2 format 99999
column avg3 format 99999
column avg4 format 99999
select mgr,
       ename,
       hiredate,sal,
       avg(sal)over() avg1,
       avg(sal)over(partition by mgr) avg2,
       avg(sal)over(partition by mgr
                    order by hiredate
                    range between unbounded preceding
                          and current row) avg3,
       avg(sal)over(partition by mgr
                    order by hiredate
                    rows between 1 preceding
                         and 1 following) avg4
  from emp;
