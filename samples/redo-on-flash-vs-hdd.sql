-- Redo on flash vs SAS disk (Harrison, "Using flash disk for Redo on
-- Exadata" and "pt 2"): the same redo-heavy workload, update + commit,
-- with the online logs on a disk group of SAS disks behind a controller
-- cache, then on PCIe flash. Flash comes out ~8x slower with one session
-- and ~20x with ten: its 512-byte redo writes land mid-page, and the flash
-- modules merge each 512-byte sector into its 4 KB page one at a time (a
-- lone commit is two blocks, two merges). Ten sessions share LGWR's
-- writes, which the disk's cache takes at about the same cost; on flash an
-- eight-block write is eight merges. 4 KB redo blocks (after the ORA-01378
-- override) bring it back nearer the disk (still slower). Harrison measured
-- Exadata cells (~4x alone): a bare card has no cellsrv round trip to
-- dilute the merges (on cells the lab gives 4.9x: docs/MODEL.md, Devices).
-- Watch log file sync per step, and LGWR's writes under SESSIONS 10.
--
-- What each commit writes (11.2, the release of Harrison's Exadata X2
-- tests; docs/MODEL.md "The write path"): with in-memory undo (on by
-- default) the update writes nothing public and the commit one redo
-- record (`IMU commits`): its header 24, the transaction's 5.2
-- undo-header vector 60, the 11.19 vector (an UPDATE's row, an array
-- update of one row) 120, its 5.1 undo 168 (+52 for the ktubl that
-- begins the transaction) and the 5.4 commit 72: 496 bytes, and the
-- update's first change to its block cleans out the ITL the previous
-- commit left (a block cleanout record in its KTB field, 40 bytes): 536
-- bytes a commit, two 512-byte redo blocks (496 bytes of payload each; two
-- records, 464 + 96, with `_in_memory_undo` off); under SESSIONS 10 one
-- LGWR write carries the commits that arrived while it was busy. On 18c
-- the vectors' headers are 8 bytes longer: 576 bytes, still two blocks.

LAB VERSION 11.2.0.2;

LAB DEVICE SAS TYPE hdd;
LAB DEVICE FLASH TYPE pcie_flash;

create table redo_test (id number primary key, v number, pad varchar2(100));
insert into redo_test select level, 0, rpad('x', 100, 'x') from dual connect by level <= 20000;
commit;

-- Three groups of 1 GB on the SAS disk group, the defaults dropped.
alter database add logfile group 4 ('+SAS') size 1g;
alter database add logfile group 5 ('+SAS') size 1g;
alter database add logfile group 6 ('+SAS') size 1g;
alter system switch logfile;
alter system switch logfile;
alter system switch logfile;
alter system switch logfile;
alter database drop logfile group 1;
alter database drop logfile group 2;
alter database drop logfile group 3;
select group#, sequence#, bytes, blocksize, status from v$log;

LAB RUN 'update redo_test set v = v + 1 where id = :1' BIND 1 TO 3000 AUTOCOMMIT;
LAB RUN 'update redo_test set v = v + 1 where id = :1' BIND 1 TO 20000 SESSIONS 10 AUTOCOMMIT;

-- The same on flash (512-byte redo blocks: the default).
alter database add logfile group 1 ('+FLASH') size 1g;
alter database add logfile group 2 ('+FLASH') size 1g;
alter database add logfile group 3 ('+FLASH') size 1g;
alter system switch logfile;
alter system switch logfile;
alter system switch logfile;
alter system switch logfile;
alter database drop logfile group 4;
alter database drop logfile group 5;
alter database drop logfile group 6;

LAB RUN 'update redo_test set v = v + 1 where id = :1' BIND 1 TO 3000 AUTOCOMMIT;
LAB RUN 'update redo_test set v = v + 1 where id = :1' BIND 1 TO 20000 SESSIONS 10 AUTOCOMMIT;

-- 4 KB redo blocks on flash: refused (ORA-01378) until the override.
alter database add logfile group 4 ('+FLASH') size 1g blocksize 4096;
alter system set "_disk_sector_size_override" = true scope = both;
alter database add logfile group 4 ('+FLASH') size 1g blocksize 4096;
alter database add logfile group 5 ('+FLASH') size 1g blocksize 4096;
alter database add logfile group 6 ('+FLASH') size 1g blocksize 4096;
alter system switch logfile;
alter system switch logfile;
alter system switch logfile;
alter database drop logfile group 1;
alter database drop logfile group 2;
alter database drop logfile group 3;

LAB RUN 'update redo_test set v = v + 1 where id = :1' BIND 1 TO 3000 AUTOCOMMIT;
LAB RUN 'update redo_test set v = v + 1 where id = :1' BIND 1 TO 20000 SESSIONS 10 AUTOCOMMIT;
LAB DEVICES;
