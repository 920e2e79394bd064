//! Issue 34: UPDATE and DELETE of a partitioned table, pruned as a query
//! is, each change in its partition's block and each index entry in the
//! index partition holding it; an UPDATE of the partition key that moves a
//! row: ORA-14402 without ROW MOVEMENT, with it a delete from the old
//! partition and an insert into the new one (a new ROWID).
//!
//! Hand-checked on a 2-partition table of 4 rows (P1: k 1 and 5, P2: k 11
//! and 15), each partition one block, IMU off (a redo record per change,
//! as the public log takes it), each statement parsed once before.
//! A full scan of one partition is 4 consistent gets (3 on the segment
//! header and space-management blocks, 1 on the block: partitions.rs).
mod common;
use common::*;
use lio_core::{Engine, StepOut};

const T: &str = "create table t (id number not null, k number not null, pad varchar2(10))\n\
    partition by range (k) (partition p1 values less than (10), partition p2 values less than (20));\n\
    insert into t values (1, 1, 'a');\n\
    insert into t values (2, 5, 'b');\n\
    insert into t values (3, 11, 'c');\n\
    insert into t values (4, 15, 'd');\n\
    commit;\n";

fn engine() -> Engine {
    let mut e = quiet_engine();
    // A record a change, as the public log takes it (core/tests/imu.rs).
    ok(&e.exec("alter system set \"_in_memory_undo\" = false;"));
    ok(&e.exec(T));
    e
}

/// `sql` measured on its second run (the first parses it), then rolled back.
fn measured(e: &mut Engine, sql: &str) -> StepOut {
    ok(&e.exec(&format!("{sql}\nrollback;")));
    let s = e.exec(sql).remove(0);
    ok(std::slice::from_ref(&s));
    ok(&e.exec("rollback;"));
    s
}

fn figures(s: &StepOut) -> [u64; 6] {
    ["consistent gets", "db block gets", "db block changes", "redo entries", "redo size", "undo change vector size"]
        .map(|n| stat(s, n))
}

/// The pruned statement reads one partition, the unpruned both; the change
/// itself is the heap path's (write_path.rs' one-row update).
#[test]
fn pruned_update_and_delete() {
    let mut e = engine();
    let u = measured(&mut e, "update t set pad = 'zz' where k = 11;");
    assert_eq!(u.feedback.as_deref(), Some("1 row updated."));
    // PARTITION RANGE SINGLE: P2's 4 gets. Current mode: the undo segment
    // header, P2's block, the undo block. One record: 24 + the slot's 5.2
    // (76) + the 11.5 vector (32 + 12 + 16 + 28 + 4 + 'zz' 2 -> 4 = 96) +
    // the undo vector (5.1 32 + lengths 16 + ktudb 20 + ktubu 24 + KTB 16 +
    // URP 28 + column numbers 4 + 'c' 1 -> 4 = 144, + 52 the transaction's
    // first: ktubl) = 392; from 11g a one-row UPDATE is an 11.19 array
    // update of one row, its KDOM2 field 32 bytes more in the redo and in
    // the undo vector (session/redo_layout.rs): 456, the undo 228.
    assert_eq!(figures(&u), [4, 3, 3, 1, 24 + 76 + (96 + 32) + (196 + 32), 144 + 52 + 32]);
    let d = measured(&mut e, "delete from t where k = 15;");
    assert_eq!(d.feedback.as_deref(), Some("1 row deleted."));
    assert_eq!(figures(&d)[..4], [4, 3, 3, 1]);
    // Both partitions (ALL: 8 gets); 3 rows in 2 blocks: 3 records, the
    // header once, each block and the undo block.
    let all = measured(&mut e, "delete from t where k > 3;");
    assert_eq!(all.feedback.as_deref(), Some("3 rows deleted."));
    assert_eq!(figures(&all)[..4], [8, 5, 7, 3]);
    assert_eq!(text_rows(&mut e, "select count(*) from t;"), [["4"]]);
}

