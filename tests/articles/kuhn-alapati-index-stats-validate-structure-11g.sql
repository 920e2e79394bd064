-- "Expert Indexing in Oracle Database 11g", Darl Kuhn, Sam R. Alapati,
-- Bill Padfield (Apress 2012), as reproduced at
-- http://what-when-how.com/Tutorial/topic-1257ph3qcbi/Expert-Indexing-in-Oracle-Database-11g-184.html
-- Release: Oracle Database 11g, 8 KB blocks.
--
-- Published (INDEX_STATS after ANALYZE INDEX ... VALIDATE STRUCTURE of a
-- new index on 100,000 ascending numbers): LF_ROWS 100000, LF_BLKS 222,
-- DEL_LF_ROWS 0. After `delete test where id <=99999` and a commit:
-- LF_ROWS 100000, LF_BLKS 222, DEL_LF_ROWS 99999 (the deleted entries
-- stay in their leaves, marked deleted).
--
-- What the lab gives and why (engine-wasm/core/tests/ddl_load.rs):
-- INDEX_STATS is read off the lab's own index: 100,000 leaf rows of
-- 2 + 4 + 6 + 2 = 14 or 15 bytes (header, the key, the rowid, the row
-- directory) packed into leaves of 8,192 - 128 bytes to PCTFREE 10.
-- The delete marks each entry deleted in its leaf (storage/btree/split.rs):
-- LF_ROWS still counts them, DEL_LF_ROWS says how many, and no leaf
-- leaves the tree (an emptied leaf waits for a split to take its block).
--
-- Lab: LF_ROWS 100000, LF_BLKS 220 (0.9% under), DEL_LF_ROWS 0; HEIGHT 2,
-- BR_ROWS 219 (LF_BLKS - 1), BR_BLKS 1. After the delete: LF_ROWS
-- 100000, LF_BLKS 220, DEL_LF_ROWS 99999, as published (LF_BLKS as
-- before).
--
-- Changes to the printed text: a second query of INDEX_STATS's other
-- columns added; LAB VERSION for the book's release.

lab version 11.2.0.2;

create table test as select rownum id, 'Sam' text from dual
connect by level <=100000
/
create index test_idx1 on test(id);
analyze index test_idx1 validate structure
/
select lf_rows, lf_blks, del_lf_rows from index_stats;
select height, br_rows, br_blks, distinct_keys, most_repeated_key, rows_per_key, blks_gets_per_access from index_stats;
delete test where id <=99999;
commit;
analyze index test_idx1 validate structure;
select lf_rows, lf_blks, del_lf_rows from index_stats;
