-- Source: http://www.juliandyke.com/Optimisation/Operations/SortGroupByNoSort.html
-- Author: Julian Dyke ("Optimisation / Operations: SORT (GROUP BY NOSORT)")
-- Release: Oracle 9.2.0.1 on Windows 2000
-- Published figures:
--   0 SELECT STATEMENT Optimizer=CHOOSE
--   1 0 SORT (GROUP BY NOSORT)
--   2 1 INDEX (FULL SCAN) OF 'I1'
--
-- FIGURE op 1 @ SELECT /*+ INDEX (t1 i1) */ c1 FROM t1 GROUP BY = "SORT GROUP BY NOSORT"
-- FIGURE op 2 @ SELECT /*+ INDEX (t1 i1) */ c1 FROM t1 GROUP BY = "INDEX FULL SCAN I1"

CREATE TABLE t1 (c1 NUMBER NOT NULL);
CREATE INDEX i1 ON t1 (c1);

SELECT /*+ INDEX (t1 i1) */ c1 FROM t1
GROUP BY c1;
