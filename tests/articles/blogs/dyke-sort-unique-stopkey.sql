-- Source: http://www.juliandyke.com/Optimisation/Operations/SortUniqueStopkey.php
-- Author: Julian Dyke ("Optimisation / Operations: SORT (UNIQUE STOPKEY)")
-- Release: Oracle 9.2.0.1 and 10.2 on Windows 2000
-- Published figures, "In Oracle 10.2":
--   0     SELECT STATEMENT Optimizer=CHOOSE
--   1   0   COUNT (STOPKEY)
--   2   1     VIEW
--   3   2       SORT (GROUP BY STOPKEY)
--   4   3         TABLE ACCESS (FULL) OF 'T1'
-- and with "_gby_hash_aggregation_enabled" = FALSE (as in 9.2), line 3
-- is SORT (UNIQUE STOPKEY).
--
-- FIGURE op 1 @ SELECT * FROM ( SELECT DISTINCT c1 FROM t1 ) #1 = "COUNT STOPKEY"
-- FIGURE op 3 @ SELECT * FROM ( SELECT DISTINCT c1 FROM t1 ) #1 = "SORT GROUP BY STOPKEY"
-- FIGURE op 3 @ SELECT * FROM ( SELECT DISTINCT c1 FROM t1 ) #2 = "SORT UNIQUE STOPKEY"

    CREATE TABLE t1 (c1 NUMBER);

    SELECT * FROM 
    (
      SELECT DISTINCT c1 FROM t1
    )
    WHERE ROWNUM < 10;

    ALTER SESSION SET "_gby_hash_aggregation_enabled" = FALSE;

    SELECT * FROM 
    (
      SELECT DISTINCT c1 FROM t1
    )
    WHERE ROWNUM < 10;
