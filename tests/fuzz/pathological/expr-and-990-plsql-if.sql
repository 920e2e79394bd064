set serveroutput on
begin
  if 1 = 1{{repeat 989: and 1 = 1}} then
    dbms_output.put_line('y');
  end if;
end;
/
