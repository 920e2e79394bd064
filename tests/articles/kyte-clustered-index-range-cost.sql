-- An index range scan costed with the clustering factor: Tom Kyte's
-- CLUSTERED / NON_CLUSTERED example, as a java2s tutorial page prints it
-- (the page does not name its author or release; the plan has Plan hash
-- value and Time columns and "Cost (%CPU)": 10g or later, CPU costing):
-- http://java2s.com/Tutorial/Oracle/0600__System-Tables-Data-Dictionary/showparameteroptimizerindex.htm
-- (the same text: https://megacodearchive.com/Page/Content/102680/Show-parameter-optimizerindex)
-- The page's figures: 12,652 rows (from ALL_OBJECTS); CLUSTERING_FACTOR
-- 469 (CLUSTERED_PK) and 12,626 (NON_CLUSTERED_PK); optimizer_index_caching
-- 0, optimizer_index_cost_adj 100; and for
-- `select * from clustered where x between 50 and 2750`:
--   TABLE ACCESS BY INDEX ROWID | CLUSTERED    | 2702 | 683K | 108 (0)
--   INDEX RANGE SCAN            | CLUSTERED_PK | 2702 |      |   7 (0)
-- The lab (arithmetic in engine-wasm/core/tests/cbo_index.rs):
--   selectivity (2750 - 50)/(12652 - 1) + 2/12652 = 0.21358: 2,702 rows
--   index 1 (BLEVEL) + ceil(25 leaves * 0.21358) = 7
--   table ceil(469 * 0.21358) = 101: 7 + 101 = 108, as published.
--   The table line is TABLE ACCESS BY INDEX ROWID BATCHED: the lab runs
--   at 19c, where a range scan's access is batched (12.1 on).
--   Bytes: 710,626 (694K) against 683K: the page's row width comes from
--   ANALYZE, whose AVG_ROW_LEN the lab computes as DBMS_STATS does.
--   NON_CLUSTERED_PK's clustering factor: 12,632 (its rows are in a
--   random order, as the page's, whose is 12,626).
-- The first load reads 12,652 rows from DUAL (marked "(lab)") instead of
-- ALL_OBJECTS, which has 91,466 rows in the lab; the loads stay direct
-- path (APPEND) and the statistics ANALYZE's, as on the page.
create table clustered ( x int, data  char(255) );
-- (lab)
insert /*+ append */ into clustered  (x, data)
select rownum, dbms_random.random from dual connect by level <= 12652;
alter table clustered
add constraint clustered_pk primary key (x);
analyze table clustered compute statistics;
create table non_clustered ( x int, data char(255) );
insert /*+ append */ into non_clustered (x, data)
select x, data from clustered ORDER BY data;
alter table non_clustered
add constraint non_clustered_pk primary key (x);
analyze table non_clustered compute statistics;
select index_name, clustering_factor
from user_indexes
where index_name like '%CLUSTERED_PK';
show parameter optimizer_index
set autotrace traceonly explain
select * from clustered where x between 50 and 2750;
set autotrace off
