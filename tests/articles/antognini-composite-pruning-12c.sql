-- Composite partition pruning, pruned on both levels: Christian Antognini,
-- Troubleshooting Oracle Performance, 2nd edition (Apress, 2014), chapter
-- 13, "Composite Partitioning", an excerpt of his pruning_composite.sql
-- (the book's runs are 11.2 and 12.1; the lab has no 12.1 profile and
-- runs it as 11.2.0.2, whose plan layout is the same), as published at
-- http://what-when-how.com/Tutorial/topic-1477vp78jho/Troubleshooting-Oracle-Performance-474.html
-- (the table) and ...-476.html (the plan).
-- A table range-partitioned by month on D1 (12 partitions) and
-- list-subpartitioned on N1 by a SUBPARTITION TEMPLATE of four values:
-- 48 subpartitions, each a segment. Published for
--   SELECT * FROM t WHERE n1 = 3 AND d1 < to_date('2014-07-19','YYYY-MM-DD')
--   | Id | Operation                 | Starts | Pstart| Pstop |
--   |  1 | PARTITION RANGE ITERATOR  |      1 |     1 |     7 |
--   |  2 |  PARTITION LIST SINGLE    |      7 |     3 |     3 |
--   |* 3 |   TABLE ACCESS FULL       |      7 |   KEY |   KEY |
--   3 - filter("D1"<TO_DATE(' 2014-07-19 00:00:00', 'syyyy-mm-dd hh24:mi:ss'))
-- The range level keeps January to July (partitions 1 to 7), the list
-- level subpartition 3 (N1 = 3) of each: seven subpartitions, one started
-- per partition, not a contiguous run of the table's 48, so the table
-- line prints KEY.
-- The book's rows are not in the excerpt (and its script fills N2, N3 and
-- PAD with DBMS_RANDOM, which the lab does not run): here 10,000 rows over
-- the year 2014 (27 or 28 a day), N1 cycling 1 to 4, the rest made of
-- ROWNUM; the plan's shape, Starts, Pstart and Pstop do not depend on them. The lab runs the query as count(*) (the rows
-- are not the point) and its table line's filter keeps N1 = 3, which
-- Oracle drops as the list subpartition implies it (the lab does not
-- remove predicates a partition bound implies).
LAB VERSION 11.2.0.2;
CREATE TABLE t (
  id NUMBER,
  d1 DATE,
  n1 NUMBER,
  n2 NUMBER,
  n3 NUMBER,
  pad VARCHAR2(4000)
)
PARTITION BY RANGE (d1)
SUBPARTITION BY LIST (n1)
SUBPARTITION TEMPLATE (
  SUBPARTITION sp_1 VALUES (1),
  SUBPARTITION sp_2 VALUES (2),
  SUBPARTITION sp_3 VALUES (3),
  SUBPARTITION sp_4 VALUES (4)
)(
  PARTITION t_jan_2014 VALUES LESS THAN (to_date('2014-02-01','YYYY-MM-DD')),
  PARTITION t_feb_2014 VALUES LESS THAN (to_date('2014-03-01','YYYY-MM-DD')),
  PARTITION t_mar_2014 VALUES LESS THAN (to_date('2014-04-01','YYYY-MM-DD')),
  PARTITION t_apr_2014 VALUES LESS THAN (to_date('2014-05-01','YYYY-MM-DD')),
  PARTITION t_may_2014 VALUES LESS THAN (to_date('2014-06-01','YYYY-MM-DD')),
  PARTITION t_jun_2014 VALUES LESS THAN (to_date('2014-07-01','YYYY-MM-DD')),
  PARTITION t_jul_2014 VALUES LESS THAN (to_date('2014-08-01','YYYY-MM-DD')),
  PARTITION t_aug_2014 VALUES LESS THAN (to_date('2014-09-01','YYYY-MM-DD')),
  PARTITION t_sep_2014 VALUES LESS THAN (to_date('2014-10-01','YYYY-MM-DD')),
  PARTITION t_oct_2014 VALUES LESS THAN (to_date('2014-11-01','YYYY-MM-DD')),
  PARTITION t_nov_2014 VALUES LESS THAN (to_date('2014-12-01','YYYY-MM-DD')),
  PARTITION t_dec_2014 VALUES LESS THAN (to_date('2015-01-01','YYYY-MM-DD'))
);

INSERT INTO t
SELECT rownum,
       to_date('2014-01-01','YYYY-MM-DD')+rownum/27.4,
       1+mod(rownum,4),
       255+mod(rownum,255),
       4515+mod(rownum,1234),
       rpad('*',255,'*')
FROM dual
CONNECT BY level <= 10000;
COMMIT;

execute dbms_stats.gather_table_stats(user, 't')

SELECT count(*) FROM user_tab_subpartitions WHERE table_name = 'T';

SELECT /*+ gather_plan_statistics */ count(*) FROM t WHERE n1 = 3 AND d1 < to_date('2014-07-19','YYYY-MM-DD');

SELECT * FROM table(dbms_xplan.display_cursor(format => 'iostats last'));
