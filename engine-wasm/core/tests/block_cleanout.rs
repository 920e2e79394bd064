//! Commit cleanout and delayed block cleanout (issue 32): a commit cleans
//! out the blocks its transaction changed, up to a tenth of the buffer
//! cache and only those still cached; the others keep the transaction in
//! their ITL, and the next get of each cleans it out: on a query, a block
//! change and a redo record (op 4.1) each, and a dirty buffer for DBWR
//! (core/src/kernel/mod.rs `delayed_cleanout`, session/txn.rs
//! `commit_cleanout`, docs/MODEL.md "The write path").

mod common;
use common::*;
use lio_core::{Engine, StepOut};

fn run(e: &mut Engine, sql: &str) -> Vec<StepOut> {
    let out = e.exec(sql);
    ok(&out);
    out
}

/// (redo size, redo entries, db block changes, cleanouts only - consistent
/// read gets, immediate (CR) block cleanout applications).
fn cleanout(s: &StepOut) -> (u64, u64, u64, u64, u64) {
    (
        stat(s, "redo size"),
        stat(s, "redo entries"),
        stat(s, "db block changes"),
        stat(s, "cleanouts only - consistent read gets"),
        stat(s, "immediate (CR) block cleanout applications"),
    )
}

/// One block, three rows, changed and then flushed from the cache before
/// the commit: the commit cannot clean it (`commit cleanouts` 1, none
/// successfully completed: `commit cleanout failures: block lost` 1). The
/// next query's consistent get cleans it: one block change and one redo
/// record of 24 (record header) + 24 (11.2's vector header) + 4 (length
/// array: 2 + 2) + 20 (the cleanout of one ITL) = 72 bytes (Julian Dyke's
/// dump of op 4.1: "the redo record is 72 bytes"); from 12.1 the vector
/// header is 32: 80 bytes. The query after it finds the block clean.
#[test]
fn one_block_left_uncleaned_is_cleaned_by_the_next_query() {
    for (release, record) in [("11.2.0.1", 72), ("19c", 80)] {
        let mut e = quiet_engine();
        run(
            &mut e,
            &format!(
                "lab version {release};\ncreate table t (n number, v varchar2(10));\n\
                 insert into t select level, 'x' from dual connect by level <= 3;\ncommit;"
            ),
        );
        run(&mut e, "update t set v = 'y';\nalter system flush buffer_cache;");
        let c = run(&mut e, "commit;");
        assert_eq!(stat(&c[0], "commit cleanouts"), 1, "{release}");
        assert_eq!(stat(&c[0], "commit cleanouts successfully completed"), 0, "{release}");
        assert_eq!(stat(&c[0], "commit cleanout failures: block lost"), 1, "{release}");
        let q = run(&mut e, "select count(*) from t;");
        assert_eq!(cleanout(&q[0]), (record, 1, 1, 1, 1), "{release}");
        let q = run(&mut e, "select count(*) from t;");
        assert_eq!(cleanout(&q[0]), (0, 0, 0, 0, 0), "{release}");
    }
}

/// The same change with the block still cached: the commit cleans it out
/// (no redo of its own), and the query writes nothing.
#[test]
fn a_cached_block_is_cleaned_by_its_commit() {
    let mut e = quiet_engine();
    run(&mut e, "create table t (n number, v varchar2(10));\ninsert into t values (1, 'x');\ncommit;");
    run(&mut e, "update t set v = 'y';");
    let c = run(&mut e, "commit;");
    assert_eq!(stat(&c[0], "commit cleanouts"), 1);
    assert_eq!(stat(&c[0], "commit cleanouts successfully completed"), 1);
    let q = run(&mut e, "select count(*) from t;");
    assert_eq!(cleanout(&q[0]), (0, 0, 0, 0, 0));
}

/// A transaction that changes more blocks than a tenth of the cache: a 4
/// MB cache (512 buffers) cleans 51 at commit, however many are cached.
/// 200 rows of 3,000 bytes, two a block, fill 100 blocks: the commit
/// tries the first 51 and leaves 49 (and those of the 51 no longer
/// cached); a full scan then cleans the rest, a record each.
#[test]
fn a_commit_cleans_a_tenth_of_the_cache() {
    let mut e = quiet_engine();
    run(&mut e, "alter system set db_cache_size = 4M scope = spfile;\nshutdown immediate\nstartup");
    run(&mut e, "create table t (n number, v varchar2(3000));\ncommit;");
    let c = run(&mut e, "insert into t select level, rpad('x', 3000, 'x') from dual connect by level <= 200;\ncommit;");
    let blocks = 100;
    assert_eq!(stat(&c[1], "commit cleanouts"), 51);
    let done = stat(&c[1], "commit cleanouts successfully completed");
    let q = run(&mut e, "select /*+ full(t) */ count(*) from t;");
    let (redo, entries, changes, cr_gets, apps) = cleanout(&q[0]);
    assert_eq!(cr_gets, blocks - done);
    assert_eq!((entries, changes, apps), (cr_gets, cr_gets, cr_gets));
    assert_eq!(redo, 80 * cr_gets);
    let q = run(&mut e, "select /*+ full(t) */ count(*) from t;");
    assert_eq!(cleanout(&q[0]), (0, 0, 0, 0, 0));
}

