-- Source: https://renenyffenegger.ch/notes/development/databases/Oracle/SQL/statement/verbs/explain/index
-- Author: René Nyffenegger ("EXPLAIN PLAN", notes on Oracle SQL)
-- Release: not stated (DBMS_XPLAN layout of 10g and later)
-- Published figures (dbms_xplan.display):
--   |   0 | SELECT STATEMENT             |      |     1 |     2 |     2   (0)| 00:00:01 |
--   |*  1 |  CONNECT BY WITHOUT FILTERING|      |       |       |            |          |
--   |   2 |   TABLE ACCESS FULL          | DUAL |     1 |     2 |     2   (0)| 00:00:01 |
--
-- FIGURE contains @ select * from table(dbms_xplan.display) = "|*  1 |  CONNECT BY WITHOUT FILTERING|      |       |       |            |          |"
-- FIGURE contains @ select * from table(dbms_xplan.display) = "|   2 |   TABLE ACCESS FULL          | DUAL |     1 |     2 |     2   (0)| 00:00:01 |"
-- FIGURE contains @ select * from table(dbms_xplan.display) = "|   0 | SELECT STATEMENT             |      |     1 |     2 |     2   (0)| 00:00:01 |"

explain plan for select * from dual connect by level < 10;
select * from table(dbms_xplan.display);
