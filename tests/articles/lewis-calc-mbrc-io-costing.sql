-- The tablescan's adjusted multiblock read count under I/O costing
-- (Jonathan Lewis, "Cost-Based Oracle Fundamentals", Apress 2006,
-- chapter 2 "Tablescans", script calc_mbrc.sql as the book's code
-- download carries it, e.g.
-- https://github.com/jongwony/notes/blob/master/file/9781590596364/2450/ch_02_tablescans/calc_mbrc.sql
-- tested on 8.1.7.4, 9.2.0.4 and 10.1.0.2). A 1,000-row table is made
-- to look huge with DBMS_STATS.SET_TABLE_STATS, then `count(*)` is
-- explained under /*+ nocpu_costing */ for each
-- db_file_multiblock_read_count. Lewis's results for a table of
-- 1,000,000 blocks (comp.databases.oracle.server, 1 November 2002,
-- https://www.orafaq.com/usenet/comp.databases.oracle.server/2002/11/01/0024.htm,
-- 9i: "ceil(table HWM / scaled dfmbrc) (plus one for oracle 9)"):
--   MBRC 4: 4.175, 8: 6.589, 16: 10.398, 32: 16.409, 64: 25.895,
--   128: 40.865 (the adjusted MBRC: blocks / (cost - 1)).
-- fuyuncat (hellodba.com, "Adjusted MBRC formula in CBO", 10 March 2010,
-- https://hellodba.com/reader.php?ID=13&lang=EN) measured them to nine
-- digits (8: 6.588755338, 16: 10.39779676, 32: 16.4088924, 64:
-- 25.89507721) and found the rule the lab costs with:
-- 1.6764459346 / 1.26733682^log2(MBRC) x MBRC (8 KB blocks).
-- The lab, 1,000,000 blocks: ceil(1,000,000 / 4.175086) + 1 = 239,518
-- (1,000,000 / 239,517 = 4.175); 8: 151,775 (6.589); 16: 96,176
-- (10.398); 32: 60,944 (16.409); 64: 38,619 (25.895); 128: 24,472
-- (40.865). The cpu_costing variant gives the release's CPU costing.
-- Lewis's table is 1,000 rows of 1 KB made `from all_objects` with
-- `nologging pctfree 90 pctused 10 storage (initial 40M)` (the lab
-- builds its rows from dual; the lines marked "(lab)") and the faked
-- size is his script's `&m_blocks` (128,000 in the download; 1,000,000
-- in the post above, used here).
-- (lab)
create table t1 as select rownum id, to_char(rownum) vc_small, rpad('x', 1000) padding from dual connect by level <= 1000;
analyze table t1 compute statistics;
begin
	dbms_stats.set_table_stats(
		ownname		=> null,
		tabname		=>'T1',
		numrows		=> 1000000,
		numblks		=> 1000000,
		avgrlen		=> 3500,
		flags		=> 0
	);
end;
/
set autotrace traceonly explain
alter session set db_file_multiblock_read_count = 4;
select /*+ nocpu_costing */ count(*) from t1;
alter session set db_file_multiblock_read_count = 8;
select /*+ nocpu_costing */ count(*) from t1;
select /*+ cpu_costing */ count(*) from t1;
alter session set db_file_multiblock_read_count = 16;
select /*+ nocpu_costing */ count(*) from t1;
alter session set db_file_multiblock_read_count = 32;
select /*+ nocpu_costing */ count(*) from t1;
alter session set db_file_multiblock_read_count = 64;
select /*+ nocpu_costing */ count(*) from t1;
alter session set db_file_multiblock_read_count = 128;
select /*+ nocpu_costing */ count(*) from t1;
set autotrace off
