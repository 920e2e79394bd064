LAB RUN 'select * from dual' BIND 1 TO 49999999 RUNS 1000;
