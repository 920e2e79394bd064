LAB RUN 'select count(*) from dual d0{{repeat 2599:, dual}}' BIND 1 TO 2;
