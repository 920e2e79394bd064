create or replace function f(n number) return number is
  r number;
begin
  if n <= 0 then
    select count(*) into r from dual d0{{repeat 1022:, dual}}, dual dz where length(d0.dummy){{repeat 995: + 0}} = length(dz.dummy);
    return r;
  end if;
  return f(n - 1){{repeat 22: + 0}};
end;
/
declare x number;
begin
  x := f(47);
  dbms_output.put_line(x);
end;
/
