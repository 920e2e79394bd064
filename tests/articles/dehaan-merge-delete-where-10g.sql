-- "MERGE command", java2s.com, Oracle book examples (the listing of Lex
-- de Haan, "Mastering Oracle SQL and SQL*Plus", Apress, 2005, on Oracle
-- Database 10g): http://java2s.com/example/oracle-book/merge-command.html
-- Release: 10g (the book's; the page prints no banner).
--
-- A MERGE with all three 10g actions: MASTER_TAB's rows matched by
-- DELTA_TAB are updated (SALES added, STATUS taken), those whose STATUS is
-- then 'OBS' deleted (DELETE WHERE reads the row as updated), DELTA_TAB's
-- other rows inserted as 'NEW'. The page's figures:
--
--   merge ...                       3 rows merged.
--   select * from master_tab;       PID SALES STATUS
--                                     1    12 CURR
--                                     2    37 CURR
--                                     4    42 NEW
--
-- Worked by hand: the join DELTA_TAB LEFT JOIN MASTER_TAB ON (pid)
-- matches PID 2 and 3. PID 2: SALES 13 + 24 = 37, STATUS 'CURR'. PID 3:
-- SALES 15 + 0 = 15, STATUS 'OBS', then deleted (its new STATUS). PID 4
-- has no match: inserted (4, 42, 'NEW'). PID 1 is in no source row:
-- untouched. 2 updated + 1 inserted = 3 rows merged (the deleted row
-- counts once, as updated). The lab gives the page's figures exactly
-- (engine-wasm/core/tests/merge_statement.rs, de_haan_merge_delete_where).
--
-- Changes to the printed text: the SQL*Plus prompts and line numbers are
-- taken out; the page's two DROP TABLEs at the start are left out (the
-- tables do not exist yet in a new lab database: Oracle would print
-- ORA-00942 for each) and the tables are dropped at the end instead.
create table delta_tab
( pid number,
  sales number,
  status varchar2(6));

create table master_tab
(pid number, sales number, status varchar2(6));

insert into master_tab values(1,12,'CURR');
insert into master_tab values(2,13,'NEW' );
insert into master_tab values(3,15,'CURR');
insert into delta_tab values(2,24,'CURR');
insert into delta_tab values(3, 0,'OBS' );
insert into delta_tab values(4,42,'CURR');

select * from master_tab;
select * from delta_tab;

merge into master_tab m
using delta_tab d
on (m.pid = d.pid)
when matched
then update set m.sales = m.sales+d.sales
              , m.status = d.status
     delete where m.status = 'OBS'
when not matched
then insert values (d.pid,d.sales,'NEW');

select * from master_tab;

drop table delta_tab;
drop table master_tab;
