set arraysize 0
select 1 from dual;
set arraysize 4294967295
select 1 from dual;
set linesize 0
set pagesize 4294967296
select 1 from dual;
