//! Array DML (issue 32): a multi-row INSERT (INSERT ... SELECT, a JDBC
//! batch) writes one redo record per block and array of at most 255 rows,
//! with one undo record, not one per row; a table whose potential row is
//! longer than a block's space, and UPDATE and DELETE, go a row at a time
//! (core/src/session/array_dml.rs, docs/MODEL.md "The write path").
//! Two published cases are reproduced from `tests/articles/`.

mod common;
use common::*;
use lio_core::{Engine, StepOut};

fn run(e: &mut Engine, sql: &str) -> Vec<StepOut> {
    let out = e.exec(sql);
    ok(&out);
    out
}

/// The (array, block) pairs of a table's rows from `from` on: the records
/// an array insert of those rows writes for the table.
fn table_runs(e: &Engine, table: &str, from: usize) -> usize {
    let t = e.catalog().tables.iter().find(|t| t.name == table).expect("table");
    let mut runs: Vec<(usize, u32)> = t.loc[from..].iter().enumerate().map(|(i, l)| (i / 255, l.block)).collect();
    runs.dedup();
    runs.len()
}

fn blocks_of(e: &Engine, table: &str) -> usize {
    let t = e.catalog().tables.iter().find(|t| t.name == table).expect("table");
    let mut b: Vec<u32> = t.loc.iter().map(|l| l.block).collect();
    b.sort_unstable();
    b.dedup();
    b.len()
}

/// One block, three rows (1, 'x'), (2, 'x'), (3, 'x'), worked out by hand.
/// Each row: header 3 + NUMBER (length byte + 2 bytes) 3 + 'x' (length
/// byte + 1) 2 = 8 bytes. The QMI vector: 3 x (8 + 2-byte row entry) = 30;
/// its QMD undo: header 32 + undo record header 40 + block address 8 +
/// 3 slots x 2 = 86, and 52 more as the transaction's first undo record
/// (its ktubl, session/redo_layout.rs). Redo: one record 24 + 32 + 30 +
/// 86 = 172, + 52, and in it the transaction's slot (5.2: vector header 32,
/// length array 2 + 2 x 2 -> 8, ktudh 32 and from 12.1 its pdb field 4 =
/// 76).
#[test]
fn three_rows_into_one_block_are_one_redo_record() {
    let mut e = quiet_engine();
    run(&mut e, "create table t (n number, v varchar2(10));\ninsert into t values (0, 'x');\ncommit;");
    let o = run(&mut e, "insert into t select level, 'x' from dual connect by level <= 3;");
    let o = &o[0];
    assert_eq!(stat(o, "redo entries"), 1);
    // + 40: the block cleanout record of the setup's commit (its ITL).
    assert_eq!(stat(o, "redo size"), 76 + 172 + 52 + 40);
    assert_eq!(stat(o, "undo change vector size"), 86 + 52);
    // The undo segment header, the table block (once), the undo block.
    assert_eq!(stat(o, "db block gets"), 3);
    assert_eq!(stat(o, "db block changes"), 1 + 2);
    assert_eq!(blocks_of(&e, "T"), 1);
    // The same rows one INSERT each: a record per row (11.2 IRP), as before.
    run(&mut e, "rollback;");
    // Their records as the public log takes them: IMU off (with it on the
    // three are held to the commit, one record: core/tests/imu.rs).
    run(&mut e, "alter system set \"_in_memory_undo\" = false;");
    let o =
        run(&mut e, "insert into t values (1, 'x');\ninsert into t values (2, 'x');\ninsert into t values (3, 'x');");
    let entries: u64 = o.iter().map(|s| stat(s, "redo entries")).sum();
    assert_eq!(entries, 3);
    // Row (18c vectors, session/redo_layout.rs): 11.2 IRP 32 + length
    // array (2 + 4 x 2 -> 12) + KTB 16 + IRP header 45 + 1 -> 48 + the two
    // columns' data 2 -> 4 and 1 -> 4 = 116; its 5.1 undo 32 + 12 + ktudb
    // 20 + ktubu 24 + KTB 16 + DRP 24 = 128; the record 24 + 116 + 128 =
    // 268 each, the first undo record 52 more (ktubl).
    assert_eq!(o.iter().map(|s| stat(s, "redo size")).sum::<u64>(), 76 + 3 * 268 + 52);
}

