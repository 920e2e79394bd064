LAB RUN 'select * from dual' BIND 1 TO 100000 RUNS 1000;
