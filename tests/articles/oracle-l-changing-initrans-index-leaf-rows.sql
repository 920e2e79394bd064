-- "Changing initrans", oracle-l mailing list, 21 August 2008 (the thread's
-- test case, by its original poster; replies by Mark W. Farnham and Mark
-- D. Powell): http://www.orafaq.com/maillist/oracle-l/2008/08/21/0428.htm
-- Release: not printed (64-bit Solaris x86, 8 KB blocks; 10g era).
--
-- A one-column table of ROWNUM from DBA_OBJECTS and a non-unique index on
-- it; its leaves' row counts from a treedump, and a leaf's block dump:
--
--                                 leaf 1   leaf 2   kdxlebksz  itc
--   CREATE INDEX (INITRANS 2)       485      479      8,032      2
--   ALTER INDEX ... INITRANS 5      (unchanged: new blocks only)
--   REBUILD ONLINE INITRANS 20      456      450      7,600     20
--
-- (itc 20 and kdxlebksz 7,600 were dumped once rows had been added; the
-- rebuilt leaves' row counts show the space reserved at once.) 8,032 -
-- 7,600 = 432 = 18 slots x 24 bytes: each ITL past two takes 24 bytes
-- of the leaf, and PCTFREE 10 keeps 10% of what is left.
--
-- Changes to the printed text: DBA_OBJECTS' row count is not printed; the
-- table here holds the 974 keys 1..974, enough for the first two leaves;
-- the treedump (an event the lab does not have) is replaced by ANALYZE
-- INDEX ... VALIDATE STRUCTURE and INDEX_STATS (leaf blocks and rows);
-- ALTER INDEX ... INITRANS without REBUILD is left out (the lab refuses
-- INITRANS above 2 there: it changes only blocks formatted later).
--
-- What the lab gives and why (engine-wasm/core/tests/initrans.rs,
-- oracle_l_rebuild_initrans_20): an entry is 2 + key (1 + 2 bytes for
-- 1..99, 1 + 3 above, 1 + 2 for a multiple of 100) + rowid 7 + directory
-- 2: 14 or 15 bytes; a leaf holds (8,192 - 128 - 24 x (ITLs - 2)) x 90%:
-- 7,257 bytes with 2 ITLs, 6,868 with 20. Leaves of 490 and 484 entries
-- (Oracle 485 and 479, +1.0%), then 464 and 458 (456 and 450, +1.8%): the
-- 974 keys fill two leaves, then three. The lab's leaf header is 32 bytes
-- shorter than Oracle's (kdxlebksz 8,032 is 8,192 - 160), which is the
-- 1-2% more entries a leaf; the 24 bytes a slot are the page's exactly.

create table t as select rownum x from dual connect by level <= 974;

create index t_idx on t(x);

analyze index t_idx validate structure;

select lf_blks, lf_rows from index_stats;

alter index t_idx rebuild online initrans 20;

analyze index t_idx validate structure;

select lf_blks, lf_rows from index_stats;
