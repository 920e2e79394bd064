-- Christian Antognini, Troubleshooting Oracle Performance, 2nd edition
-- (Apress, 2014), chapter 13, "Row prefetching" (the logical reads of an
-- index full scan and its table access by fetch call), as reproduced at
-- http://what-when-how.com/Tutorial/topic-1477vp78jho/Troubleshooting-Oracle-Performance-486.html
-- and ...-487.html.
-- Release: not stated on those pages; the plans have no BATCHED table
-- access, so 11.2 (the lab's 12c would batch it).
-- Published:
--   USER_TABLES: BLOCKS 80, NUM_ROWS 1000
--   T_PK: BLEVEL 1, LEAF_BLOCKS 2, CLUSTERING_FACTOR 77
--   ARRAYSIZE 2:   Buffers 1042 (INDEX FULL SCAN 503), A-Rows 1000
--   ARRAYSIZE 100: Buffers 100 (INDEX FULL SCAN 13), A-Rows 1000
-- Hand check (ARRAYSIZE 100): SQL*Plus fetches 1 row, then 100 a call:
-- 11 fetch calls. The index: the root once, the current leaf once per
-- call (its pin is released at the call's end), and the second leaf once
-- when the scan crosses into it: 1 + 11 + 1 = 13. ARRAYSIZE 2: 501 calls,
-- 1 + 501 + 1 = 503, where a call that stops on a leaf's last entry
-- still has the next call get that leaf again before it crosses.
-- The lab: BLOCKS 78 (Oracle 80: the lab does not count ASSM's first
-- level bitmap blocks below the HWM); the rest as published.
lab version 11.2;
CREATE TABLE t (
  id NUMBER,
  val NUMBER,
  pad VARCHAR2(4000),
  CONSTRAINT t_pk PRIMARY KEY (id)
);
INSERT INTO t
SELECT rownum, dbms_random.value, dbms_random.string('p',500)
FROM dual
CONNECT BY level <= 1000;
exec dbms_stats.gather_table_stats(user, 't')
SELECT blocks, num_rows FROM user_tables WHERE table_name = 'T';
SELECT blevel, leaf_blocks, clustering_factor FROM user_indexes WHERE index_name = 'T_PK';
set arraysize 2
set termout off
SELECT /*+ index(t t_pk) gather_plan_statistics */ * FROM t;
set termout on
select * from table(dbms_xplan.display_cursor(null,null,'iostats last'));
set arraysize 100
set termout off
SELECT /*+ index(t t_pk) gather_plan_statistics */ * FROM t;
set termout on
select * from table(dbms_xplan.display_cursor(null,null,'iostats last'));
drop table t purge;
