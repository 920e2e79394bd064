//! Physical options that change what Oracle does are modelled or refused,
//! never accepted and ignored.
//!
//! - `CREATE INDEX ... INVISIBLE` / `ALTER INDEX ... [IN]VISIBLE`: the index
//!   is maintained by DML but the optimizer does not see it, and a hint
//!   naming it is ignored (Oracle Database Administrator's Guide, "Making
//!   an Index Invisible or Visible"; OPTIMIZER_USE_INVISIBLE_INDEXES is not
//!   modelled and so stays FALSE). Before, CREATE INDEX ... INVISIBLE was
//!   accepted and the index used: a plan Oracle would not choose.
//! - Advanced index compression and table compression that would change
//!   the blocks' contents (advanced/OLTP row compression on any insert;
//!   basic compression of a direct-path load: CTAS, MOVE) are refused with
//!   LAB-00001 at the COMPRESS keyword. Before, `create table t compress as
//!   select ...` made as many blocks as an uncompressed table. (Index
//!   prefix compression, `COMPRESS [n]`, is modelled: tests/index_compress.rs.)
mod common;
use common::*;

const T: &str = "create table t (id number, n number, pad varchar2(50));\n\
    insert into t select level, mod(level, 1000), rpad('x', 50, 'x') from dual connect by level <= 10000;\n\
    commit;\n";

fn ops(e: &mut lio_core::Engine, sql: &str) -> Vec<String> {
    lines(&plan_of(e, sql)).into_iter().map(|l| l.0).collect()
}

/// 10,000 rows, 1,000 values of N: `n = 3` is 10 rows, the index's cost
/// (blevel 1 + 1 leaf + 10 table blocks = 12 or so) beats the full scan
/// (about 26), so a visible index is taken and an invisible one is not.
#[test]
fn an_invisible_index_is_maintained_but_not_seen_by_the_optimizer() {
    let mut e = quiet_engine();
    ok(&e.exec(&format!("{T}create index i1 on t (n) invisible;\nexec dbms_stats.gather_table_stats(user, 'T')\n")));
    assert_eq!(scalar(&mut e, "select visibility from user_indexes where index_name = 'I1'"), "INVISIBLE");
    let q = "select * from t where n = 3;";
    assert_eq!(ops(&mut e, q), ["SELECT STATEMENT", "TABLE ACCESS FULL T"]);
    // A hint naming it is ignored, as Oracle ignores it.
    assert_eq!(
        ops(&mut e, "select /*+ index(t i1) */ * from t where n = 3;"),
        ["SELECT STATEMENT", "TABLE ACCESS FULL T"]
    );
    // DML keeps it up to date: visible again, it finds the new row.
    ok(&e.exec("insert into t values (10001, 3, 'y');\ncommit;\nalter index i1 visible;\n"));
    assert_eq!(scalar(&mut e, "select visibility from user_indexes where index_name = 'I1'"), "VISIBLE");
    assert_eq!(ops(&mut e, q), ["SELECT STATEMENT", "TABLE ACCESS BY INDEX ROWID BATCHED T", "INDEX RANGE SCAN I1"]);
    assert_eq!(scalar(&mut e, "select count(*) from t where n = 3"), "11");
    ok(&e.exec("alter index i1 invisible;\n"));
    assert_eq!(ops(&mut e, q), ["SELECT STATEMENT", "TABLE ACCESS FULL T"]);
}

#[test]
fn compression_that_changes_blocks_is_refused_at_its_keyword() {
    let mut e = quiet_engine();
    ok(&e.exec(T));
    let cases = [
        ("create index i2 on t (id) compress advanced low;", 27),
        ("create index i2 on t (id, n) compress advanced high;", 30),
        ("create table c1 compress as select * from t;", 17),
        ("create table c2 compress for oltp as select * from t;", 17),
        ("create table c3 (x number) row store compress advanced;", 28),
        ("create table c4 (x number) compress for all operations;", 28),
    ];
    for (sql, col) in cases {
        let s = e.exec(sql);
        assert_eq!(error_of(&s[0]), ("LAB-00001", 1, col), "{sql}");
    }
    // Basic compression with conventional inserts stores rows as the lab
    // does (uncompressed); moving it would compress them.
    ok(&e.exec("create table c5 (x number) compress;\ninsert into c5 values (1);\ncommit;\n"));
    assert_eq!(scalar(&mut e, "select compression from user_tables where table_name = 'C5'"), "ENABLED");
    assert_eq!(error_of(&e.exec("alter table c5 move;")[0]).0, "LAB-00001");
    // NOCOMPRESS is what the lab does.
    ok(&e.exec("create table c6 nocompress as select * from t;\ncreate index i3 on t (id) nocompress;\n"));
}

/// A cluster's blocks have two ITL slots and the lab's rows no SCNs: a
/// cluster's INITRANS above 2 (24 bytes a slot more) and ROWDEPENDENCIES
/// (6 bytes a row) would change how many rows a block holds, so they are
/// refused (a table's and an index's INITRANS are laid out:
/// tests/initrans.rs); INITRANS 1 or 2, PCTUSED (free lists, not used by
/// ASSM) and NOROWDEPENDENCIES are what the lab does.
#[test]
fn block_layout_options_the_lab_does_not_lay_out_are_refused() {
    let mut e = quiet_engine();
    let s = e.exec("create cluster r1c (x number) initrans 8;");
    assert_eq!(error_of(&s[0]), ("LAB-00001", 1, 40));
    let s = e.exec("create table r2 (x number) rowdependencies;");
    assert_eq!(error_of(&s[0]), ("LAB-00001", 1, 28));
    ok(&e.exec("create table r3 (x number) pctused 40 initrans 2 norowdependencies;\ncreate index r3_x on r3 (x) initrans 2;\n"));
}
