-- Redo log sync time vs redo size per commit (Harrison, "Redo on SSD:
-- effect of redo size"): one session updates more and more rows before
-- each commit, logs on flash with 4 KB blocks. The sync time grows with
-- the redo until about 1 MB, then drops: LGWR writes on its own once 1 MB
-- is unwritten (a third of the log buffer, at most 1 MB), so a commit just
-- above 1 MB finds most of its redo already on disk.

LAB DEVICE FLASH TYPE pcie_flash;
alter system set "_disk_sector_size_override" = true scope = both;
alter database add logfile group 4 ('+FLASH') size 1g blocksize 4096;
alter database add logfile group 5 ('+FLASH') size 1g blocksize 4096;
alter database add logfile group 6 ('+FLASH') size 1g blocksize 4096;
alter system switch logfile;
alter system switch logfile;
alter system switch logfile;
alter system switch logfile;
alter database drop logfile group 1;
alter database drop logfile group 2;
alter database drop logfile group 3;

create table redo_test (id number primary key, v number, pad varchar2(100));
insert into redo_test select level, 0, rpad('x', 100, 'x') from dual connect by level <= 20000;
commit;

-- About 153 bytes of redo per row updated.
begin update redo_test set v = v + 1 where id <= 100; commit; end;
/
begin update redo_test set v = v + 1 where id <= 1000; commit; end;
/
begin update redo_test set v = v + 1 where id <= 3000; commit; end;
/
begin update redo_test set v = v + 1 where id <= 6000; commit; end;
/
begin update redo_test set v = v + 1 where id <= 8000; commit; end;
/
begin update redo_test set v = v + 1 where id <= 12000; commit; end;
/
select event, total_waits, time_waited_micro from v$system_event where event in ('log file sync', 'log file parallel write');
