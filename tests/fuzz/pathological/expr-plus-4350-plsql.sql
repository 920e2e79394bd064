declare
  x number;
begin
  x := 1{{repeat 4349: + 1}};
end;
/
