-- Logical I/O evolution, 11g: a classic nested loop probing a unique
-- and a non-unique index. T1 and T2: 100,000 rows, 10 rows per block,
-- ids stored in two different random orders.

LAB VERSION 11.2.0.1;

create table t1 (id number not null, filler varchar2(700));
create table t2 (id number not null, filler varchar2(700));

exec dbms_random.seed(1)
insert into t1 select rownum, rpad('x', 700) from dual connect by level <= 100000 order by dbms_random.value;
exec dbms_random.seed(2)
insert into t2 select rownum, rpad('y', 700) from dual connect by level <= 100000 order by dbms_random.value;
commit;

create unique index t1_idx on t1 (id);
create index t2_idx on t2 (id);
exec dbms_stats.gather_table_stats(user, 'T1')
exec dbms_stats.gather_table_stats(user, 'T2')

set autotrace traceonly
-- Unique index probe: drive T2, probe T1.
select max(b_filler), max(a_filler) from (
  select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */
         a.filler as a_filler, b.filler as b_filler
  from t2 a, t1 b
  where b.id = a.id
);

-- Non-unique index probe: drive T1, probe T2.
select max(b_filler), max(a_filler) from (
  select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */
         a.filler as a_filler, b.filler as b_filler
  from t1 a, t2 b
  where b.id = a.id
);
set autotrace off
