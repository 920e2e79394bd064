-- "Undo and redo of an INSERT ... SELECT" (a 51CTO blog post, user
-- u_15067237; read through a proxy copy of
-- https://blog.51cto.com/u_15067237/4229941).
-- Release: not printed in the post (SQL*Plus in Chinese; an 11g-era
-- V$MYSTAT / V$STATNAME view); 8 KB blocks.
--
-- A million one-column rows (x = 1 .. 1,000,000) inserted by one INSERT
-- ... SELECT into a new heap table without an index, then committed. The
-- post's figures (its own subtraction of two readings of its view):
--
--   undo change vector size   2,372,516
--   redo size                15,699,812
--
-- Changes to the printed text: the post reads the two statistics through
-- a view (CREATE OR REPLACE VIEW m_undo_redo), which the lab does not
-- create (LAB-00001): its query is written out instead, twice; the post's
-- final SELECT of the two differences from DUAL (its figures typed in) is
-- left out. A CONNECT first: V$MYSTAT's values are the session's since it
-- connected, so the readings are the script's own whatever ran before it
-- (only their differences are the post's).
--
-- What the lab gives and why (engine-wasm/core/tests/array_dml.rs,
-- cto_million_row_array_insert): an array insert (docs/MODEL.md, "Array
-- inserts"): the rows go into blocks in arrays of at most 255, one record
-- per (array, block), each with one QMD undo record of 32 + 40 + 8 bytes
-- plus 2 bytes a row. Undo change vector size 2,422,560: 2.1% over the
-- post's (2,000,000 bytes of row slots + 5,282 records of 80 bytes).
-- Redo size 12,698,330, 19% under the post's: the lab writes no space
-- management redo (ASSM bitmap blocks, the high-water mark, the format of
-- each of the ~1,600 new blocks), which Oracle's figure includes.

connect scott/tiger

create table t (x int);

set timing on

select v$statname.name, value
from v$mystat, v$statname
where v$mystat.statistic# = v$statname.statistic#
  and (v$statname.name = 'redo size'
   or v$statname.name = 'undo change vector size');

insert into t select rownum from dual connect by level <= 1000000;

commit;

select v$statname.name, value
from v$mystat, v$statname
where v$mystat.statistic# = v$statname.statistic#
  and (v$statname.name = 'redo size'
   or v$statname.name = 'undo change vector size');
