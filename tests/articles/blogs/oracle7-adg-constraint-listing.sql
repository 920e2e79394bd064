-- Source: https://riddle.ru/mirrors/oracledocs/server/adg73/ch609.html
-- Author: Oracle Corporation (Oracle7 Server Application Developer's Guide
-- 7.3, "Listing Integrity Constraint Definitions")
-- Release: Oracle7 7.3
-- Published figures: Example 1 lists SYS_C00275 P DEPT, DNAME_UKEY U DEPT,
-- LOC_CHECK1 C DEPT, SYS_C00278 C EMP, SYS_C00279 C EMP, SYS_C00280 P EMP,
-- MGR_FKEY R EMP (R_CONSTRAINT_NAME SYS_C00280), DEPT_FKEY R EMP
-- (SYS_C00275): the NOT NULL constraints before EMP's primary key, the
-- CHECK after the unique key. Example 2's SEARCH_CONDITION of LOC_CHECK1
-- is the condition as written, loc IN ('NEW YORK', 'BOSTON', 'CHICAGO'),
-- and SYS_C00278 ENAME IS NOT NULL (7.3 printed the name bare; later
-- releases quote it). The lab numbers from SYS_C0010001: the names of the
-- generated constraints are not compared, their order is.
-- FIGURE cell 3 1 @ SELECT constraint_name, constraint_type = "LOC_CHECK1"
-- FIGURE cell 3 2 @ SELECT constraint_name, constraint_type = "C"
-- FIGURE cell 6 2 @ SELECT constraint_name, constraint_type = "P"
-- FIGURE cell 7 1 @ SELECT constraint_name, constraint_type = "MGR_FKEY"
-- FIGURE cell 8 1 @ SELECT constraint_name, constraint_type = "DEPT_FKEY"
-- FIGURE cell 1 2 @ SELECT constraint_name, search_condition = "loc IN ('NEW YORK', 'BOSTON', 'CHICAGO')"

CREATE TABLE dept (
   deptno   NUMBER(3) PRIMARY KEY,
   dname    VARCHAR2(15),
   loc      VARCHAR2(15),
   CONSTRAINT dname_ukey UNIQUE (dname, loc),
   CONSTRAINT loc_check1
      CHECK (loc IN ('NEW YORK', 'BOSTON', 'CHICAGO')));

CREATE TABLE emp (
   empno    NUMBER(5) PRIMARY KEY,
   ename    VARCHAR2(15) NOT NULL,
   job      VARCHAR2(10),
   mgr      NUMBER(5) CONSTRAINT mgr_fkey
            REFERENCES emp ON DELETE CASCADE,
   hiredate DATE,
   sal      NUMBER(7,2),
   comm     NUMBER(5,2),
   deptno   NUMBER(3) NOT NULL
   CONSTRAINT dept_fkey REFERENCES dept);

SELECT constraint_name, constraint_type, table_name,
      r_constraint_name
   FROM user_constraints;

SELECT constraint_name, search_condition
   FROM user_constraints
   WHERE (table_name = 'DEPT' OR table_name = 'EMP') AND
      constraint_type = 'C';
