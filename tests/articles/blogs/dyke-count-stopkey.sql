-- Source: http://juliandyke.co.uk/Optimisation/Operations/CountStopkey.php
-- Author: Julian Dyke ("Optimisation / Operations: COUNT (STOPKEY)")
-- Release: Oracle 9.2.0.1 on Windows 2000
-- Published figures (the execution plan, 9i AUTOTRACE layout):
--   0     SELECT STATEMENT Optimizer=CHOOSE
--   1   0   COUNT (STOPKEY)
--   2   1     TABLE ACCESS (FULL) OF 'T1'
-- "The table does not need to be analysed."
--
-- FIGURE op 1 @ SELECT ROWNUM FROM t1 = "COUNT STOPKEY"
-- FIGURE op 2 @ SELECT ROWNUM FROM t1 = "TABLE ACCESS FULL T1"
-- FIGURE plan lines @ SELECT ROWNUM FROM t1 = 3

    CREATE TABLE t1 (c1 NUMBER);

    SELECT ROWNUM FROM t1
    WHERE ROWNUM < 10;
