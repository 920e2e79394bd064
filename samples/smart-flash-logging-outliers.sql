-- Exadata smart flash logging trims the outliers (Harrison, "Exadata
-- Smart Flash Logging - Outliers"). The whole database is on the cell:
-- the table and the online logs. Twenty JDBC sessions update random rows
-- and commit. The logs are small, so they switch during the run, and each
-- switch starts a checkpoint: DBWR writes every dirty buffer at once. The
-- burst fills the cell disks' controller cache (scaled down with the
-- lab's table: 16 MB), and the redo writes behind it wait for destages:
-- a few percent of the log file syncs take tens of milliseconds instead
-- of under one. With flash logging on, those redo writes complete on the
-- flash log: compare the two steps' log file sync histograms (the tail
-- is gone; the typical sync is no worse, here often better, because the
-- disk writes queue behind DBWR's destages while the flash modules take a
-- whole-page flash log write into their DRAM) and FL_FLASH_FIRST.

alter system set db_cache_size = 40M scope = spfile;
shutdown immediate
startup

LAB DEVICE cell TYPE exadata_cell disk_cache_mb = 16;
create tablespace cell_ts datafile '+CELL' size 1g;
create table t (id number primary key, payload varchar2(4000)) tablespace cell_ts;
LAB RUN 'insert into t values (:1, rpad(''x'', 3000, ''x''))' BIND 1 TO 8000;
commit;

-- Small online logs on the cell's disks.
alter database add logfile group 4 ('+CELL') size 20m;
alter database add logfile group 5 ('+CELL') size 20m;
alter database add logfile group 6 ('+CELL') size 20m;
alter system switch logfile;
alter system switch logfile;
alter system switch logfile;
alter system switch logfile;
alter database drop logfile group 1;
alter database drop logfile group 2;
alter database drop logfile group 3;
alter system checkpoint;

-- Flash logging off: outliers after each log switch.
LAB RUN 'update t set payload = rpad(''y'', 3000, ''y'') where id = mod(:1 * 7919, 8000) + 1' BIND 1 TO 16000 VIA jdbc_thin SESSIONS 20 AUTOCOMMIT;
alter system checkpoint;

-- Flash logging on: the same workload.
LAB SET cell_flash_logging = on;
LAB RUN 'update t set payload = rpad(''z'', 3000, ''z'') where id = mod(:1 * 7919, 8000) + 1' BIND 1 TO 16000 VIA jdbc_thin SESSIONS 20 AUTOCOMMIT;
LAB DEVICES;
