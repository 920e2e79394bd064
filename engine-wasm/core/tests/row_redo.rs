//! The redo and undo bytes of single-row UPDATE, DELETE and INSERT, from
//! the layout of Oracle's change vectors (session/redo_layout.rs,
//! docs/MODEL.md "The write path"), worked by hand per release: 11.2's
//! vector headers are 24 bytes, 19c's 32; 10.2's KTB fields 4 bytes
//! shorter. Published records: tests/write_redo_articles.rs.
//!
//! The table: `t (id number, n number)` with rows (1, 2) and (2, 2); every
//! NUMBER here is 2 data bytes (c1 02, c1 03). Field lengths round up to 4.

mod common;
use common::*;
use lio_core::Engine;

fn set_up(release: &str) -> Engine {
    let mut e = quiet_engine();
    ok(&e.exec("alter system set \"_in_memory_undo\" = false;")); // a record a change, as the public log takes it (core/tests/imu.rs)
    ok(&e.exec(&format!(
        "lab version {release};\ncreate table t (id number, n number);\ninsert into t values (1, 2);\n\
         insert into t values (2, 2);\ncommit;"
    )));
    e
}

fn redo_undo(e: &mut Engine, sql: &str) -> (u64, u64, u64) {
    let s = e.exec(sql);
    ok(&s);
    (stat(&s[0], "redo size"), stat(&s[0], "undo change vector size"), stat(&s[0], "redo entries"))
}

/// `update t set n = 3 where id = 1`, the transaction's first change, then
/// `... where id = 2`, its second.
///
/// 11.2: an 11.19 (array update of one row) vector 24 + length array (2 +
/// 5 fields x 2 = 12) + KTB 16 + URP header 26 + 1 null bit -> 28 + KDOM2
/// 32 + column numbers 2 -> 4 + the new value 2 -> 4 = 120. Its 5.1 undo
/// vector 24 + (2 + 7 x 2 = 16) + ktudb 20 + ktubu 24 + KTB 16 + URP 28 +
/// 32 + 4 + the old value 4 = 168. The first change's record also carries
/// the 5.2 vector (24 + 4 + ktudh 32 = 60) and its undo begins the
/// transaction (ktubl 76 for ktubu 24: +52): 24 + 60 + 120 + 168 + 52 =
/// 424. The second: 24 + 120 + 168 = 312.
/// 19c: each vector 8 bytes longer, and the 5.2 carries a pdb field (4,
/// and 4 more of length array): 24 + 76 + 128 + 176 + 52 = 456, then 328.
/// The first change also cleans out the ITL the setup's commit left (its
/// rows' lock bytes): the block cleanout record in its KTB redo, 40 bytes
/// (tests/block_cleanout.rs): 464 and 496.
#[test]
fn one_number_column_update_worked_by_hand() {
    for (release, first, second, undo) in [("11.2.0.1", 424 + 40, 312, 168), ("19c", 456 + 40, 328, 176)] {
        let mut e = set_up(release);
        assert_eq!(redo_undo(&mut e, "update t set n = 3 where id = 1;"), (first, undo + 52, 1), "{release}");
        assert_eq!(redo_undo(&mut e, "update t set n = 3 where id = 2;"), (second, undo, 1), "{release}");
        // The commit: 24 + the 5.4 vector (header + (2 + 6 -> 8) + ktucm 20 + ktucf 16 + 4).
        let commit = if release == "19c" { 24 + 32 + 8 + 40 } else { 24 + 24 + 8 + 40 };
        assert_eq!(redo_undo(&mut e, "commit;").0, commit, "{release}");
    }
}

/// `delete from t where id = 2` after a first change: the 11.3 DRP vector
/// 24 + (2 + 4 -> 8) + KTB 16 + DRP 24 = 72; its undo holds the row as an
/// IRP: 24 + (2 + 7 x 2 = 16) + ktudb 20 + ktubu 24 + KTB 16 + IRP header
/// 45 + 1 -> 48 + the two columns 4 + 4 = 156. Record: 24 + 72 + 156 = 252.
/// Row at a time INSERT of (3, 2): the 11.2 IRP 24 + (2 + 4 x 2 = 10 -> 12) +
/// 16 + 48 + 4 + 4 = 108, its undo a DRP 24 + 12 + 20 + 24 + 16 + 24 =
/// 120: 24 + 108 + 120 = 252.
#[test]
fn delete_and_insert_worked_by_hand() {
    let mut e = set_up("11.2.0.1");
    redo_undo(&mut e, "update t set n = 3 where id = 1;");
    assert_eq!(redo_undo(&mut e, "delete from t where id = 2;"), (252, 156, 1));
    assert_eq!(redo_undo(&mut e, "insert into t values (3, 2);"), (252, 120, 1));
}

