-- BITMAP CONVERSION FROM ROWIDS: Julian Dyke, "BITMAP CONVERSION (FROM
-- ROWIDS)", http://www.juliandyke.com/Optimisation/Operations/BitmapConversionFromRowids.php
-- (Oracle 9.2.0.1 on Windows 2000; the page lists the operation from
-- 7.3.4 to 10.2.0). The table is not analyzed; the hint names a bitmap
-- index on c1 and a B-tree index on c2 (the page's DDL says `ON i1 (c2)`,
-- a typo for `ON t1 (c2)`).
-- Published (autotrace, 9.2):
--   0     SELECT STATEMENT Optimizer=CHOOSE
--   1   0   BITMAP CONVERSION (TO ROWIDS)
--   2   1     BITMAP AND
--   3   2       BITMAP INDEX (SINGLE VALUE) OF 'I1'
--   4   2       BITMAP CONVERSION (FROM ROWIDS)
--   5   4         INDEX (RANGE SCAN) OF 'I2' (NON-UNIQUE)
-- No table line: c1 is known from the equality on it. The lab has no 9.2
-- profile: run as 10.2.0.5, whose dbms_xplan prints the same operations
-- (engine-wasm/core/tests/bitmap_minus.rs asserts them). A few rows are
-- added so the statement returns one: c1 = 0 AND c2 = 0 is row 1.
LAB VERSION 10.2.0.5;
CREATE TABLE t1 (c1 NUMBER, c2 NUMBER);
INSERT INTO t1 SELECT mod(rownum - 1, 3), rownum - 1 FROM dual CONNECT BY level <= 30;
COMMIT;
CREATE BITMAP INDEX i1 ON t1 (c1);
CREATE INDEX i2 ON t1 (c2);
SET AUTOTRACE ON EXPLAIN
SELECT /*+ INDEX_COMBINE (t1 i1 i2) */ c1
FROM t1
WHERE c1 = 0 AND c2 = 0;
SET AUTOTRACE OFF
