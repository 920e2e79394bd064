-- Why the same index range scan costs 7x more logical I/O on a table
-- whose rows are in random order (the clustering factor), and why the
-- fetch size matters: after Tom Kyte's COLOCATED / DISORGANIZED example.
-- Rows are 100,000 of (x, y): x 1..100000, y a 75-character string.

LAB VERSION 11.2.0.2;

create table colocated (x number not null, y varchar2(80));
exec dbms_random.seed(0)
insert into colocated select rownum, rpad(dbms_random.random, 75, '*') from dual connect by level <= 100000;
create unique index colocated_pk on colocated (x);

-- The same rows, stored in the order of y: random with respect to x.
create table disorganized as select x, y from colocated order by y;
create unique index disorganized_pk on disorganized (x);

exec dbms_stats.gather_table_stats(user, 'COLOCATED')
exec dbms_stats.gather_table_stats(user, 'DISORGANIZED')

set arraysize 15
set autotrace traceonly statistics
select /*+ index(colocated colocated_pk) */ * from colocated where x between 20000 and 40000;
select /*+ index(colocated colocated_pk) */ * from colocated where x between 20000 and 40000;
select /*+ index(disorganized disorganized_pk) */ * from disorganized where x between 20000 and 40000;
select /*+ index(disorganized disorganized_pk) */ * from disorganized where x between 20000 and 40000;

-- A larger array size: fewer fetch calls, fewer re-gets of the same blocks.
set arraysize 100
select /*+ index(colocated colocated_pk) */ * from colocated where x between 20000 and 40000;
select /*+ index(colocated colocated_pk) */ * from colocated where x between 20000 and 40000;
select /*+ index(disorganized disorganized_pk) */ * from disorganized where x between 20000 and 40000;
select /*+ index(disorganized disorganized_pk) */ * from disorganized where x between 20000 and 40000;
set autotrace off
