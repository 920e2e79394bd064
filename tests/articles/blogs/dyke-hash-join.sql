-- Source: http://juliandyke.com/Optimisation/Operations/HashJoin.php
-- Author: Julian Dyke ("Optimisation / Operations: HASH JOIN")
-- Release: Oracle 9.2.0.1 on Windows 2000
-- Published figures:
--   0     SELECT STATEMENT Optimizer=CHOOSE
--   1   0   HASH JOIN
--   2   1     TABLE ACCESS (FULL) OF 'T1'
--   3   1     TABLE ACCESS (FULL) OF 'T2'
-- The page prints the statement without its terminator; the file ends
-- it with the "/" SQL*Plus needs to run it.
--
-- FIGURE op 1 @ SELECT /*+ USE_HASH (t1 t2) */ = "HASH JOIN"
-- FIGURE op 2 @ SELECT /*+ USE_HASH (t1 t2) */ = "TABLE ACCESS FULL T1"
-- FIGURE op 3 @ SELECT /*+ USE_HASH (t1 t2) */ = "TABLE ACCESS FULL T2"

    CREATE TABLE t1 (c1 NUMBER,c2 NUMBER);
    CREATE TABLE t2 (c1 NUMBER,c2 NUMBER);

    SELECT /*+ USE_HASH (t1 t2) */ t1.c2,t2.c2
    FROM t1,t2
    WHERE t1.c1 = t2.c1
/