/// tests/articles/kyte-delayed-block-cleanout-12c.sql: the first read
/// after the commit of 10,000 one-row blocks generates 802,632 bytes of
/// redo in the book (12.1), the second none. The lab within 1%, the second
/// exactly 0.
#[test]
fn kyte_block_cleanout() {
    let script = include_str!("../../../tests/articles/kyte-delayed-block-cleanout-12c.sql");
    let mut e = quiet_engine();
    let steps = e.exec(script);
    for s in &steps {
        // The first PL/SQL block fails as in the book (ORA-01403: the table is empty).
        if let Some(err) = &s.error {
            assert!(s.statement.starts_with("declare") && err.code == "ORA-01403", "{}: {err:?}", s.statement);
        }
    }
    let redo: Vec<f64> = steps
        .iter()
        .filter(|s| s.statement.starts_with("select n.name"))
        .map(|s| s.rows[0][1].as_f64().expect("value"))
        .collect();
    assert_eq!(redo.len(), 3);
    let first = redo[1] - redo[0];
    assert!((first - 802_632.0).abs() / 802_632.0 < 0.01, "{first}");
    assert_eq!(redo[2] - redo[1], 0.0);
}

/// (redo size, redo entries, immediate (CURRENT) block cleanout applications).
fn change(s: &StepOut) -> (u64, u64, u64) {
    (stat(s, "redo size"), stat(s, "redo entries"), stat(s, "immediate (CURRENT) block cleanout applications"))
}

const SETUP: &str = "lab version 11.2.0.1;\nalter system set \"_in_memory_undo\" = false;\n\
     create table t (n number, v varchar2(10));\n\
     insert into t values (1, 'x');\ninsert into t values (2, 'x');\ninsert into t values (3, 'x');";

/// A commit cleanout puts the commit SCN in the ITL and leaves the rows'
/// lock bytes; the next transaction's first change to the block clears
/// them: its KTB op F carries a block cleanout record (the 11g dump of
/// tests/articles/dsi-redo-records-imu-off-11g.sql: `op: 0x11 ... Block
/// cleanout record, scn: ... entries follow... itli: 1 flg: 2 scn: ...`),
/// 32 bytes + 8 an ITL past op F's (OpenLogReplicator's `ktbRedo` reads the
/// field to 48 + 8 an entry past the op's data, op F alone to 16). Worked
/// by hand, 11.2, IMU off, v from 'x' to 'y' of one row of one block:
/// - first in the transaction: 24 (record) + 5.2 (24 + 4 + 32 = 60) + 5.1
///   (24 + 16 + ktudb 20 + ktubl 76 + KTB 16 + URP 28 + KDOM2 32 + 4 + 4 =
///   220) + 11.19 (24 + 12 + 16 + 28 + 32 + 4 + 4 = 120, + the cleanout of
///   one ITL 40 = 160) = 464;
/// - the transaction's next row of the block: 24 + 168 + 120 = 312, no
///   cleanout (its ITL is taken).
///
/// A query between the commit and the change reads the commit-cleaned
/// block without redo, and leaves the lock bytes for the change.
#[test]
fn the_next_change_cleans_the_lock_bytes_a_commit_cleanout_left() {
    let mut e = quiet_engine();
    run(&mut e, &format!("{SETUP}\ncommit;"));
    let u = run(&mut e, "update t set v = 'y' where n = 1;\nupdate t set v = 'y' where n = 2;\ncommit;");
    assert_eq!((change(&u[0]), change(&u[1])), ((464, 1, 0), (312, 1, 0)));
    let q = run(&mut e, "select count(*) from t;");
    assert_eq!(cleanout(&q[0]), (0, 0, 0, 0, 0));
    let u = run(&mut e, "update t set v = 'z' where n = 3;");
    assert_eq!(change(&u[0]), (464, 1, 0));
    // Rolled back, the transaction leaves its ITL clean: nothing to clear.
    run(&mut e, "rollback;");
    let u = run(&mut e, "update t set v = 'z' where n = 3;");
    assert_eq!(change(&u[0]), (464 - 40, 1, 0));
}

/// A block its commit left uncleaned (flushed from the cache first): the
/// UPDATE's full scan reaches it by a consistent get first and cleans it
/// out there (op 4.1, 72 bytes, `immediate (CR) block cleanout
/// applications`), clearing the lock bytes with the ITL: the change then
/// has nothing to clean, 424 + 72 = 496 in two records, no CURRENT
/// cleanout. A query that cleaned it before leaves the change its 424.
#[test]
fn a_change_cleans_an_uncleaned_block_in_its_own_record() {
    for query_first in [false, true] {
        let mut e = quiet_engine();
        run(&mut e, &format!("{SETUP}\nalter system flush buffer_cache;\ncommit;"));
        if query_first {
            let q = run(&mut e, "select count(*) from t;");
            assert_eq!(cleanout(&q[0]), (72, 1, 1, 1, 1));
        }
        let u = run(&mut e, "update t set v = 'y' where n = 1;");
        let expected = if query_first { (424, 1, 0) } else { (424 + 72, 2, 0) };
        assert_eq!(change(&u[0]), expected, "query first: {query_first}");
    }
}
