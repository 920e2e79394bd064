select count(*) from dual d0{{repeat 200:, dual}};
