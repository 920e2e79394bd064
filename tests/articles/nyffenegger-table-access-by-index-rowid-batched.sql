-- TABLE ACCESS BY INDEX ROWID and TABLE ACCESS BY INDEX ROWID BATCHED:
-- René Nyffenegger, "Oracle SQL Plan operation TABLE ACCESS BY INDEX
-- ROWID [BATCHED]" (renenyffenegger.ch notes; release not given, 12c+
-- by the BATCHED it prints):
-- http://www.renenyffenegger.ch/notes/development/databases/Oracle/SQL/statement/execution/plan/operations/table-access/by-index/index
-- Published (dbms_xplan.display, format 'basic'):
--   id = 12345 (primary key):     TABLE ACCESS BY INDEX ROWID over
--                                 INDEX UNIQUE SCAN TQ84_TAB_PK
--   nm between 100 and 105:       TABLE ACCESS BY INDEX ROWID BATCHED over
--                                 INDEX RANGE SCAN TQ84_TAB_IX
-- The lab (exec/plan/batched.rs): the same two plans, line for line; a
-- unique scan's access is never batched, a range scan's is from 12.1.
-- One change to the script as published: its first display is
-- `select * from dbms_xplan.display(...)` without TABLE(), which the lab
-- refuses (ORA-00933); here it is table(...) as in the second.
create table tq84_tab(
   id  integer,
   tx  varchar2(200),
   constraint tq84_tab_pk primary key (id)
);
insert into tq84_tab
select
   level,
   rpad('x', 200)
from
   dual connect by level <= 100000
;
begin
   dbms_stats.gather_table_stats(user, 'tq84_tab');
end;
/
explain plan for
select
   tx
from
   tq84_tab
where
   id = 12345;
select * from table(dbms_xplan.display(format=>'basic'));
drop table tq84_tab;
create table tq84_tab(
   nm  number,
   tx  varchar2(200)
);
insert into tq84_tab
select
   round(dbms_random.value(1, 1000), 1),
   rpad('x', 200)
from
   dual connect by level <= 100000
;
create index tq84_tab_ix on tq84_tab(nm);
begin
   dbms_stats.gather_table_stats(user, 'tq84_tab');
end;
/
explain plan for
select
   tx
from
   tq84_tab
where
   nm between 100 and 105;
select * from table(dbms_xplan.display(format=>'basic'));
drop table tq84_tab;
