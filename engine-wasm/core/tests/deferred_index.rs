//! Deferred index maintenance (issue 32): an UPDATE or DELETE driven by an
//! INDEX RANGE SCAN (or INDEX FULL SCAN) changes the table a row at a time
//! and then each index a leaf block at a time, one redo record and one
//! undo record per leaf, where a tablescan changes each row's entries with
//! the row (Jonathan Lewis, "Massive Deletes" part 3, 2016; Alexander
//! Anokhin, "Deferred index maintenance"; core/src/session/array_dml.rs,
//! docs/MODEL.md "The write path").
//!
//! The table: `t (id number, n number)`, rows (1, 10), (2, 20), (3, 30),
//! an index on each column, each index one leaf. Every NUMBER here is 2
//! data bytes; a lab leaf entry is 14 bytes (header 2 + key: length byte +
//! 2 + rowid: length byte + 6 + its slot 2), session/redo_layout.rs.

mod common;
use common::*;
use lio_core::Engine;

fn set_up(release: &str) -> Engine {
    let mut e = quiet_engine();
    ok(&e.exec("alter system set \"_in_memory_undo\" = false;")); // a record a change, as the public log takes it (core/tests/imu.rs)
    ok(&e.exec(&format!(
        "lab version {release};\ncreate table t (id number, n number);\n\
         insert into t select level, 10 * level from dual connect by level <= 3;\n\
         create index t_id on t (id);\ncreate index t_n on t (n);\ncommit;"
    )));
    // The insert's commit left its lock bytes in the blocks: the first
    // change to them would also write a block cleanout record (40 bytes,
    // core/tests/block_cleanout.rs). A change rolled back takes that
    // cleanout, so the figures below are of clean blocks, as worked.
    ok(&e.exec("delete from t;\nrollback;"));
    e
}

/// redo size, undo change vector size, redo entries, db block changes.
fn figures(e: &mut Engine, sql: &str) -> (u64, u64, u64, u64) {
    let s = e.exec(sql);
    ok(&s);
    let s = &s[0];
    (stat(s, "redo size"), stat(s, "undo change vector size"), stat(s, "redo entries"), stat(s, "db block changes"))
}

/// 11.2, the three rows deleted through the index on ID. The table: three
/// 11.3 records of 24 + DRP 72 + its undo (the row as an IRP) 156 = 252
/// (core/tests/row_redo.rs), the first with the transaction's 5.2 (60) and
/// ktubl (+52). Then each index's three entries (42 bytes) as one change:
/// the vector 24 + (2 + 3 x 2 -> 8) + KTB 16 + leaf header 12 + the slots
/// 6 -> 8 = 68; its undo 24 + (2 + 6 x 2 -> 16) + ktudb 20 + ktubu 24 +
/// KTB 16 + kdilk 24 + the slots 8 + the entries 42 -> 44 = 176; the
/// record 24 + 68 + 176 = 268. Redo 3 x 252 + 60 + 52 + 2 x 268 = 1,404 in
/// 5 records; undo 3 x 156 + 52 + 2 x 176 = 872; block changes 1 (the
/// undo segment header) + 5 x 2 = 11.
///
/// Through a tablescan each row's two entries follow it: 6 single-entry
/// 10.4 records of 24 + 60 + 140 = 224: redo 3 x 252 + 112 + 6 x 224 =
/// 2,212 in 9 records; undo 3 x 156 + 52 + 6 x 140 = 1,360; 19 block
/// changes.
#[test]
fn three_rows_deleted_through_an_index_worked_by_hand() {
    let mut e = set_up("11.2.0.1");
    let by_index = figures(&mut e, "delete /*+ index(t t_id) */ from t where id between 1 and 3;");
    assert_eq!(by_index, (1_404, 872, 5, 11));
    ok(&e.exec("rollback;"));
    let by_scan = figures(&mut e, "delete /*+ full(t) */ from t where id between 1 and 3;");
    assert_eq!(by_scan, (2_212, 1_360, 9, 19));
}

/// 11.2, `update t set n = n + 1` of the three rows through the index on
/// ID. The table: three 11.19 records of 24 + 120 + 168 = 312
/// (row_redo.rs), the first + 60 + 52. T_N's entries change: its three old
/// entries deleted as one change (268, above) and the three new ones
/// inserted as one: the vector 24 + (2 + 4 x 2 -> 12) + 16 + 12 + 8 + 44 =
/// 116, its undo 24 + (2 + 5 x 2 -> 12) + 20 + 24 + 16 + 24 + 8 = 128, the
/// record 24 + 116 + 128 = 268. T_ID is not changed. Redo 3 x 312 + 112 +
/// 268 + 268 = 1,584; undo 3 x 168 + 52 + 176 + 128 = 860; 5 records.
#[test]
fn three_rows_updated_through_an_index_worked_by_hand() {
    let mut e = set_up("11.2.0.1");
    let by_index = figures(&mut e, "update /*+ index(t t_id) */ t set n = n + 1 where id between 1 and 3;");
    assert_eq!(by_index, (1_584, 860, 5, 11));
    ok(&e.exec("rollback;"));
    // Through a tablescan: each row's entry deleted (10.4, 224) and
    // inserted (10.2: 24 + 80 + 140 = 244) after it: 9 records.
    let by_scan = figures(&mut e, "update /*+ full(t) */ t set n = n + 1 where id between 1 and 3;");
    assert_eq!(by_scan, (3 * 312 + 112 + 3 * (224 + 244), 3 * 168 + 52 + 6 * 140, 9, 19));
}

/// A statement that changes one row through an index writes what it wrote
/// before: a leaf with one entry is a single-row leaf change (the seeds'
/// single-row scripts stay as they were).
#[test]
fn one_row_through_an_index_is_as_before() {
    let mut e = set_up("19c");
    let by_index = figures(&mut e, "delete /*+ index(t t_id) */ from t where id = 2;");
    ok(&e.exec("rollback;"));
    let by_scan = figures(&mut e, "delete /*+ full(t) */ from t where id = 2;");
    assert_eq!(by_index, by_scan);
    assert_eq!(by_index.2, 3);
}

/// The rows and entries are the same whichever way they were changed: a
/// rollback restores them, and the index answers as before.
#[test]
fn deferred_maintenance_keeps_the_indexes_right() {
    let mut e = set_up("19c");
    ok(&e.exec("update /*+ index(t t_id) */ t set n = n + 1 where id between 2 and 3;"));
    let s = e.exec("select /*+ index(t t_n) */ id from t where n between 21 and 31 order by id;");
    ok(&s);
    assert_eq!(row_strings(&s[0]), ["2", "3"]);
    ok(&e.exec("delete /*+ index(t t_id) */ from t where id >= 2;\nrollback;"));
    let s = e.exec("select /*+ index(t t_n) */ count(*) from t where n between 10 and 30;");
    ok(&s);
    assert_eq!(row_strings(&s[0]), ["3"]);
}
