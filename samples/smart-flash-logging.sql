-- Exadata smart flash logging (Harrison, "Exadata smart flash logging"):
-- 20 sessions each doing 200,000 updates and commits (4,000,000 log file
-- syncs), redo on the cell's disks, first with flash logging off, then on.
-- With it on, each redo write also goes to the cell's flash log and
-- completes on whichever finishes first: the disks' controller cache
-- almost always wins, and cellsrv's work for the race raises the typical
-- log file sync slightly; flash wins only when the disk write is slow.
-- Compare the two steps' log file sync histograms and LAB DEVICES'
-- FL_DISK_FIRST / FL_FLASH_FIRST.

LAB DEVICE CELL TYPE exadata_cell;

create table flashlog_test (id number primary key, v number);
insert into flashlog_test select level, 0 from dual connect by level <= 20000;
commit;

-- The online logs on the cell's disks (3 groups of 4 GB).
alter database add logfile group 4 ('+CELL') size 4g;
alter database add logfile group 5 ('+CELL') size 4g;
alter database add logfile group 6 ('+CELL') size 4g;
alter system switch logfile;
alter system switch logfile;
alter system switch logfile;
alter system switch logfile;
alter database drop logfile group 1;
alter database drop logfile group 2;
alter database drop logfile group 3;

LAB RUN 'update flashlog_test set v = v + 1 where id = mod(:1, 20000) + 1' BIND 1 TO 4000000 SESSIONS 20 AUTOCOMMIT;

LAB SET cell_flash_logging = on;
LAB RUN 'update flashlog_test set v = v + 1 where id = mod(:1, 20000) + 1' BIND 1 TO 4000000 SESSIONS 20 AUTOCOMMIT;
LAB DEVICES;
