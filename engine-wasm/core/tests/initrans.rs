//! INITRANS: the ITL slots a heap block is formatted with (issue 32).
//!
//! Each ITL slot is 24 bytes (`v$type_size`, TRANSACTION VARIABLE HEADER)
//! in the block header, taken from the rows' space. A table block has two
//! slots at least: from 9i a table's INITRANS 1 (its default, what
//! DBA_TABLES shows) still formats two (Christian Antognini / logicalread,
//! "Starting in Oracle9i Database, each data block has a minimum of two
//! ITL slots by default"); INITRANS n above 2 formats n, 24 bytes each more
//! than two (an index leaf's `kdxlebksz` went from 8,032 with 2 ITLs to
//! 7,600 with 20: 18 x 24 = 432, oracle-l "Changing initrans", 2008).
//!
//! The lab's heap block: 8,192 bytes less 114 of its own (cache header 20,
//! transaction header 24, 2 ITLs 48, data header 14, table directory 4,
//! tail 4), less PCTFREE's reserve (8,192 x 10% = 819), gives the bytes
//! inserts fill: 7,259 with two ITLs, 7,259 - 8 x 24 = 7,067 with ten.
//!
//! A CHAR(100) row: header 3 + length byte 1 + 100 = 104 bytes, + 2 for its
//! row directory entry = 106 a row.
//! - INITRANS 1 or 2: floor(7,259 / 106) = 68 rows a block (68 x 106 =
//!   7,208; a 69th would need 7,314). 1,000 rows: 14 blocks of 68 (952)
//!   and a 15th of 48: 15 blocks.
//! - INITRANS 10: floor(7,067 / 106) = 66 rows a block (6,996; a 67th
//!   7,102). 1,000 rows: 15 blocks of 66 (990) and a 16th of 10: 16 blocks.
//!
//! A full scan visits one block more with INITRANS 10.
mod common;
use common::*;

fn table(initrans: &str) -> String {
    format!(
        "create table t (c char(100)) {initrans};\n\
         insert into t select 'x' from dual connect by level <= 1000;\n\
         commit;\n"
    )
}

/// (blocks holding rows, most rows in one block, fewest in one block).
fn layout(e: &mut lio_core::Engine) -> (String, String, String) {
    layout_of(e)
}

fn layout_of(e: &mut lio_core::Engine) -> (String, String, String) {
    let blocks = scalar(e, "select count(distinct dbms_rowid.rowid_block_number(rowid)) from t");
    let most = scalar(e, "select max(n) from (select count(*) n from t group by dbms_rowid.rowid_block_number(rowid))");
    let least =
        scalar(e, "select min(n) from (select count(*) n from t group by dbms_rowid.rowid_block_number(rowid))");
    (blocks, most, least)
}

fn full_scan_gets(e: &mut lio_core::Engine) -> u64 {
    let s = e.exec("select /*+ full(t) */ count(*) from t;\nselect /*+ full(t) */ count(*) from t;");
    ok(&s);
    stat(&s[1], "consistent gets")
}

#[test]
fn initrans_1_and_2_format_two_itl_slots() {
    for clause in ["", "initrans 1", "initrans 2", "initrans 2 maxtrans 255"] {
        let mut e = quiet_engine();
        ok(&e.exec(&table(clause)));
        assert_eq!(layout(&mut e), ("15".into(), "68".into(), "48".into()), "{clause}");
    }
}

#[test]
fn initrans_10_takes_eight_more_slots_from_each_block() {
    let mut e = quiet_engine();
    ok(&e.exec(&table("")));
    let two = full_scan_gets(&mut e);
    let mut e = quiet_engine();
    ok(&e.exec(&table("initrans 10")));
    assert_eq!(layout(&mut e), ("16".into(), "66".into(), "10".into()));
    // One more block below the high water mark, one more get.
    assert_eq!(full_scan_gets(&mut e), two + 1);
}

/// The slots stay the table's: TRUNCATE formats its new blocks the same.
#[test]
fn truncate_keeps_the_tables_initrans() {
    let mut e = quiet_engine();
    ok(&e.exec(&table("initrans 10")));
    ok(&e.exec("truncate table t;\ninsert into t select 'x' from dual connect by level <= 1000;\ncommit;\n"));
    assert_eq!(layout(&mut e), ("16".into(), "66".into(), "10".into()));
}

