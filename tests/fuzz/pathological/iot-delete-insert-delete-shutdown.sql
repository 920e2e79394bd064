-- Found by the fuzzer (generated 29220, seed 99): an IOT whose rows were deleted,
-- then rows inserted (the IOT row places were recomputed, reviving the deleted
-- rows), then a cached full-scan DELETE (its block order was stale) and a
-- SHUTDOWN that rolled the transaction back.
create table t1 (
  key integer,
  value varchar2(30 char),
  constraint t1_pk primary key (key)
) organization index;
exec dbms_random.seed(6)
insert into t1 select rownum * 2, rpad('x', 20) from xmltable('1 to 1428') order by dbms_random.value;
commit;
create index t1_i2 on t1 (key, key);
delete from t1;
declare
  x number := 0;
  v varchar2(100);
begin
  dbms_random.seed(68);
  for i in 0 .. 5 loop
    null;
  end loop;
  for i in 1 .. 28 loop
    insert into t1 (key, value) values (i + 67, dbms_random.string('x', 10));
  end loop;
  commit;
  x := to_number(abs(x)) - x;
end;
/
delete from t1;
insert into t1 values (137, null);
shutdown immediate
startup
LAB RUN 'select value from t1 where key = :1' BIND 3 TO 20 VIA jdbc_oci_net RUNS 3;
select sum(n) from (select level n from dual connect by level <= 655) where mod(n, 3) = 0;
LAB SESSION 3;