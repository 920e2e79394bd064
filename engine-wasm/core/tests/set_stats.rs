//! Issue 31: statistics set by hand (DBMS_STATS.SET_TABLE_STATS,
//! SET_INDEX_STATS, SET_COLUMN_STATS), deleted and locked; the optimizer
//! costs from the figures set, as Lewis, Foote and Malakshinov fake big
//! tables on small ones.

mod common;
use common::*;
use lio_core::Engine;
use lio_sql::ora;

fn l(op: &str, rows: u64, cost: u64) -> (String, u64, u64) {
    (op.to_string(), rows, cost)
}

/// 200 rows of 300 bytes, ID 1..200 in order: 10 blocks, an index of one
/// leaf (BLEVEL 0, CLUSTERING_FACTOR 9), statistics gathered.
fn small_engine() -> Engine {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table h (id number not null, pad varchar2(300));\n\
         insert into h select level, rpad('x', 300) from dual connect by level <= 200;\n\
         commit;\n\
         create index h_id on h (id);\n\
         exec dbms_stats.gather_table_stats(user, 'H', degree => dbms_stats.auto_degree)",
    ));
    e
}

const TABLE: &str = "select num_rows, blocks, avg_row_len from user_tables where table_name = 'H';";
const INDEX: &str =
    "select blevel, leaf_blocks, distinct_keys, clustering_factor, num_rows from user_indexes where index_name = 'H_ID';";

/// SET_TABLE_STATS makes H 2,000,000 rows in 100,000 blocks; the columns
/// keep their gathered figures (ID: 200 distinct values):
///   full scan: IO ceil(100,000 / 8 x 26 / 12) + 1 = 27,085; CPU 100,000
///     x 7,121.44 + 2,000,000 x 170 = 1,052,144,000 cycles / 8,821,440 =
///     119.27: Cost 27,204, E-Rows 2,000,000
///   id = 7: sel 1/200, E-Rows 10,000; the index's own figures (BLEVEL 0,
///     1 leaf, CF 9): IO 0 + 1 + ceil(9/200) = 2, so the index wins.
/// SET_INDEX_STATS then gives H_ID BLEVEL 2, 5,000 leaves, CF 1,000,000:
///   IO 2 + ceil(5,000/200) + ceil(1,000,000/200) = 2 + 25 + 5,000;
///   CPU (27 x 7,121.44 + 10,000 x 150) + (5,000 x 7,121.44 + 10,000 x
///   150) = 38,799,479 cycles = 4.40: Cost 5,031 (INDEX line 27.19: 27),
///   still below the full scan.
#[test]
fn set_table_and_index_stats_are_what_the_optimizer_costs() {
    let mut e = small_engine();
    assert_eq!(scalar(&mut e, TABLE), "200,10,310");
    ok(&e.exec("exec dbms_stats.set_table_stats(user, 'H', numrows => 2000000, numblks => 100000)"));
    assert_eq!(scalar(&mut e, TABLE), "2000000,100000,310");
    assert_eq!(
        lines(&plan_of(&mut e, "select * from h;")),
        [l("SELECT STATEMENT", 2_000_000, 27_204), l("TABLE ACCESS FULL H", 2_000_000, 27_204)]
    );
    let p = plan_of(&mut e, "select * from h where id = 7;");
    assert_eq!(
        lines(&p)[1..],
        [l("TABLE ACCESS BY INDEX ROWID BATCHED H", 10_000, 2), l("INDEX RANGE SCAN H_ID", 10_000, 1)]
    );
    ok(&e.exec(
        "begin dbms_stats.set_index_stats(ownname => user, indname => 'H_ID', numlblks => 5000, \
         clstfct => 1000000, indlevel => 2, numrows => 2000000); end;\n/",
    ));
    assert_eq!(scalar(&mut e, INDEX), "2,5000,200,1000000,2000000");
    let p = plan_of(&mut e, "select * from h where id = 7;");
    assert_eq!(
        lines(&p)[1..],
        [l("TABLE ACCESS BY INDEX ROWID BATCHED H", 10_000, 5_031), l("INDEX RANGE SCAN H_ID", 10_000, 27)]
    );
}

/// SET_COLUMN_STATS: ID given 2 distinct values and 100 nulls: `id = 7`
/// on the full scan selects (1 - 100/200) / 2 = 1/4 of the rows, 50 (the
/// index path's own selectivity is its DISTINCT_KEYS').
/// A density other than 1/DISTCNT is refused (NewDensity is not modelled).
#[test]
fn set_column_stats_changes_the_selectivity() {
    let mut e = small_engine();
    ok(&e.exec("exec dbms_stats.set_column_stats(user, 'H', 'ID', distcnt => 2, nullcnt => 100)"));
    let p = plan_of(&mut e, "select /*+ full(h) */ * from h where id = 7;");
    assert_eq!(lines(&p)[1], l("TABLE ACCESS FULL H", 50, 4));
    let s = e.exec("exec dbms_stats.set_column_stats(user, 'H', 'ID', distcnt => 10, density => 0.5)");
    assert_eq!(error_of(&s[0]).0, ora::LAB_UNSUPPORTED.code());
    ok(&e.exec("exec dbms_stats.set_column_stats(user, 'H', 'ID', distcnt => 10, density => 0.1)"));
    let s = e.exec(
        "select num_distinct, num_nulls from user_tab_col_statistics where table_name = 'H' and column_name = 'ID';",
    );
    ok(&s);
    assert_eq!(row_strings(&s[0]), ["10|100"]);
}

