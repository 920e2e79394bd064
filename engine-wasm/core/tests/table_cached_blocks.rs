//! Issue 33: DBMS_STATS' TABLE_CACHED_BLOCKS preference (11.2.0.4, 12.1+)
//! and the clustering factor a gather counts with it: walking the index
//! in key order, an entry counts when its table block is not one of the
//! N distinct blocks most recently visited (Lewis, "Clustering_Factor",
//! 23 Oct 2019, the list of recent distinct blocks; Foote, "Clustering
//! Factor Calculation Improvement", May-June 2013). CREATE INDEX and
//! ALTER INDEX REBUILD ignore it (Lewis, 2 Jul 2018, 12.1.0.2/12.2.0.1).

mod common;
use common::*;
use lio_core::Engine;

/// 20 rows of 3,000 bytes: two a block, rows 2k-1 and 2k in the k-th of
/// 10 blocks (B1..B10). N = mod(id - 1, 4); the index on N in key order
/// (key, then rowid) visits:
///   N=0: ids 1, 5, 9, 13, 17  -> B1 B3 B5 B7 B9
///   N=1: ids 2, 6, 10, 14, 18 -> B1 B3 B5 B7 B9
///   N=2: ids 3, 7, 11, 15, 19 -> B2 B4 B6 B8 B10
///   N=3: ids 4, 8, 12, 16, 20 -> B2 B4 B6 B8 B10
/// TABLE_CACHED_BLOCKS 1 (the default): every entry is in another block
///   than the one before: CLUSTERING_FACTOR 20.
/// 5: the first five blocks count (5); N=1's five are the last five
///   distinct blocks (0); N=2's count (5); N=3's are cached (0): 10.
/// 4: B1 B3 B5 B7 B9 count (5), the list is then B9 B7 B5 B3; B1 is not
///   in it (counts, B3 leaves), then B3 (counts, B5 leaves) ... each
///   block is pushed out just before it is wanted: 20, as with 1.
/// 255 (more than the table's blocks): each block counts once: 10.
fn engine() -> Engine {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, n number, pad varchar2(3000));\n\
         insert into t select level, mod(level - 1, 4), rpad('x', 3000, 'x') from dual connect by level <= 20;\n\
         commit;\n\
         create index t_n on t (n);\n\
         exec dbms_stats.gather_table_stats(user, 'T')",
    ));
    e
}

const CF: &str = "select clustering_factor from user_indexes where index_name = 'T_N';";

fn cf(e: &mut Engine) -> String {
    scalar(e, CF)
}

#[test]
fn the_twenty_rows_are_two_a_block() {
    let mut e = engine();
    let rows = text_rows(
        &mut e,
        "select count(distinct dbms_rowid.rowid_block_number(rowid)), \
         max(dbms_rowid.rowid_block_number(rowid)) - min(dbms_rowid.rowid_block_number(rowid)) from t;",
    );
    assert_eq!(rows, [["10", "9"]]);
}

#[test]
fn clustering_factor_under_each_preference() {
    let mut e = engine();
    assert_eq!(cf(&mut e), "20");
    // Setting the preference changes nothing until a gather.
    ok(&e
        .exec("exec dbms_stats.set_table_prefs(ownname=>user, tabname=>'T', pname=>'TABLE_CACHED_BLOCKS', pvalue=>5)"));
    assert_eq!(cf(&mut e), "20");
    ok(&e.exec("exec dbms_stats.gather_index_stats(user, 'T_N')"));
    assert_eq!(cf(&mut e), "10");
    ok(&e.exec("exec dbms_stats.set_table_prefs(user, 'T', 'TABLE_CACHED_BLOCKS', '4')"));
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T')"));
    assert_eq!(cf(&mut e), "20");
    ok(&e.exec("exec dbms_stats.set_table_prefs(user, 'T', 'TABLE_CACHED_BLOCKS', 255)"));
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T')"));
    assert_eq!(cf(&mut e), "10");
    // A rebuild counts with 1, whatever the preference (Lewis 2018).
    ok(&e.exec("alter index t_n rebuild"));
    assert_eq!(cf(&mut e), "20");
    ok(&e.exec("exec dbms_stats.gather_schema_stats(user)"));
    assert_eq!(cf(&mut e), "10");
    // DELETE_INDEX_STATS: the figures go back to the index's own count.
    ok(&e.exec("exec dbms_stats.delete_index_stats(user, 'T_N')"));
    assert_eq!(cf(&mut e), "20");
    ok(&e.exec("exec dbms_stats.gather_index_stats(user, 'T_N')"));
    assert_eq!(cf(&mut e), "10");
    // DELETE_TABLE_PREFS: back to the default 1.
    ok(&e.exec("exec dbms_stats.delete_table_prefs(user, 'T', 'TABLE_CACHED_BLOCKS')"));
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T')"));
    assert_eq!(cf(&mut e), "20");
}

