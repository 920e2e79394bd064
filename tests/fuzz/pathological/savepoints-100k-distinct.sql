begin
  for i in 1 .. 100000 loop
    execute immediate 'savepoint s' || i;
  end loop;
end;
/
