create table t (key integer, value varchar2(4000), constraint t_pk primary key (key)) organization index;
insert into t select level, rpad('x', 4000) from dual connect by level <= 100000;
select count(*) from t;
