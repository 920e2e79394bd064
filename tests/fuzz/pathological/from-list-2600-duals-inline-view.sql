select count(*) from (select * from dual d0{{repeat 2599:, dual}});
