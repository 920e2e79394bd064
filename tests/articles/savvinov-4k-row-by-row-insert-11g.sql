-- Nikolay Savvinov, on his "4k bug" service request (December 2014):
-- https://savvinov.com/2014/12/
-- Release: Oracle Database 11g Enterprise Edition 11.2.0.3.0 (Solaris),
-- a 4 KB tablespace.
--
-- Oracle Support's answer: "an undocumented feature that controls the
-- insert mode depending on the estimated row size (the sum of all column
-- sizes). If the estimated column size exceeds the size of the block, then
-- Oracle switches to row-by-row processing." The same 10,000 rows
-- (x = 1..10000, 100 blanks of padding) into a table whose potential row
-- (NUMBER + VARCHAR2(4000), about 4,030 bytes) exceeds a 4 KB block's
-- space, then into one whose potential row (VARCHAR2(2000)) does not.
-- The article's figures (autotrace statistics of each INSERT):
--
--                     db block gets   redo size
--   t4k  (row by row)      11,200     3,733,140
--   t4k2 (array)            1,255     1,317,000
--
-- Changes to the printed text: the lab has one block size per database,
-- so the 4 KB tablespace is a 4 KB database (the first three lines), and
-- the article's "set autotrace on statonly" is written "set autotrace
-- traceonly statistics" (the statistics only, as the article shows).
--
-- What the lab gives and why (engine-wasm/core/tests/array_dml.rs):
--   t4k: 10,001 redo entries, one per row (Oracle's count is not printed),
--   10,101 db block gets (within 10% of 11,200), 2,439,881 bytes of redo;
--   t4k2: 352 redo entries, one per block and array of at most 255 rows,
--   1,167,617 bytes of redo (11% under 1,317,000): the rest is the
--   redo of space management the lab does not model (ASSM bitmap and
--   high-water-mark changes for the ~300 new blocks). t4k's redo size is
--   about a third low (the lab's per-row record overhead is the seeds'
--   calibrated one), and the array insert's db block gets are not
--   reproduced: 1,255, about four per new block, where the lab counts 358
--   (one per block and array, and the undo blocks), as it has no
--   space-management blocks to visit.

alter system set db_block_size = 4096 scope = spfile;
shutdown immediate
startup

select * from v$version;

set autotrace traceonly statistics

create table t4k(x number, padding varchar2(4000));

insert into t4k
select level, rpad(' ', 100, ' ')
from dual
connect by level <= 10000;

create table t4k2(x number, padding varchar2(2000));

insert into t4k2
select level, rpad(' ', 100, ' ')
from dual
connect by level <= 10000;
