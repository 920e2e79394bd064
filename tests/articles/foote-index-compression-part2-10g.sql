-- A prefix-compressed index on (owner, id): Richard Foote, "Index
-- Compression Part II (Down Is The New Up)", 2008 (Oracle 10g), demo
-- http://richardfoote.files.wordpress.com/2008/02/index-compression-demo-part-ii.txt
-- Published: CREATE TABLE compression_test2 AS SELECT rownum id, ct.* FROM
-- compression_test ct ORDER BY owner, num_rows (55,296 rows: DBA_TABLES
-- of 1,728 rows doubled five times, in Part I's demo), then
--   CREATE INDEX compressed_index2 ON compression_test2(owner, id)
--     PCTFREE 0 COMPRESS 1;
--   ANALYZE INDEX ... VALIDATE STRUCTURE: HEIGHT 2, BR_BLKS 1, LF_BLKS 110
-- and a leaf block dump: kdxconro 524, kdxlepnro 1 (one prefix entry),
-- prefix row#0 len=11 (owner 'AFP11554', 8 bytes), rows len=13 (id of 3
-- bytes and the rowid), kdxcofbo 1092, kdxlebksz 8036.
-- The owners of that database's DBA_TABLES are not published: the rows
-- here have 8 owners of 8 characters, 6,912 rows each, ids in owner order
-- as the ORDER BY gives them. The leaf count depends on the owners only
-- through the prefix entries (one per owner per leaf: about 17 bytes of a
-- block's 8,000), so any such set gives the same figure within a block.
-- The lab (engine-wasm/core/tests/articles.rs): BLEVEL 1 (HEIGHT 2) and
-- LEAF_BLOCKS within 5% of 110; the same index uncompressed (owner in
-- every row, 9 bytes more a row) needs more leaves; an equality on owner
-- and a range on id returns the same rows through either.
create table compression_test2 (id number, owner varchar2(30));
insert into compression_test2 select rownum, 'OWNER' || to_char(trunc((rownum - 1) / 6912), 'FM000') from dual connect by level <= 55296;
commit;
CREATE INDEX compressed_index2 ON compression_test2(owner, id) PCTFREE 0 COMPRESS 1;
exec dbms_stats.gather_table_stats(user, 'COMPRESSION_TEST2', estimate_percent => null, cascade => true)
select index_name, compression, prefix_length, blevel, leaf_blocks from user_indexes where index_name = 'COMPRESSED_INDEX2';
select count(*) from compression_test2 where owner = 'OWNER003' and id between 21000 and 21500;
alter index compressed_index2 rebuild nocompress;
select index_name, compression, prefix_length, blevel, leaf_blocks from user_indexes where index_name = 'COMPRESSED_INDEX2';
select count(*) from compression_test2 where owner = 'OWNER003' and id between 21000 and 21500;
