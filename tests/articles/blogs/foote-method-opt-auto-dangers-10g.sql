-- Source: http://richardfoote.files.wordpress.com/2008/01/dbms_stats-method_opt-auto-dangers-demo-version-3.txt
-- Author: Richard Foote (demo for "Dangers of METHOD_OPT AUTO", Richard
-- Foote's Oracle Blog, January 2008)
-- Release: 10g (2008 demo, user BOWIE)
-- The statements of the demo's spool as far as the stored copy shows
-- them (the first gather, with FOR ALL COLUMNS SIZE 1), without the
-- prompts, the "***" narration and the output.
-- Published figures: 1000000 rows created; 1 row updated; with no
-- histograms DBA_TAB_HISTOGRAMS holds the two end points of each column,
-- "6 rows selected" (ID1 1 and 1000000000, ID2 1 and 10, ID3 100 and 100).
--
-- FIGURE rows @ insert into hist_test = 1000000
-- FIGURE rows @ update hist_test set id1=1000000000 = 1
-- FIGURE rows @ select * from dba_tab_histograms where table_name = 'HIST_TEST' = 6
-- FIGURE cell 2 5 @ select * from dba_tab_histograms where table_name = 'HIST_TEST' = 1000000000

create table hist_test (id1 number, id2 number, id3 number);
insert into hist_test (id1, id2, id3) select rownum, mod(rownum,10)+1, 100 from dual connect by level <= 1000000;
update hist_test set id1=1000000000 where id1=1000000;
COMMIT;
alter table hist_test add primary key(id1);
exec DBMS_STATS.GATHER_TABLE_STATS (null, 'HIST_TEST', method_opt => 'FOR ALL COLUMNS SIZE 1', estimate_percent=>null);
select * from dba_tab_histograms where table_name = 'HIST_TEST' order by column_name, endpoint_number;
