-- Source: https://www.developpez.net/forums/i280051/bases-donnees/oracle/sql/question-requete
-- Author: developpez.net forum answer ("question requête", unsigned in the stored copy)
-- Release: 9i ("Note: cpu costing is off")
-- The statements of the answer's SQL*Plus session, without prompts and output.
-- Published figures (dbms_xplan.display):
--   object_id != 10: TABLE ACCESS FULL MYOBJECTS, Rows 70857, Cost 58
--   object_id < 10:  TABLE ACCESS BY INDEX ROWID MYOBJECTS, Rows 3, Cost 3;
--                    INDEX RANGE SCAN MYINDEX, Cost 2
--
-- FIGURE contains @ select * from table(dbms_xplan.display) #1 = "TABLE ACCESS FULL"
-- FIGURE contains @ select * from table(dbms_xplan.display) #2 = "INDEX RANGE SCAN"

create table myobjects as select * from all_objects;
create index myindex on myobjects(object_id);
exec dbms_stats.gather_table_stats(user,'MYOBJECTS');
explain plan for select * from myobjects where object_id != 10;
select * from table(dbms_xplan.display);
explain plan for select * from myobjects where object_id < 10;
select * from table(dbms_xplan.display);
