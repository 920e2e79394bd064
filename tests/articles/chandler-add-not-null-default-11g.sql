-- Neil Chandler, "Adding NOT NULL Columns with DEFAULT values - 11G"
-- (30 October 2014, https://chandlerdba.com/tag/meta-data/) and its
-- sequel "Adding a DEFAULT column in 12C" (1 December 2014,
-- https://chandlerdba.com/tag/default/), which repeats the experiment.
-- Release: 11G (11.2) and 12C (12.1); 8 KB blocks.
--
-- A 10,000-row table of 1,000-byte CHAR rows in PCTFREE 1 blocks gets a
-- CHAR(1000) column added with DEFAULT 'EXPAND' NOT NULL: from 11g a
-- dictionary change, so the blocks do not grow (the statistics' average
-- row length counts the default, which queries return). Making the
-- column nullable afterwards writes the default into every row in 11g
-- (a NULL in the block could no longer stand for it): the rows double
-- and migrate, and the table more than doubles. 12c keeps the default in
-- the dictionary (a NULL has a flag column to tell it apart) and nothing
-- moves. The published figures (USER_TABLES after DBMS_STATS):
--
--                                   NUM_ROWS  BLOCKS  AVG_ROW_LEN
--   after the ADD (11G and 12C)       10000     1504      2017
--   after MODIFY NULL, 11G            10000     3394      2017
--   after MODIFY NULL, 12C            10000     1504      2017
--
-- Changes to the printed text: the column C2 is DATE where the post has
-- TIMESTAMP (the lab has no TIMESTAMP; a TIMESTAMP holding SYSDATE, with
-- no fractional seconds, is stored in 7 bytes as a DATE is); no schema
-- prefix (NCHA.); the chained-rows analysis (utlchain, ANALYZE ... LIST
-- CHAINED ROWS) is left out; a DROP first (ORA-00942 on a first run). This script runs under 11.2.0.2; the test
-- (engine-wasm/core/tests/alter_columns.rs) runs it under 19c too.

LAB VERSION 11.2.0.2;
drop table tab1;
create table tab1 (pk number, c2 date, filler char(1000)) pctfree 1;
alter table tab1 add constraint tab1_pk primary key (pk);
insert into tab1 select rownum id, sysdate, 'A' from dual connect by level <= 10000;
commit;
exec dbms_stats.gather_table_stats(user,'TAB1')
select table_name,num_rows,blocks,avg_space,avg_row_len from user_tables where table_name = 'TAB1';
alter table tab1 add (filler_default char(1000) default 'EXPAND' not null);
exec dbms_stats.gather_table_stats(user,'TAB1')
select table_name,num_rows,blocks,avg_space,avg_row_len from user_tables where table_name = 'TAB1';
alter table tab1 modify (filler_default null);
exec dbms_stats.gather_table_stats(user,'TAB1')
select table_name,num_rows,blocks,avg_space,avg_row_len from user_tables where table_name = 'TAB1';
select count(*) from tab1 where filler_default = 'EXPAND';
