-- Source: https://hemantoracledba.blogspot.com/2009/
-- Author: Hemant K Chitale (Hemant's Oracle DBA Blog, 2009)
-- Release: Oracle 10g (2009 blog, SQL*Plus spool)
-- The statements of the spooled run, without the prompts and output.
-- Published figures (the counts of distinct values):
--   c1_10d_numbers 10, c2_100d_numbers 100, c3_10d_varchars 10,
--   c4_100d_varchars 100, c5_dummy 10000
--
-- FIGURE cell 1 1 @ select count(distinct(c1_10d_numbers)) = 10
-- FIGURE cell 1 1 @ select count(distinct(c2_100d_numbers)) = 100
-- FIGURE cell 1 1 @ select count(distinct(c3_10d_varchars)) = 10
-- FIGURE cell 1 1 @ select count(distinct(c4_100d_varchars)) = 100
-- FIGURE cell 1 1 @ select count(distinct(c5_dummy)) = 10000

col column_name format a30

Drop Table TEST_SIZE_SPEC purge;

Create Table TEST_SIZE_SPEC (
c1_10d_numbers number not null,
c2_100d_numbers number not null,
c3_10d_varchars varchar2(5) not null,
c4_100d_varchars varchar2(5) not null,
c5_dummy number not null)
/

declare
i number;
begin
for i in 1..10000
loop
insert into TEST_SIZE_SPEC values (
mod(i,10), mod(i,100), 'C3_'||mod(i,10),'C4_'||mod(i,100), i
);
end loop;
end;
/

select count(distinct(c1_10d_numbers)) from TEST_SIZE_SPEC;
select count(distinct(c2_100d_numbers)) from TEST_SIZE_SPEC;
select count(distinct(c3_10d_varchars)) from TEST_SIZE_SPEC;
select count(distinct(c4_100d_varchars)) from TEST_SIZE_SPEC;
select count(distinct(c5_dummy)) from TEST_SIZE_SPEC;


REM =========================================================================================================
REM =========================================================================================================
-- Gather stats with 100% sampling but SIZE 250
exec dbms_stats.gather_table_stats('','TEST_SIZE_SPEC',estimate_percent=>100,method_opt=>'FOR ALL COLUMNS SIZE 250');

-- Review column statistics, histograms
select column_name, sample_size, num_distinct, histogram, num_buckets
from user_tab_columns
where table_name = 'TEST_SIZE_SPEC'
order by column_name
/
