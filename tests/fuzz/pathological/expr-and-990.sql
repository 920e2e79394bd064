select count(*) from dual where 1 = 1{{repeat 989: and 1 = 1}};
