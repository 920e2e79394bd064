set serveroutput on
declare
  x number;
begin
  x := 1{{repeat 989: + 1}};
  dbms_output.put_line(x);
end;
/
