-- Source: https://uhesse.com/2015/10/29/auto-optimizer-stats-after-ctas-or-direct-loads-in-oracle-12c/
-- Author: Uwe Hesse ("Auto optimizer stats after CTAS or direct loads in Oracle 12c")
-- Release: 12.1.0.2
-- The statements of the post's SQL*Plus session, without prompts and
-- output. SALES is the SH sample schema's table, in Uwe's schema ADAM.
-- Published figures (USER_TABLES):
--   after the CTAS of 100000 rows: NUM_ROWS 100000, BLOCKS 695
--   after TRUNCATE and a direct load of 200000: 200000, 1379
--   after a further direct load of 100000 into the non-empty table: unchanged
--   after TRUNCATE and a conventional insert: unchanged (200000, 1379)
--   after dbms_stats.gather_table_stats: 100000, 748
--
-- FIGURE cell 1 1 @ select num_rows,blocks from user_tables where table_name='NU' #1 = 100000
-- FIGURE cell 1 2 @ select num_rows,blocks from user_tables where table_name='NU' #1 = 695
-- FIGURE cell 1 1 @ select num_rows,blocks from user_tables where table_name='NU' #2 = 200000
-- FIGURE cell 1 1 @ select num_rows,blocks from user_tables where table_name='NU' #3 = 200000
-- FIGURE cell 1 1 @ select num_rows,blocks from user_tables where table_name='NU' #4 = 200000
-- FIGURE cell 1 1 @ select num_rows,blocks from user_tables where table_name='NU' #5 = 100000

select banner from v$version;
create table nu as select * from sales where rownum<=100000;
select num_rows,blocks from user_tables where table_name='NU';
truncate table nu;
insert /*+ append */ into nu select * from sales where rownum<=200000;
commit;
select num_rows,blocks from user_tables where table_name='NU';
insert /*+ append */ into nu select * from sales where rownum<=100000;
commit;
select num_rows,blocks from user_tables where table_name='NU';
truncate table nu;
insert into nu select * from sales where rownum<=100000;
commit;
select num_rows,blocks from user_tables where table_name='NU';
exec dbms_stats.gather_table_stats('ADAM','NU')
select num_rows,blocks from user_tables where table_name='NU';
