-- Source: http://searchoracle.techtarget.com/answer/How-to-use-a-hierarchical-query-to-generate-ROWNUMs-using-PL-SQL
-- Author: Dan Clamage (SearchOracle, "How to use a hierarchical query to generate ROWNUMs")
-- Release: not stated
-- The two queries of the answer (the pipelined-function part that
-- follows needs object types and is not in the stored copy whole).
-- Published figures: each query returns 10 rows; the second's last row
-- is CUSTOMER_10.
--
-- FIGURE rows @ select rownum from dual connect by rownum <=10 = 10
-- FIGURE rows @ SELECT 'CUSTOMER_' || row_num customer_name = 10
-- FIGURE cell 10 1 @ SELECT 'CUSTOMER_' || row_num customer_name = "CUSTOMER_10"

select rownum
from dual
connect by rownum <=10;

-- generate lots of fake data
SELECT 'CUSTOMER_' || row_num customer_name
FROM (SELECT ROWNUM row_num
      FROM DUAL
      CONNECT BY ROWNUM <= 10);
