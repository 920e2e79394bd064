-- Logical I/O evolution, 11g, "Same random order": T1 and T2 stored in
-- the same random order, so consecutive outer rows find their inner rows
-- in the same table block. The non-unique probe keeps that block pinned
-- (article: 221,124 consistent gets, 289,977 buffer is pinned count); the
-- unique probe's examination shortcut cannot (310,012).
-- Then the redundant filter: in 11.2.0.1 a filter on the inner row turns
-- the unique probe's table visits into pinning normal gets (220,012); in
-- 11.2.0.2 it does not.

LAB VERSION 11.2.0.1;

create table t1 (id number not null, filler varchar2(700));
create table t2 (id number not null, filler varchar2(700));

exec dbms_random.seed(1)
insert into t1 select rownum, rpad('x', 700) from dual connect by level <= 100000 order by dbms_random.value;
exec dbms_random.seed(1)
insert into t2 select rownum, rpad('x', 700) from dual connect by level <= 100000 order by dbms_random.value;
commit;

create unique index t1_idx on t1 (id);
create index t2_idx on t2 (id);
exec dbms_stats.gather_table_stats(user, 'T1')
exec dbms_stats.gather_table_stats(user, 'T2')

set autotrace traceonly statistics
-- Unique index probe: drive T2, probe T1.
select max(b_filler), max(a_filler) from (
  select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */
         a.filler as a_filler, b.filler as b_filler
  from t2 a, t1 b
  where a.id = b.id
);

-- Non-unique index probe: drive T1, probe T2.
select max(b_filler), max(a_filler) from (
  select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */
         a.filler as a_filler, b.filler as b_filler
  from t1 a, t2 b
  where a.id = b.id
);

-- The redundant filter: every row passes it.
select max(b_filler), max(a_filler) from (
  select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */
         a.filler as a_filler, b.filler as b_filler
  from t2 a, t1 b
  where a.id = b.id
  and substr(b.filler, 1, 1) = 'x'
);

LAB VERSION 11.2.0.2;
select max(b_filler), max(a_filler) from (
  select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */
         a.filler as a_filler, b.filler as b_filler
  from t2 a, t1 b
  where a.id = b.id
  and substr(b.filler, 1, 1) = 'x'
);
set autotrace off
