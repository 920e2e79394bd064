create table t (n number);
insert into t values (1{{repeat 989: + 1}});
update t set n = 1{{repeat 989: + 1}} where 1 = 1{{repeat 989: and 1 = 1}};
delete from t where 1 = 1{{repeat 989: and 1 = 1}};
