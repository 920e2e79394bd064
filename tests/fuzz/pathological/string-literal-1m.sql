select 'x{{repeat 1000000:y}}' from dual;
