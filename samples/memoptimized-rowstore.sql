-- MemOptimized RowStore: one primary-key lookup on four structures
-- (Oracle 18c). t1 heap table + PK index, t2 index-organized table,
-- t3 single-table hash cluster, t4 heap table MEMOPTIMIZE FOR READ.
-- 100,000 rows each: key 1..100000, value a random string of 5..30 chars.

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

set autotrace traceonly
-- Each lookup runs twice: the second execution is the one to read.
select * from t1 where key = 42;
select * from t1 where key = 42;
select * from t2 where key = 42;
select * from t2 where key = 42;
select * from t3 where key = 42;
select * from t3 where key = 42;
-- t4 before population: the hash index misses, the lookup falls back.
select * from t4 where key = 42;
select * from t4 where key = 42;

exec dbms_memoptimize.populate(schema_name => user, table_name => 'T4')

-- t4 after population: answered from the memoptimize pool.
select * from t4 where key = 42;
select * from t4 where key = 42;
set autotrace off
