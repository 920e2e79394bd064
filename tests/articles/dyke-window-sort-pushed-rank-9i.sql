-- WINDOW (SORT PUSHED RANK): Julian Dyke, "Optimisation / Operations /
-- WINDOW (SORT PUSHED RANK)", juliandyke.com (Oracle 9.2.0.1 on Windows
-- 2000; the operation from 8.1.6):
-- http://www.juliandyke.com/Optimisation/Operations/WindowSortPushedRank.html
-- Published (AUTOTRACE's plan of 9.2, the table not analysed):
--   0     SELECT STATEMENT Optimizer=CHOOSE
--   1   0   VIEW
--   2   1     WINDOW (SORT PUSHED RANK)
--   3   2       TABLE ACCESS (FULL) OF 'T1'
-- The lab (exec/plan/window.rs): the view is not merged (it has an
-- analytic function); its filter R1 < 10 is on a RANK of the view's
-- window, so the WINDOW SORT filters its rows itself (PUSHED RANK) and
-- keeps 9 ranks per C1. The lab prints dbms_xplan's lines (a 10g+ form)
-- and the line's filter RANK() OVER ( PARTITION BY "C1" ORDER BY
-- "C2")<10; it does not print the VIEW line's filter ("R1"<10) Oracle
-- adds from 10g.
CREATE TABLE t1 (c1 NUMBER,c2 NUMBER);
insert into t1 select mod(level, 3), level from dual connect by level <= 60;
commit;
set autotrace traceonly explain
SELECT c1,r1
FROM
(
  SELECT c1,RANK () OVER
  (
    PARTITION BY c1
    ORDER BY c2
  ) AS r1
  FROM t1
)
WHERE r1 < 10;
set autotrace off
SELECT count(*) FROM (SELECT c1, RANK () OVER (PARTITION BY c1 ORDER BY c2) AS r1 FROM t1) WHERE r1 < 10;