/// Jonathan Lewis, "Quiz night" (2014): "There is an internal limit of 255
/// on the size of array that Oracle can insert as a unit."
/// https://jonathanlewis.wordpress.com/2014/11/07/quiz-night-27/
#[test]
fn an_array_holds_at_most_255_rows() {
    let mut e = quiet_engine();
    run(&mut e, "create table t (n number not null);\ninsert into t values (0);\ncommit;");
    let o = run(&mut e, "insert into t select level from dual connect by level <= 600;");
    // 601 small rows fit one block: arrays of 255, 255 and 90 rows.
    assert_eq!(blocks_of(&e, "T"), 1);
    assert_eq!(stat(&o[0], "redo entries"), 3);
    assert_eq!(stat(&o[0], "db block changes"), 1 + 3 * 2);
}

/// An array that reaches the end of a block goes on in the next block as
/// another record: a record per (array, block).
#[test]
fn an_array_continues_in_the_next_block_as_another_record() {
    let mut e = quiet_engine();
    run(&mut e, "create table t (n number, pad varchar2(100));\ninsert into t values (0, 'x');\ncommit;");
    let o = run(&mut e, "insert into t select level, rpad('x', 100, 'x') from dual connect by level <= 300;");
    let runs = table_runs(&e, "T", 1);
    // About 65 rows of 109 bytes a block: blocks 1..5, and the array
    // boundary at row 255 splits one block's rows into two records.
    assert_eq!(blocks_of(&e, "T"), 5);
    assert_eq!(runs, 6);
    assert_eq!(stat(&o[0], "redo entries"), runs as u64);
}

/// The entries an array adds to an index leaf are one record too (Hemant
/// Chitale's small table below: 52 records for 1,000 rows and a unique
/// index, not 2,000).
#[test]
fn index_entries_go_in_arrays_too() {
    let mut e = quiet_engine();
    run(&mut e, "create table u (n number primary key, v varchar2(10));\ninsert into u values (0, 'x');\ncommit;");
    let o = run(&mut e, "insert into u select level, 'x' from dual connect by level <= 600;");
    // The slot, three arrays into the table block, three into the leaf;
    // the leaf fills and splits 90-10: the split's recursive transaction,
    // four records (core/tests/split_redo.rs).
    assert_eq!(stat(&o[0], "redo entries"), 3 + 3 + 4);
    let c = run(&mut e, "select count(*) from u where n between 1 and 600;");
    assert_eq!(c[0].rows[0][0].as_f64(), Some(600.0));
}

/// Nikolay Savvinov and Jonathan Lewis (2014): when the potential row
/// length (the columns' maximum lengths) exceeds a block, Oracle inserts
/// a row at a time, table and index.
#[test]
fn a_potential_row_longer_than_the_block_goes_row_at_a_time() {
    let mut e = quiet_engine();
    // A record a change as the public log takes it: IMU off (on, the rows
    // would be held until the pool fills: core/tests/imu.rs).
    run(&mut e, "alter system set \"_in_memory_undo\" = false;");
    // 3 + 23 + 3 x 4,003 bytes > 8,192 - 114: row at a time.
    run(&mut e, "create table w (n number primary key, a varchar2(4000), b varchar2(4000), c varchar2(4000));");
    run(&mut e, "insert into w values (0, 'x', 'x', 'x');\ncommit;");
    let o = run(&mut e, "insert into w select level, 'x', 'x', 'x' from dual connect by level <= 100;");
    assert_eq!(stat(&o[0], "redo entries"), 100 * 2);
    // 3 + 23 + 2 x 4,003 fits: arrays.
    run(&mut e, "create table n2 (n number primary key, a varchar2(4000), b varchar2(4000));");
    run(&mut e, "insert into n2 values (0, 'x', 'x');\ncommit;");
    let o = run(&mut e, "insert into n2 select level, 'x', 'x' from dual connect by level <= 100;");
    assert_eq!(stat(&o[0], "redo entries"), 1 + 1);
}

/// UPDATE and DELETE change a row at a time: an 11.5 URP or 11.3 DRP and
/// its undo record per row (11.12 QMD is only the undo of an array insert,
/// Julian Dyke, http://juliandyke.com/Internals/Redo/Redo11.php; a
/// 9,882-row UPDATE leaves 19,671 undo records in V$TRANSACTION.USED_UREC,
/// http://www.itpub.net/thread-1129998-1-1.html).
#[test]
fn update_and_delete_stay_a_row_at_a_time() {
    let mut e = quiet_engine();
    // IMU off: a record a row as the public log takes it (core/tests/imu.rs).
    run(&mut e, "alter system set \"_in_memory_undo\" = false;");
    run(&mut e, "create table t (n number, v varchar2(10));\ninsert into t select level, 'x' from dual connect by level <= 100;\ncommit;");
    let o = run(&mut e, "update t set v = 'y';");
    assert_eq!(stat(&o[0], "redo entries"), 100);
    let o = run(&mut e, "commit;\ndelete from t;");
    assert_eq!(stat(&o[1], "redo entries"), 100);
}

