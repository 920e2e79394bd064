-- Source: http://blog.csdn.net/robinson1988/article/details/6641765
-- Author: robinson1988 (Luo Bingsen, CSDN blog)
-- Release: 11.2.0.1 (with optimizer_features_enable='9.2.0')
-- The statements of the post's SQL*Plus session as far as the stored copy
-- shows them, without prompts, line numbers and output.
-- Published figures: IDX_T has LEAF_BLOCKS 161, BLEVEL 1,
-- CLUSTERING_FACTOR 1636; OBJECT_ID has 72469 rows, 72469 distinct
-- values, high 74664, low 2, density .000013799, no histogram; the query
-- returns 942 rows.
--
-- FIGURE rows @ select owner from t where object_id<1000 = 942

select * from v$version where rownum<2;
create table t as select * from dba_objects;
create index idx_t on t(object_id);
BEGIN
DBMS_STATS.GATHER_TABLE_STATS(ownname => 'TEST',
tabname => 'T',
estimate_percent => 100,
method_opt => 'for all columns size auto',
degree => DBMS_STATS.AUTO_DEGREE,
cascade => TRUE);
END;
/
select leaf_blocks,blevel,clustering_factor from dba_indexes where index_name='IDX_T';
select a.column_name,
b.num_rows,
a.num_distinct,
a.num_nulls,
utl_raw.cast_to_number(high_value) high_value,
utl_raw.cast_to_number(low_value) low_value,
(b.num_rows-a.num_nulls) "NUM_ROWS-NUM_NULLS",
utl_raw.cast_to_number(high_value)- utl_raw.cast_to_number(low_value)"HIGH_VALUE-LOW_VALUE",
density,
a.histogram,
a.num_buckets
from dba_tab_col_statistics a, dba_tables b
where a.owner = b.owner
and a.table_name = b.table_name
and a.owner ='TEST'
and a.table_name = upper('T')
and a.column_name='OBJECT_ID';
alter session set optimizer_features_enable='9.2.0';
select owner from t where object_id<1000;
