-- Interval partitions are numbered from the start, whether they exist or
-- not: Connor McDonald, "The non-existent partition" (12 Oct 2016),
-- https://connor-mcdonald.com/2016/10/12/the-non-existent-partition/ and
-- "Exceeding 1 million partitions" (13 Oct 2016),
-- https://connor-mcdonald.com/2016/10/13/exceeding-1-million-partitions/
-- (Oracle 12c). The dictionary's layout: itpub blog 37279, "Pstart and
-- Pstop in sql plan with interval partition",
-- http://m.blog.itpub.net/37279/viewspace-2126220 (11.2.0.4).
-- Published:
--   CREATE TABLE t PARTITION BY RANGE (x) INTERVAL (1) (PARTITION p0
--   VALUES LESS THAN (1)) AS SELECT rownum x FROM dual CONNECT BY LEVEL
--   <= 5: USER_TAB_PARTITIONS counts 6 partitions.
--   select * from t where x = 1235 (autotrace traceonly explain):
--   PARTITION RANGE SINGLE and TABLE ACCESS FULL, Pstart 1236, Pstop 1236
--   ("partition 1236 is the partition that would come into existence,
--   should the value x=1235 be inserted"), Rows 1, Bytes 3.
--   After insert into t values (1235) the partition exists at
--   PARTITION_POSITION 7 and the plan still reads partition 1236.
--   insert into t values (2000000) into an INTERVAL (1) table: ORA-14300:
--   partitioning key maps to a partition outside maximum permitted number
--   of partitions.
--   itpub: P0 at position 1, INTERVAL NO; the interval partitions SYS_Pn
--   with consecutive n, HIGH_VALUE 2, 3, 4, 5, INTERVAL YES.
-- The lab (engine-wasm/core/tests/partition_interval.rs): the same
-- figures exactly (the partition number is R + k: one range partition, x
-- = 1235 in interval k = 1235 - 1 + 1 = 1235, so 1236); the cost is the
-- lab's and is not asserted.
create table t
partition by range(x) interval(1)
( partition p0 values less than (1) )
as
select rownum x from dual connect by level <= 5;
select count(*) from user_tab_partitions where table_name = 'T';
select partition_position, high_value, interval from user_tab_partitions where table_name = 'T' order by partition_position;
set autotrace traceonly explain
select * from t where x = 1235;
set autotrace off
insert into t values (1235);
commit;
select partition_position, high_value, interval from user_tab_partitions where table_name = 'T' and high_value = '1236';
set autotrace traceonly explain
select * from t where x = 1235;
set autotrace off
insert into t values (2000000);
drop table t purge;
