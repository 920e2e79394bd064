-- Source: https://e-com-net.com/article/1012511.htm (also
-- https://superweb999.com/article/2578121.html), "收获,不止Oracle之表连接"
-- Author: notes on Liang Jingbin's book "收获,不止Oracle" (the book's
-- table-join test, as a reader's blog publishes it; user admin@ORCL)
-- Release: 11g
-- The statements of the post, its comments kept; the join query, whose
-- output follows it on the page, is ended with the ";" SQL*Plus needs. Published figures (DISPLAY_CURSOR 'ALLSTATS LAST'):
--   | 1 | NESTED LOOPS      |    |   1 |  100 | 100 |00:00:00.81 | 100K|
--   | 2 | TABLE ACCESS FULL| T1 |   1 |  100 | 100 |00:00:00.01 |   14 |
--   |* 3 | TABLE ACCESS FULL| T2 | 100 |    1 | 100 |00:00:00.81 | 100K|
-- "在嵌套循环中,驱动表返回多少条记录,被驱动表就访问多少次" (the inner
-- table is visited once per row of the driving table).
--
-- FIGURE cell 1 1 @ SELECT COUNT(*) FROM T1 = 100
-- FIGURE cell 1 1 @ SELECT COUNT(*) FROM T2 = 100000
-- FIGURE rows @ SELECT /*+LEADING(T1) USE_NL(T2)*/* = 100
-- FIGURE op 1 @ SELECT /*+LEADING(T1) USE_NL(T2)*/* = "NESTED LOOPS"
-- FIGURE buffers 2 @ SELECT /*+LEADING(T1) USE_NL(T2)*/* = 14
-- FIGURE buffers 3 @ SELECT /*+LEADING(T1) USE_NL(T2)*/* = 100000 ~1%

DROP TABLE T1 PURGE; DROP TABLE T2 PURGE; CREATE TABLE T1 ( ID NUMBER NOT NULL, N NUMBER, CONTENTS VARCHAR2(4000) ); CREATE TABLE T2 ( ID NUMBER NOT NULL, T1_ID NUMBER NOT NULL, N NUMBER, CONTENTS VARCHAR2(4000) ); EXECUTE DBMS_RANDOM.SEED(0); INSERT INTO T1 SELECT ROWNUM,ROWNUM,DBMS_RANDOM.STRING('A',50) FROM DUAL CONNECT BY LEVEL <= 100 ORDER BY DBMS_RANDOM.RANDOM; INSERT INTO T2 SELECT ROWNUM,ROWNUM,ROWNUM,DBMS_RANDOM.STRING('B',50) FROM DUAL CONNECT BY LEVEL <= 100000 ORDER BY DBMS_RANDOM.RANDOM;
SELECT COUNT(*) FROM T1;
SELECT COUNT(*) FROM T2;
SELECT /*+LEADING(T1) USE_NL(T2)*/*
FROM T1,T2
WHERE T1.ID = T2.T1_ID
--STARTS指的表访问次数,E-ROWS指的每个操作估算返回行数,A-ROWS指每步操作真实返回行数
--Leading 表示强制先访问T1表,也就是把T1作为驱动表
--执行之前需要set serveroutput off
--要显示比较详细的执行计划,两种方式:
--1.alter session set statistics=ALL
--2.执行的语句需要加上/*+ gather_plan_statistics */
;
SELECT * FROM TABLE(DBMS_XPLAN.DISPLAY_CURSOR(NULL,NULL,'ALLSTATS LAST'));
