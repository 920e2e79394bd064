-- Jonathan Lewis, core_demo_02.sql (Oracle Core: Essential Internals for
-- DBAs and Developers, Apress 2011, chapter 2; the script's header: "Last
-- tested 10.2.0.3"), with its redo log dump as published in the script's
-- notes (dated 13 March 2011). The script as stored with Oracle Core's
-- downloadable code; the dump's record lengths (LEN:, bytes in hex):
--
--   the UPDATE's first row, first change of the transaction:
--     5.2 + 5.1 (ktubl, op Z) + 11.5 (op F) + 5.20    LEN: 0x0174   372
--   the next four rows, one record each:
--     5.1 + 11.5                                       LEN: 0x00f8   248
--   the transaction's end (5.4)                        LEN: 0x0054    84
--
-- 372 + 4 x 248 = 1,364 bytes of redo for the UPDATE (5 redo entries).
--
-- Worked by hand (session/redo_layout.rs; 10.2's format: 24-byte vector
-- headers, a KTB field's header 4 bytes, each field and the length array
-- rounded up to 4): a row's v1 from 'xxxxxx' (6 bytes) to 'YYYYYYYYYY'
-- (10). The 11.5 URP: 24 + length array (2 + 4 x 2 -> 12) + KTB op C
-- 12 + URP header (26 + 1 null bit -> 28) + column numbers (2 -> 4) +
-- the new value (10 -> 12) = 92. Its 5.1: 24 + (2 + 6 x 2 -> 16) + ktudb
-- 20 + ktubu 24 + KTB 12 + 28 + 4 + the old value (6 -> 8) = 136. A
-- record: 24 + 92 + 136 = 252 (Lewis 248). The first row's record adds
-- the 5.2 (24 + 4 + ktudh 32 = 60), the ktubl's 28 bytes over a ktubu
-- (52 in 10.2) and the 5.20 (24 + (2 + 2 x 2 -> 8) + session and serial
-- numbers 4 + an empty transaction name = 36): 376 (Lewis 372). The
-- UPDATE: 376 + 4 x 252 = 1,384, 1.5% over 1,364. The 5.4: 24 + 24 +
-- (2 + 2 x 2 -> 8) + ktucm 12 + ktucf 16 = 84, Lewis's.
--
-- Changes to the printed text: LAB VERSION 10.2.0.5 first (the lab's
-- 10g); IMU off (the dump shows a record a row, as a transaction without
-- in-memory undo writes them; the lab's 10.2 would otherwise keep them
-- private until the end); the table created, then filled (the lab has no
-- CAST), with the same rows in the same order, by one direct-path
-- INSERT (the lab refuses ROWNUM in a UNION ALL branch; direct, as
-- Lewis's CTAS writes them: no ITL and no lock bytes in the blocks, so
-- the UPDATE's first change to each block cleans nothing out, as his
-- dump shows: op F with no block cleanout record); no statistics gathered (the hint fixes the path;
-- statistics change no redo), no system statistics, dumps or DBMS_LOCK
-- (the lab has no trace files); COMMIT where Lewis rolls back and dumps
-- (his 84-byte record is the 5.4 that ends the rolled-back transaction;
-- the lab's ROLLBACK writes its undo applications besides, not shown in
-- his dump). Statistics under AUTOTRACE.
--
-- What the lab gives and why (engine-wasm/core/tests/write_redo_articles.rs):
-- 5 redo entries, 1,384 bytes (1.5% over); the commit's 84. The 4 bytes
-- a record over Lewis's are not placed: the dump prints no field lengths.

LAB VERSION 10.2.0.5;

alter system set "_in_memory_undo" = false;

create table t1 (id number, n1 number, v1 varchar2(10), padding varchar2(100));

insert /*+ append */ into t1
select
	case when rownum <= 60 then 2 * rownum - 1 else 2 * (rownum - 60) end,
	case when rownum <= 60 then rownum else rownum - 60 end,
	'xxxxxx', rpad('0',100,'0')
from all_objects where rownum <= 120;
commit;

create index t1_i1 on t1(id);

set autotrace traceonly statistics

update
	/*+ index(t1 t1_i1) */
	t1
set
	v1 = 'YYYYYYYYYY'
where
	id between 5 and 9
;

commit;

set autotrace off
alter system set "_in_memory_undo" = true;
