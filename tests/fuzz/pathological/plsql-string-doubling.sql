declare s varchar2(32767) := 'x'; begin for i in 1..32 loop s := s || s; end loop; end;
/
declare s clob := 'x'; begin for i in 1..40 loop s := s || s; end loop; end;
/
select 1 from dual;
