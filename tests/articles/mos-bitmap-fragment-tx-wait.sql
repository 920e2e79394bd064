-- Two sessions changing different rows covered by one bitmap index piece:
-- "Waits due to rows being covered by the same BITMAP index fragment",
-- Oracle Support's TX lock wait examples, as posted on Oracle DBA Quick
-- Answers, 16 October 2011,
-- http://oracle-dba-quickanswers.blogspot.com/2011/10/waits-due-to-rows-being-covered-by-same.html
-- (Oracle 9i to 11g: the note names no release; bitmap piece locking is
-- the same in each). Published:
--   Ses#1: update tx_eg set sex='FEMALE' where num=3;
--   Ses#2: update tx_eg set sex='FEMALE' where num=4;   -- waits
--   V$LOCK: SID 10 requests the TX held by SID 8 in mode 4 (share), the
--   wait `enq: TX - row lock contention`; when Ses#1 commits, Ses#2's
--   update goes through.
-- The lab runs one statement at a time: the waiting update is refused
-- with LAB-00037 (the locked piece and the holding session), as a locked
-- row is refused with LAB-00036; an update of a column no bitmap index
-- holds (txt) locks no piece and goes through; after the commit the
-- update runs. Also Lunar's INSERT case (tc.wangchao.net.cn, 10g): a
-- second session inserting the same key waits, another key does not.
-- Test: engine-wasm/core/tests/bitmap_piece_lock.rs.
CREATE TABLE tx_eg ( num number, txt varchar2(10), sex varchar2(10) ) INITRANS 1 MAXTRANS 1;
INSERT into tx_eg VALUES ( 1, 'First','FEMALE' );
INSERT into tx_eg VALUES ( 2, 'Second','MALE' );
INSERT into tx_eg VALUES ( 3, 'Third','MALE' );
INSERT into tx_eg VALUES ( 4, 'Fourth','MALE' );
INSERT into tx_eg VALUES ( 5, 'Fifth','MALE' );
COMMIT;
CREATE Bitmap Index tx_eg_bitmap on tx_eg ( sex );
update tx_eg set sex='FEMALE' where num=3;
LAB SESSION 2;
update tx_eg set sex='FEMALE' where num=4;
update tx_eg set txt='Fourth!' where num=4;
LAB SESSION 1;
commit;
LAB SESSION 2;
update tx_eg set sex='FEMALE' where num=4;
commit;
select num, txt, sex from tx_eg order by num;
create table t (id number, bitmap_flag varchar2(5));
create bitmap index t_idx on t(bitmap_flag);
insert into t values(1,'Y');
LAB SESSION 1;
insert into t values(2,'Y');
insert into t values(3,'N');
LAB SESSION 2;
commit;
LAB SESSION 1;
insert into t values(2,'Y');
commit;
select id, bitmap_flag from t order by id;
