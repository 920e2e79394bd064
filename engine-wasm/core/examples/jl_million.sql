rem Jonathan Lewis's usual set-up (issue 29): a million rows from two
rem 10,000-row generators, an index, statistics and two queries. The lab
rem has no WITH clause, so the generator is written as an inline view.
create table t1
as
select
  rownum                 id,
  mod(rownum-1, 100)     n1,
  lpad(rownum,10,'0')    v1,
  rpad('x',100,'x')      padding
from
  (select rownum id from dual connect by level <= 1e4) v1,
  (select rownum id from dual connect by level <= 1e4) v2
where
  rownum <= 1e6
;

create index t1_i1 on t1(n1);

begin
  dbms_stats.gather_table_stats(user, 't1', method_opt => 'for all columns size 1');
end;
/

select count(*), max(v1) from t1 where n1 = 42;
select /*+ index(t1) */ sum(id) from t1 where n1 = 7;
