-- Source: http://www.juliandyke.com/Optimisation/Operations/IndexFullScanMinMax.php
-- Author: Julian Dyke ("Optimisation / Operations: INDEX (FULL SCAN (MIN/MAX))")
-- Release: Oracle 9.2.0.1 on Windows 2000
-- Published figures:
--   0     SELECT STATEMENT Optimizer=CHOOSE
--   1   0   SORT (AGGREGATE)
--   2   1     INDEX (FULL SCAN (MIN/MAX)) OF 'I1' (NON-UNIQUE)
--
-- FIGURE op 1 @ SELECT /*+ INDEX (t1 i1) */ MIN (c1) = "SORT AGGREGATE"
-- FIGURE op 2 @ SELECT /*+ INDEX (t1 i1) */ MIN (c1) = "INDEX FULL SCAN (MIN/MAX) I1"
-- FIGURE plan lines @ SELECT /*+ INDEX (t1 i1) */ MIN (c1) = 3

    CREATE TABLE t1 (c1 NUMBER,c2 NUMBER);

    CREATE INDEX i1 ON t1 (c1);

    SELECT /*+ INDEX (t1 i1) */ MIN (c1)
    FROM t1;