/// An indexed column updated: the table's change, then the entry deleted
/// from its leaf (10.4) and inserted again (10.2), a record each. The
/// lab's leaf entry: header 2 + key (length byte + 2) + rowid (length byte +
/// 6) + its slot 2 = 14 bytes; as fields, the rowid 6 and the rest 8
/// (each -> 8). 10.4: 24 + (2 + 4
/// -> 8) + KTB 16 + leaf header 12 = 60, its undo 24 + (2 + 12 -> 16) + 20 +
/// 24 + 16 + kdilk 24 + 8 + 8 = 140; 10.2: 24 + (2 + 8 -> 12) + 16 + 12 + 8 +
/// 8 = 80, its undo 140.
#[test]
fn an_indexed_column_updated_worked_by_hand() {
    let mut e = set_up("11.2.0.1");
    ok(&e.exec("create index t_n on t (n);"));
    redo_undo(&mut e, "update t set n = 3 where id = 1;");
    let (redo, undo, entries) = redo_undo(&mut e, "update t set n = 4 where id = 2;");
    assert_eq!(entries, 3);
    assert_eq!(undo, 168 + 140 + 140);
    assert_eq!(redo, 312 + (24 + 60 + 140) + (24 + 80 + 140));
}

/// tests/articles/cppentry-single-row-insert-redo-11g.sql: the second
/// single-row INSERT of a one-column NUMBER table, in the transaction the
/// first began: the article's 244 bytes of redo; the lab's record 24 +
/// the 11.2 IRP 100 + its DRP undo 120 = 244, one record.
#[test]
fn cppentry_second_insert() {
    let script = include_str!("../../../tests/articles/cppentry-single-row-insert-redo-11g.sql");
    let mut e = quiet_engine();
    let steps = e.exec(script);
    ok(&steps);
    let ins: Vec<_> = steps.iter().filter(|s| s.statement.starts_with("insert into")).collect();
    assert_eq!(ins.len(), 2);
    let second = &ins[1];
    assert_eq!((stat(second, "redo size"), stat(second, "redo entries")), (244, 1));
    assert!((stat(second, "redo size") as f64 - 244.0).abs() / 244.0 < 0.05);
}

/// A single-row UPDATE in a transaction that has begun, Oracle 9i (an
/// ITPUB thread, http://www.itpub.net/thread-706812-3-1.html, scott@ORA9,
/// autotrace: 1 db block get, 252 bytes of redo for `update t set
/// owner='rchsh' where rownum<2`, t a copy of a dictionary view whose
/// first row's OWNER is SYS). 9i's vectors have 24-byte headers as 10g's
/// and 11g's do (OpenLogReplicator reads 24 before 12.1), so the lab's
/// 10.2.0.5 stands for it: the 11.5 URP 24 + (2 + 4 x 2 -> 12) + KTB 12
/// (10.2's format) + URP 28 + column numbers 4 + 'rchsh' (5 -> 8) = 88;
/// its 5.1 24 + (2 + 6 x 2 -> 16) + 20 + 24 + 12 + 28 + 4 + 'SYS' (3 ->
/// 4) = 132; 24 + 88 + 132 = 244, 3.2% under the thread's 252 (an
/// autotrace figure of 9i, whose record the thread does not dump; Lewis's
/// 10.2 dump of the same kind of record is 4 bytes under the lab's:
/// tests/write_redo_articles.rs).
#[test]
fn itpub_9i_update_in_a_begun_transaction() {
    let mut e = quiet_engine();
    ok(&e.exec("alter system set \"_in_memory_undo\" = false;")); // 9i has no IMU (core/tests/imu.rs)
    ok(&e.exec(
        "lab version 10.2.0.5;\ncreate table t (owner varchar2(30), object_name varchar2(30));\n\
         insert into t values ('SYS', 'ICOL$');\ninsert into t values ('SYS', 'I_USER1');\ncommit;\n\
         update t set object_name = 'X' where object_name = 'I_USER1';",
    ));
    // The thread's `where rownum<2` (the first row) is written as a
    // predicate on that row: the lab refuses ROWNUM under UPDATE (LAB-00001).
    let (redo, undo, entries) = redo_undo(&mut e, "update t set owner='rchsh' where object_name = 'ICOL$';");
    assert_eq!((redo, undo, entries), (244, 132, 1));
    assert!((252.0 - redo as f64) / 252.0 < 0.05);
}

/// SELECT ... FOR UPDATE of a row in a transaction that has begun: a 5.1
/// and an 11.4 LKR vector. A 10.2-era log file dump (oracle-l, "what does
/// the op:11.4 mean?", 12 May 2008,
/// http://www.orafaq.com/maillist/oracle-l/2008/05/12/0237.htm) shows
/// such a record (KTB op C in both vectors, 10.2's format: no compat
/// bit): LEN 0x00d8, 216 bytes. The lab: the 11.4 is 24 + (2 + 2 x 2 ->
/// 8) + KTB 12 + LKR 24 = 68; its 5.1 is 24 + (2 + 4 x 2 -> 12) + ktudb
/// 20 + ktubu 24 + KTB 12 + LKR 24 = 116; the record 24 + 68 + 116 = 208,
/// 8 bytes (3.7%) short. The dump prints no field lengths (with 11g's
/// 8-byte KTB header the record would be 216, but Lewis's 10.2 URP
/// records and OpenLogReplicator's reader say 4).
#[test]
fn lock_row_record_against_a_10g_dump() {
    let mut e = set_up("10.2.0.5");
    redo_undo(&mut e, "update t set n = 3 where id = 2;");
    let (redo, undo, entries) = redo_undo(&mut e, "select * from t where id = 1 for update;");
    assert_eq!((redo, undo, entries), (208, 116, 1));
    assert!((216.0 - redo as f64) / 216.0 < 0.05);
}
