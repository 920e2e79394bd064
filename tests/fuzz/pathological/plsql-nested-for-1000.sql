begin
{{repeat 1000:for i in 1..1 loop
}}null;
{{repeat 1000:end loop;
}}end;
/
