begin
  for i in 1..10000 loop
    for j in 1..10000 loop
      null;
    end loop;
  end loop;
end;
/
