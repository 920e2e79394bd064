-- Found by the fuzzer (mutated 1597 and 2222, seed 2031): an INSERT ... SELECT
-- whose ORDER BY sort holds 100,000 rows of rpad(.., 1e18) strings (32,767
-- characters each). The sort counts what it holds against the memory
-- budget (LAB-00034), and rpad builds its string in one copy.
create table t1 (id number not null, filler varchar2(700));
insert into t1 select rownum, rpad('x', 1e18) from dual connect by level <= 100000 order by dbms_random.value;
insert into t1 select rownum, rpad('rownum', 1000000000000) from dual connect by level <= 100000 order by dbms_random.value;
select count(*) from t1;
