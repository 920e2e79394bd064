-- Redo log sync time vs redo size, flash against disk, on Exadata
-- (Harrison, "Redo on SSD: effect of redo size"). One session commits
-- more and more redo at a time, first with the logs on the cell's disks,
-- then on flash grid disks (both with 4 KB redo blocks). Compare each
-- commit's log file sync:
--   - small commits: about at parity. The disks' battery-backed controller
--     cache and the flash modules' capacitor-backed DRAM both acknowledge
--     a small write at once, behind the same cellsrv round trip.
--   - as the redo grows, flash degrades faster: past its small DRAM buffer
--     every 4 KB page waits for its program, where the disks stream into
--     a 512 MB controller cache.
--   - on both, a commit just above 1 MB syncs faster than one just below:
--     LGWR writes on its own once 1 MB is unwritten, so most of it is
--     already on disk when the commit comes.
-- LAB DEVICES at the end shows the flash's buffered pages and how long
-- writes waited for room in its buffer.

LAB DEVICE cell_disk TYPE exadata_cell;
LAB DEVICE cell_flash TYPE exadata_cell flash_grid_disk = 1;
alter system set "_disk_sector_size_override" = true scope = both;

create table redo_test (id number primary key, v number, pad varchar2(100));
insert into redo_test select level, 0, rpad('x', 100, 'x') from dual connect by level <= 20000;
commit;

-- The online logs on the cell's disks.
alter database add logfile group 4 ('+CELL_DISK') size 1g blocksize 4096;
alter database add logfile group 5 ('+CELL_DISK') size 1g blocksize 4096;
alter database add logfile group 6 ('+CELL_DISK') size 1g blocksize 4096;
alter system switch logfile;
alter system switch logfile;
alter system switch logfile;
alter system switch logfile;
alter database drop logfile group 1;
alter database drop logfile group 2;
alter database drop logfile group 3;

-- About 328 bytes of redo per row updated (18c: an 11.19 vector, the
-- array update of one row, 128 bytes, and its 5.1 undo, 176, in one
-- record of 24: docs/MODEL.md "The write path"): 2,800 rows about 0.9 MB,
-- 3,700 about 1.2 MB.
begin update redo_test set v = v + 1 where id <= 10; commit; end;
/
begin update redo_test set v = v + 1 where id <= 600; commit; end;
/
begin update redo_test set v = v + 1 where id <= 1800; commit; end;
/
begin update redo_test set v = v + 1 where id <= 2800; commit; end;
/
begin update redo_test set v = v + 1 where id <= 3700; commit; end;
/

-- The online logs on flash grid disks.
alter database add logfile group 7 ('+CELL_FLASH') size 1g blocksize 4096;
alter database add logfile group 8 ('+CELL_FLASH') size 1g blocksize 4096;
alter database add logfile group 9 ('+CELL_FLASH') size 1g blocksize 4096;
alter system switch logfile;
alter system switch logfile;
alter system switch logfile;
alter system switch logfile;
alter database drop logfile group 4;
alter database drop logfile group 5;
alter database drop logfile group 6;

begin update redo_test set v = v + 1 where id <= 10; commit; end;
/
begin update redo_test set v = v + 1 where id <= 600; commit; end;
/
begin update redo_test set v = v + 1 where id <= 1800; commit; end;
/
begin update redo_test set v = v + 1 where id <= 2800; commit; end;
/
begin update redo_test set v = v + 1 where id <= 3700; commit; end;
/

LAB DEVICES;
