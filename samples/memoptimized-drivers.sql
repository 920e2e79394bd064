-- MemOptimized RowStore from Java: 100,000 primary-key lookups per run,
-- 5 runs, through JDBC thin, JDBC OCI over Oracle Net and JDBC OCI
-- bequeath, on t1 heap, t2 IOT, t3 hash cluster and t4 memoptimized.
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
exec dbms_memoptimize.populate(schema_name => user, table_name => 'T4')

LAB RUN 'select value from t1 where key = :1' BIND 1 TO 100000 VIA jdbc_thin RUNS 5;
LAB RUN 'select value from t2 where key = :1' BIND 1 TO 100000 VIA jdbc_thin RUNS 5;
LAB RUN 'select value from t3 where key = :1' BIND 1 TO 100000 VIA jdbc_thin RUNS 5;
LAB RUN 'select value from t4 where key = :1' BIND 1 TO 100000 VIA jdbc_thin RUNS 5;

LAB RUN 'select value from t1 where key = :1' BIND 1 TO 100000 VIA jdbc_oci_net RUNS 5;
LAB RUN 'select value from t2 where key = :1' BIND 1 TO 100000 VIA jdbc_oci_net RUNS 5;
LAB RUN 'select value from t3 where key = :1' BIND 1 TO 100000 VIA jdbc_oci_net RUNS 5;
LAB RUN 'select value from t4 where key = :1' BIND 1 TO 100000 VIA jdbc_oci_net RUNS 5;

LAB RUN 'select value from t1 where key = :1' BIND 1 TO 100000 VIA jdbc_oci_bequeath RUNS 5;
LAB RUN 'select value from t2 where key = :1' BIND 1 TO 100000 VIA jdbc_oci_bequeath RUNS 5;
LAB RUN 'select value from t3 where key = :1' BIND 1 TO 100000 VIA jdbc_oci_bequeath RUNS 5;
LAB RUN 'select value from t4 where key = :1' BIND 1 TO 100000 VIA jdbc_oci_bequeath RUNS 5;
