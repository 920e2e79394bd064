-- Temp tablespace on Exadata flash vs the cell's disks: a multi-pass sort
-- at SORT_AREA_SIZE = 500K (Guy Harrison, "Using SSD for a temp tablespace
-- on Exadata"). Flash comes out marginally worse: direct path read temp
-- about the same on both, with a flash spike above half a millisecond
-- where garbage collection (driven by the temp writes) holds the chips,
-- and direct path write temp clearly slower on flash. The disks sit behind
-- the cell's 512 MB write-back controller cache: it takes the writes and
-- serves the reads of what was just written. The flash grid disk is small
-- (96 MB) and the sort rewrites its temp file run after run, so its free
-- pages run low by the third sort.
-- Compare the third sort of each: the waits and their histograms.

LAB DEVICE flashdg TYPE pcie_flash blocks = 192;
LAB DEVICE datadg TYPE hdd cache_mb = 512;

create temporary tablespace temp_flash tempfile '+FLASHDG' size 64m;
create temporary tablespace temp_hdd tempfile '+DATADG' size 64m;

-- 100,000 rows of 96 characters in scattered order: a 20 MB sort.
create table sort_test (id number, pad varchar2(96));
insert into sort_test select rownum, lpad(mod(rownum * 7919, 100000), 96, '0') from dual connect by level <= 100000;
commit;

alter session set workarea_size_policy = manual;
alter session set sort_area_size = 512000;
set autotrace traceonly statistics

alter database default temporary tablespace temp_hdd;
select pad from sort_test order by pad;
select pad from sort_test order by pad;
select pad from sort_test order by pad;

alter database default temporary tablespace temp_flash;
select pad from sort_test order by pad;
select pad from sort_test order by pad;
select pad from sort_test order by pad;

select event, total_waits, time_waited_micro from v$system_event where event like 'direct path%temp';
select name, value from v$sysstat where name like 'workarea executions%' or name like 'sorts%';
select operation_type, policy, last_memory_used, last_execution, last_tempseg_size, multipasses_executions from v$sql_workarea;
