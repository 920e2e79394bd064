LAB RUN 'select 1{{repeat 989: + 1}} from dual' BIND 1 TO 3;
