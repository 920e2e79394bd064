-- AskTom, "Questions about the upper limit of records in one database
-- block", asked by Joe, answered by Connor McDonald (asked 16 August
-- 2016, updated 22 August 2016), Oracle 11.2.0.4, 8 KB blocks:
-- http://asktom.oracle.com/pls/asktom/f?p=100:11:0::::P11_QUESTION_ID:9531267800346351870
--
-- The question's script, pasted as printed. Its figures (rows per block,
-- from dbms_rowid.rowid_block_number):
--   CH1 char(1), 'c':     733 733 733 733 67
--   CH5 char(5), 'ccccc': 733 733 733 733 67
--   CH6 char(6), 'ccccc': 672 672 672 672 311
-- CH6 holds the same 5 characters as CH5 but stores them blank-padded to
-- 6 bytes, so fewer rows fit in a block.
-- The lab does not run `connect by level<3000` (LEVEL < n) nor
-- dbms_rowid: the lines marked "(lab)" replace them with `level <= 2999`
-- and the test counts rows per block from the lab's own row locations
-- (engine-wasm/core/tests/articles_char.rs).
create table CH1(c char(1)) pctfree 0;
-- (lab) insert into CH1 select 'c' from dual connect by level<3000;
insert into CH1 select 'c' from dual connect by level <= 2999;
create table CH5(c char(5)) pctfree 0;
-- (lab) insert into CH5 select 'ccccc' from dual connect by level<3000;
insert into CH5 select 'ccccc' from dual connect by level <= 2999;
create table CH6(c char(6)) pctfree 0;
-- (lab) insert into CH6 select 'ccccc' from dual connect by level<3000;
insert into CH6 select 'ccccc' from dual connect by level <= 2999;
