-- Source: http://www.renenyffenegger.ch/notes/development/databases/Oracle/optimizer/statistics/gathering/online/optimizer-statistics-gathering/index
-- Author: René Nyffenegger ("Oracle execution plan operation OPTIMIZER STATISTICS GATHERING")
-- Release: 12c and later (online statistics gathering)
-- The statements of the note as far as the stored copy shows them (it
-- ends in the last INSERT, whose CONNECT BY is cut; that statement is
-- left out). The plans are the note's comments.
-- Published figures (format 'basic'):
--   conventional insert: LOAD TABLE CONVENTIONAL TQ84_A over CONNECT BY
--     WITHOUT FILTERING over FAST DUAL
--   insert /*+ append */: LOAD AS SELECT TQ84_A over OPTIMIZER STATISTICS
--     GATHERING over CONNECT BY WITHOUT FILTERING over FAST DUAL
--
-- FIGURE contains @ select * from table(dbms_xplan.display(format=> 'basic')) #1 = "LOAD TABLE CONVENTIONAL"
-- FIGURE contains @ select * from table(dbms_xplan.display(format=> 'basic')) #1 = "CONNECT BY WITHOUT FILTERING"
-- FIGURE contains @ select * from table(dbms_xplan.display(format=> 'basic')) #2 = "OPTIMIZER STATISTICS GATHERING"

create table tq84_A(col varchar2(1000));

explain plan for
   insert into tq84_A
   select
      dbms_random.string('a', 1000)
   from
      dual connect by level <= 10000;

select * from table(dbms_xplan.display(format=> 'basic'));
--
-- 
-- ------------------------------------------------
-- | Id  | Operation                     | Name   |
-- ------------------------------------------------
-- |   0 | INSERT STATEMENT              |        |
-- |   1 |  LOAD TABLE CONVENTIONAL      | TQ84_A |
-- |   2 |   CONNECT BY WITHOUT FILTERING|        |
-- |   3 |    FAST DUAL                  |        |
-- ------------------------------------------------

explain plan for
   insert /*+ append */ into tq84_A
   select
      dbms_random.string('a', 1000)
   from
      dual connect by level <= 10000;

select * from table(dbms_xplan.display(format=> 'basic'));
-- 
-- ---------------------------------------------------
-- | Id  | Operation                        | Name   |
-- ---------------------------------------------------
-- |   0 | INSERT STATEMENT                 |        |
-- |   1 |  LOAD AS SELECT                  | TQ84_A |
-- |   2 |   OPTIMIZER STATISTICS GATHERING |        |
-- |   3 |    CONNECT BY WITHOUT FILTERING  |        |
-- |   4 |     FAST DUAL                    |        |
-- ---------------------------------------------------