/// SET_GLOBAL_PREFS applies to tables with no preference of their own;
/// SET_SCHEMA_PREFS sets each table's. AUTO on 11 blocks: 1% is 0, at
/// least 1: the default's count.
#[test]
fn global_schema_and_auto() {
    let mut e = engine();
    ok(&e.exec("exec dbms_stats.set_global_prefs('TABLE_CACHED_BLOCKS', '5')"));
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T')"));
    assert_eq!(cf(&mut e), "10");
    ok(&e.exec("exec dbms_stats.set_schema_prefs(user, 'TABLE_CACHED_BLOCKS', '1')"));
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T')"));
    assert_eq!(cf(&mut e), "20");
    ok(&e.exec("exec dbms_stats.delete_schema_prefs(user, 'TABLE_CACHED_BLOCKS')"));
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T')"));
    assert_eq!(cf(&mut e), "10");
    ok(&e.exec(
        "exec dbms_stats.set_table_prefs(user, 'T', 'TABLE_CACHED_BLOCKS', dbms_stats.auto_table_cached_blocks)",
    ));
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T')"));
    assert_eq!(cf(&mut e), "20");
}

/// An unknown preference is Oracle's ORA-20001; a value outside 1..255
/// and Oracle's other preferences are refused (LAB-00001); the table
/// must exist (ORA-20000). 11.2.0.1 has no TABLE_CACHED_BLOCKS
/// (ORA-20001); 10.2 no SET_TABLE_PREFS (PLS-00201 under ORA-06550).
#[test]
fn refusals() {
    let mut e = engine();
    let code = |e: &mut Engine, sql: &str| {
        let steps = e.exec(sql);
        error_of(steps.last().unwrap()).0.to_string()
    };
    assert_eq!(code(&mut e, "exec dbms_stats.set_table_prefs(user, 'T', 'TABLE_CACHED_BLOX', 4)"), "ORA-20001");
    assert_eq!(code(&mut e, "exec dbms_stats.set_table_prefs(user, 'T', 'TABLE_CACHED_BLOCKS', 256)"), "LAB-00001");
    assert_eq!(code(&mut e, "exec dbms_stats.set_table_prefs(user, 'T', 'TABLE_CACHED_BLOCKS', 2.5)"), "LAB-00001");
    assert_eq!(
        code(&mut e, "exec dbms_stats.set_table_prefs(user, 'T', 'METHOD_OPT', 'for all columns')"),
        "LAB-00001"
    );
    assert_eq!(code(&mut e, "exec dbms_stats.set_table_prefs(user, 'NOPE', 'TABLE_CACHED_BLOCKS', 4)"), "ORA-20000");
    assert_eq!(cf(&mut e), "20");
    let mut old = quiet_engine();
    ok(&old.exec("LAB VERSION 11.2.0.1;\ncreate table t (n number);"));
    assert_eq!(code(&mut old, "exec dbms_stats.set_table_prefs(user, 'T', 'TABLE_CACHED_BLOCKS', 4)"), "ORA-20001");
    let mut older = quiet_engine();
    ok(&older.exec("LAB VERSION 10.2.0.5;\ncreate table t (n number);"));
    assert_eq!(code(&mut older, "exec dbms_stats.set_table_prefs(user, 'T', 'TABLE_CACHED_BLOCKS', 4)"), "ORA-06550");
}
