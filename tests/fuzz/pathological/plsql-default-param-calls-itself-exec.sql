create or replace function f(n number default f()) return number is
begin
  return 1;
end;
/
exec dbms_output.put_line(f())
