-- Source: http://www.juliandyke.com/Optimisation/Operations/IndexRangeScanMinMax.php
-- Author: Julian Dyke ("Optimisation / Operations: INDEX (RANGE SCAN (MIN/MAX))")
-- Release: Oracle 9.2.0.1 on Windows 2000
-- As published, the statement has two WHERE lines, the first ending the
-- statement with ";": SQL*Plus runs the query with "c1 > 0" and then
-- rejects the second line as an unknown command.
-- Published figures:
--   0     SELECT STATEMENT Optimizer=CHOOSE
--   1   0   SORT (AGGREGATE)
--   2   1     FIRST ROW
--   3   2       INDEX (RANGE SCAN (MIN/MAX)) OF 'I1' (NON-UNIQUE)
--
-- FIGURE op 1 @ SELECT /*+ INDEX (t1 i1) */ MIN (c1) = "SORT AGGREGATE"
-- FIGURE op 2 @ SELECT /*+ INDEX (t1 i1) */ MIN (c1) = "FIRST ROW"
-- FIGURE op 3 @ SELECT /*+ INDEX (t1 i1) */ MIN (c1) = "INDEX RANGE SCAN (MIN/MAX) I1"

    CREATE TABLE t1 (c1 NUMBER,c2 NUMBER);

    CREATE INDEX i1 ON t1 (c1);

    SELECT /*+ INDEX (t1 i1) */ MIN (c1)
    FROM t1
    WHERE c1 > 0;
    WHERE c1 < 10;
