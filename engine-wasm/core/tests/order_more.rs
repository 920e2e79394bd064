//! Index segments in their tablespace's space (issue 28): an index counts
//! in the tablespace that holds it, beside the tables there, and an index
//! created with `TABLESPACE ts` that a statement would grow past ts's
//! file fails with ORA-01654, "unable to extend index %s.%s by %s in
//! tablespace %s" (Oracle Database Error Messages, ORA-01654; the lab
//! names the index `LAB.NAME` as ORA-01653 names the table), the
//! statement rolled back. Before, index segments took no space: a 2 MB
//! tablespace took any index.

mod common;
use common::*;

fn message(s: &lio_core::StepOut) -> String {
    s.error.as_ref().map(|e| e.message.clone()).unwrap_or_default()
}

/// A table in USERS whose index `T_IX` is in a 2 MB tablespace SMALL.
const SMALL_INDEX: &str = "create tablespace small datafile '+DATA' size 2m;\n\
     create table t (id number, pad varchar2(100));\n\
     create index t_ix on t (pad) tablespace small;";

fn count(e: &mut lio_core::Engine, sql: &str) -> String {
    let steps = e.exec(sql);
    ok(&steps);
    format!("{:?}", steps[0].rows)
}

/// An INSERT whose index entries do not fit in the index's tablespace:
/// ORA-01654 at the INSERT, no row inserted; a smaller insert fits. The
/// table is in USERS; only the index is in the 2 MB tablespace (1 MB of it
/// the file's header in 19c: sixteen 64 KB extents, then the first 1 MB
/// extent, 128 blocks, does not fit).
#[test]
fn an_insert_that_outgrows_its_index_tablespace_fails_with_ora_01654() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{SMALL_INDEX}\n\
         insert into t select level, rpad('x', 100, 'x') from dual connect by level <= 10000;"
    ));
    ok(&steps[..3]);
    let s = steps.last().unwrap();
    assert_eq!(error_of(s), ("ORA-01654", 4, 13));
    assert_eq!(message(s), "unable to extend index LAB.T_IX by 128 in tablespace SMALL");
    assert_eq!(count(&mut e, "select count(*) from t;"), "[[Number(0)]]");
    ok(&e.exec("insert into t select level, rpad('x', 100, 'x') from dual connect by level <= 500;"));
    assert_eq!(count(&mut e, "select count(*) from t;"), "[[Number(500)]]");
}

/// A table and its index in one tablespace share its file: the second
/// 3,000 rows fit the table alone but not beside the index's 48 blocks,
/// so the table cannot extend (ORA-01653); the lab took them before, 208
/// blocks in a file of 128.
///
/// The table's blocks, by hand: a row is 3 + 3 (the id) + 101 bytes and
/// its 2-byte directory entry, 65 to a block's 7,259 bytes: 3,000 rows in
/// 47 data blocks. In 64 KB extents an ASSM segment holds 5 data blocks
/// in the first (L1, L2, header), 8 in the even ones and 7 in the odd
/// ones after it (each starts with the L1 of the next 16 blocks): 5, 13,
/// 20, 28, 35, 43, 50: the 47th is in the seventh extent, 56 blocks (48,
/// six extents, when the lab counted the header alone).
///
/// The failed INSERT keeps the extents it allocated (recursive
/// transactions: `assm_hwm.rs`), so the file ends full: 128 blocks, the
/// index's 48 and the table's 80, three more extents. That sum is
/// Oracle's; the split is the lab's, which places the table's rows before
/// the index's entries (Oracle places them row by row, so its index may
/// take some of the three extents, or fail first with ORA-01654).
#[test]
fn a_table_counts_the_indexes_in_its_tablespace() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "create tablespace small datafile '+DATA' size 2m;\n\
         create table t (id number, pad varchar2(100)) tablespace small;\n\
         create index t_ix on t (pad) tablespace small;\n\
         insert into t select level, rpad('x', 100, 'x') from dual connect by level <= 3000;\n\
         insert into t select level, rpad('x', 100, 'x') from dual connect by level <= 3000;",
    );
    ok(&steps[..4]);
    assert_eq!(error_of(&steps[4]), ("ORA-01653", 5, 13));
    assert_eq!(count(&mut e, "select count(*) from t;"), "[[Number(3000)]]");
    assert_eq!(
        count(&mut e, "select segment_name, blocks from user_segments order by 1;"),
        // (The index's leaves fill completely: its equal keys arrive in
        // rowid order at the right edge, 90-10 splits.)
        "[[String(\"T\"), Number(80)], [String(\"T_IX\"), Number(48)]]"
    );
}

/// An UPDATE that lengthens the indexed column past the index's
/// tablespace: ORA-01654, every row as it was.
#[test]
fn an_update_that_outgrows_its_index_tablespace_fails_with_ora_01654() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{SMALL_INDEX}\n\
         insert into t select level, 'x' from dual connect by level <= 9000;\n\
         commit;\n\
         update t set pad = rpad('y', 100, 'y');"
    ));
    ok(&steps[..5]);
    let s = steps.last().unwrap();
    assert_eq!(error_of(s), ("ORA-01654", 6, 1));
    assert_eq!(message(s), "unable to extend index LAB.T_IX by 128 in tablespace SMALL");
    assert_eq!(count(&mut e, "select count(*) from t where pad = 'x';"), "[[Number(9000)]]");
}

/// An index placed without a TABLESPACE clause (in USERS) is not bounded
/// by USERS' 100 MB file, as a table without one is not (a DBCA
/// database's own tablespaces autoextend): the same rows go in.
#[test]
fn an_index_in_the_default_tablespace_is_not_bounded() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, pad varchar2(100));\n\
         create index t_ix on t (pad);\n\
         insert into t select level, rpad('x', 100, 'x') from dual connect by level <= 10000;",
    ));
    assert_eq!(count(&mut e, "select count(*) from t;"), "[[Number(10000)]]");
}
