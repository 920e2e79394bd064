LAB SET network_rtt_us = 1e308;
LAB SET network_bytes_per_us = 0;
LAB SET row_us = 1e308;
LAB RUN 'select * from dual where 1 = :1' BIND 1 TO 1000 RUNS 5;
select count(*) from dual connect by level <= 1000;
