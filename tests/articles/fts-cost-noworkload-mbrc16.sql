-- A worked full table scan cost, page 2 of a cppentry.com post (in
-- Chinese; its author is not named on the page):
-- https://cppentry.com/bencandy.php?aid=84491&fid=57&page=2
-- The page does not name its release; it has CPU costing with noworkload
-- system statistics (10g and later), 8 KB blocks and
-- db_file_multiblock_read_count set to 16. The page's figures:
--   TEST: BLOCKS 1000 (1,000 rows, one a block), CPUSPEEDNW 2696.05568,
--   IOSEEKTIM 10, IOTFRSPEED 4096: MREADTIM = 10 + 16 * 8192 / 4096 = 42,
--   SREADTIM = 10 + 8192 / 4096 = 12; CPU_COST of count(*) 7,271,440;
--   `select count(*) from test`: TABLE ACCESS FULL | TEST | 1000 | 220 (0)
--   and, with "_table_scan_cost_plus_one" = false, 219 (0):
--   ceil(1000 / 16 * 42 / 12 + 7271440 / 2696.05568 / 12 / 1000) = 219.
-- The lab: BLOCKS 1001 (its segment's high-water mark counts one block
-- more), so IO = ceil(1001 / 16 * 42 / 12) = ceil(218.97) = 219, plus one
-- 220; CPU = 1001 * 7121.44 + 1000 * 150 = 7,278,561 cycles, 0.22 of a
-- single-block read: 220 and 219 as published.
-- The page fills its table with `pctfree 99` and `minimize
-- records_per_block`, which the lab does not model; the lines marked
-- "(lab)" make the same shape (one row a block) with two 2,100-byte
-- columns. The test is engine-wasm/core/tests/cbo_costs.rs.
-- (lab)
LAB VERSION 11.2.0.1;
-- (lab)
create table test (id number, pad1 varchar2(4000), pad2 varchar2(4000));
-- (lab)
insert into test select level, rpad('x', 2100), rpad('y', 2100) from dual connect by level <= 1000;
-- (lab)
commit;
exec dbms_stats.gather_table_stats(user, 'TEST')
select blocks, num_rows from user_tables where table_name = 'TEST';
-- (lab) the page's machine's CPU speed (its SYS.AUX_STATS$)
exec dbms_stats.set_system_stats('CPUSPEEDNW', 2696.05568)
alter system set db_file_multiblock_read_count=16;
set autotrace traceonly explain
select count(*) from test;
alter session set "_table_scan_cost_plus_one"=false;
select count(*) from test;
set autotrace off
-- (lab) back to the lab's machine for whatever runs next
exec dbms_stats.delete_system_stats
