select count(*) from {{repeat 1000:(select * from }}dual{{repeat 1000:)}};
