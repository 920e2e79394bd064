-- Source: http://what-when-how.com/Tutorial/topic-1257ph3qcbi/Expert-Indexing-in-Oracle-Database-11g-184.html
-- Authors: Darl Kuhn, Sam R. Alapati, Bill Padfield ("Expert Indexing in
-- Oracle Database 11g", Apress 2012, as reproduced on what-when-how)
-- Release: Oracle Database 11g
-- The statements of the book's SQL*Plus session, without prompts and output.
-- Published figures (INDEX_STATS after ANALYZE INDEX ... VALIDATE STRUCTURE):
--   before the delete: LF_ROWS 100000, LF_BLKS 222, DEL_LF_ROWS 0
--   after deleting 99,999 rows: LF_ROWS 100000, LF_BLKS 222, DEL_LF_ROWS 99999
--
-- FIGURE rows @ create table test as select rownum id = 100000
-- FIGURE cell 1 1 @ select lf_rows, lf_blks, del_lf_rows from index_stats #1 = 100000
-- FIGURE cell 1 2 @ select lf_rows, lf_blks, del_lf_rows from index_stats #1 = 222
-- FIGURE cell 1 3 @ select lf_rows, lf_blks, del_lf_rows from index_stats #1 = 0
-- FIGURE rows @ delete test where id <=99999 = 99999
-- FIGURE cell 1 1 @ select lf_rows, lf_blks, del_lf_rows from index_stats #2 = 100000
-- FIGURE cell 1 2 @ select lf_rows, lf_blks, del_lf_rows from index_stats #2 = 222
-- FIGURE cell 1 3 @ select lf_rows, lf_blks, del_lf_rows from index_stats #2 = 99999

create table test as select rownum id, 'Sam' text from dual
connect by level <=100000
/
create index test_idx1 on test(id);
analyze index test_idx1 validate structure
/
select lf_rows, lf_blks, del_lf_rows from index_stats;
delete test where id <=99999;
commit;
analyze index test_idx1 validate structure;
select lf_rows, lf_blks, del_lf_rows from index_stats;
