-- Deleted index entries and the transaction that made them: a reply in the
-- OTN forum thread "Richard Foote - Are you wrong or am i confused"
-- (January 2009; the poster's name is not in the stored page), answering
-- Karthick_Arp about Richard Foote's "Deleted Index Entries Part II":
-- http://forums.oracle.com/forums/thread.jspa?messageID=3205402&
-- (thread: https://community.oracle.com/message/3207402). Release not
-- stated (10g or 11g in 2009); 8 KB blocks assumed.
--
-- Published (DEL_LF_ROWS of INDEX_STATS, one leaf block):
--   after ALTER INDEX ... REBUILD                        0
--   after the UPDATE of 3 keys ('Abbey' to 'andy')       3
--   after its COMMIT                                     3
--   after a new transaction inserts 'Arlen' and commits  0
-- An UPDATE of a key marks the old entry deleted and inserts the new one;
-- its own inserts into the same leaf do not clean out the entries it
-- deleted; a later insert into the leaf cleans them all out.
--
-- The lab (storage/btree/split.rs): the same four figures
-- (engine-wasm/core/tests/index_splits.rs). The lab cleans deleted
-- entries of any earlier statement, committed or not (it does not tell
-- them apart); here they are committed, as in the post.
--
-- Changes to the printed text: the post shows the table's rows, not its
-- DDL; the CREATE TABLE, INSERTs and CREATE INDEX are the lab's, with the
-- rows as printed (index IORIG on O_NAME).

create table orig (o_name varchar2(10), o_class varchar2(10));
insert into orig values ('Abbey', 'Low');
insert into orig values ('Harry', 'NEW');
insert into orig values ('Abbey', 'Low');
insert into orig values ('Abbey', 'Low');
commit;
create index iorig on orig (o_name);
select * from orig;
alter index iorig rebuild;
analyze index iorig validate structure;
select del_lf_rows from index_stats;
update orig set o_name='andy' where o_name='Abbey';
analyze index iorig validate structure;
select del_lf_rows from index_stats;
commit;
analyze index iorig validate structure;
select del_lf_rows from index_stats;
insert into orig values ('Arlen','NONE');
commit;
analyze index iorig validate structure;
select del_lf_rows from index_stats;
