-- TABLE ACCESS SAMPLE: SAMPLE (9) of a 1,000-row table with a filter,
-- as printed in René Nyffenegger's notes on the SAMPLE clause,
-- https://renenyffenegger.ch/notes/development/databases/Oracle/SQL/select/sample
-- (René Nyffenegger, Oracle 11g+; the page does not name its release).
-- Published, DBMS_XPLAN.DISPLAY(format=>'basic rows'):
--   | Id  | Operation           | Name     | Rows  |
--   |   0 | SELECT STATEMENT    |          |     9 |
--   |   1 |  TABLE ACCESS SAMPLE| TQ84_SMP |     9 |
-- Worked by hand: the sample keeps NUM_ROWS * 9 / 100 = 90 rows, the
-- filter id < 100 keeps (100 - 1) / (1000 - 1) of them (ID 1..1000, no
-- histogram): 90 * 0.0991 = 8.9, printed 9.
-- The script then counts a sample with SEED twice (the same rows both
-- times, about 10% of 1,000) and a block sample (about half the blocks
-- read: compare its consistent gets with the full scan's).
-- Test: engine-wasm/core/tests/sample_clause.rs (Rows 9 as published
-- exactly; the counts within 30% of 100 and 500).
create table tq84_smp (
id number,
val number,
txt varchar2(10)
);
insert into tq84_smp
select
level,
mod(level*37, 11),
to_char(1234+mod(level*197, 193), 'fmxxxxx')
from
dual connect by level <= 1000;
begin
dbms_stats.gather_table_stats(user, 'tq84_smp');
end;
/
explain plan for
select
*
from
tq84_smp sample(9)
where
id < 100
;
select * from table(dbms_xplan.display(format=>'basic rows'));
set autotrace on statistics
select count(*) from tq84_smp sample (10) seed (42);
select count(*) from tq84_smp sample (10) seed (42);
select count(*) from tq84_smp;
select count(*) from tq84_smp sample block (50) seed (42);
set autotrace off
drop table tq84_smp;
