declare n number;
begin
  select count(*) into n from dual d0{{repeat 2599:, dual}};
end;
/
