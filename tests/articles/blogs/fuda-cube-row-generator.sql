-- Source: http://www.sqlsnippets.com/en/topic-11822.html
-- Author: Joe Fuda (SQL Snippets, "Integer Series Generators - CUBE Method")
-- Release: not stated (9i and later)
-- The four queries of the tutorial's examples. Published figures: 4, 8,
-- 16 and 9 rows (ROWNUM 1 to n).
--
-- FIGURE rows @ select rownum from ( select 1 from dual group by cube( 1, 2 ) ) = 4
-- FIGURE rows @ select rownum from ( select 1 from dual group by cube( 1, 2, 3 ) ) = 8
-- FIGURE rows @ select rownum from ( select 1 from dual group by cube( 1, 2, 3, 4 ) ) #1 = 16
-- FIGURE rows @ select rownum from ( select 1 from dual group by cube( 1, 2, 3, 4 ) ) #2 = 9

select rownum from ( select 1 from dual group by cube( 1, 2 ) ) ;

select rownum from ( select 1 from dual group by cube( 1, 2, 3 ) ) ;

select rownum from ( select 1 from dual group by cube( 1, 2, 3, 4 ) ) ;

select rownum from ( select 1 from dual group by cube( 1, 2, 3, 4 ) ) where rownum <= 9 ;
