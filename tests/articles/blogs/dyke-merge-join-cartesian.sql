-- Source: http://juliandyke.com/Optimisation/Operations/MergeJoinCartesian.php
-- Author: Julian Dyke ("Optimisation / Operations: MERGE JOIN (CARTESIAN)")
-- Release: Oracle 9.2.0.1 and 10.2 on Windows 2000
-- "Note that at least one of the tables must be analyzed otherwise a
-- NESTED LOOPS execution plan is executed" (and, further down, "The
-- table does not need to be analysed": the page says both).
-- Published figures, "In Oracle 10.2":
--   0     SELECT STATEMENT Optimizer=CHOOSE
--   1   0   MERGE JOIN (CARTESIAN)
--   2   1     TABLE ACCESS (FULL) OF 'T1'
--   3   1     BUFFER (SORT)
--   4   3       TABLE ACCESS (FULL) OF 'T2'
-- (in 9.2, line 3 is SORT (JOIN)).
--
-- FIGURE op 1 @ SELECT t1.c1,t2.c1 = "MERGE JOIN CARTESIAN"
-- FIGURE op 3 @ SELECT t1.c1,t2.c1 = "BUFFER SORT"
-- FIGURE plan lines @ SELECT t1.c1,t2.c1 = 5

    CREATE TABLE t1 (c1 NUMBER);
    CREATE TABLE t2 (c1 NUMBER);

    SELECT t1.c1,t2.c1
    FROM t1,t2;
