-- Bind variable peeking: Christian Antognini, "Troubleshooting Oracle
-- Performance" (2nd edition, Apress 2014), chapter 2, "Bind Variable
-- Peeking", script bind_variables_peeking.sql (releases 11.2 and 12.1;
-- the page as reproduced at
-- http://what-when-how.com/Tutorial/topic-1477vp78jho/Troubleshooting-Oracle-Performance-39.html
-- and -40.html). T: 1,000 rows, id 1..1000 (primary key T_PK), pad 100
-- bytes; statistics `for all columns size 1` (no histogram). Published:
--   literals: id < 990 TABLE ACCESS FULL Rows 990; id < 10 TABLE ACCESS
--     BY INDEX ROWID / INDEX RANGE SCAN T_PK Rows 9.
--   SELECT (upper case) with :id = 990 first: TABLE ACCESS FULL Rows 990;
--     then :id = 10: 9 rows back, the same plan and Rows 990.
--   select (lower case, another cursor) with :id = 10 first: the index
--     plan, Rows 9; then :id = 990: 989 rows back by the index, Rows 9.
-- The lab (engine-wasm/core/tests/bind_peeking.rs), worked by hand:
--   id < :id peeked 990: (990 - 1)/(1000 - 1) = 0.98999, 990 rows (the
--   open bound adds nothing); peeked 10: 9/999 = 0.009009, 9 rows.
--   Later executions share the cursor: its plan and E-Rows stay.
--   The index plan's table line is TABLE ACCESS BY INDEX ROWID BATCHED
--   (the lab runs at 19c; the book's 12.1 prints it too, its 11.2 not).
-- Changes to the script: SQL*Plus settings, ALTER SYSTEM FLUSH
-- SHARED_POOL, DROP TABLE and the PAUSEs are left out (a new instance
-- has an empty shared pool); DISPLAY_CURSOR's format 'basic +rows' kept.
VARIABLE id NUMBER
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
SELECT * FROM table(dbms_xplan.display_cursor(NULL, NULL, 'basic +rows'));
SELECT count(pad) FROM t WHERE id < 10;
SELECT * FROM table(dbms_xplan.display_cursor(NULL, NULL, 'basic +rows'));
EXECUTE :id := 990;
SELECT count(pad) FROM t WHERE id < :id;
SELECT * FROM table(dbms_xplan.display_cursor(NULL, NULL, 'basic +rows'));
EXECUTE :id := 10;
SELECT count(pad) FROM t WHERE id < :id;
SELECT * FROM table(dbms_xplan.display_cursor(NULL, NULL, 'basic +rows'));
EXECUTE :id := 10;
select count(pad) from t where id < :id;
SELECT * FROM table(dbms_xplan.display_cursor(NULL, NULL, 'basic +rows'));
EXECUTE :id := 990;
select count(pad) from t where id < :id;
SELECT * FROM table(dbms_xplan.display_cursor(NULL, NULL, 'basic +rows'));
