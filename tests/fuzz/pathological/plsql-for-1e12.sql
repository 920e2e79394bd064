begin
  for i in 1..1e12 loop null; end loop;
end;
/
