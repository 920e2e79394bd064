-- Partition pruning of a composite RANGE-HASH table on both levels:
-- Oracle Database VLDB and Partitioning Guide 12c Release 1, "Information
-- That Can Be Used for Partition Pruning", Example 3-1
-- http://www.asktheway.org/official-documents/oracle/E50529_01/VLDBG/GUID-319F57EB-124A-4AFF-BBFC-B4EDA65212C4.htm
-- (the same example in the 11.2 guide). SALES_RANGE_HASH: four quarterly
-- range partitions of 1999 on S_SALEDATE, each hash-subpartitioned on
-- S_PRODUCTID into 8 (32 subpartitions). Published, for
--   WHERE s_saledate BETWEEN 01-JUL-1999 AND 01-OCT-1999 AND s_productid = 1200
-- "When using range partitioning, Oracle accesses only partitions sal99q2
-- and sal99q3, representing the partitions for the third and fourth
-- quarters of 1999. When using hash subpartitioning, Oracle accesses only
-- the one subpartition in each partition that stores the rows with
-- s_productid=1200." No plan is printed. The bounds (LESS THAN 01-OCT for
-- sal99q3) put 01-JUL to 30-SEP in sal99q3 and 01-OCT in sal99q4:
-- partitions 3 and 4, the third and fourth quarters as the text says
-- (its names are one quarter off). The lab prints PARTITION RANGE
-- ITERATOR 3-4 over PARTITION HASH SINGLE (the subpartition the lab's
-- hash gives 1200: Oracle's hash function is not published, so its
-- number may differ from Oracle's) over TABLE ACCESS FULL KEY-KEY (one
-- subpartition in each of two partitions is not a contiguous run):
-- 2 subpartitions read of 32. The guide's table has no rows; the lab's
-- run adds none either (an empty segment's scan is its header's gets).
LAB VERSION 11.2.0.2;
CREATE TABLE sales_range_hash(
  s_productid  NUMBER,
  s_saledate   DATE,
  s_custid     NUMBER,
  s_totalprice NUMBER)
PARTITION BY RANGE (s_saledate)
SUBPARTITION BY HASH (s_productid) SUBPARTITIONS 8
 (PARTITION sal99q1 VALUES LESS THAN
   (TO_DATE('01-APR-1999', 'DD-MON-YYYY')),
  PARTITION sal99q2 VALUES LESS THAN
   (TO_DATE('01-JUL-1999', 'DD-MON-YYYY')),
  PARTITION sal99q3 VALUES LESS THAN
   (TO_DATE('01-OCT-1999', 'DD-MON-YYYY')),
  PARTITION sal99q4 VALUES LESS THAN
   (TO_DATE('01-JAN-2000', 'DD-MON-YYYY')));

EXPLAIN PLAN FOR
SELECT * FROM sales_range_hash
WHERE s_saledate BETWEEN (TO_DATE('01-JUL-1999', 'DD-MON-YYYY'))
  AND (TO_DATE('01-OCT-1999', 'DD-MON-YYYY')) AND s_productid = 1200;

SELECT * FROM table(dbms_xplan.display(format => 'basic +partition'));

SELECT count(*) FROM user_tab_subpartitions WHERE table_name = 'SALES_RANGE_HASH';
