--@ title The MemOptimized RowStore story (Oracle 18c)
-- A narrated demo (docs/DEMOS.md): play it with
--   npm run --silent lio -- play samples/demos/memoptimized-story.sql
-- or run it as a plain scenario. Figures quoted with --@ expected come from
-- the MemOptimized RowStore articles (shared/seeds/memoptimized-rowstore-18c*.txt).

--@ say Four ways to store the same 100,000 rows, and one primary-key lookup
--@ say on each: a heap table with its index, an index-organized table, a
--@ say single-table hash cluster, and a heap table MEMOPTIMIZE FOR READ.
--@ pause
LAB VERSION 18c;
alter system set memoptimize_pool_size = 100M scope=spfile;
alter system set db_keep_cache_size = 64M scope=spfile;
shutdown immediate
startup

create table t1 (
  key   integer not null,
  value varchar2(30 char) not null,
  constraint t1_pk primary key (key)
) storage (buffer_pool keep);
alter index t1_pk storage (buffer_pool keep);
create table t2 (
  key   integer not null,
  value varchar2(30 char) not null,
  constraint t2_pk primary key (key)
) organization index storage (buffer_pool keep);
create cluster c3 (key integer) size 256 single table hashkeys 100000
  storage (buffer_pool keep);
create table t3 (
  key   integer not null,
  value varchar2(30 char) not null,
  constraint t3_pk primary key (key)
) cluster c3 (key);
create table t4 (
  key   integer not null,
  value varchar2(30 char) not null,
  constraint t4_pk primary key (key)
) segment creation immediate memoptimize for read;

exec dbms_random.seed(0)
insert into t1 select rownum, dbms_random.string('x', round(dbms_random.value(5, 30), 0)) from xmltable('1 to 100000');
exec dbms_random.seed(0)
insert into t2 select rownum, dbms_random.string('x', round(dbms_random.value(5, 30), 0)) from xmltable('1 to 100000');
exec dbms_random.seed(0)
insert into t3 select rownum, dbms_random.string('x', round(dbms_random.value(5, 30), 0)) from xmltable('1 to 100000');
exec dbms_random.seed(0)
insert into t4 select rownum, dbms_random.string('x', round(dbms_random.value(5, 30), 0)) from xmltable('1 to 100000');
commit;
exec dbms_stats.gather_table_stats(user, 'T1')
exec dbms_stats.gather_table_stats(user, 'T2')
exec dbms_stats.gather_table_stats(user, 'T3')
exec dbms_stats.gather_table_stats(user, 'T4')

set autotrace traceonly statistics
select * from t1 where key = 42;
--@ say The heap table: root block, leaf block, table block. Three
--@ say consistent gets, each an examination: no pin is kept.
--@ view structure segment=T1 speed=5
--@ highlight consistent gets
--@ expected consistent gets = 3 source 'MemOptimized RowStore in Oracle Database 18c', autotrace, 2nd execution
--@ pause
select * from t1 where key = 42;
select * from t2 where key = 42;
--@ say The IOT keeps the row in the index leaf: two gets.
--@ expected consistent gets = 2 source 'MemOptimized RowStore in Oracle Database 18c'
--@ pause
select * from t2 where key = 42;
select * from t3 where key = 42;
--@ say The hash cluster computes the block from the key: one get, a pin.
--@ expected consistent gets = 1 source 'MemOptimized RowStore in Oracle Database 18c'
--@ expected consistent gets pin = 1 source 'MemOptimized RowStore in Oracle Database 18c'
--@ pause
select * from t3 where key = 42;
select * from t4 where key = 42;
--@ say MEMOPTIMIZE FOR READ before the table is populated: the hash index
--@ say misses, and the lookup falls back to the index path.
--@ expected consistent gets = 3 source 'MemOptimized RowStore in Oracle Database 18c'
--@ expected memopt r misses = 1 source 'MemOptimized RowStore in Oracle Database 18c'
--@ pause
select * from t4 where key = 42;
exec dbms_memoptimize.populate(schema_name => user, table_name => 'T4')
select * from t4 where key = 42;
--@ say Populated: the row comes from the memoptimize pool. No buffer cache
--@ say get at all.
--@ view structure segment=T4 speed=2
--@ highlight memopt r hits
--@ expected consistent gets = 0 source 'MemOptimized RowStore in Oracle Database 18c'
--@ expected memopt r hits = 1 source 'MemOptimized RowStore in Oracle Database 18c'
--@ focus
--@ pause
select * from t4 where key = 42;
set autotrace off

--@ say But from PL/SQL, 100,000 lookups on the populated t4 never take the
--@ say fast path: three consistent gets each, no memopt r lookups.
--@ view flame
--@ expected consistent gets = 300025 source 'MemOptimized RowStore in Oracle Database 18c', V$SESSTAT for the whole session
--@ expected memopt r lookups = 0 source 'MemOptimized RowStore in Oracle Database 18c'
--@ pause
declare
  v varchar2(30);
begin
  for i in 1 .. 100000 loop
    execute immediate 'select value from t4 where key = :1' into v using i;
  end loop;
end;
/

--@ say From Java, the JDBC thin driver finds the row in the memoptimize
--@ say area, yet t4 is the slowest table; through OCI it is the fastest.
--@ say 100,000 lookups, 5 runs, the mean of the 3 middle runs.
--@ expected trimmed mean (s) = 11.672 source 'MemOptimized RowStore in Oracle Database 18c with OCI', JDBC thin t1
--@ pause
LAB RUN 'select value from t1 where key = :1' BIND 1 TO 100000 VIA jdbc_thin RUNS 5;
--@ expected trimmed mean (s) = 19.305 source 'MemOptimized RowStore in Oracle Database 18c with OCI', JDBC thin t4
LAB RUN 'select value from t4 where key = :1' BIND 1 TO 100000 VIA jdbc_thin RUNS 5;
--@ expected trimmed mean (s) = 12.987 source 'MemOptimized RowStore in Oracle Database 18c with OCI', JDBC OCI over Net t1
LAB RUN 'select value from t1 where key = :1' BIND 1 TO 100000 VIA jdbc_oci_net RUNS 5;
--@ say Same lookups through OCI: now t4 wins.
--@ view compare
--@ expected trimmed mean (s) = 11.448 source 'MemOptimized RowStore in Oracle Database 18c with OCI', JDBC OCI over Net t4
--@ pause
LAB RUN 'select value from t4 where key = :1' BIND 1 TO 100000 VIA jdbc_oci_net RUNS 5;
--@ say The feature works; the 18c thin driver has no fast-lookup call, so
--@ say each hit costs it a second round trip and user call, which hide it.
