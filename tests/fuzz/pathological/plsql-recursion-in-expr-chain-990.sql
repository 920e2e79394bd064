create or replace function f(n number) return number is
begin
  if n <= 0 then return 0; end if;
  return f(n - 1){{repeat 990: + 0}};
end;
/
declare x number;
begin
  x := f(100);
end;
/
