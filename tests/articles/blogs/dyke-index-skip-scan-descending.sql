-- Source: http://www.juliandyke.com/Optimisation/Operations/IndexSkipScanDescending.php
-- Author: Julian Dyke ("Optimisation / Operations: INDEX (SKIP SCAN DESCENDING)")
-- Release: Oracle 9.2.0.1 on Windows 2000
-- "Unlike INDEX (SKIP SCAN), the table must be analysed."
-- Published figures:
--   0     SELECT STATEMENT Optimizer=CHOOSE
--   1   0   INDEX (SKIP SCAN DESCENDING) OF 'I1' (NON-UNIQUE)
--
-- FIGURE op 1 @ SELECT /*+ INDEX_SS_DESC (t1 i1) */ c1 = "INDEX SKIP SCAN DESCENDING I1"

    CREATE TABLE t1 (c1 NUMBER,c2 NUMBER);

    CREATE INDEX i1 ON t1 (c1,c2);

    ANALYZE TABLE t1 COMPUTE STATISTICS;

    SELECT /*+ INDEX_SS_DESC (t1 i1) */ c1
    FROM t1
    WHERE c2 = 0;
