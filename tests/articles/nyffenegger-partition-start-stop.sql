-- PLAN_TABLE's PARTITION_START and PARTITION_STOP, as DBMS_XPLAN prints
-- them in its Pstart and Pstop columns: René Nyffenegger's notes "Oracle
-- PLAN_TABLE: column PARTITION_START and PARTITION_STOP"
-- https://renenyffenegger.ch/notes/development/databases/Oracle/SQL/statement/verbs/explain/plan_table/columns/partition_start-stop/index
-- (the release is not printed; the plans are dbms_xplan's 10g-and-later
-- layout, format 'basic +partition'; the lab runs them as 11.2.0.2).
-- A list-partitioned table of six partitions, one value each, no rows.
-- Published:
--   par = 'D'              PARTITION LIST SINGLE     Pstart 4  Pstop 4
--   par between 'B' and 'D' PARTITION LIST ITERATOR  Pstart 2  Pstop 4
-- both lines (the PARTITION line and the TABLE ACCESS FULL under it) with
-- the same Pstart and Pstop, laid out as
--   |   1 |  PARTITION LIST SINGLE|               |     4 |     4 |
-- The page's third plan (par in ('B', 'D'), KEY(I)) is cut off in the
-- stored copy: the lab prints PARTITION LIST INLIST with KEY(I) in both
-- columns, as Antognini's book shows the INLIST operations
-- (engine-wasm/core/tests/partitions.rs).
LAB VERSION 11.2.0.2;
create table tq84_part_tab (
   val    number,
   par    varchar(1)
)
partition by list (par) (
   partition tq84_part_a values ('A'),
   partition tq84_part_b values ('B'),
   partition tq84_part_c values ('C'),
   partition tq84_part_d values ('D'),
   partition tq84_part_e values ('E'),
   partition tq84_part_f values ('F')
);

explain plan for
select
   val
from
   tq84_part_tab
where
   par = 'D';

select * from table(dbms_xplan.display(format => 'basic +partition'));

explain plan for
select
   val
from
   tq84_part_tab
where
   par between 'B' and 'D';

select * from table(dbms_xplan.display(format => 'basic +partition'));

explain plan for
select
   val
from
   tq84_part_tab
where
   par in ('B', 'D');

select * from table(dbms_xplan.display(format => 'basic +partition'));

drop table tq84_part_tab purge;
