-- "High Water Mark" (a DELETE leaves the table's full scan as long as it
-- was), Rodolfo Candido, June 2008:
-- https://rodolfocandido.blogspot.com/2008/06
-- Release: 10g (the plan's "Plan hash value" line and %CPU column; the
-- patch level is not printed), 8 KB blocks, an ASSM tablespace.
--
-- The article's figures (SET AUTOTRACE TRACEONLY):
--
--   full scan of EMP, 1,000,000 rows          1,655 consistent gets
--   the same after DELETE of the 800,000 'M'  the same plan (the
--                                              statistics are cut off in
--                                              the published page)
--
-- Worked by hand (storage/heap.rs): a row is its header 3 + ID (a length
-- byte + 2 to 4 digit bytes: 1 to 99 two, 100 to 9,999 three, 10,000 on
-- four, so most rows 5) + SEXO (1 + 1) = 10 bytes, 12 with its directory
-- entry; a block takes rows up to 8,192 - 114 - 819 (PCTFREE 10) = 7,259
-- bytes: 604 rows of 12 bytes, about 1,653 blocks for the million, and the
-- full scan's 3 header gets: the lab 1,654 (engine-wasm/core/tests/
-- shrink_space.rs, candido_delete_keeps_the_high_water_mark), the
-- article's 1,655 within 0.1%. The DELETE frees the rows'
-- bytes and leaves their slots: the scan still reads every block below
-- the high water mark.
--
-- The lab goes on past the article: ENABLE ROW MOVEMENT and SHRINK SPACE
-- move the 200,000 'F' rows (the last third of the segment) into the
-- blocks the 'M' rows left, and the high water mark comes down to about
-- 200,000 / 604 = 332 blocks (session/shrink.rs): the lab's scan 333
-- gets (330 blocks and the 3 header gets); TRUNCATE then takes it down
-- to its 3 header gets. (The first scan after each DDL also counts its
-- hard parse's 16 dictionary gets.)
--
-- Changes to the printed text: a LAB VERSION line first; the scans run
-- twice after each change (the first also cleans out the blocks the
-- DELETE left, and parses).

LAB VERSION 10.2.0.5;

CREATE TABLE emp (id NUMBER, sexo VARCHAR2(1));

INSERT INTO emp SELECT level, 'M' FROM dual CONNECT BY level <= 800000;

INSERT INTO emp SELECT level, 'F' FROM dual CONNECT BY level <= 200000;

commit;

ANALYZE TABLE emp COMPUTE STATISTICS;

SET AUTOTRACE TRACEONLY

SELECT sexo FROM emp WHERE id = 900000;

SELECT sexo FROM emp WHERE id = 900000;

DELETE FROM emp WHERE sexo = 'M';

commit;

SELECT sexo FROM emp WHERE id = 900000;

SELECT sexo FROM emp WHERE id = 900000;

SET AUTOTRACE OFF

ALTER TABLE emp ENABLE ROW MOVEMENT;

ALTER TABLE emp SHRINK SPACE;

SET AUTOTRACE TRACEONLY

SELECT sexo FROM emp WHERE id = 900000;

SELECT sexo FROM emp WHERE id = 900000;

SET AUTOTRACE OFF

TRUNCATE TABLE emp;

SET AUTOTRACE TRACEONLY

SELECT sexo FROM emp WHERE id = 900000;

SELECT sexo FROM emp WHERE id = 900000;
