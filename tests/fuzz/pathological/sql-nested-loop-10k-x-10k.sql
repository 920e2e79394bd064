create table a (n number);
create table b (n number);
insert into a select level from dual connect by level <= 10000;
insert into b select level from dual connect by level <= 10000;
select /*+ leading(a) use_nl(a b) */ count(*) from a, b where a.n = b.n;
