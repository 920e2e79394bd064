select 1{{repeat 989: + 1}} from dual;