/// INITRANS is 1 to 255 (ORA-02207 at the number otherwise); above 2 where
/// the lab keeps two slots a block (an index's leaves, a cluster, an IOT, a
/// partitioned table, an ALTER) it is refused at the number (LAB-00001).
#[test]
fn initrans_out_of_range_or_not_laid_out_is_refused() {
    let mut e = quiet_engine();
    for (sql, code, col) in [
        ("create table r1 (x number) initrans 0;", "ORA-02207", 37),
        ("create table r2 (x number) initrans 256;", "ORA-02207", 37),
        ("create table r3 (x number primary key) organization index initrans 4;", "LAB-00001", 68),
        (
            "create table r4 (x number) partition by range (x) (partition p1 values less than (10)) initrans 4;",
            "LAB-00001",
            97,
        ),
        ("create bitmap index r5 on t0 (x) initrans 4;", "LAB-00001", 43),
        ("create index r7 on t0 (x) local initrans 4;", "LAB-00001", 42),
        ("alter index r8 initrans 4;", "LAB-00001", 25),
    ] {
        let s = e.exec(sql);
        assert_eq!(error_of(&s[0]), (code, 1, col), "{sql}");
    }
    ok(&e.exec("create table r6 (x number) initrans 255;\ninsert into r6 values (1);\ncommit;\n"));
}

/// The error code of a step, or "" when it ran.
fn code(s: &lio_core::StepOut) -> String {
    s.error.as_ref().map(|e| e.code.clone()).unwrap_or_default()
}

/// Session `sid` updates row `id` (its own transaction, left open).
fn update_as(e: &mut lio_core::Engine, sid: u32, id: u32) -> lio_core::StepOut {
    let mut s = e.exec(&format!("LAB SESSION {sid};\nupdate t set c = 'y' where id = {id};"));
    s.pop().expect("the update")
}

fn full_block(clause: &str) -> lio_core::Engine {
    let mut e = quiet_engine();
    ok(&e.exec(&format!(
        "create table t (id number, c char(100)) pctfree 0 {clause};\n\
         insert into t select level, 'x' from dual connect by level <= 100;\n\
         commit;\n"
    )));
    e
}

/// A full block and its ITL slots. Rows of (id, CHAR(100)): header 3 +
/// id (1 length byte + 2 for 1..99, 3 for 100) + 1 + 100 = 107 bytes, +2
/// directory = 109 (110 for id 100).
/// - PCTFREE 0, INITRANS 1: 8,192 - 114 = 8,078 bytes; floor(8,078 / 109)
///   = 74 rows (8,066), 12 bytes left: no room for a third slot. Sessions
///   1 and 2 take the two; session 3's update of another row of the block
///   waits in Oracle (`enq: TX - allocate ITL entry`): refused, LAB-00038.
///   When session 1 commits, its slot is free and session 3's runs.
/// - PCTFREE 0, INITRANS 3: 8,078 - 24 = 8,054; 73 rows (7,957), 97
///   bytes left: 4 slots more (96), so 7 sessions change the block and the
///   8th is refused.
#[test]
fn a_full_block_with_every_itl_slot_taken_makes_the_next_transaction_wait() {
    let mut e = full_block("");
    assert_eq!(layout_of(&mut e), ("2".into(), "74".into(), "26".into()));
    assert_eq!(code(&update_as(&mut e, 1, 1)), "");
    assert_eq!(code(&update_as(&mut e, 2, 2)), "");
    let s = update_as(&mut e, 3, 3);
    assert_eq!(code(&s), "LAB-00038");
    let m = &s.error.as_ref().unwrap().message;
    assert!(m.contains("block 1 of LAB.T") && m.contains("sessions 10, 11"), "{m}");
    // A row of the second block (74 + 1 on) has its own slots.
    assert_eq!(code(&update_as(&mut e, 3, 80)), "");
    ok(&e.exec("LAB SESSION 1;\ncommit;"));
    assert_eq!(code(&update_as(&mut e, 3, 3)), "");
    assert_eq!(e.exec("LAB SESSION 3;\nselect trim(c) from t where id = 3;")[1].rows[0][0], "y");

    let mut e = full_block("initrans 3");
    assert_eq!(layout_of(&mut e), ("2".into(), "73".into(), "27".into()));
    for sid in 1..=7 {
        assert_eq!(code(&update_as(&mut e, sid, sid)), "", "session {sid}");
    }
    assert_eq!(code(&update_as(&mut e, 8, 8)), "LAB-00038");
}

/// With PCTFREE 10 the block keeps room: the third session's slot grows
/// from it (24 bytes of the 10%), as Oracle's does, and no one waits.
#[test]
fn a_block_with_free_space_grows_another_slot() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, c char(100));\n\
         insert into t select level, 'x' from dual connect by level <= 100;\n\
         commit;\n",
    ));
    for sid in 1..=5 {
        assert_eq!(code(&update_as(&mut e, sid, sid)), "", "session {sid}");
    }
}

