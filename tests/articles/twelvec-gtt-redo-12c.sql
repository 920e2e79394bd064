-- "Temporary Undo in Oracle12c", twelvec.com, 16 Aug 2013
-- (https://twelvec.com/2013/08/16/temporary-undo-in-oracle12c/).
-- Release: 12c (12.1.0.1), temp_undo_enabled at its default (FALSE), so
-- the undo of the temporary table's rows goes to the undo tablespace and
-- its redo is written; the rows themselves write none.
--
-- Published (AUTOTRACE STATISTICS):
--   insert into dba_objects_gt select * from dba_objects
--     90858 rows, redo size 601,200, db block gets 8,458, consistent gets 6,230
--   insert into dba_objects_pm select * from dba_objects
--     90859 rows, redo size 12,513,404, db block gets 8,781, consistent gets 7,746
--
-- What the lab gives and why (engine-wasm/core/tests/temp_tables.rs): the
-- same array insert into both tables, the same undo; the temporary
-- table's redo records carry the undo vectors only (session/temp_table.rs).
-- The lab's DBA_OBJECTS has 91,466 rows, not 90,858: redo size 400,524
-- into the GTT (4.4 bytes a row, published 6.6) and 12,990,516 into the
-- permanent table (142.0 a row, published 137.7): 3.1% against 4.8%.
--
-- Changes to the printed text: the prompts and output dropped; this header.

create global temporary table dba_objects_gt as select * from dba_objects where 1=0;

set autotrace on
insert into dba_objects_gt select * from dba_objects;

create table dba_objects_pm as select * from dba_objects where 1=0
/

insert into dba_objects_pm select * from dba_objects;
