-- A split that moves no row leaves the global index VALID; one that moves
-- rows leaves it UNUSABLE: Laurent Schneider, "Unusable index", 2015,
-- http://laurentschneider.com/wordpress/2015/01/unusable-index.html
-- (Oracle 11g/12c).
-- Published:
--   CREATE TABLE t(x NUMBER) PARTITION BY RANGE(x) (PARTITION p1 VALUES
--   LESS THAN (MAXVALUE)); CREATE INDEX i ON t (x); INSERT 1;
--   SPLIT p1 AT (100) INTO (p2, p3): I VALID ("all rows from p1 belongs
--   to p2, p3 is created empty, no data manipulation").
--   delete; INSERT 250; SPLIT p3 AT (200) INTO (p4, p5): I VALID.
--   delete; INSERT 250, 350; SPLIT p5 AT (300) INTO (p6, p7): I UNUSABLE
--   ("One row goes to p6, one row to p7, the index is invalidated").
--   INSERT 320: "1 row inserted" (the unusable index does not prevent
--   DML); select * from t where x=320 returns 320 by PARTITION RANGE
--   SINGLE over TABLE ACCESS FULL ("the unusable index is not used").
--   ALTER TABLE ... SPLIT ... UPDATE INDEXES keeps it usable.
-- The lab (engine-wasm/core/tests/partition_maint.rs): the same three
-- statuses, the insert, the row and the plan; then the fast splits kept
-- p1's segment (P2's DATA_OBJECT_ID is P1's), the split that moved rows
-- gave P6 and P7 new ones; REBUILD makes I VALID again, and the last
-- split with UPDATE INDEXES leaves it VALID.
CREATE TABLE t(x NUMBER)
PARTITION BY RANGE(x)
(PARTITION p1 VALUES LESS THAN (MAXVALUE));
CREATE INDEX i ON t (x);
INSERT INTO t VALUES (1);
ALTER TABLE T SPLIT PARTITION p1 AT
(100) INTO (PARTITION p2, PARTITION p3);
SELECT index_name, status
FROM user_indexes
WHERE index_name = 'I';
delete from t;
INSERT INTO t VALUES (250);
ALTER TABLE T SPLIT PARTITION p3 AT
(200) INTO (PARTITION p4, PARTITION p5);
SELECT index_name, status
FROM user_indexes
WHERE index_name = 'I';
delete from t;
INSERT INTO t VALUES (250);
INSERT INTO t VALUES (350);
ALTER TABLE T SPLIT PARTITION p5 AT
(300) INTO (PARTITION p6, PARTITION p7);
SELECT index_name, status
FROM user_indexes
WHERE index_name = 'I';
INSERT INTO t VALUES (320);
set autotrace on explain
select * from t where x=320;
set autotrace off
select partition_name, high_value, partition_position from user_tab_partitions where table_name = 'T' order by partition_position;
alter index i rebuild;
ALTER TABLE T SPLIT PARTITION p7 AT (330) INTO (PARTITION p8, PARTITION p9) UPDATE INDEXES;
SELECT index_name, status FROM user_indexes WHERE index_name = 'I';
select count(*) from t where x > 300;
