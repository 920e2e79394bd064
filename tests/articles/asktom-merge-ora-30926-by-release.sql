-- "ORA-30926 not raised in merge statement for non-deterministic set of
-- rows", AskTom, asked by Martin Z., answered by Chris Saxon, 11 February
-- 2020 (version 19.4):
-- https://asktom.oracle.com/pls/asktom/f?p=100:11:0::::P11_QUESTION_ID:9542355000346119884
-- Releases: the asker's results on 12.2 to 19.4 (each MERGE's comment
-- below); on 10.2.0.5, 12.0 and 12.1 "regardless of sort order and number
-- of duplicate rows on input ORA-30926 got raised" (every MERGE below).
-- The lab runs it under its 18c profile (the default) and its 10.2.0.5
-- profile (engine-wasm/core/tests/merge_statement.rs).
--
-- The published figures (12.2 - 19.4):
--   MERGE 1 (b desc: 3, 2, 1)   ORA-30926
--   MERGE 2 (b asc:  1, 2, 3)   ORA-30926
--   MERGE 3 (no order)          ORA-30926
--   delete source where b = 3
--   MERGE 4 (b desc: 2, 1)      ORA-30926
--   MERGE 5 (b asc:  1, 2)      2 rows merged.
--   MERGE 6 (no order)          ORA-30926
--
-- Worked by hand (TARGET (1, 1); the second update of a row passes only
-- when the updates before left B as the MERGE read it):
--   MERGE 1: 1 -> 3 changes B, the second update is ORA-30926.
--   MERGE 2: 1 -> 1 leaves it, 1 -> 2 is allowed and changes it, the
--            third update is ORA-30926.
--   MERGE 3: the lab's join reads SOURCE in insertion order (1, 2, 3):
--            as MERGE 2.
--   MERGE 4: 1 -> 2, then ORA-30926.
--   MERGE 5: 1 -> 1, then 1 -> 2: 2 rows merged (not rolled back: B is 2).
--   MERGE 6: B is now 2: 2 -> 1 changes it, the second update is
--            ORA-30926.
-- Under 10.2.0.5 every second update of a row is ORA-30926, so MERGE 5
-- fails too.

drop table target purge;
drop table source purge;

create table target ( a number, b number );
create table source ( a number, b number );

insert into target values ( 1, 1 );
insert into source values ( 1, 1 );
insert into source values ( 1, 2 );
insert into source values ( 1, 3 );

--fails on ORA-30926: unable to get a stable set of rows in the source tables
merge into target
using (select * from source order by b desc) source
on (target.a = source.a)
when matched then
update set target.b = source.b;

--fails on ORA-30926: unable to get a stable set of rows in the source tables
merge into target
using (select * from source order by b asc) source
on (target.a = source.a)
when matched then
update set target.b = source.b;

--fails on ORA-30926: unable to get a stable set of rows in the source tables
merge into target
using source
on (target.a = source.a)
when matched then
update set target.b = source.b;

delete source where b = 3;

--fails on ORA-30926: unable to get a stable set of rows in the source tables
merge into target
using (select * from source order by b desc) source
on (target.a = source.a)
when matched then
update set target.b = source.b;

--2 rows merged
merge into target
using (select * from source order by b asc) source
on (target.a = source.a)
when matched then
update set target.b = source.b;

--fails on ORA-30926: unable to get a stable set of rows in the source tables
merge into target
using source
on (target.a = source.a)
when matched then
update set target.b = source.b;

rollback;
