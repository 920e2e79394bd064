-- Flash grid disk vs Exadata Smart Flash Cache vs disk (Harrison,
-- "Configuring Exadata flash as grid disk"): primary-key lookups of a
-- table placed on the cell's disks without the flash cache
-- (CELL_FLASH_CACHE NONE), on the disks with it (DEFAULT), and directly
-- on flash (a flash grid disk). Published, 200,000 lookups over 1,000,000
-- keys: grid disk fastest, flash cache next, disk slowest.
-- Scaled down: 20,000 lookups over 100,000 keys, in two passes. The default
-- 1 GB buffer cache holds every block read, so a FLUSH
-- BUFFER_CACHE before each pass stands for the blocks aging out: the
-- flash cache misses on the first pass (disk, then written to flash) and
-- hits on the second. Compare each table's two passes added up.

-- The cells' disks have no controller write cache (disk_cache_mb = 0):
-- a 512 MB one would still hold the blocks DBWR just wrote, and the
-- lookups would read them from there instead of the disks.
LAB DEVICE cell_disk TYPE exadata_cell disk_cache_mb = 0;
LAB DEVICE cell_fc TYPE exadata_cell disk_cache_mb = 0;
LAB DEVICE cell_grid TYPE exadata_cell flash_grid_disk = 1 disk_cache_mb = 0;
create tablespace disk_ts datafile '+CELL_DISK' size 10g;
create tablespace fc_ts datafile '+CELL_FC' size 10g;
create tablespace grid_ts datafile '+CELL_GRID' size 10g;

create table k_disk (id number, pad varchar2(1000)) tablespace disk_ts storage (cell_flash_cache none);
create unique index k_disk_id on k_disk (id) tablespace disk_ts storage (cell_flash_cache none);
create table k_fc (id number, pad varchar2(1000)) tablespace fc_ts;
create unique index k_fc_id on k_fc (id) tablespace fc_ts;
create table k_grid (id number, pad varchar2(1000)) tablespace grid_ts;
create unique index k_grid_id on k_grid (id) tablespace grid_ts;

insert into k_disk select rownum, rpad('x', 1000, 'x') from dual connect by level <= 100000;
insert into k_fc select * from k_disk;
insert into k_grid select * from k_disk;
commit;
-- DBWR writes the loaded blocks now (the session waits for the
-- checkpoint), not during the first pass.
alter system checkpoint;

-- Pass 1.
alter system flush buffer_cache;
LAB RUN 'select pad from k_disk where id = mod(:1 * 7919, 100000) + 1' BIND 1 TO 20000 VIA plsql;
LAB RUN 'select pad from k_fc where id = mod(:1 * 7919, 100000) + 1' BIND 1 TO 20000 VIA plsql;
LAB RUN 'select pad from k_grid where id = mod(:1 * 7919, 100000) + 1' BIND 1 TO 20000 VIA plsql;

-- Pass 2: the flash cache now holds the blocks.
alter system flush buffer_cache;
LAB RUN 'select pad from k_disk where id = mod(:1 * 7919, 100000) + 1' BIND 1 TO 20000 VIA plsql;
LAB RUN 'select pad from k_fc where id = mod(:1 * 7919, 100000) + 1' BIND 1 TO 20000 VIA plsql;
LAB RUN 'select pad from k_grid where id = mod(:1 * 7919, 100000) + 1' BIND 1 TO 20000 VIA plsql;

LAB DEVICES;
