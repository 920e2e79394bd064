create or replace function f(n number) return number is
begin
  if n <= 0 then return 0; end if;
  return {{repeat 150:abs(}}f(n - 1){{repeat 150:)}};
end;
/
declare x number;
begin
  x := f(100);
end;
/
