-- "Deferred segment creation on demand Oracle Database 11G release 2
-- (11.2)", dbaora.com,
-- https://dbaora.com/deferred-segment-creation-on-demand-oracle-database-11g-release-2-11-2/
-- Release: 11gR2 (the patch level is not printed; deferred segments for
-- partitions arrived in 11.2.0.2: Hemant Chitale, "Segment Size of a
-- Partition (11.2.0.2 and above)",
-- https://hemantoracledba.blogspot.com/2013/03/segment-size-of-partition-11202-and.html).
--
-- A heap table and a range-partitioned table of two partitions, with
-- DEFERRED_SEGMENT_CREATION at its default TRUE: no segment for either
-- until rows come. The page's figures:
--
--   after the CREATEs:  no rows selected
--   after inserting 5 into TEST_TBL1, 5 and 15 into TEST_TBL2:
--     SEGMENT_NAME  PARTITION_NAME
--     TEST_TBL1
--     TEST_TBL2     P1
--     TEST_TBL2     P2
--
-- Added here (the lab's, hand-checked in engine-wasm/core/tests/
-- partition_segment_creation.rs): after only the row 5, P1 alone has its
-- segment (each partition's is created by its own first row, as the
-- VLDB guide's "Deferred Segment Creation for Partitioning" says), and
-- USER_TAB_PARTITIONS.SEGMENT_CREATED says so.

LAB VERSION 11.2;

create table test_tbl1 ( id number );

create table test_tbl2 ( id number )
partition by range(id)
( partition p1 values less than(10),
  partition p2 values less than(20) );

select segment_name, partition_name from user_segments
where segment_name in ('TEST_TBL1', 'TEST_TBL2');

insert into test_tbl1 values(5);
insert into test_tbl2 values(5);

select partition_name, segment_created from user_tab_partitions
where table_name = 'TEST_TBL2' order by partition_position;

insert into test_tbl2 values(15);

select segment_name, partition_name from user_segments
where segment_name in ('TEST_TBL1', 'TEST_TBL2') order by 1 ,2;
