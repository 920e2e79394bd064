select 1 from dual where 1 = 1{{repeat 5999: and 1 = 1}};