/// LOCK_TABLE_STATS: gathering, setting or deleting is ORA-20005 (FORCE
/// => TRUE overrides it), ANALYZE ... COMPUTE STATISTICS ORA-38029;
/// GATHER_SCHEMA_STATS passes the table over. UNLOCK_TABLE_STATS lifts it.
#[test]
fn locked_statistics_refuse_to_change() {
    let mut e = small_engine();
    ok(&e.exec("exec dbms_stats.lock_table_stats(user, 'H')"));
    let locked = ora::STATS_LOCKED.code();
    for call in [
        "exec dbms_stats.gather_table_stats(user, 'H')",
        "exec dbms_stats.set_table_stats(user, 'H', numrows => 5)",
        "exec dbms_stats.delete_table_stats(user, 'H')",
        "exec dbms_stats.gather_index_stats(user, 'H_ID')",
        "exec dbms_stats.set_index_stats(user, 'H_ID', numlblks => 5)",
    ] {
        let s = e.exec(call);
        assert_eq!(error_of(&s[0]).0, locked, "{call}");
    }
    let s = e.exec("analyze table h compute statistics;");
    assert_eq!(error_of(&s[0]).0, ora::ANALYZE_STATS_LOCKED.code());
    ok(&e.exec("exec dbms_stats.gather_schema_stats(user)"));
    ok(&e.exec("exec dbms_stats.set_table_stats(user, 'H', numrows => 5, force => true)"));
    assert_eq!(scalar(&mut e, TABLE), "5,10,310");
    ok(&e.exec("exec dbms_stats.unlock_table_stats(user, 'H')\nexec dbms_stats.gather_table_stats(user, 'H')"));
    assert_eq!(scalar(&mut e, TABLE), "200,10,310");
    ok(&e.exec("exec dbms_stats.lock_schema_stats(user)"));
    let s = e.exec("exec dbms_stats.gather_table_stats(user, 'H')");
    assert_eq!(error_of(&s[0]).0, locked);
    ok(&e.exec("exec dbms_stats.unlock_schema_stats(user)\nexec dbms_stats.gather_table_stats(user, 'H')"));
}

/// DELETE_TABLE_STATS takes the table's and its indexes' statistics away
/// (USER_TABLES.NUM_ROWS is NULL; the optimizer reads the rows again);
/// DELETE_INDEX_STATS the figures set on an index; a gather replaces set
/// figures with the index's own.
#[test]
fn deleted_and_regathered_statistics() {
    let mut e = small_engine();
    ok(&e.exec(
        "exec dbms_stats.set_table_stats(user, 'H', numrows => 2000000, numblks => 100000)\n\
         exec dbms_stats.set_index_stats(user, 'H_ID', numlblks => 5000)",
    ));
    assert_eq!(scalar(&mut e, INDEX), "0,5000,200,9,200");
    ok(&e.exec("exec dbms_stats.delete_index_stats(user, 'H_ID')"));
    assert_eq!(scalar(&mut e, INDEX), "0,1,200,9,200");
    ok(&e.exec("exec dbms_stats.set_index_stats(user, 'H_ID', numlblks => 5000)"));
    ok(&e.exec("exec dbms_stats.delete_table_stats(user, 'H')"));
    assert_eq!(scalar(&mut e, TABLE), "null,null,null");
    assert_eq!(scalar(&mut e, INDEX), "0,1,200,9,200");
    assert_eq!(lines(&plan_of(&mut e, "select * from h;"))[1], l("TABLE ACCESS FULL H", 200, 4));
    ok(&e.exec(
        "exec dbms_stats.set_index_stats(user, 'H_ID', numlblks => 5000)\n\
         exec dbms_stats.gather_table_stats(user, 'H')",
    ));
    assert_eq!(scalar(&mut e, INDEX), "0,1,200,9,200");
}

/// A missing object is ORA-20000 as Oracle words it; a statistics table
/// or a partition is refused as not modelled; a parameter the procedure
/// does not have is PLS-00306.
#[test]
fn set_stats_refusals() {
    let mut e = small_engine();
    let s = e.exec("exec dbms_stats.set_table_stats(user, 'NOPE', numrows => 5)");
    let err = s[0].error.as_ref().unwrap();
    assert_eq!(err.code, ora::STATS_OBJECT_MISSING.code());
    assert!(
        err.message.contains("TABLE \"LAB\".\"NOPE\" does not exist or insufficient privileges"),
        "{}",
        err.message
    );
    let s = e.exec("exec dbms_stats.set_index_stats(user, 'NOPE', numrows => 5)");
    assert_eq!(error_of(&s[0]).0, ora::STATS_OBJECT_MISSING.code());
    let s = e.exec("exec dbms_stats.set_table_stats(user, 'H', stattab => 'ST', numrows => 5)");
    assert_eq!(error_of(&s[0]).0, ora::LAB_UNSUPPORTED.code());
    let s = e.exec("exec dbms_stats.set_table_stats(user, 'H', numrowz => 5)");
    assert!(s[0].error.is_some());
}
