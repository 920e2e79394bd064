create table t (n number, pad varchar2(100));
insert into t values (1, rpad('x', 100));
{{repeat 40:insert into t select * from t;
}}select count(*) from t;
