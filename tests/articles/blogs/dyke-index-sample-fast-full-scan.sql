-- Source: http://juliandyke.com/Optimisation/Operations/IndexSampleFastFullScan.php
-- Author: Julian Dyke ("Optimisation / Operations: INDEX (SAMPLE FAST FULL SCAN)")
-- Release: Oracle 9.2.0.1 on Windows 2000
-- Published figures:
--   0 SELECT STATEMENT Optimizer=CHOOSE
--   1 0 INDEX (SAMPLE FAST FULL SCAN) OF 'I1' (NON-UNIQUE)
--
-- FIGURE op 1 @ SELECT /*+ INDEX_FFS (t1 i1) */ c1 FROM t1 SAMPLE = "INDEX SAMPLE FAST FULL SCAN I1"

CREATE TABLE t1 (c1 NUMBER NOT NULL); CREATE INDEX i1 ON t1 (c1);

SELECT /*+ INDEX_FFS (t1 i1) */ c1 FROM t1 SAMPLE (10);
