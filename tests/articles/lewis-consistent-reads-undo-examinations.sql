-- Jonathan Lewis, "Consistent Reads", Oracle Scratchpad, 18 April 2011,
-- https://jonathanlewis.wordpress.com/2011/04/18/consistent-reads/
-- (the release is not printed; IMU CR rollbacks and the 2011 date put it
-- on 10.2/11.x: the lab's 11.2.0.2 stands for it).
--
-- A one-row table; one session inserts the row and updates it 1,000
-- times, without committing. A second session flushes the cache and
-- scans the table. Lewis's snapshot of the second session's statistics
-- (he kept "the larger changes"):
--
--   session logical reads                                  967
--   consistent gets                                        967
--   consistent gets from cache                             967
--   consistent gets - examination                          964
--   consistent changes                                   1,001
--   CR blocks created                                        1
--   data blocks consistent reads - undo records applied  1,001
--   IMU CR rollbacks                                        41
--
-- One block cloned, 1,001 undo records applied to it (the INSERT's and
-- the 1,000 UPDATEs'): the last 41 from the writer's in-memory undo pool
-- (IMU CR rollbacks), the other 960 each from its undo block, a visit
-- counted as an examination (the undo block is pinned only for the
-- record's copy). Lewis's 964 examinations are those 960 and four more;
-- his 967 gets three besides (the segment header and the table block).
--
-- Changes to the printed text: LAB VERSION first; LAB SESSION 2 for his
-- second session; his snap_my_stats package is the step's statistics
-- (AUTOTRACE's STATISTICS in the lab; the test reads them); at the end
-- the first session rolls back and the table is dropped (the lab's
-- scripts leave no state behind).
--
-- What the lab gives and why (engine-wasm/core/tests/write_path.rs,
-- lewis_consistent_reads_undo_examinations): 1 clone, 1,001 records
-- applied and 1,001 consistent changes (exact); 1,005 consistent gets
-- (+3.9%), 1,001 of them examinations (+3.8%): the writer's 1,001 undo
-- records overflow its IMU pool, which flushes them all to undo blocks
-- (Oracle's kept 41 in memory: IMU CR rollbacks 41, the lab 0; which
-- records a flushed pool keeps is not published), so every record is read
-- from its undo block, one examination each.

LAB VERSION 11.2.0.2;

create table t1 (n1 number);

insert into t1 values(0);

begin
for i in 1..1000 loop
update t1 set n1 = i;
end loop;
end;
/

LAB SESSION 2;

alter system flush buffer_cache;

set autotrace traceonly statistics
select * from t1;

set autotrace off
LAB SESSION 1;
rollback;
drop table t1;
