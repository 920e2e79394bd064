declare n number; s varchar2(32767);
begin
  s := 'select count(*) from dual d0{{repeat 1000:, dual}} where 1{{repeat 300: + 0}} = ';
  for i in 1 .. 60 loop
    execute immediate s || i into n;
  end loop;
  dbms_output.put_line(length(s));
end;
/
