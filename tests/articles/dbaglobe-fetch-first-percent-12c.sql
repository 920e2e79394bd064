-- The row limiting clause (12.1): FETCH FIRST 20 PERCENT ROWS ONLY of
-- HR.EMPLOYEES (107 rows), as printed at
-- https://dbaglobe.com/2014/09/1z0-060-row-limiting-clause-for-top-n.html
-- (Donghua Luo, 2014, Oracle Database 12c Enterprise Edition 12.1.0.1).
-- Published, EXPLAIN PLAN and DBMS_XPLAN.DISPLAY:
--   0 SELECT STATEMENT         Rows 107
--   1  VIEW                    Rows 107
--   2   WINDOW BUFFER          Rows 107
--   3    TABLE ACCESS FULL EMPLOYEES  Rows 107
--   1 - filter("from$_subquery$_002"."rowlimit_$$_rownumber"<=CEIL("from$_
--       subquery$_002"."rowlimit_$$_total"*20/100))
-- and the query returns 22 rows (CEIL(107 * 0.2) = CEIL(21.4)). The page's
-- Bytes and Cost (17013, 7383, 3) come from HR's real rows and are not
-- compared. Run on the lab's 18c profile (its first 12c-family release);
-- before 12.1 the clause is ORA-00933 (engine-wasm/core/tests/fetch_first.rs).
-- Test: engine-wasm/core/tests/articles_subq.rs (plan lines, Rows, the
-- predicate text, 22 rows).
lab version 18c;
create table employees (employee_id number(6) not null, last_name varchar2(25), salary number(8,2), department_id number(4));
insert into employees select 99 + level, 'Employee ' || level, 1000 + level * 10, mod(level, 11) * 10 + 10 from dual connect by level <= 107;
commit;
exec dbms_stats.gather_table_stats(user, 'EMPLOYEES')
set linesize 120
set pagesize 999
explain plan for
select * from employees
fetch first 20 percent rows only;
select * from table(dbms_xplan.display);
set autotrace traceonly statistics
select * from employees
fetch first 20 percent rows only;
set autotrace off
