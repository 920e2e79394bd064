select 1{{repeat 9999:, 1}} from dual;
