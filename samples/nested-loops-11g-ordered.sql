-- Logical I/O evolution, 11g, "Ordered Data Sets": T1 and T2 both stored
-- in id order. Each probe continues where the previous one stopped, so the
-- inner index scan reuses the leaf it kept pinned: no get and no statistic
-- for most probes (the article's "missing buffer visits"). The non-unique
-- probe visits 500,000 buffers with about 33,000 logical I/Os; the unique
-- probe still takes the examination shortcut on the table (122,324).
-- Then the redundant filter (11.2.0.1), NLJ batching and table prefetch
-- shapes, and fast pins disabled (no fastpath statistics, same totals).

LAB VERSION 11.2.0.1;

create table t1 (id number not null, filler varchar2(700));
create table t2 (id number not null, filler varchar2(700));

insert into t1 select rownum, rpad('x', 700) from dual connect by level <= 100000 order by 1;
insert into t2 select rownum, rpad('x', 700) from dual connect by level <= 100000 order by 1;
commit;

create unique index t1_idx on t1 (id);
create index t2_idx on t2 (id);
exec dbms_stats.gather_table_stats(user, 'T1')
exec dbms_stats.gather_table_stats(user, 'T2')

set autotrace traceonly
-- Classic shape, unique index probe.
select max(b_filler), max(a_filler) from (
  select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */
         a.filler as a_filler, b.filler as b_filler
  from t2 a, t1 b
  where a.id = b.id
);

-- Classic shape, non-unique index probe.
select max(b_filler), max(a_filler) from (
  select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */
         a.filler as a_filler, b.filler as b_filler
  from t1 a, t2 b
  where a.id = b.id
);

-- The redundant filter: the unique probe pins its table blocks too.
select max(b_filler), max(a_filler) from (
  select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */
         a.filler as a_filler, b.filler as b_filler
  from t2 a, t1 b
  where a.id = b.id
  and substr(b.filler, 1, 1) = 'x'
);

-- NLJ batching: two NESTED LOOPS lines, the same figures.
select max(b_filler), max(a_filler) from (
  select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 1) no_nlj_prefetch(b) */
         a.filler as a_filler, b.filler as b_filler
  from t2 a, t1 b
  where a.id = b.id
  and substr(b.filler, 1, 1) = 'x'
);

-- Table prefetch: TABLE ACCESS BY INDEX ROWID above the loop.
select max(b_filler), max(a_filler) from (
  select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) nlj_prefetch(b) */
         a.filler as a_filler, b.filler as b_filler
  from t2 a, t1 b
  where a.id = b.id
);

-- Fast pins disabled: no "(fastpath)" gets, the same totals.
alter system set "_fastpin_enable" = 0 scope = spfile;
shutdown immediate
startup
select max(b_filler), max(a_filler) from (
  select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */
         a.filler as a_filler, b.filler as b_filler
  from t2 a, t1 b
  where a.id = b.id
  and substr(b.filler, 1, 1) = 'x'
);
set autotrace off
