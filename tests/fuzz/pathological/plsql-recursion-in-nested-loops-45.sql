create or replace procedure p(n number) is
begin
{{repeat 45:for i in 1 .. 1 loop
}}if n > 0 then p(n - 1); end if;
{{repeat 45:end loop;
}}end;
/
exec p(100)
