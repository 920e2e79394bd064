-- Reverse key indexes and space: Richard Foote, "Introduction To Reverse
-- Key Indexes: Part III (A Space Oddity)", 18 January 2008 (Oracle 10g),
-- demo http://richardfoote.files.wordpress.com/2008/01/reverse-index-space-differences.txt
-- and "Part II" demo on the clustering factor,
-- http://richardfoote.files.wordpress.com/2008/01/cf-with-reverse-indexes.txt
-- Published (1,000,000 rows inserted with monotonically increasing IDs):
--   normal index:   BLOCKS 2048, LF_BLKS 1999, PCT_USED 100 (90-10 splits)
--   reverse index:  BLOCKS 3072, LF_BLKS 2966, PCT_USED 68  (50-50 splits)
--   CLUSTERING_FACTOR 3,029 (table of 3,033 blocks) for the normal index,
--   999,994 once rebuilt REVERSE.
-- The lab (engine-wasm/core/tests/reverse_key.rs): leaves split one by
-- one (storage/btree/split.rs). The plain index's ascending IDs are each
-- the highest key: 90-10 splits, full leaves. The reverse index's stored
-- keys are the IDs' bytes reversed, so the sequence's inserts land all
-- over it: 50-50 splits. LF_BLKS and PCT_USED within 5% of the published
-- figures; the clustering factor of the reversed order close to the row
-- count. Lab: plain BLOCKS 2048, LF_BLKS 1,983 (-0.8%), PCT_USED 100;
-- reverse BLOCKS 2944 (-4.2%), LF_BLKS 2,911 (-1.9%), PCT_USED 69
-- (+1.5%); CLUSTERING_FACTOR 3,029 and 999,994, as published.
-- The demo truncates the table and creates REVERSE_INDEX on the same
-- column while NORMAL_INDEX exists (ORA-01408 in 10g): the lab drops it
-- first (marked "(lab)"). The clustering factor part follows on the
-- same table; its statistics are gathered with DBMS_STATS as in the demo.
CREATE TABLE reverse_details (id NUMBER, name VARCHAR2(20));
CREATE INDEX normal_index ON reverse_details(id);
INSERT INTO reverse_details SELECT rownum, 'David Bowie' FROM dual CONNECT BY LEVEL <= 1000000;
COMMIT;
ANALYZE INDEX normal_index VALIDATE STRUCTURE;
SELECT blocks, lf_blks, pct_used FROM index_stats;
TRUNCATE TABLE reverse_details;
-- (lab)
DROP INDEX normal_index;
CREATE INDEX reverse_index ON reverse_details(id) REVERSE;
INSERT INTO reverse_details SELECT rownum, 'David Bowie' FROM dual CONNECT BY LEVEL <= 1000000;
COMMIT;
ANALYZE INDEX reverse_index VALIDATE STRUCTURE;
SELECT blocks, lf_blks, pct_used FROM index_stats;
-- (lab) the clustering factor demo's index, on the same rows
ALTER INDEX reverse_index REBUILD NOREVERSE;
EXEC dbms_stats.gather_table_stats(ownname=>user, tabname=>'REVERSE_DETAILS', estimate_percent=> null, cascade=> TRUE, method_opt=> 'FOR ALL COLUMNS SIZE 1');
SELECT i.index_name, i.index_type, i.clustering_factor, t.blocks, t.num_rows FROM user_indexes i, user_tables t WHERE i.table_name = t.table_name and t.table_name = 'REVERSE_DETAILS';
ALTER INDEX reverse_index REBUILD REVERSE COMPUTE STATISTICS;
SELECT i.index_name, i.index_type, i.clustering_factor, t.blocks, t.num_rows FROM user_indexes i, user_tables t WHERE i.table_name = t.table_name and t.table_name = 'REVERSE_DETAILS';
SELECT * FROM reverse_details WHERE id = 42;
