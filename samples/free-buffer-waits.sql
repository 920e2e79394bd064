-- Free buffer waits (Harrison's write-back flash cache experiment, the
-- mechanism): eight JDBC sessions insert rows through a small buffer
-- cache. Every new block is dirty, and DBWR must write it before its
-- buffer can be reused. With the table on a 15,000 rpm HDD without a
-- controller write cache (cache_mb = 0: a 512 MB one would absorb these
-- 80 MB), DBWR falls behind: the sessions find no clean buffer at the cold end of the LRU
-- and wait on "free buffer waits" for most of their time (DBWR waits on
-- "db file parallel write"). The same inserts into a table on PCIe flash:
-- DBWR keeps up, there are no free buffer waits, and the run takes about
-- a third of the time.

alter system set db_cache_size = 4M scope = spfile;
shutdown immediate
startup

LAB DEVICE disk TYPE hdd cache_mb = 0;
LAB DEVICE flash TYPE pcie_flash;
create tablespace disk_ts datafile '+DISK' size 1g;
create tablespace flash_ts datafile '+FLASH' size 1g;

create table orders_disk (id number, payload varchar2(4000)) tablespace disk_ts;
create table orders_flash (id number, payload varchar2(4000)) tablespace flash_ts;

-- On the HDD: free buffer waits.
LAB RUN 'insert into orders_disk values (:1, rpad(''x'', 3000, ''x''))' BIND 1 to 10000 VIA jdbc_thin SESSIONS 8;

-- Write what is still dirty, then the same on flash: none.
alter system checkpoint;
LAB RUN 'insert into orders_flash values (:1, rpad(''x'', 3000, ''x''))' BIND 1 to 10000 VIA jdbc_thin SESSIONS 8;

-- The foregrounds' side since startup: the waits, and how far they
-- searched the LRU (DBWR's writes are in each LAB RUN step's statistics).
select event, total_waits, time_waited_micro from v$system_event
 where event in ('free buffer waits', 'buffer busy waits');
select name, value from v$sysstat
 where name in ('free buffer requested', 'free buffer inspected', 'dirty buffers inspected');
