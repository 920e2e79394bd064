select {{repeat 5000:case when 1 = 1 then }}1{{repeat 5000: end}} from dual;