/// (LF_BLKS, LF_ROWS) of INDEX_STATS after VALIDATE STRUCTURE.
fn leaves(e: &mut lio_core::Engine) -> Vec<Vec<String>> {
    ok(&e.exec("analyze index t_idx validate structure;"));
    text_rows(e, "select lf_blks, lf_rows from index_stats;")
}

/// An index's INITRANS (oracle-l, "Changing initrans", 2008:
/// tests/articles/oracle-l-changing-initrans-index-leaf-rows.sql). Keys
/// 1..n, non-unique: entries of 14 bytes (keys 1..99 and multiples of
/// 100: 2 data bytes) or 15; a leaf packs (8,192 - 128 - 24 x (ITLs - 2))
/// x 0.9 bytes: 7,257 with 2 ITLs, 6,868 with 20.
/// - 2 ITLs: leaf 1 = 99 x 14 (1,386) + keys 100..490 (391 entries, 4 of
///   14 bytes: 5,861) = 7,247; key 491 would make 7,262. Leaf 2 = keys
///   491..974 (484, 5 of 14 bytes: 7,255). 974 keys: 2 leaves; 975: 3.
/// - 20 ITLs: leaf 1 = 1,386 + keys 100..464 (365: 5,471) = 6,857; leaf 2
///   = keys 465..922 (458: 6,865). 922 keys: 2 leaves; 923: 3.
///
/// Oracle's leaves: 485 and 479, then 456 and 450 (the lab +1.0%, +1.8%).
#[test]
fn oracle_l_rebuild_initrans_20() {
    let rows = |e: &mut lio_core::Engine, n: u32, clause: &str| {
        ok(&e.exec(&format!(
            "drop table t;\ncreate table t as select rownum x from dual connect by level <= {n};\n\
             create index t_idx on t(x) {clause};"
        )));
        leaves(e)
    };
    let mut e = quiet_engine();
    ok(&e.exec("create table t (x number);"));
    assert_eq!(rows(&mut e, 974, ""), [["2", "974"]]);
    assert_eq!(rows(&mut e, 975, ""), [["3", "975"]]);
    assert_eq!(rows(&mut e, 922, "initrans 20"), [["2", "922"]]);
    assert_eq!(rows(&mut e, 923, "initrans 20"), [["3", "923"]]);
    // The article's script: CREATE INDEX, then REBUILD ... INITRANS 20.
    let mut e = quiet_engine();
    let s = e.exec(include_str!("../../../tests/articles/oracle-l-changing-initrans-index-leaf-rows.sql"));
    ok(&s);
    let stats: Vec<Vec<String>> = s.iter().filter(|s| s.statement.contains("index_stats")).map(row_strings).collect();
    assert_eq!(stats, [["2|974"], ["3|974"]]);
}

/// Christian Antognini's ITL deadlock script (2013:
/// tests/articles/antognini-itl-deadlock.sql): three full blocks of three
/// rows; the three updates the page says wait are refused (LAB-00038),
/// each naming the two sessions holding the block's slots; the others run.
#[test]
fn antognini_itl_deadlock() {
    let mut e = quiet_engine();
    let s = e.exec(include_str!("../../../tests/articles/antognini-itl-deadlock.sql"));
    let blocks: Vec<String> = s[3].rows.iter().map(|r| r[0].to_string()).collect();
    let first = blocks[0].parse::<u64>().unwrap();
    let rel: Vec<u64> = blocks.iter().map(|b| b.parse::<u64>().unwrap() - first).collect();
    assert_eq!(rel, [0, 0, 0, 1, 1, 1, 2, 2, 2]);
    let updates: Vec<(String, String)> =
        (s.iter()).filter(|s| s.statement.starts_with("update")).map(|s| (s.statement.clone(), code(s))).collect();
    let refused: Vec<&str> =
        updates.iter().filter(|(_, c)| c == "LAB-00038").map(|(s, _)| s.rsplit('=').next().unwrap().trim()).collect();
    assert_eq!(refused, ["3", "4", "8"]);
    assert_eq!(updates.iter().filter(|(_, c)| c.is_empty()).count(), 4);
    let m = |n: &str| {
        let s = s.iter().find(|s| s.statement.ends_with(&format!("n = {n}"))).unwrap();
        s.error.as_ref().unwrap().message.clone()
    };
    assert!(m("3").contains("sessions 10, 11"), "{}", m("3"));
    assert!(m("4").contains("sessions 11, 12"), "{}", m("4"));
    assert!(m("8").contains("sessions 10, 12"), "{}", m("8"));
}
