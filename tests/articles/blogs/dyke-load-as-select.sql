-- Source: http://www.juliandyke.com/Optimisation/Operations/LoadAsSelect.php
-- Author: Julian Dyke ("Optimisation / Operations: LOAD AS SELECT")
-- Release: Oracle 9.2.0.1 on Windows 2000
-- "This operation can only be observed by using EXPLAIN PLAN to populate
-- plan table. It does not appear in AUTOTRACE or V$SQL_PLAN."
-- Published figures:
--   0     CREATE TABLE STATEMENT Optimizer=CHOOSE
--   1   0   LOAD AS SELECT
--   2   1     TABLE ACCESS (FULL) OF 'T1'
--
-- FIGURE error @ EXPLAIN PLAN FOR CREATE TABLE t2 = "none"

    CREATE TABLE t1 (c1 NUMBER);

    EXPLAIN PLAN FOR
    CREATE TABLE t2 AS SELECT * FROM t1;
