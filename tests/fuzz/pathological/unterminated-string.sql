select 'unterminated from dual;
{{repeat 1000:select 1 from dual;
}}