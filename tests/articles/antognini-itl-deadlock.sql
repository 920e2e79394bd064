-- "ITL Deadlocks Script", Christian Antognini, antognini.ch, May 2013:
-- https://antognini.ch/2013/05/itl-deadlocks-script/
-- Release: not printed (the script selects v$version; the post is filed
-- under 11gR2). 8 KB blocks ("default tablespace is expected to have 8KB
-- blocks").
--
-- Nine rows of 2,679 '*'s at PCTFREE 0: "three completely full data
-- blocks" (rows 1-3, 4-6, 7-9), each with its two ITL slots and no room
-- for a third. Session 1 changes rows 1 and 7 (blocks 1 and 3), session
-- 2 rows 2 and 5 (blocks 1 and 2): block 1's slots are both taken.
-- Session 3 changes row 9 (block 3, a free slot) and row 6 (block 2, a
-- free slot), then row 3: "since all ITL slots of the first block are
-- taken, wait..." (enq: TX - allocate ITL entry). Session 1 then changes
-- row 4 (block 2: sessions 2 and 3 hold its slots: it waits) and session
-- 2 row 8 (block 3: sessions 1 and 3: it waits): "deadlock..." (ORA-00060
-- in one of them, which Oracle detects after its 3-second timeout).
--
-- Worked by hand (the lab's layout, storage/heap.rs): a row is header 3
-- + n (1 + 2 bytes) + c (3 length bytes above 250 + 2,679) = 2,688, + 2
-- for its directory entry = 2,690; a block's 8,192 - 114 = 8,078 bytes at
-- PCTFREE 0 hold 3 rows (8,070), 8 bytes left: no room for a 24-byte
-- ITL slot. n x 10 keeps each row's length (1..9 and 10..90 are one
-- base-100 digit each).
--
-- Changes to the printed text: the script's PAUSEs, SQLPROMPTs, @connect
-- and the v$session SID queries are left out; its sessions 2 and 3 (REM
-- lines for another SQL*Plus window) run here as LAB SESSION 2 and 3.
-- The lab runs one statement at a time: a statement that would wait on
-- an ITL slot is refused (LAB-00038, naming the block and the sessions
-- holding its slots), so session 1's wait on row 4 and session 2's on
-- row 8 are two refusals, not a deadlock (ORA-00060 is not modelled).
-- What the lab gives (engine-wasm/core/tests/initrans.rs,
-- antognini_itl_deadlock): the three blocks of three rows, and the three
-- waits as the page's comments say, each refused.

create table t (n number, c varchar2(4000)) pctfree 0;

insert into t select rownum, rpad('*',2679,'*') from dual connect by level <= 9;

commit;

select dbms_rowid.rowid_block_number(rowid), n from t order by n;

update t set n=n*10 where n in (1,7);

LAB SESSION 2;

update t set n=n*10 where n in (2,5);

LAB SESSION 3;

update t set n=n*10 where n = 9;

update t set n=n*10 where n = 6;

update t set n=n*10 where n = 3;

LAB SESSION 1;

update t set n=n*10 where n = 4;

LAB SESSION 2;

update t set n=n*10 where n = 8;

LAB SESSION 1;

rollback;

LAB SESSION 2;

rollback;

LAB SESSION 3;

rollback;
