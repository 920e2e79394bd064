create cluster c (key integer) size 4294967295 single table hashkeys 4294967295;
create table t (key integer, constraint t_pk primary key (key)) cluster c (key);
insert into t values (1);
select * from t where key = 1;
