select count(*) from dual d0{{repeat 2599:, dual}};
