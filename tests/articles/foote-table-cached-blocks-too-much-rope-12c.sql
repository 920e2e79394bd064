-- TABLE_CACHED_BLOCKS on a small table: Richard Foote, "Clustering Factor
-- Calculation Improvement Part III (Too Much Rope)", 4 June 2013
-- (11.2.0.4 / 12.1, the bug 13262857 enhancement),
-- https://richardfoote.wordpress.com/2013/06/04/clustering-factor-calculation-improvement-part-iii-too-much-rope/
-- Published: 70,000 rows, CODE random in 0..99 (dbms_random), a table of
--   BLOCKS 244, NUM_ROWS 70000; the index on CODE (created after the
--   gather: CREATE INDEX counts with TABLE_CACHED_BLOCKS 1) has
--   CLUSTERING_FACTOR 22,711; "code between 42 and 44" returns 2,050 rows.
-- The stored copy of the page stops at that query; the post then sets the
-- preference high on this 244-block table (its first paragraph: "not even
-- setting the new TABLE_CACHED_BLOCKS to its 255 maximum value ... for
-- smaller tables ... we do need to exercise some caution"). With 255, more
-- than the table's blocks, each block counts once as the index is walked
-- (docs/MODEL.md, "Statistics preferences"): CLUSTERING_FACTOR = the
-- blocks the rows are in, and the range scan is costed as if the rows
-- were perfectly clustered though they are random.
-- Lab (engine-wasm/core/tests/articles_optimizer.rs): BLOCKS and the
-- clustering factor within 5% of the published figures (the random CODE
-- values are the lab's generator's, not Oracle's), the rows of the range
-- within 5%; after the preference and a gather, CLUSTERING_FACTOR equals
-- the table's used blocks. The lab drops its table at the end (lab).
create table bowie (id number, code number, text varchar2(30));
insert into bowie select rownum,  trunc(dbms_random.value(0, 100)), 'DAVID BOWIE'
from dual connect by level <= 70000;
commit;
EXEC dbms_stats.gather_table_stats(ownname=>user, tabname=>'BOWIE', estimate_percent=> null, cascade=> true, method_opt=>'FOR ALL COLUMNS SIZE 1');
create index bowie_code_i on bowie(code);
SELECT t.table_name, i.index_name, t.blocks, t.num_rows, i.clustering_factor
FROM user_tables t, user_indexes i WHERE t.table_name = i.table_name AND i.index_name='BOWIE_CODE_I';
select count(*) from bowie where code between 42 and 44;
exec dbms_stats.set_table_prefs(ownname=>user, tabname=>'BOWIE', pname=>'TABLE_CACHED_BLOCKS', pvalue=>255);
EXEC dbms_stats.gather_index_stats(ownname=>user, indname=>'BOWIE_CODE_I', estimate_percent=> null);
SELECT t.table_name, i.index_name, t.blocks, t.num_rows, i.clustering_factor
FROM user_tables t, user_indexes i WHERE t.table_name = i.table_name AND i.index_name='BOWIE_CODE_I';
select count(distinct dbms_rowid.rowid_block_number(rowid)) from bowie;
-- (lab)
drop table bowie purge;
