-- An analytic function over GROUP BY: René Nyffenegger, "Oracle SQL Plan
-- operation: WINDOW (BUFFER)", update of 2022-04-06 (renenyffenegger.ch
-- notes; release not given, 19c by the date), and the same plan on his
-- SORT (GROUP BY) page:
-- https://renenyffenegger.ch/notes/development/databases/Oracle/SQL/statement/execution/plan/operations/window/buffer/index
-- http://www.renenyffenegger.ch/notes/development/databases/Oracle/SQL/statement/execution/plan/operations/sort/group-by/index
-- Published (dbms_xplan.display, format 'basic'):
--   | Id  | Operation           | Name     |
--   |   0 | SELECT STATEMENT    |          |
--   |   1 |  WINDOW BUFFER      |          |
--   |   2 |   SORT GROUP BY     |          |
--   |   3 |    TABLE ACCESS FULL| TQ84_TAB |
-- Julian Dyke printed the same shape on 9.2.0.1 (WINDOW (BUFFER) over
-- SORT (GROUP BY) for VAR_POP(SUM(c1)) OVER (ORDER BY c2) ... GROUP BY c2,
-- http://juliandyke.com/Optimisation/Operations/WindowBuffer.php).
-- The lab (exec/plan/window_group.rs): the window's keys (GRP_1, then
-- GRP_2) are GROUP BY keys, so the groups are made by a SORT GROUP BY in
-- that order and the window sorts nothing. Hand check: GRP_1 takes 13
-- values (level mod 13), GRP_2 17 (7 x level mod 17); 13 and 17 are
-- coprime, so the 10,000 levels (more than 13 x 17 = 221) make 221
-- groups; each GRP_1's last running sum is its total.
create table tq84_tab (
   val   number,
   grp_1 char(1),
   grp_2 char(1)
);

insert into tq84_tab
select
   mod(level * 37, 11),
   chr(ascii('A') + mod(level  , 13)),
   chr(ascii('A') + mod(level*7, 17))
from
   dual connect by level <= 10000;

explain plan for
select
   sum(sum(val)) over (partition by grp_1 order by grp_2) val,
   grp_1,
   grp_2
from
   tq84_tab
group by
   grp_1,
   grp_2
;

select * from table(dbms_xplan.display(format=>'basic'));

select count(*) from (
select
   sum(sum(val)) over (partition by grp_1 order by grp_2) val,
   grp_1,
   grp_2
from
   tq84_tab
group by
   grp_1,
   grp_2
);

select max(val) keep_last, (select sum(val) from tq84_tab where grp_1 = 'A') total from (
select
   sum(sum(val)) over (partition by grp_1 order by grp_2) val,
   grp_1,
   grp_2
from
   tq84_tab
group by
   grp_1,
   grp_2
) where grp_1 = 'A';

drop table tq84_tab;
