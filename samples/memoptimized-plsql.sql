-- 100,000 primary-key lookups on a populated memoptimized table from
-- PL/SQL: PL/SQL never takes the MemOptimized fast path.

LAB VERSION 18c;
alter system set memoptimize_pool_size = 100M scope=spfile;
shutdown immediate
startup

create table t4 (
  key   integer not null,
  value varchar2(30 char) not null,
  constraint t4_pk primary key (key)
) segment creation immediate memoptimize for read;

exec dbms_random.seed(0)
insert into t4 select rownum, dbms_random.string('x', round(dbms_random.value(5, 30), 0)) from xmltable('1 to 100000');
commit;
exec dbms_stats.gather_table_stats(user, 'T4')
exec dbms_memoptimize.populate(schema_name => user, table_name => 'T4')

declare
  v varchar2(30);
begin
  for i in 1 .. 100000 loop
    execute immediate 'select value from t4 where key = :1' into v using i;
  end loop;
end;
/
