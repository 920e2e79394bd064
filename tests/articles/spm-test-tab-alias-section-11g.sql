-- DBMS_XPLAN's Query Block Name / Object Alias section of a one-block
-- query, by index and by full scan: "SPM Using SPM to Correct Regressed
-- SQL Statements" (a Jekyll blog post of 2017-04-26 kept in a public
-- GitHub repository; Oracle 11.2.0.4, OPTIMIZER_FEATURES_ENABLE
-- '11.2.0.4' in its Outline Data). The repository's name could not be
-- recovered from the search index (its file id there: 11079412785).
-- SPM_TEST_TAB: 10,000 rows (ID = level, DESCRIPTION 'Description for '
-- || level), an index on ID. Published, DISPLAY_CURSOR(null,null,
-- 'advanced') of `SELECT description FROM spm_test_tab WHERE id = 1113`:
--   |   1 |  TABLE ACCESS BY INDEX ROWID| SPM_TEST_TAB     |     1 |    25 |     2   (0)| 00:00:01 |
--   |*  2 |   INDEX RANGE SCAN          | SPM_TEST_TAB_IDX |     1 |       |     1   (0)| 00:00:01 |
--   Query Block Name / Object Alias (identified by operation id):
--   -------------------------------------------------------------
--
--      1 - SEL$1 / SPM_TEST_TAB@SEL$1
--      2 - SEL$1 / SPM_TEST_TAB@SEL$1
-- and with /*+ FULL(SPM_TEST_TAB) */:
--   |*  1 |  TABLE ACCESS FULL| SPM_TEST_TAB |     1 |    25 |    13   (0)| 00:00:01|
--      1 - SEL$1 / SPM_TEST_TAB@SEL$1
-- Worked by hand: one query block, the first SELECT: SEL$1; the FROM item
-- has no alias, so its alias is the table's name, @ the block it is
-- written in. Both plan lines read the object (the index is
-- SPM_TEST_TAB's), so both are listed with it; the block's top line is
-- line 1. Bytes 25: ID's 4 bytes (1113: 3 bytes + length) and
-- DESCRIPTION's 21 ('Description for 1113' and its length byte).
-- Changes to the script: 'advanced' is asked as 'typical +alias' (the lab
-- prints no Outline Data or Column Projection; the page's plan table and
-- alias section are TYPICAL's and ALIAS's); statistics are gathered by
-- the owner (the page runs as SYS).
lab version 11.2;
CREATE TABLE spm_test_tab (
    id           NUMBER,
    description  VARCHAR2(50)
);

INSERT /*+ APPEND */ INTO spm_test_tab
SELECT level,
       'Description for ' || level
FROM   dual
CONNECT BY level <= 10000;

COMMIT;
CREATE INDEX spm_test_tab_idx ON spm_test_tab(id);
begin
  dbms_stats.gather_table_stats(ownname => user,
  tabname =>'SPM_TEST_TAB',
  estimate_percent =>DBMS_STATS.AUTO_SAMPLE_SIZE,
  method_opt => 'FOR ALL COLUMNS SIZE AUTO',
  cascade => TRUE,
  no_invalidate => false);
end;
/
SELECT description FROM  spm_test_tab WHERE  id = 1113;
SELECT * FROM TABLE(DBMS_XPLAN.DISPLAY_CURSOR(null,null,'typical +alias'));
SELECT /*+ FULL(SPM_TEST_TAB) */description FROM  spm_test_tab WHERE  id = 1113;
SELECT * FROM TABLE(DBMS_XPLAN.DISPLAY_CURSOR(null,null,'typical +alias'));
