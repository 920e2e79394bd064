{{repeat 500000:select 1 from dual;
}}