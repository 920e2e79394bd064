-- Group comparisons over a list, with and without a NULL: Pawel Barut,
-- "Group Comparisons", October 2006 (Oracle 10g, the release of the
-- blog's posts of the time; the post does not print its version):
-- https://pbarut.blogspot.com/2006/10/
-- Published (T1.N1 = 1..9):
--   N1 < ANY (4,6)          -> 1 2 3 4 5
--   N1 < SOME (4,6)         -> 1 2 3 4 5
--   N1 < ALL (4,6)          -> 1 2 3
--   N1 < ANY (4,6,NULL)     -> 1 2 3 4 5
--   N1 < SOME (4,6,NULL)    -> 1 2 3 4 5
--   N1 < ALL (4,6,NULL)     -> no rows selected
--   N1 = ANY (4,6,NULL)     -> 4 6
--   N1 IN (4,6,NULL)        -> 4 6
--   N1 != ALL (4,6)         -> 1 2 3 5 7 8 9 (7 rows selected.)
-- and NOT IN (4,6) the same 7 rows.
-- Hand check: ANY is the comparisons joined by OR, so N1 < 4 OR N1 < 6
-- is N1 < 6 (1..5); a NULL adds an UNKNOWN term, which OR with TRUE
-- leaves TRUE. ALL joins them by AND: N1 < 4 AND N1 < 6 is N1 < 4; with
-- N1 < NULL (UNKNOWN) no row can be TRUE. = ANY is IN (4 and 6), != ALL
-- is NOT IN: every N1 but 4 and 6. TEXT is N1 as text (LEV inserted into
-- both columns). The page shows no ORDER BY; the rows come in insert
-- order from the full scan, as published.
CREATE TABLE T1 (N1 NUMBER PRIMARY KEY, TEXT VARCHAR2(10));
INSERT INTO T1 SELECT LEV, LEV
  FROM (SELECT LEVEL LEV FROM DUAL CONNECT BY LEVEL < 10);
COMMIT;
SELECT * FROM T1 WHERE N1 < ANY (4,6);
SELECT * FROM T1 WHERE N1 < SOME (4,6);
SELECT * FROM T1 WHERE N1 < ALL (4,6);
SELECT * FROM T1 WHERE N1 < ANY (4,6, NULL);
SELECT * FROM T1 WHERE N1 < SOME (4,6, NULL);
SELECT * FROM T1 WHERE N1 < ALL (4,6, NULL);
SELECT * FROM T1 WHERE N1 = ANY (4,6, NULL);
SELECT * FROM T1 WHERE N1 IN (4,6, NULL);
SELECT * FROM T1 WHERE N1 != ALL (4,6);
SELECT * FROM T1 WHERE N1 NOT IN (4,6);
DROP TABLE T1 PURGE;
