-- "APPEND Hint", Tim Hall, oracle-base
-- (https://oracle-base.com/articles/misc/append-hint; read through the
-- copies at https://link.sov5.org/l/LwyykbhFMU and
-- https://fahdbahoo.blogspot.com/2014/03). Release: not printed in the
-- part read (an 11g/12c-era ALL_OBJECTS of 72,512 rows); the database in
-- NOARCHIVELOG mode, as the lab's is.
--
-- Published (AUTOTRACE STATISTICS):
--   insert into t1 select * from all_objects            redo size 8,464,520  db block gets 9,946
--   insert /*+ append */ into t1 select * from all_objects  redo size 46,048  db block gets 1,689
--
-- What the lab gives and why (engine-wasm/core/tests/ddl_load.rs): the
-- conventional insert writes redo and undo for every array of rows in
-- every block; the direct-path insert writes none for its rows (NOARCHIVELOG:
-- not logged whatever the table's LOGGING), only a space-management record
-- per 16 blocks it formats and writes (docs/MODEL.md, "Direct-path
-- INSERT"). The lab's ALL_OBJECTS has 91,466 rows (18c), not 72,512.
--
-- Changes to the printed text: none but this header.

create table t1 as select * from all_objects where 1=2;

set autotrace on statistics
insert into t1 select * from all_objects;

truncate table t1;

insert /*+ append */ into t1 select * from all_objects;
set autotrace off

select count(*) from t1;
commit;
select count(*) from t1;