/// A JDBC batch (LAB RUN ... BATCH n) binds n rows to one execution: an
/// array insert (Guy Harrison's addBatch()/executeBatch(), the seed's
/// samples/jdbc-binds-literals-array-insert.sql).
#[test]
fn a_jdbc_batch_is_an_array_insert() {
    let mut e = quiet_engine();
    // IMU off: the row-at-a-time run's records as the public log takes them.
    run(&mut e, "alter system set \"_in_memory_undo\" = false;");
    run(&mut e, "create table b (id number, v varchar2(10));\ninsert into b values (0, 'x');\ncommit;");
    let one = run(&mut e, "LAB RUN 'insert into b values (:1, ''x'')' BIND 1 TO 1000 VIA jdbc_thin;\ncommit;");
    assert_eq!(stat(&one[0], "redo entries"), 1000);
    let batched = run(&mut e, "LAB RUN 'insert into b values (:1, ''x'')' BIND 1001 TO 2000 VIA jdbc_thin BATCH 100;");
    // Ten executions of 100 rows: a record per execution and block.
    let runs = {
        let t = e.catalog().tables.iter().find(|t| t.name == "B").unwrap();
        let mut r: Vec<(usize, u32)> = t.loc[1001..].iter().enumerate().map(|(i, l)| (i / 100, l.block)).collect();
        r.dedup();
        r.len() as u64
    };
    assert!((10..=12).contains(&runs), "{runs}");
    assert_eq!(stat(&batched[0], "redo entries"), runs);
}

/// A rolled-back array insert leaves nothing, and the same rows inserted
/// again write the same records.
#[test]
fn a_rolled_back_array_insert_leaves_nothing() {
    let mut e = quiet_engine();
    run(&mut e, "create table t (n number primary key, pad varchar2(100));\ninsert into t values (0, 'x');\ncommit;");
    let sql = "insert into t select level, rpad('x', 100, 'x') from dual connect by level <= 300;";
    let a = run(&mut e, sql);
    run(&mut e, "rollback;");
    let c = run(&mut e, "select count(*) from t;");
    assert_eq!(c[0].rows[0][0].as_f64(), Some(1.0));
    let b = run(&mut e, sql);
    assert_eq!(stat(&a[0], "redo entries"), stat(&b[0], "redo entries"));
    // The first cleaned out the ITLs the setup's commit left in the table
    // block and the index leaf (2 x 40 bytes of block cleanout records);
    // the rollback does not restore them, so the second has none.
    assert_eq!(stat(&a[0], "redo size"), stat(&b[0], "redo size") + 80);
}

/// A session statistic from a V$SESSTAT query's rows (NAME, VALUE).
fn sesstat(s: &StepOut, name: &str) -> f64 {
    let row = s.rows.iter().find(|r| r[0].as_str() == Some(name)).unwrap_or_else(|| panic!("{name}"));
    row[1].as_f64().unwrap()
}

/// tests/articles/chitale-potentially-long-rows-11g.sql: 52 redo entries
/// for the array insert, 2,043 row at a time. Both of Oracle's runs carry
/// ~37 records the lab does not model (deferred segment creation, ASSM
/// space management; the unique index's one 90-10 leaf split is written,
/// four records in each run: core/tests/split_redo.rs), so the
/// difference is compared: Oracle
/// 1,991, the lab within 1%; and the array insert writes fewer than 2% of
/// the row-at-a-time records in both.
#[test]
fn chitale_potentially_long_rows() {
    let script = include_str!("../../../tests/articles/chitale-potentially-long-rows-11g.sql");
    let mut e = quiet_engine();
    let steps = e.exec(script);
    for s in &steps {
        // The article's first DROPs fail as printed (ORA-00942).
        if let Some(err) = &s.error {
            assert!(s.statement.starts_with("drop table") && err.code == "ORA-00942", "{}: {err:?}", s.statement);
        }
    }
    let q: Vec<&StepOut> = steps.iter().filter(|s| s.statement.starts_with("select n.name")).collect();
    assert_eq!(q.len(), 4);
    let delta = |i: usize, name: &str| sesstat(q[i + 1], name) - sesstat(q[i], name);
    let (small, large) = (delta(0, "redo entries"), delta(2, "redo entries"));
    assert_eq!(small, 15.0);
    assert_eq!(large, 2005.0);
    let published = 2043.0 - 52.0;
    assert!(((large - small) - published).abs() / published < 0.01, "{}", large - small);
    assert!(small / large < 0.02);
}

