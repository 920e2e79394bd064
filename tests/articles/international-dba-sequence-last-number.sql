-- LAST_NUMBER of a cached sequence: international-dba.blogspot.com,
-- "LAST_NUMBER Column in DBA_SEQUENCES" (Andrew Reid, 2012-07-08; the
-- release is not given, an Oracle 9i/10g-era SGA by its sizes):
-- http://international-dba.blogspot.com/2012/07/lastnumber-column-in-dbasequences.html
-- Published: a sequence with CACHE 13; the first NEXTVAL is 1 and
-- LAST_NUMBER 14 ("13 values pre-calculated and stored in memory"); the
-- second NEXTVAL is 2 and LAST_NUMBER still 14 ("selecting the NEXTVAL
-- does not make the sequence add an extra number to the cache").
-- Then ALTER SYSTEM FLUSH SHARED_POOL destroys the cache: the next
-- NEXTVAL is 14 (LAST_NUMBER) and LAST_NUMBER becomes 27 ("a fresh cache
-- of 13 terms"). The page ends with SHUTDOWN / STARTUP ("a SHUTDOWN
-- NORMAL does not remove the sequence's cached values"), its figures cut
-- off in the stored copy: not reproduced here.
-- The lab (sga/sequence.rs): the first NEXTVAL loads the cache with 1..13
-- and writes 1 + 13 = 14 to SEQ$.HIGHWATER by a recursive update (1
-- recursive call in its statistics, with the first hard parse's read of the
-- user: 2); the second takes 2 from the cache and
-- writes nothing (0 recursive calls); after the flush 14 is loaded with
-- 13 more: 14 + 13 = 27.
create sequence sequence1
increment by 1
start with 1
cache 13
/

set autotrace on statistics
select sequence1.nextval from dual
/
set autotrace off

select last_number from dba_sequences
where sequence_name = 'SEQUENCE1'
/

set autotrace on statistics
select sequence1.nextval from dual
/
set autotrace off

select last_number from dba_sequences
where sequence_name = 'SEQUENCE1'
/

alter system flush shared_pool
/

select sequence1.nextval from dual
/

select last_number from dba_sequences
where sequence_name = 'SEQUENCE1'
/
