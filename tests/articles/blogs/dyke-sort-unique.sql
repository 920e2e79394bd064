-- Source: http://juliandyke.com/Optimisation/Operations/SortUnique.php
-- Author: Julian Dyke ("Optimisation / Operations: SORT (UNIQUE)")
-- Release: Oracle 9.2.0.1 and 10.2 on Windows 2000
-- Published figures: in 9.2, SORT (UNIQUE) over TABLE ACCESS (FULL) OF
-- 'T1'; "In Oracle 10.2 this statement generates":
--   0 SELECT STATEMENT Optimizer=CHOOSE
--   1 0 HASH (UNIQUE)
--   2 1 TABLE ACCESS (FULL) OF 'T1'
-- and with "_gby_hash_aggregation_enabled" = FALSE, SORT (UNIQUE) again.
--
-- FIGURE op 1 @ SELECT DISTINCT c1 FROM t1 #1 = "HASH UNIQUE"
-- FIGURE op 2 @ SELECT DISTINCT c1 FROM t1 #1 = "TABLE ACCESS FULL T1"
-- FIGURE op 1 @ SELECT DISTINCT c1 FROM t1 #2 = "SORT UNIQUE"

    CREATE TABLE t1 (c1 NUMBER);

    SELECT DISTINCT c1 FROM t1;

    ALTER SESSION SET "_gby_hash_aggregation_enabled" = FALSE;

    SELECT DISTINCT c1 FROM t1;
