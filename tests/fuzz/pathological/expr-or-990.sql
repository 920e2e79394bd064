select count(*) from dual where 1 = 0{{repeat 989: or 1 = 0}};
