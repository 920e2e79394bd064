-- Adaptive cursor sharing: Christian Antognini, "Troubleshooting Oracle
-- Performance" (2nd edition, Apress 2014), chapter 2, "Adaptive Cursor
-- Sharing", script adaptive_cursor_sharing.sql (11.1 and later; the pages
-- as reproduced at
-- http://what-when-how.com/Tutorial/topic-1477vp78jho/Troubleshooting-Oracle-Performance-41.html
-- to -45.html). T as in bind_variables_peeking.sql: 1,000 rows, id
-- 1..1000 (T_PK), pad 100 bytes, no histogram. Published:
--   after :id = 10 then 990 (one child, the index plan shared by both):
--     CHILD_NUMBER 0, IS_BIND_SENSITIVE Y, IS_BIND_AWARE N, IS_SHAREABLE Y
--   after 990 again, then 10 (sql_id asth1mx10aygn):
--     0 Y N N 4270555908 / 1 Y Y Y 2966233522 (TABLE ACCESS FULL) /
--     2 Y Y Y 4270555908 (INDEX RANGE SCAN T_PK)
--   V$SQL_CS_STATISTICS (child, peeked, executions, rows processed,
--     buffer gets): 0 Y 1 19 3 / 1 Y 1 990 18 / 2 Y 1 19 3
--   V$SQL_CS_HISTOGRAM (child, bucket, count): 0 0 1, 0 1 1, 0 2 0,
--     1 0 1, 1 1 0, 1 2 0, 2 0 1, 2 1 0, 2 2 0
--   with the BIND_AWARE hint (sql_id f364ymn1bbr4q): 10 then 990 give
--     two children at once, 0 Y Y Y (index) and 1 Y Y Y (full scan).
-- The lab (engine-wasm/core/tests/acs.rs), worked by hand:
--   rows processed are the plan lines' rows: 9 (T_PK) + 9 (T) + 1 (SORT
--   AGGREGATE) = 19 for :id = 10 by the index, bucket 0; 989 + 989 + 1 =
--   1,979 for 990 by the index, bucket 1: one execution in each, so the
--   next parse retires child 0 and builds bind-aware children; 989 + 1 =
--   990 for 990 by the full scan, bucket 0.
--   V$SQL_CS_SELECTIVITY: the peeked selectivity less and more 10%:
--   9/999 = 0.009009 gives 0.008108..0.009910, 989/999 = 0.989990 gives
--   0.890991..1.088989. :id = 500 (0.499499) is in neither: a new child,
--   the full scan again, which retires child 1 and takes its range,
--   0.449550..1.088989 (the book's "child cursor invalidation for
--   extending its selectivity"; it prints no figures for it).
--   A VARCHAR2 bind against the NUMBER column (`id < :idv`, compared as
--   TO_NUMBER(:idv)) and a table without statistics make no bind-
--   sensitive cursor, BIND_AWARE or not, as the book says.
--   The index plan's table line is TABLE ACCESS BY INDEX ROWID BATCHED
--   (the lab runs at 19c; the book's 12.1 prints it too, its 11.2 not).
--   Differences: plan hash values are the lab's own (each plan's value is
--   the same in every child, as in Oracle's); the full scan's buffer gets
--   are 19 (Oracle 18).
-- Changes to the script: SQL*Plus settings (COLUMN ... TRUNC is not
-- modelled), ALTER SYSTEM FLUSH SHARED_POOL, DROP TABLE and the PAUSEs
-- are left out (a new instance has an empty shared pool); the book's
-- VARCHAR2 case sets :id, not :idv, before its second run, kept as is.
VARIABLE id NUMBER
COLUMN is_bind_sensitive FORMAT A17
COLUMN is_bind_aware FORMAT A13
COLUMN is_shareable FORMAT A12
COLUMN peeked FORMAT A6
COLUMN sql_id NEW_VALUE sql_id
ALTER SESSION SET cursor_sharing = 'EXACT';
CREATE TABLE t 
AS 
SELECT rownum AS id, rpad('*',100,'*') AS pad 
FROM dual
CONNECT BY level <= 1000;
ALTER TABLE t ADD CONSTRAINT t_pk PRIMARY KEY (id);
BEGIN
  dbms_stats.gather_table_stats(
    ownname          => user, 
    tabname          => 't', 
    estimate_percent => 100, 
    method_opt       => 'for all columns size 1'
  );
END;
/
SELECT count(id), count(DISTINCT id), min(id), max(id) FROM t;
SELECT count(pad) FROM t WHERE id < 990;
SELECT * FROM table(dbms_xplan.display_cursor(NULL, NULL, 'basic'));
SELECT count(pad) FROM t WHERE id < 10;
SELECT * FROM table(dbms_xplan.display_cursor(NULL, NULL, 'basic'));
EXECUTE :id := 10;
SELECT count(pad) FROM t WHERE id < :id;
SELECT * FROM table(dbms_xplan.display_cursor(NULL, NULL, 'basic'));
EXECUTE :id := 990;
SELECT count(pad) FROM t WHERE id < :id;
SELECT * FROM table(dbms_xplan.display_cursor(NULL, NULL, 'basic'));
SELECT sql_id
FROM v$sqlarea
WHERE sql_text = 'SELECT count(pad) FROM t WHERE id < :id';
SELECT child_number, is_bind_sensitive, is_bind_aware, is_shareable, plan_hash_value
FROM v$sql
WHERE sql_id = '&sql_id';
SELECT count(pad) FROM t WHERE id < :id;
SELECT * FROM table(dbms_xplan.display_cursor(NULL, NULL, 'basic'));
EXECUTE :id := 10;
SELECT count(pad) FROM t WHERE id < :id;
SELECT * FROM table(dbms_xplan.display_cursor(NULL, NULL, 'basic'));
SELECT child_number, is_bind_sensitive, is_bind_aware, is_shareable, plan_hash_value
FROM v$sql
WHERE sql_id = '&sql_id'
ORDER BY child_number;
SELECT child_number, peeked, executions, rows_processed, buffer_gets
FROM v$sql_cs_statistics 
WHERE sql_id = '&sql_id'
ORDER BY child_number;
SELECT child_number, trim(predicate) AS predicate, low, high
FROM v$sql_cs_selectivity 
WHERE sql_id = '&sql_id'
ORDER BY child_number;
SELECT child_number, bucket_id, count
FROM v$sql_cs_histogram 
WHERE sql_id = '&sql_id'
ORDER BY child_number, bucket_id;
EXECUTE :id := 500;
SELECT count(pad) FROM t WHERE id < :id;
SELECT child_number, is_bind_sensitive, is_bind_aware, is_shareable, plan_hash_value
FROM v$sql
WHERE sql_id = '&sql_id'
ORDER BY child_number;
SELECT child_number, trim(predicate) AS predicate, low, high
FROM v$sql_cs_selectivity 
WHERE sql_id = '&sql_id'
ORDER BY child_number;
EXECUTE :id := 10;
SELECT /*+ bind_aware */ count(pad) FROM t WHERE id < :id;
SELECT * FROM table(dbms_xplan.display_cursor(NULL, NULL, 'basic'));
EXECUTE :id := 990;
SELECT /*+ bind_aware */ count(pad) FROM t WHERE id < :id;
SELECT * FROM table(dbms_xplan.display_cursor(NULL, NULL, 'basic'));
SELECT sql_id, child_number, is_bind_sensitive, is_bind_aware, is_shareable
FROM v$sql
WHERE sql_text = 'SELECT /*+ bind_aware */ count(pad) FROM t WHERE id < :id'
ORDER BY child_number;
VARIABLE idv VARCHAR2(10)
EXECUTE :idv := 10;
SELECT /*+ bind_aware */ count(pad) FROM t WHERE id < :idv;
SELECT * FROM table(dbms_xplan.display_cursor(NULL, NULL, 'basic'));
EXECUTE :id := 990;
SELECT /*+ bind_aware */ count(pad) FROM t WHERE id < :idv;
SELECT sql_id, child_number, is_bind_sensitive, is_bind_aware, is_shareable
FROM v$sql
WHERE sql_text = 'SELECT /*+ bind_aware */ count(pad) FROM t WHERE id < :idv'
ORDER BY child_number;
BEGIN
  dbms_stats.delete_table_stats(
    ownname          => user, 
    tabname          => 't', 
    cascade_indexes  => true
  );
END;
/
EXECUTE :id := 10;
select /*+ bind_aware */ count(pad) from t where id < :id;
SELECT * FROM table(dbms_xplan.display_cursor(NULL, NULL, 'basic'));
EXECUTE :id := 990;
select /*+ bind_aware */ count(pad) from t where id < :id;
SELECT * FROM table(dbms_xplan.display_cursor(NULL, NULL, 'basic'));
SELECT sql_id, child_number, is_bind_sensitive, is_bind_aware, is_shareable
FROM v$sql
WHERE sql_text = 'select /*+ bind_aware */ count(pad) from t where id < :id'
ORDER BY child_number;
