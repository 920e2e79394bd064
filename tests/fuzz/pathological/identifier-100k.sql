select a{{repeat 100000:a}} from dual;
