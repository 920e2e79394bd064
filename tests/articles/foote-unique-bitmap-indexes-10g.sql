-- A bitmap index on a unique column: Richard Foote, "Unique Bitmap
-- Indexes Part I (Unnatural Selection)", 24 March 2010,
-- https://richardfoote.wordpress.com/2010/03/24/ and "Part II (You Can't
-- Do That)", 30 March 2010, https://richardfoote.wordpress.com/2010/03/30/
-- (Oracle 10g/11g, 8K blocks).
-- Published:
--   create table bowie (id number, name varchar2(20)); a million rows of
--   (rownum, 'Ziggy Stardust'); create unique index bowie_unique_i on
--   bowie(id) pctfree 0: BLEVEL 2, LEAF_BLOCKS 1875, DISTINCT_KEYS 1000000.
--   Part I: the bitmap index on the same column is larger than the
--   unique B-tree (each entry a key, two rowids and a bitmap of one bit).
--   Part II: create unique bitmap index ... and create bitmap unique
--   index ... both fail with ORA-00968: missing INDEX keyword (the '*'
--   under column 15); with the bitmap index in place, alter table bowie
--   add primary key (id) fails with ORA-01408: such column list already
--   indexed.
-- The lab (engine-wasm/core/tests/bitmap_index.rs): the B-tree's
-- LEAF_BLOCKS within 5% of 1875 and BLEVEL 2; the bitmap index's
-- LEAF_BLOCKS above the B-tree's, one piece a row (NUM_ROWS and
-- CLUSTERING_FACTOR 1,000,000); both errors at Foote's columns.
create table bowie (id number, name varchar2(20));
insert into bowie select rownum, 'Ziggy Stardust' from dual connect by level <= 1000000;
commit;
create unique index bowie_unique_i on bowie(id) pctfree 0;
select index_name, blevel, leaf_blocks, distinct_keys from user_indexes where index_name = 'BOWIE_UNIQUE_I';
drop index bowie_unique_i;
create bitmap index bowie_bitmap_i on bowie(id) pctfree 0;
select index_name, index_type, blevel, leaf_blocks, distinct_keys, num_rows, clustering_factor from user_indexes where index_name = 'BOWIE_BITMAP_I';
drop index bowie_bitmap_i;
create unique bitmap index bowie_bitmap_i on bowie(id) pctfree 0;
create bitmap unique index bowie_bitmap_i on bowie(id) pctfree 0;
create bitmap index bowie_bitmap_i on bowie(id) pctfree 0;
alter table bowie add primary key (id);
