create table t (n number, pad varchar2(100));
{{repeat 7:insert into t select level, rpad('x', 100) from dual connect by level <= 10000000;
}}commit;
select count(*) from t;
