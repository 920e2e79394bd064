create or replace function f(n number default f) return number is
begin
  return 1;
end;
/
declare x number;
begin
  x := f;
end;
/
