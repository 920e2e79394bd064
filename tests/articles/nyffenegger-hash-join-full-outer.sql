-- HASH JOIN FULL OUTER under VIEW VW_FOJ_0, as printed at
-- http://www.renenyffenegger.ch/notes/development/databases/Oracle/SQL/statement/execution/plan/operations/hash-join/outer/full
-- (René Nyffenegger, "Oracle SQL Plan operation HASH JOIN FULL OUTER";
-- release not printed, the note's plans are 11g or later), DBMS_XPLAN
-- format 'basic':
--   0 SELECT STATEMENT
--   1  VIEW                  VW_FOJ_0
--   2   HASH JOIN FULL OUTER
--   3    TABLE ACCESS FULL   TQ84_FOJ_B
--   4    TABLE ACCESS FULL   TQ84_FOJ_A
-- B (2 rows), written second, is the build input: the smaller side
-- builds. Rows (not printed on the page, worked out by hand): ids 1 and
-- 3 from A alone, 2 from both, 4 from B alone.
-- Test: engine-wasm/core/tests/join_forms.rs.
create table tq84_foj_a (
  id_a   number,
  txt_a  varchar2(10)
);

create table tq84_foj_b (
  id_b   number,
  txt_b  varchar2(10)
);

begin
  insert into tq84_foj_a values (1, 'abc');
  insert into tq84_foj_a values (2, 'def');
  insert into tq84_foj_a values (3, 'ghi');

  insert into tq84_foj_b values (2, 'FOO');
  insert into tq84_foj_b values (4, 'BAR');
end;
/

explain plan for
select
  coalesce(a.id_a, b.id_b) id,
  a.txt_a,
  b.txt_b
from
  tq84_foj_a a full outer join
  tq84_foj_b b                   on id_a = id_b;

select * from table(dbms_xplan.display(format=>'basic'));

select
  coalesce(a.id_a, b.id_b) id,
  a.txt_a,
  b.txt_b
from
  tq84_foj_a a full outer join
  tq84_foj_b b                   on id_a = id_b
order by 1;

drop table tq84_foj_a purge;
drop table tq84_foj_b purge;
