-- Source: http://blog.lishman.com/2008/02/how-to-generate-rows-in-oracle_2477.html
-- Author: lishman (blog.lishman.com, "How to generate rows in Oracle", Feb 2008)
-- Release: 10g (2008; NLS date format DD-mon-YY HH24:MI:SS in the output)
-- The queries of the post as far as the stored copy shows them (the
-- sparse-data query that follows is not in it).
-- Published figures: 5 rows; the CTAS makes 10,000 rows, the first ten
-- shown (ID 1..10, GROUP_ID MOD(ID,5), TEXT xyz1..xyz10); by day: 7 rows,
-- 01-jan-07 1439, then 1440 for each full day, 07-jan-07 1361 (the page
-- prints "07-jan-07 1361" then "7 rows selected."; 1439 + 5 x 1440 + 1361
-- = 10,000).
--
-- FIGURE rows @ SELECT rownum FROM dual CONNECT BY LEVEL <= 5 = 5
-- FIGURE rows @ CREATE TABLE test_data = 10000
-- FIGURE rows @ SELECT * FROM test_data WHERE id <= 10 = 10
-- FIGURE cell 10 4 @ SELECT * FROM test_data WHERE id <= 10 = "xyz10"
-- FIGURE rows @ SELECT TRUNC(created_at, 'dd') created_on, count(*) = 7
-- FIGURE cell 1 2 @ SELECT TRUNC(created_at, 'dd') created_on, count(*) = 1439
-- FIGURE cell 7 2 @ SELECT TRUNC(created_at, 'dd') created_on, count(*) = 1361

SELECT rownum
FROM dual
CONNECT BY LEVEL <= 5;

CREATE TABLE test_data(
id PRIMARY KEY,
group_id NOT NULL,
created_at NOT NULL,
text NOT NULL) AS
SELECT rownum,
MOD(rownum, 5),
TO_DATE('1-jan-07', 'dd-mon-yy') + INTERVAL '1' MINUTE * rownum,
CAST ('xyz' || rownum AS VARCHAR2(50))
FROM dual
CONNECT BY LEVEL <= 10000;

SELECT *
FROM test_data
WHERE id <= 10;

SELECT TRUNC(created_at, 'dd') created_on, count(*)
FROM test_data
GROUP BY TRUNC(created_at, 'dd');
