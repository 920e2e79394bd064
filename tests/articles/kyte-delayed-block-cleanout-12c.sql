-- Tom Kyte (with Darl Kuhn and Zahid Anwar), Expert Oracle Database
-- Architecture, 3rd edition (Apress, 2014), chapter "Redo and Undo",
-- section "Block Cleanout"; run on 12.1 (prompt EODA@ORA12CR1), 8 KB
-- blocks. The book's text as excerpted at
-- http://what-when-how.com/Tutorial/topic-863lsu/Expert-Oracle-Database-Architecture-339.html
--
-- A table with one row per block (three CHAR(2000) columns), 10,000 rows
-- inserted and committed; the blocks do not fit in a tenth of the buffer
-- cache, so the commit leaves them uncleaned and the first query that
-- reads them cleans them out. The book's figures (the session's redo size
-- around each PL/SQL block of 10,000 primary-key lookups):
--
--   first read after the commit   802632 bytes of redo generated...
--   second read                        0 bytes of redo generated...
--
-- The book gives no cache size; it says the table "doesn't fit into the
-- cache" and that with a cache of "a little more than 100,000 blocks" the
-- selects would generate little to no redo. The script sets a 16 MB cache
-- (2,048 buffers: a commit cleans at most 204 blocks, and the first
-- blocks inserted have left the cache by the commit). Changes to the
-- book's text: the lab's default release (19c, whose change vectors have
-- 12.1's 32-byte headers) stands for 12.1, which the lab has no profile
-- for; DBMS_STATS.SET_TABLE_STATS (which the book calls only to avoid a
-- hard parse's side effects) is left out, the lab refusing it (LAB-00001);
-- the book's GET_STAT_VAL function is a query of V$SESSTAT; a CONNECT first
-- gives the script a session of its own.
--
-- What the lab gives and why (engine-wasm/core/tests/block_cleanout.rs):
-- 800,080 bytes for the first read (-0.3%), 0 for the second: one op 4.1
-- record of 80 bytes (record header 24, vector header 32, length array 4,
-- the cleanout of one ITL 20) for each of the 10,000 table blocks and the
-- index leaf the inserts changed as the lab placed them (Oracle's index
-- of 10,000 keys splits into some 20 leaves as it grows: its 802,632 is
-- 10,033 records of 80 bytes).

alter system set db_cache_size = 16M scope = spfile;
shutdown immediate
startup

connect eoda/foo

create table t
( id number primary key,
  x char(2000),
  y char(2000),
  z char(2000)
)
/

declare
  l_rec t%rowtype;
begin
  for i in 1 .. 10000
  loop
    select * into l_rec from t where id=i;
  end loop;
end;
/

insert into t
select rownum, 'x', 'y', 'z'
  from all_objects
 where rownum <= 10000;
commit;

select n.name, s.value
  from v$statname n, v$sesstat s
 where n.statistic# = s.statistic#
   and s.sid = sys_context('userenv', 'sid')
   and n.name = 'redo size';

declare
  l_rec t%rowtype;
begin
  for i in 1 .. 10000
  loop
    select * into l_rec from t where id=i;
  end loop;
end;
/

select n.name, s.value
  from v$statname n, v$sesstat s
 where n.statistic# = s.statistic#
   and s.sid = sys_context('userenv', 'sid')
   and n.name = 'redo size';

declare
  l_rec t%rowtype;
begin
  for i in 1 .. 10000
  loop
    select * into l_rec from t where id=i;
  end loop;
end;
/

select n.name, s.value
  from v$statname n, v$sesstat s
 where n.statistic# = s.statistic#
   and s.sid = sys_context('userenv', 'sid')
   and n.name = 'redo size';
