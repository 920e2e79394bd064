-- The SQL of ../../../shared/seeds/logical-io-evolution-11g.txt, pasted as
-- printed. The article builds T1 and T2 in earlier parts of its series;
-- the lines marked "(lab)" build them here (10,000 rows, 10 per block, in
-- two different random orders) so the scripts run quickly. The article's
-- figures (100,000 rows) are reproduced by the calibration tests.
-- (lab)
LAB VERSION 11.2.0.1;
-- (lab)
create table t1 (id number not null, filler varchar2(700));
-- (lab)
create table t2 (id number not null, filler varchar2(700));
-- (lab)
exec dbms_random.seed(1)
-- (lab)
insert into t1 select rownum, rpad('x', 700) from dual connect by level <= 10000 order by dbms_random.value;
-- (lab)
exec dbms_random.seed(2)
-- (lab)
insert into t2 select rownum, rpad('y', 700) from dual connect by level <= 10000 order by dbms_random.value;
-- (lab)
commit;
-- (lab)
create unique index t1_idx on t1 (id);
-- (lab)
create index t2_idx on t2 (id);
-- (lab)
exec dbms_stats.gather_table_stats(user, 'T1')
-- (lab)
exec dbms_stats.gather_table_stats(user, 'T2')

select
max(b_filler), max(a_filler)
from (
select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */
a.id as a_id, a.filler as a_filler, b.id as b_id, b.filler as b_filler
from
t2 a
, t1 b
where
a.id = b.id
);

select
max(b_filler), max(a_filler)
from (
select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */
a.id as a_id, a.filler as a_filler, b.id as b_id, b.filler as b_filler
from
t2 a
, t1 b
where
a.id = b.id
and substr(b.filler, 1, 1) = 'x'
);

-- The article elides all but the hint of its batching and prefetch variants.
select
max(b_filler), max(a_filler)
from (
select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 1) no_nlj_prefetch(b) */
a.id as a_id, a.filler as a_filler, b.id as b_id, b.filler as b_filler
from
t2 a
, t1 b
where
a.id = b.id
and substr(b.filler, 1, 1) = 'x'
);

select
max(b_filler), max(a_filler)
from (
select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) nlj_prefetch(b) */
a.id as a_id, a.filler as a_filler, b.id as b_id, b.filler as b_filler
from
t2 a
, t1 b
where
a.id = b.id
);

alter system set "_fastpin_enable" = 0 scope = spfile;
