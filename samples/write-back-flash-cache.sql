-- Exadata write-back flash cache and free buffer waits (Harrison): a
-- write-intensive workload whose reads are cheap (the blocks are in the
-- cell's Smart Flash Cache) and whose writes are not. Sixteen JDBC
-- sessions update random rows of a table four times the buffer cache,
-- committing each. Every block read into the cache takes the buffer of
-- one the updates dirtied, so DBWR must write it first.
--
-- Written through (the default), DBWR's writes complete when the cell's
-- disks have them: random writes behind a controller cache (scaled down
-- with the table here: 16 MB) that fills, so DBWR falls behind and the
-- sessions wait on "free buffer waits". Written back, a write completes
-- when flash has it and is destaged to disk later: the free buffer waits
-- are gone and the same updates run several times faster (the article:
-- throughput four fold).
--
-- Each update writes 6,448 bytes of redo (18c, docs/MODEL.md "The write
-- path"): the 11.19 vector (the array update of one row) carries the
-- 3,000-byte new value and its 5.1 undo the 3,000-byte old one, besides
-- the transaction's 5.2 vector and its ktubl, and 40 more (6,488) when
-- the block's last change was another, committed transaction's: the
-- change cleans out the ITL that commit left (a block cleanout record in
-- its KTB redo); its commit 104 more: about 6.5 KB of redo a commit, and
-- the 3,000-byte rows make each dirtied block one DBWR must write.

alter system set db_cache_size = 8M scope = spfile;
shutdown immediate
startup

-- Two cells, one per flashCacheMode (CellCLI: ALTER CELL flashCacheMode).
LAB DEVICE thru TYPE exadata_cell write_back = 0 disk_cache_mb = 16;
LAB DEVICE back TYPE exadata_cell write_back = 1 disk_cache_mb = 16;
create tablespace thru_ts datafile '+THRU' size 1g;
create tablespace back_ts datafile '+BACK' size 1g;
create table t_thru (id number primary key, payload varchar2(4000)) tablespace thru_ts;
create table t_back (id number primary key, payload varchar2(4000)) tablespace back_ts;
LAB RUN 'insert into t_thru values (:1, rpad(''x'', 3000, ''x''))' BIND 1 TO 8000;
LAB RUN 'insert into t_back values (:1, rpad(''x'', 3000, ''x''))' BIND 1 TO 8000;
commit;
alter system checkpoint;

-- Read every row once: the blocks go into each cell's Smart Flash Cache.
LAB RUN 'select payload from t_thru where id = :1' BIND 1 TO 8000;
LAB RUN 'select payload from t_back where id = :1' BIND 1 TO 8000;

-- Write-through: free buffer waits.
LAB RUN 'update t_thru set payload = rpad(''y'', 3000, ''y'') where id = mod(:1 * 7919, 8000) + 1' BIND 1 TO 8000 VIA jdbc_thin SESSIONS 16 AUTOCOMMIT;
alter system checkpoint;

-- Write-back: the same updates, no free buffer waits.
LAB RUN 'update t_back set payload = rpad(''y'', 3000, ''y'') where id = mod(:1 * 7919, 8000) + 1' BIND 1 TO 8000 VIA jdbc_thin SESSIONS 16 AUTOCOMMIT;

select event, total_waits, time_waited_micro from v$system_event
 where event in ('free buffer waits', 'db file parallel write', 'cell single block physical read');
LAB DEVICES;
