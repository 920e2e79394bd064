select 'a'{{repeat 989: || 'a'}} from dual;
