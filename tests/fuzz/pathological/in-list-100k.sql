select 1 from dual where 1 in (1{{repeat 99999:, 1}});
