begin
  null;
