-- "关于db_block_size的理解和实验" ("db block gets, understood by
-- experiment"), cppentry.com, 24 July 2015, page 1:
-- https://cppentry.com/bencandy.php?aid=102603&fid=57&page=1
-- Release: 11g (SYS@ORCL; the exact patch level is not printed), 8 KB
-- blocks (its SHOW PARAMETER).
--
-- Two single-row INSERTs of a one-column NUMBER table in one transaction
-- (no COMMIT between), each under SET AUTOTRACE ON. The article's
-- figures:
--
--                    db block gets   redo size
--   values (1)            19             964    (the table's first row)
--   values (2)             3             244
--
-- Worked by hand (session/redo_layout.rs; 11g: 24-byte vector headers,
-- each field and the length array rounded up to 4 bytes): the second
-- INSERT is one redo record: its header 24; the 11.2 IRP vector 24 +
-- length array (2 + 3 fields x 2 = 8) + KTB op C 16 + IRP header (45 + a
-- null byte = 46 -> 48) + the column (c1 03, 2 -> 4) = 100; its 5.1 undo
-- (a DRP) 24 + (2 + 4 x 2 = 10 -> 12) + ktudb 20 + ktubu 24 + KTB 16 +
-- DRP 24 = 120: 24 + 100 + 120 = 244 bytes, the article's 244 (a DRP
-- field of 24 bytes: the 11g log dump of
-- tests/articles/dsi-redo-records-imu-off-11g.sql).
--
-- Changes to the printed text: a LAB VERSION line first (the lab's
-- default release is 18c, whose vector headers are 8 bytes longer); the
-- article's CREATE TABLESPACE (a datafile on a file system, extent
-- management local, uniform size 40K) and the table's TABLESPACE clause
-- are left out: the lab's datafiles are in ASM disk groups (LAB-00001)
-- and its tablespaces have one extent policy; a one-row table's
-- tablespace changes none of these figures.
--
-- What the lab gives and why (engine-wasm/core/tests/row_redo.rs,
-- cppentry_second_insert): the second INSERT's 244 bytes, exact.
-- The first INSERT's 964 bytes and 19 db block gets are not reproduced,
-- and are not a deferred segment's creation (as this header said before
-- session 20): the article's table is SYS's (its SYS@ORCL> prompt), and
-- Oracle never defers a SYS-owned table's segment (Oracle Distilled's
-- list, tests/articles/oracledistilled-deferred-segment-creation-11g.sql),
-- so CREATE TABLE created it; the autotrace agrees: 1 recursive call and
-- 3 physical reads (the existing header and bitmap blocks read). They are
-- the first INSERT into an empty ASSM segment of 5-block uniform extents:
-- data blocks formatted above the high water mark, the L1 bitmap and
-- header changes recording them, with their redo. The lab runs the script
-- as its own user (it refuses objects in SYS's schema), so its table's
-- segment is deferred and created by the first INSERT: 3 gets and 356
-- bytes, the row's record, the transaction's slot (5.2) and its first
-- undo record's ktubl; the ASSM formatting is not modelled. Its 3 db block
-- gets for the second INSERT are the lab's 1 (the row's block; what the
-- other two are, perhaps the undo block and a space-management block, the
-- page does not say).

LAB VERSION 11.2.0.1;

show parameter db_block_size

create table test_db1(x int);

set autotrace on
insert into test_db1 values(1);

insert into test_db1 values(2);
