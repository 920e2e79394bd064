-- 10,000 distinct 32 KB statements: V$SQL's texts count in the memory budget.
declare n number; s varchar2(32767) := rpad('x', 32000, 'x');
begin
  for i in 1 .. 10000 loop
    execute immediate 'select ' || i || ' /* ' || s || ' */ from dual' into n;
  end loop;
end;
/
select count(*) from v$sql;
