set serveroutput on
LAB SET max_memory_mb = 64;
begin
  for i in 1..200000 loop
    dbms_output.put_line(rpad('x', 32767, 'x'));
  end loop;
end;
/
