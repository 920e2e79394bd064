-- Source: http://www.juliandyke.com/Optimisation/Operations/SortOrderByStopkey.php
-- Author: Julian Dyke ("Optimisation / Operations: SORT (ORDER BY STOPKEY)")
-- Release: Oracle 9.2.0.1 on Windows 2000
-- Published figures (the execution plan, 9i AUTOTRACE layout):
--   0 SELECT STATEMENT Optimizer=CHOOSE
--   1 0 COUNT (STOPKEY)
--   2 1 VIEW
--   3 2 SORT (ORDER BY STOPKEY)
--   4 3 TABLE ACCESS (FULL) OF 'T1'
-- "The table does not need to be analysed."
--
-- FIGURE op 1 @ SELECT * FROM ( SELECT c1 FROM t1 = "COUNT STOPKEY"
-- FIGURE op 2 @ SELECT * FROM ( SELECT c1 FROM t1 = "VIEW"
-- FIGURE op 3 @ SELECT * FROM ( SELECT c1 FROM t1 = "SORT ORDER BY STOPKEY"
-- FIGURE op 4 @ SELECT * FROM ( SELECT c1 FROM t1 = "TABLE ACCESS FULL T1"

    CREATE TABLE t1 (c1 NUMBER);

    SELECT * FROM 
    (
      SELECT c1 FROM t1 
      ORDER BY c1
    )
    WHERE ROWNUM < 10;
