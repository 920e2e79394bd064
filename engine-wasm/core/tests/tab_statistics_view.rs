//! USER_TAB_STATISTICS (and ALL_/DBA_): one row a table, its statistics
//! as USER_TABLES shows them, STATTYPE_LOCKED ALL once LOCK_TABLE_STATS
//! locked them, STALE_STATS NULL before a gather and NO after (no DML
//! monitoring flush since), SCOPE SHARED (12c+); 11.2's column list
//! before 12c. Antognini's object_statistics.sql reads NUM_ROWS, BLOCKS,
//! EMPTY_BLOCKS, AVG_SPACE, CHAIN_CNT and AVG_ROW_LEN from it.

mod common;
use common::*;

const SETUP: &str = "
create table t (id number, pad varchar2(100));
insert into t select rownum, rpad('x', 100, 'x') from dual connect by level <= 1000;
commit;
";

const Q: &str = "select table_name, object_type, num_rows, blocks, avg_row_len, sample_size, \
     stattype_locked, stale_stats, global_stats, user_stats from user_tab_statistics where table_name = 'T';";

#[test]
fn a_table_row_before_and_after_a_gather_and_a_lock() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    // Never gathered: the figures and STALE_STATS NULL.
    assert_eq!(text_rows(&mut e, Q)[0], ["T", "TABLE", "null", "null", "null", "null", "null", "null", "NO", "NO"]);
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 't')"));
    let tables = text_rows(&mut e, "select num_rows, blocks, avg_row_len from user_tables where table_name = 'T';");
    let got = text_rows(&mut e, Q);
    // USER_TABLES' figures.
    assert_eq!(got[0][2..5], tables[0][..]);
    assert_eq!(got[0][2], "1000");
    assert_eq!(got[0][5..], ["1000", "null", "NO", "YES", "NO"]);
    ok(&e.exec("exec dbms_stats.lock_table_stats(user, 't')"));
    assert_eq!(text_rows(&mut e, Q)[0][6], "ALL");
    // A gather of locked statistics: ORA-20005.
    let steps = e.exec("exec dbms_stats.gather_table_stats(user, 't')");
    assert_eq!(error_of(&steps[0]).0, "ORA-20005");
    ok(&e.exec("exec dbms_stats.unlock_table_stats(user, 't')"));
    assert_eq!(text_rows(&mut e, Q)[0][6], "null");
    // The DBA_ form: OWNER first; SCOPE SHARED at 19c (the default).
    let dba = text_rows(&mut e, "select owner, table_name, scope from dba_tab_statistics where table_name = 'T';");
    assert_eq!(dba[0][1..], ["T", "SHARED"]);
}

#[test]
fn columns_per_release() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let steps = e.exec("select * from user_tab_statistics;");
    ok(&steps);
    let cols = &steps[0].columns;
    assert_eq!(cols.len(), 28);
    assert_eq!(cols[16..20], ["IM_IMCU_COUNT", "IM_BLOCK_COUNT", "IM_STAT_UPDATE_TIME", "SCAN_RATE"]);
    assert_eq!(cols[25..], ["STALE_STATS", "NOTES", "SCOPE"]);
    let mut e = quiet_engine();
    ok(&e.exec("lab version 11.2.0.2;"));
    ok(&e.exec(SETUP));
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 't')"));
    let steps = e.exec("select * from user_tab_statistics;");
    ok(&steps);
    let cols = &steps[0].columns;
    assert_eq!(cols.len(), 22);
    assert_eq!(cols[15..18], ["AVG_CACHE_HIT_RATIO", "SAMPLE_SIZE", "LAST_ANALYZED"]);
    assert_eq!(cols.last().unwrap(), "STALE_STATS");
    let row = row_strings(&steps[0]);
    let cells: Vec<&str> = row[0].split('|').collect();
    assert_eq!(cells[0], "T");
    assert_eq!(cells[6], "1000");
    assert_eq!(cells[21], "NO");
    // SCOPE is 12c's.
    let steps = e.exec("select scope from user_tab_statistics;");
    assert_eq!(error_of(&steps[0]).0, "ORA-00904");
}

#[test]
fn refused_with_a_partitioned_table() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table p (id number) partition by range (id) (partition p1 values less than (10), partition p2 values less than (maxvalue));",
    ));
    let steps = e.exec("select table_name from user_tab_statistics;");
    assert_eq!(error_of(&steps[0]).0, "LAB-00001");
}
