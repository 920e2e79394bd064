--@ title Nested loops in 11g: buffer pinning and the inner index
-- A narrated demo (docs/DEMOS.md): play it with
--   npm run --silent lio -- play samples/demos/nested-loop-pinning-11g.sql
-- or run it as a plain scenario. The figures quoted with --@ expected are
-- those of 'Logical I/O Evolution - Part 3: 11g' (August 2011), classic
-- nested-loop shape (shared/seeds/logical-io-evolution-11g.txt).

--@ say Two tables of 100,000 rows, ten rows a block, ids in two different
--@ say random orders. T1 has a unique index on id, T2 a non-unique one.
--@ say A nested loop drives a full scan of one and probes the other.
--@ pause
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

set autotrace traceonly statistics
--@ say Probe the unique index: each probe reads the index root and leaf,
--@ say then the table block, three examination gets a row. The driving
--@ say table's blocks stay pinned while their rows are read.
--@ view structure segment=T1_IDX speed=20
--@ highlight buffer is pinned count
--@ expected consistent gets = 310012 source 'Logical I/O Evolution - Part 3: 11g', unique index probe
--@ expected consistent gets - examination = 300001 source same article
--@ expected buffer is pinned count = 99999 source same article
--@ expected index fetch by key = 100000 source same article
--@ pause
select max(b_filler), max(a_filler) from (
  select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */
         a.filler as a_filler, b.filler as b_filler
  from t2 a, t1 b
  where b.id = a.id
);

--@ say Now probe the non-unique index. About the same gets, but different
--@ say ones: a range scan instead of a unique probe, fewer examinations,
--@ say more pinned revisits, and many more cache buffers chains latch gets.
--@ view compare
--@ highlight buffer is pinned count
--@ expected consistent gets = 311108 source 'Logical I/O Evolution - Part 3: 11g', non-unique index probe
--@ expected consistent gets - examination = 100007 source same article
--@ expected buffer is pinned count = 199993 source same article
--@ expected index scans kdiixs1 = 100000 source same article
--@ focus
--@ pause
select max(b_filler), max(a_filler) from (
  select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */
         a.filler as a_filler, b.filler as b_filler
  from t1 a, t2 b
  where b.id = a.id
);
set autotrace off
--@ say Same number of logical I/Os, not the same work: the latch gets and
--@ say the pin counts tell the two plans apart.
