-- Source: https://grid-it.nl/stats-collection-using-ctas-or-direct-path-load/
-- Author: Grid-IT (grid-it.nl blog, "Stats collection using CTAS or direct path load")
-- Release: 12.1 ("One of the new features of 12.1 is the automatic stats
-- collection when performing a Create table as Select")
-- The statements of the post's SQL*Plus session as far as the stored
-- copy shows them, without prompts, line numbers and output.
-- Published figures: the EXPLAIN PLAN of the CTAS shows
--   | 0 | CREATE TABLE STATEMENT | | 1 | 3 (0)| 00:00:01 |
--   | 1 |  LOAD AS SELECT ...
--
-- FIGURE rows @ create table myemp as ( = 5000

create table myemp as (
SELECT LEVEL empl_id,
MOD (ROWNUM, 50000) dept_id,
TRUNC (DBMS_RANDOM.VALUE (1000, 50000), 2) salary,
DECODE (ROUND (DBMS_RANDOM.VALUE (1, 2)), 1, 'M', 2, 'F') gender,
TO_DATE ( ROUND (DBMS_RANDOM.VALUE (1, 28))
|| '-'
|| ROUND (DBMS_RANDOM.VALUE (1, 12))
|| '-'
|| ROUND (DBMS_RANDOM.VALUE (1950, 2013)),
'DD-MM-YYYY'
) dob,
DBMS_RANDOM.STRING ('x', DBMS_RANDOM.VALUE (20, 40)) address
FROM DUAL
CONNECT BY LEVEL <= 5000);

commit;

explain plan for create table myemp as (
SELECT LEVEL empl_id,
MOD (ROWNUM, 50000) dept_id,
TRUNC (DBMS_RANDOM.VALUE (1000, 50000), 2) salary,
DECODE (ROUND (DBMS_RANDOM.VALUE (1, 2)), 1, 'M', 2, 'F') gender,
TO_DATE ( ROUND (DBMS_RANDOM.VALUE (1, 28))
|| '-'
|| ROUND (DBMS_RANDOM.VALUE (1, 12))
|| '-'
|| ROUND (DBMS_RANDOM.VALUE (1950, 2013)),
'DD-MM-YYYY'
) dob,
DBMS_RANDOM.STRING ('x', DBMS_RANDOM.VALUE (20, 40)) address
FROM DUAL
CONNECT BY LEVEL <= 5000);

select * from table(dbms_xplan.display());
