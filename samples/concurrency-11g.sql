-- Many sessions at once (the 11g article's "Scalability" section): the
-- unique-index nested loop of nested-loops-11g.sql run by four sessions at
-- once. In 11.2 the shortcut (examination) gets on the inner table are
-- downgraded to normal gets through RowCR while other sessions run:
-- per session about 310,000 consistent gets of which 200,000 examination,
-- 100,000 RowCR attempts and hits and shared hash latch upgrades, and about
-- 420,000 CBC latch gets per session instead of 320,000. _row_cr = false
-- switches the downgrade off. Then eight sessions of primary-key lookups from PL/SQL
-- share two CPUs: the session timeline (Structure tab) shows the run queue.

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

LAB RUN 'select max(b_filler), max(a_filler) from (select /*+ leading(a) use_nl(a b) opt_param(''_nlj_batching_enabled'', 0) no_nlj_prefetch(b) */ a.filler as a_filler, b.filler as b_filler from t2 a, t1 b where b.id = a.id)' VIA plsql SESSIONS 4;

alter system set "_row_cr" = false;
LAB RUN 'select max(b_filler), max(a_filler) from (select /*+ leading(a) use_nl(a b) opt_param(''_nlj_batching_enabled'', 0) no_nlj_prefetch(b) */ a.filler as a_filler, b.filler as b_filler from t2 a, t1 b where b.id = a.id)' VIA plsql SESSIONS 4;
alter system set "_row_cr" = true;

LAB SET cpu_count = 2;
LAB RUN 'select filler from t1 where id = :1' BIND 1 TO 8000 VIA plsql SESSIONS 8;
