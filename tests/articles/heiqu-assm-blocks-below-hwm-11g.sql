-- "Oracle 高水位线" (the high water mark, a DELETE keeps it), heiqu.com:
-- https://heiqu.com/f9332e94ed5ce2dc99367288843e897c_3.html
-- https://heiqu.com/f9332e94ed5ce2dc99367288843e897c_4.html
-- Author: the page names none (user LIJIAMAN). Release: 11.2 (the
-- table's segment is created at its first row: deferred segment
-- creation), 8 KB blocks, an ASSM tablespace of system-allocated extents.
--
-- The article's figures:
--
--   after the 10,000 inserts   DBA_SEGMENTS  BLOCKS 32, EXTENTS 4,
--                                            BYTES 262,144
--   DBMS_STATS                 DBA_TABLES    BLOCKS 28
--   ANALYZE                    DBA_TABLES    BLOCKS 28, EMPTY_BLOCKS 4
--   DELETE, COMMIT, ANALYZE    DBA_TABLES    BLOCKS 28, EMPTY_BLOCKS 4
--
-- Worked by hand (engine-wasm/core/tests/assm_hwm.rs, storage/assm.rs):
-- a row is its header 3 + i (4 bytes for most) + 'euvcg' 6 = 13 bytes, 15
-- with its directory entry: 483 rows a block (7,259 bytes below PCTFREE
-- 10), 21 data blocks in use. The first 64 KB extent holds the L1 bitmap
-- block, the L2 and the segment header, then 5 data blocks; the second 8;
-- the third the L1 of blocks 16-31 and 7; the fourth the last block in
-- use, and while extents are of 64 KB the high water mark covers the
-- whole extent: 32 blocks in 4 extents (the article's, exactly; 24 in 3
-- before the bitmap blocks were modelled), 28 data blocks below the mark:
-- the article's BLOCKS, the bitmap blocks and header not counted, and
-- EMPTY_BLOCKS the other 4. The lab's BLOCKS is still the header and the
-- blocks in use, 22, and its EMPTY_BLOCKS 2 (docs/MODEL.md, "ASSM bitmap
-- blocks and the high water mark"). The DELETE leaves the mark.
--
-- Changes to the printed text: the anonymous block is the page's WHILE
-- loop as a FOR loop; USER_ views for DBA_ ones; a LAB VERSION line.

LAB VERSION 11.2.0.2;

create table test01 (id number, name varchar2(10));

begin
  for i in 1 .. 10000 loop
    insert into test01 values (i, 'euvcg');
  end loop;
  commit;
end;
/

select segment_name, bytes, blocks, extents from user_segments where segment_name = 'TEST01';

exec dbms_stats.gather_table_stats(user, 'TEST01')

select table_name, blocks, empty_blocks from user_tables where table_name = 'TEST01';

analyze table test01 compute statistics;

select table_name, blocks, empty_blocks from user_tables where table_name = 'TEST01';

delete from test01;

commit;

analyze table test01 compute statistics;

select table_name, blocks, empty_blocks from user_tables where table_name = 'TEST01';
