-- Source: http://juliandyke.com/Optimisation/Operations/IndexFullScanDescending.php
-- Author: Julian Dyke ("Optimisation / Operations: INDEX (FULL SCAN
-- DESCENDING)", example 1: "the indexed columns must have a NOT NULL constraint")
-- Release: Oracle 9.2.0.1 on Windows 2000
-- Published figures:
--   0     SELECT STATEMENT Optimizer=CHOOSE
--   1   0   INDEX (FULL SCAN DESCENDING) OF 'I1' (NON-UNIQUE)
--
-- FIGURE op 1 @ SELECT /*+ INDEX_DESC (t1 i1) */ c1 = "INDEX FULL SCAN DESCENDING I1"
-- FIGURE plan lines @ SELECT /*+ INDEX_DESC (t1 i1) */ c1 = 2

    CREATE TABLE t1 (c1 NUMBER NOT NULL,c2 NUMBER);

    CREATE INDEX i1 ON t1 (c1);

    SELECT /*+ INDEX_DESC (t1 i1) */ c1
    FROM t1;
