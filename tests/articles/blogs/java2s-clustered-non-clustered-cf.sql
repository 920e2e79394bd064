-- Source: http://java2s.com/Tutorial/Oracle/0600__System-Tables-Data-Dictionary/showparameteroptimizerindex.htm
-- (also megacodearchive.com, java2java.com)
-- Author: java2s "Oracle PL/SQL Tutorial" (unsigned; the CLUSTERED /
-- NON_CLUSTERED example tests/articles/kyte-clustered-index-range-cost.sql
-- attributes to Tom Kyte, which runs it with "(lab)" stand-ins for APPEND
-- and ANALYZE: here it is as the page prints it)
-- Release: 10g (DBMS_XPLAN layout with Time column)
-- The statements of the tutorial's SQL*Plus session, without the prompts,
-- line numbers and output.
-- Published figures:
--   12652 rows created (twice, from ALL_OBJECTS)
--   CLUSTERED_PK clustering factor 469, NON_CLUSTERED_PK 12626
--   select * from clustered where x between 50 and 2750:
--     TABLE ACCESS BY INDEX ROWID CLUSTERED, Rows 2702, Bytes 683K, Cost 108;
--     INDEX RANGE SCAN CLUSTERED_PK, Rows 2702, Cost 7
-- The lab runs the script at its default release, 19c, where a range
-- scan's table access is TABLE ACCESS BY INDEX ROWID BATCHED (12.1 on:
-- exec/plan/batched.rs): the op figure (10g's text) no longer matches.
--
-- FIGURE rows @ insert /*+ append */ into clustered = 12652
-- FIGURE cell 1 2 @ select index_name, clustering_factor = 469
-- FIGURE cell 2 2 @ select index_name, clustering_factor = 12626
-- FIGURE op 1 @ select * from clustered where x between 50 and 2750 = "TABLE ACCESS BY INDEX ROWID CLUSTERED"
-- FIGURE e-rows 1 @ select * from clustered where x between 50 and 2750 = 2702
-- FIGURE cost @ select * from clustered where x between 50 and 2750 = 108
-- FIGURE cost 2 @ select * from clustered where x between 50 and 2750 = 7

create table clustered ( x int, data char(255) );

insert /*+ append */ into clustered (x, data)
select rownum, dbms_random.random from all_objects;

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
