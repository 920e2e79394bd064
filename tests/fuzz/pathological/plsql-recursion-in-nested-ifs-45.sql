create or replace procedure p(n number) is
begin
{{repeat 45:if n > 0 then
}}p(n - 1);
{{repeat 45:end if;
}}end;
/
exec p(100)
