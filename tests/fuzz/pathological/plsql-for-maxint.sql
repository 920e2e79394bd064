begin
  for i in 9223372036854775807..9223372036854775807 loop null; end loop;
end;
/
