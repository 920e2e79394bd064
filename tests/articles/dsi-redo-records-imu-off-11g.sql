-- "Oracle特殊恢复原理与实战_08 Redo Architecture and Configuration"
-- ("Oracle special recovery, principles and practice, 08"), a blog post
-- of 18 April 2018 (its source kept in a public GitHub repository of the
-- author's Hexo blog, 2018-04-18); release 11g (the dump's "compat bit: 4
-- (post-11)" KTB fields, 24-byte vector headers; BBED 2011's banner: 11.2).
-- Its second experiment, with _in_memory_undo set to false and the
-- instance restarted, dumps the log (alter system dump logfile) after the
-- statements below; the records' lengths (LEN:, bytes in hex):
--
--   insert (1,'AAAAA'): 5.2 + 5.1 (ktubl, DRP) + 11.2   LEN: 0x0170   368
--   insert (2,'BBBBB'): 5.1 + 11.2                       LEN: 0x0100   256
--   commit: 5.4                                           LEN: 0x0060    96
--   update ... 'aaaaa': 5.2 + 5.1 (ktubl) + 11.19         LEN: 0x0204   516
--   update ... 'bbbbb': 5.1 + 11.19                       LEN: 0x0140   320
--   commit: 5.4                                           LEN: 0x0060    96
--
-- (Its first experiment, IMU on, writes both UPDATEs and the COMMIT as one
-- record of 884 bytes: 11.19, 5.2, 11.19, 5.4, 5.1, 5.1.) An 11g UPDATE
-- of one row writes op 11.19 ("Array Update of 1 rows"), not 11.5.
--
-- Worked by hand, byte by byte (session/redo_layout.rs), the second
-- UPDATE: the record header 24; the 11.19 vector 24 + length array (2 +
-- 5 fields x 2 = 12) + KTB op C 16 + URP header (26 + 1 null bit -> 28)
-- + KDOM2 header 32 + column numbers (2 -> 4) + 'bbbbb' (5 -> 8) = 124;
-- its 5.1 24 + (2 + 7 x 2 = 16) + ktudb 20 + ktubu 24 + 16 + 28 + 32 + 4
-- + 'BBBBB' 8 = 172: 24 + 124 + 172 = 320. The second INSERT: 24 + the
-- 11.2 (24 + 12 + 16 + IRP 45 + 1 -> 48 + c1 03 (2 -> 4) + 'BBBBB' 8 =
-- 112) + its 5.1, a DRP (24 + 12 + 20 + 24 + 16 + 24 = 120) = 256. The
-- first INSERT adds the 5.2 (24 + 4 + ktudh 32 = 60) and the ktubl's 52
-- bytes over a ktubu: 368. The commit: 24 + 24 + (2 + 3 x 2 -> 8) +
-- ktucm 20 + ktucf 16 + 4 = 96.
--
-- The first UPDATE's 516: its KTB op F (`op: 0x11`) cleans out the
-- INSERTs' ITL on the way, whose commit cleanout left the rows' lock
-- bytes (a block cleanout record, "itli: 1 flg: 2": 32 bytes + 8 for the
-- ITL = 40 more in the KTB field, modelled), and it is a log write's
-- first record (VLD: 0x05, the LWN line): its header is 68 bytes, not 24
-- (not modelled). The lab gives 516 - 44 = 472: 24 + the 5.2 60 + the
-- 5.1 with its ktubl 224 + the 11.19 124 + 40.
--
-- Changes to the printed text: LAB VERSION 11.2.0.1 first (the lab's
-- 11.2); the post's tablespace, user and connection left out (the lab
-- has one schema, its datafiles in ASM: LAB-00001) and its restart with
-- the parameter set (the lab's parameter takes effect at once); no dump
-- (the lab has no trace files): the statistics under AUTOTRACE carry the
-- same bytes (redo size).
--
-- What the lab gives and why (engine-wasm/core/tests/write_redo_articles.rs):
-- 256, 96, 320 and 96 bytes, one redo entry each, as dumped; the first
-- UPDATE 472 (516 less the log write's 44 header bytes, as above). The first INSERT: see the test
-- (the table's segment is created by it, deferred, as in 11.2).

LAB VERSION 11.2.0.1;

alter system set "_in_memory_undo" = false;

create table t1 (id int,name varchar2(10));

set autotrace traceonly statistics
insert into t1 values(1,'AAAAA');
insert into t1 values(2,'BBBBB');
commit;
update t1 set name='aaaaa' where name='AAAAA';
update t1 set name='bbbbb' where name='BBBBB';
commit;

set autotrace off
alter system set "_in_memory_undo" = true;
