-- Can the Exadata Smart Flash Cache slow smart scans? (Harrison)
-- A full scan of a large table on an Exadata cell is a smart scan
-- ("cell smart table scan", no buffer cache). With the default
-- CELL_FLASH_CACHE, large reads are not cached: the scans read the disks.
-- After ALTER TABLE ... STORAGE (CELL_FLASH_CACHE KEEP) the first scan
-- reads the disks and writes every 1 MB it scans to flash before
-- returning it: flash programs (16 channels x 4 KB / 250 us) are slower
-- than the 12 disks stream, so that scan is slower and waits more often.
-- The scans after it read the flash: faster than both.
-- Published: 9,322 waits / 7.60 s before, 14,904 / 33.37 s on the first
-- KEEP scan (a larger table than this one's 105 MB).

LAB DEVICE cell1 TYPE exadata_cell;
create tablespace cell_ts datafile '+CELL1' size 10g;

-- A small buffer cache, so the table is a long table (over 2% of it).
alter system set db_cache_size = 64M scope=spfile;
shutdown immediate
startup

create table big (id number, pad varchar2(2000)) tablespace cell_ts;
insert into big select rownum, rpad('x', 2000, 'x') from dual connect by level <= 40000;
commit;

set autotrace traceonly statistics
-- Default: smart scans from the disks.
select count(*) from big;
select count(*) from big;

alter table big storage (cell_flash_cache keep);

-- The first scan after KEEP populates the flash cache.
select count(*) from big;
-- Later scans are served from flash ("cell flash cache read hits").
select count(*) from big;

LAB DEVICES;
