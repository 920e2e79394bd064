-- SELECT ... INTO a %ROWTYPE record of another width: the SQL compiler's
-- ORA-00913 (more targets than columns) at the FROM after the INTO list.
--
-- Source: a SQL*Plus spool of an Oracle class kept in a public GitHub
-- repository (SCOTT schema, 11g; the lab's search index, find_string
-- "PL/SQL: ORA-00913: too many values", file id 6009066082, does not name
-- the repository). Its blocks, pasted as spooled (the spool indents with
-- spaces here; the tab-indented twin shows 5/2 and 6/2):
--
--   r emp%rowtype;  select ename, job, sal into r  from emp ...
--   SHOW ERRORS:  5/5  PL/SQL: SQL Statement ignored
--                 6/5  PL/SQL: ORA-00913: too many values
--   select * into r from emp where empno = a   -> Procedure created.
--   exec p1(7788)                              -> SCOTT 7788 ANALYST 3000
--
-- EMP here is the rows the spool's `select * from emp where empno = 7788`
-- shows (only SCOTT's: the procedure reads that one).
create table emp (empno number(4) not null, ename varchar2(10), job varchar2(9),
  mgr number(4), hiredate date, sal number(7,2), comm number(7,2), deptno number(2));
insert into emp values (7788, 'SCOTT', 'ANALYST', 7566, date '1982-12-09', 3000, null, 20);
commit;
set serveroutput on

 create or replace procedure p1(a number)
 is
    r emp%rowtype;
 begin
    select ename, job, sal into r
    from emp
    where empno = a;
    dbms_output.put_line(r.ename || ' ' || r.job || ' ' || r.sal);
end;
/
show errors;

create or replace procedure p1(a number)
is
	r emp%rowtype;
begin
	select * into r
	from emp
	where empno = a;
	dbms_output.put_line(r.ename || ' ' || r.empno || ' ' || r.job || ' ' || r.sal);
end;
/
exec p1(7788)
