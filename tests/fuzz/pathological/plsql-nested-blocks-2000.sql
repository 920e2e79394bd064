begin
{{repeat 2000:begin
}}null;
{{repeat 2000:end;
}}end;
/
