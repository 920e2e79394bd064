create table t (n number);
insert into t values (1{{repeat 4349: + 1}});
select * from t;
