declare
  n number;
begin
  select count(*) into n from dual where exists (select 1 from dual){{repeat 824: and exists (select 1 from dual)}};
end;
/