/// tests/articles/savvinov-4k-row-by-row-insert-11g.sql: in 4 KB blocks a
/// NUMBER + VARCHAR2(4000) table is filled a row at a time, a NUMBER +
/// VARCHAR2(2000) one as arrays. The array insert's redo size within 15% of
/// the article's 1,317,000 (the rest: space-management redo the lab does
/// not model); the row-at-a-time insert's db block gets within 10% of
/// 11,200.
#[test]
fn savvinov_row_by_row_in_4k_blocks() {
    let script = include_str!("../../../tests/articles/savvinov-4k-row-by-row-insert-11g.sql");
    let mut e = quiet_engine();
    let steps = run(&mut e, script);
    let ins: Vec<&StepOut> = steps.iter().filter(|s| s.statement.starts_with("insert into")).collect();
    let (t4k, t4k2) = (ins[0], ins[1]);
    assert_eq!(stat(t4k, "redo entries"), 10_000);
    assert!(stat(t4k2, "redo entries") < 400, "{}", stat(t4k2, "redo entries"));
    let redo = stat(t4k2, "redo size") as f64;
    assert!((redo - 1_317_000.0).abs() / 1_317_000.0 < 0.15, "{redo}");
    let gets = stat(t4k, "db block gets") as f64;
    assert!((gets - 11_200.0).abs() / 11_200.0 < 0.10, "{gets}");
    // Row at a time writes more than twice the array insert's redo (the
    // article: 2.8 times).
    assert!(stat(t4k, "redo size") > 2 * stat(t4k2, "redo size"));
}

/// docs/MODEL.md's worked example: 1,000 rows of 109 bytes (header 3 +
/// CHAR(105) with its length byte), 65 a block: 16 blocks, arrays of 255,
/// 255, 255, 235, each boundary inside a block: 19 records.
#[test]
fn model_md_worked_example() {
    let mut e = quiet_engine();
    run(&mut e, "create table c (c char(105));");
    let o = run(&mut e, "insert into c select 'x' from dual connect by level <= 1000;");
    assert_eq!(blocks_of(&e, "C"), 16);
    assert_eq!(stat(&o[0], "redo entries"), 19);
    // The slot's 5.2 vector 76 (in the first record); the first undo record's ktubl 52.
    assert_eq!(stat(&o[0], "redo size"), 76 + 52 + 19 * (24 + 32 + 32 + 40 + 8) + 1000 * (109 + 2 + 2));
    assert_eq!(stat(&o[0], "undo change vector size"), 52 + 19 * (32 + 40 + 8) + 1000 * 2);
}

/// tests/articles/cto-million-row-array-insert-undo.sql: a million
/// one-column rows by one INSERT ... SELECT, the post's undo change vector
/// size 2,372,516 and redo size 15,699,812. The undo is the array inserts'
/// QMD records (32 + 40 + 8 bytes each, 2 a row): within 5%. The redo is
/// under by the space-management redo the lab does not write: within 20%,
/// and under, never over.
#[test]
fn cto_million_row_array_insert() {
    let script = include_str!("../../../tests/articles/cto-million-row-array-insert-undo.sql");
    let mut e = quiet_engine();
    let steps = run(&mut e, script);
    let q: Vec<&StepOut> = steps.iter().filter(|s| s.statement.starts_with("select v$statname")).collect();
    assert_eq!(q.len(), 2);
    let delta = |name: &str| sesstat(q[1], name) - sesstat(q[0], name);
    let (undo, redo) = (delta("undo change vector size"), delta("redo size"));
    // One record per (array, block): 2,000,000 bytes of row slots and
    // 80 bytes a record, and the transaction's first record's ktubl 52.
    let records = table_runs(&e, "T", 0) as f64;
    assert_eq!(undo, 2.0 * 1_000_000.0 + 80.0 * records + 52.0);
    assert!((undo - 2_372_516.0).abs() / 2_372_516.0 < 0.05, "{undo}");
    assert!(redo < 15_699_812.0 && (15_699_812.0 - redo) / 15_699_812.0 < 0.20, "{redo}");
}