/// Without ROW MOVEMENT a key update that changes partition is ORA-14402
/// and nothing of the statement stays; a key no partition takes ORA-14400.
#[test]
fn key_update_without_row_movement() {
    let mut e = engine();
    let s = e.exec("update t set k = 12 where id = 1;");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::PARTITION_KEY_UPDATE_MOVES_ROW.code());
    // Within its partition the key may change.
    ok(&e.exec("update t set k = 2 where id = 1;"));
    let s = e.exec("alter table t enable row movement;\nupdate t set k = 99 where id = 1;");
    assert_eq!(error_of(&s[1]).0, lio_sql::ora::PARTITION_KEY_NO_PARTITION.code());
    assert_eq!(text_rows(&mut e, "select k from t where id = 1;"), [["2"]]);
    let s = e.exec("alter table t disable row movement;\nupdate t set k = 12 where id = 1;");
    assert_eq!(error_of(&s[1]).0, lio_sql::ora::PARTITION_KEY_UPDATE_MOVES_ROW.code());
}

/// With ROW MOVEMENT the row leaves P1 and joins P2: a new ROWID (P2's
/// DATA_OBJECT_ID), exactly a delete's and an insert's work; ROLLBACK puts
/// it back under its old ROWID.
#[test]
fn row_movement_is_a_delete_and_an_insert() {
    let mut e = engine();
    ok(&e.exec("alter table t enable row movement;"));
    let before = text_rows(&mut e, "select rowid from t where id = 1;");
    let moved = measured(&mut e, "update t set k = 12 where k = 1;");
    assert_eq!(moved.feedback.as_deref(), Some("1 row updated."));
    // P1's 4 gets find it; current mode: the undo header, P1's block, the
    // undo block, P2's block. Two records: the delete (with the slot's
    // 5.2) and the insert.
    assert_eq!(figures(&moved)[..4], [4, 4, 5, 2]);
    // The same bytes as deleting the row, then inserting its new values.
    let del = measured(&mut e, "delete from t where k = 1;");
    ok(&e.exec("delete from t where k = 1;"));
    let ins = e.exec("insert into t values (1, 12, 'a');").remove(0);
    ok(&e.exec("rollback;"));
    let bytes = |s: &StepOut| [stat(s, "redo size"), stat(s, "undo change vector size")];
    assert_eq!(bytes(&moved), [bytes(&del)[0] + bytes(&ins)[0], bytes(&del)[1] + bytes(&ins)[1]]);
    ok(&e.exec("update t set k = 12 where k = 1;"));
    let q = "select o.subobject_name from t, user_objects o where t.id = 1 and dbms_rowid.rowid_object(t.rowid) = o.data_object_id;";
    assert_eq!(text_rows(&mut e, q), [["P2"]]);
    assert_ne!(text_rows(&mut e, "select rowid from t where id = 1;"), before);
    ok(&e.exec("rollback;"));
    assert_eq!(text_rows(&mut e, "select rowid from t where id = 1;"), before);
    assert_eq!(text_rows(&mut e, q), [["P1"]]);
}

/// A local and a global index: a moved row's entries leave P1's index
/// partition and the global index, and come back under the new ROWID; the
/// index scans find it where it went, and after ROLLBACK where it was.
#[test]
fn indexes_follow_the_moved_row() {
    let mut e = engine();
    ok(&e.exec("create index t_k on t (k) local;\ncreate index t_id on t (id);\nalter table t enable row movement;"));
    let d = measured(&mut e, "delete from t where k = 5;");
    // The local index's P1 partition probed (1 get); current mode adds each
    // index's leaf: 3 records (the row, T_K's P1 leaf, T_ID's leaf).
    assert_eq!(figures(&d)[..4], [1, 5, 7, 3]);
    let m = measured(&mut e, "update t set k = 12 where k = 1;");
    // Delete: the row and 2 entries; insert: the row and 2 entries.
    assert_eq!(figures(&m)[..4], [1, 8, 13, 6]);
    ok(&e.exec("update t set k = 12 where k = 1;"));
    let by_k = "select /*+ index(t t_k) */ id from t where k > 0 order by k;";
    let by_id = "select /*+ index(t t_id) */ k from t where id > 0 order by id;";
    assert_eq!(text_rows(&mut e, by_k), [["2"], ["3"], ["1"], ["4"]]);
    assert_eq!(text_rows(&mut e, by_id), [["12"], ["5"], ["11"], ["15"]]);
    ok(&e.exec("rollback;"));
    assert_eq!(text_rows(&mut e, by_k), [["1"], ["2"], ["3"], ["4"]]);
    assert_eq!(text_rows(&mut e, "select /*+ index(t t_id) */ k from t where id = 1;"), [["1"]]);
    ok(&e.exec("analyze index t_id validate structure;"));
}
