-- Bitmap index combinations: Christian Antognini, Troubleshooting Oracle
-- Performance, 2nd ed. (Apress, 2014), ch. 13 "Bitmap Indexes" (the
-- book's script; the table also at https://iyoume2008.cn/newsinfo/1916638.html,
-- the plans at http://what-when-how.com/Tutorial/topic-1477vp78jho/
-- Troubleshooting-Oracle-Performance-515.html and -516.html); 11.2/12.1,
-- 8K blocks; the plans print TABLE ACCESS BY INDEX ROWID (no BATCHED):
-- run here as 11.2.0.2.
-- Published (Starts, A-Rows, Buffers by line):
--   n4 = 6 AND n5 = 42 AND n6 = 11 with index_combine: 1 row, 7 logical
--   reads ("4 instead of 7" with a composite bitmap index).
--   n4 = 6 OR n5 = 42 OR n6 = 11: TABLE ACCESS BY INDEX ROWID 767 rows,
--   420 buffers; BITMAP CONVERSION TO ROWIDS 767 rows, 7; BITMAP OR
--   1 row, 7; BITMAP INDEX SINGLE VALUE I_N4 3, I_N6 2, I_N5 2.
-- The lab (engine-wasm/core/tests/bitmap_combine.rs): the same plans;
-- AND 7 buffers; OR 767 rows and its total within 5% of 420 (the rows'
-- order is random, ORDER BY dbms_random.value: the lab's generator is
-- not Oracle's, so the blocks the 767 rows fall in are not the same
-- ones; one re-get a fetch of 15 rows is most of the rest). The OR's
-- index part is 6 here, not 7: I_N4's key 6 lies in one leaf in the
-- lab, two in Oracle.
LAB VERSION 11.2.0.2;
CREATE TABLE t (
  id NUMBER,
  d1 DATE,
  n1 NUMBER,
  n2 NUMBER,
  n3 NUMBER,
  n4 NUMBER,
  n5 NUMBER,
  n6 NUMBER,
  c1 VARCHAR2(20),
  c2 VARCHAR2(20),
  pad VARCHAR2(4000),
  CONSTRAINT t_pk PRIMARY KEY (id)
);
execute dbms_random.seed(0)
INSERT INTO t
SELECT rownum AS id,
       trunc(to_date('2007-01-01','yyyy-mm-dd')+rownum/27.4) AS d1,
       nullif(1+mod(rownum,19),10) AS n1,
       nullif(1+mod(rownum,113),10) AS n2,
       nullif(1+mod(rownum,61),10) AS n3,
       nullif(1+mod(rownum,19),10) AS n4,
       nullif(1+mod(rownum,113),10) AS n5,
       nullif(1+mod(rownum,61),10) AS n6,
       dbms_random.string('p',20) AS c1,
       dbms_random.string('p',20) AS c2,
       dbms_random.string('p',255) AS pad
FROM dual
CONNECT BY level <= 10000
ORDER BY dbms_random.value;
COMMIT;
CREATE BITMAP INDEX i_n4 ON t (n4);
CREATE BITMAP INDEX i_n5 ON t (n5);
CREATE BITMAP INDEX i_n6 ON t (n6);
BEGIN
  dbms_stats.gather_table_stats(
    ownname => user,
    tabname => 'T',
    estimate_percent => 100,
    method_opt => 'for all columns size skewonly',
    cascade => TRUE
  );
END;
/
SELECT /*+ gather_plan_statistics index_combine(t i_n4 i_n5 i_n6) */ * FROM t WHERE n4 = 6 AND n5 = 42 AND n6 = 11;
select * from table(dbms_xplan.display_cursor(null, null, 'iostats last'));
SELECT /*+ gather_plan_statistics index_combine(t i_n4 i_n5 i_n6) */ * FROM t WHERE n4 = 6 OR n5 = 42 OR n6 = 11;
select * from table(dbms_xplan.display_cursor(null, null, 'iostats last'));
DROP TABLE t PURGE;
