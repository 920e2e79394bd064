//! Issue 33: USER_STATS and GLOBAL_STATS after DBMS_STATS.SET_*_STATS.
//! Oracle Database Reference: USER_STATS "Indicates whether statistics
//! were entered directly by the user (YES) or not (NO)" (USER_TABLES,
//! USER_INDEXES, USER_TAB_COLUMNS, USER_TAB_COL_STATISTICS,
//! USER_TAB_STATISTICS); GLOBAL_STATS YES for DBMS_STATS' statistics of a
//! table as a whole, NO for ANALYZE's. A gather replaces figures set by
//! hand, so USER_STATS is NO again after it.

mod common;
use common::*;

fn flags(e: &mut lio_core::Engine, sql: &str) -> Vec<Vec<String>> {
    text_rows(e, sql)
}

/// 100 rows, an index on ID, gathered.
const SETUP: &str = "create table t (id number, v varchar2(10));
insert into t select rownum, 'x' from dual connect by level <= 100;
commit;
create index t_i on t (id);
exec dbms_stats.gather_table_stats(user, 't')";

#[test]
fn user_stats_is_yes_after_set_stats_until_the_next_gather() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let tab = "select global_stats, user_stats from user_tables where table_name = 'T';";
    let ind = "select user_stats from user_indexes where index_name = 'T_I';";
    let col = "select column_name, global_stats, user_stats from user_tab_col_statistics order by 1;";
    let tc = "select column_name, global_stats, user_stats from user_tab_columns order by 1;";
    let ts = "select global_stats, user_stats from user_tab_statistics;";
    assert_eq!(flags(&mut e, tab), [["YES", "NO"]]);
    assert_eq!(flags(&mut e, ind), [["NO"]]);
    assert_eq!(flags(&mut e, col), [["ID", "YES", "NO"], ["V", "YES", "NO"]]);
    ok(&e.exec(
        "exec dbms_stats.set_table_stats(user, 't', numrows => 1000000)\n\
         exec dbms_stats.set_index_stats(user, 't_i', numrows => 1000000)\n\
         exec dbms_stats.set_column_stats(user, 't', 'id', distcnt => 1000000)",
    ));
    assert_eq!(flags(&mut e, tab), [["YES", "YES"]]);
    assert_eq!(flags(&mut e, ts), [["YES", "YES"]]);
    assert_eq!(flags(&mut e, ind), [["YES"]]);
    // Only the column set is the user's.
    assert_eq!(flags(&mut e, col), [["ID", "YES", "YES"], ["V", "YES", "NO"]]);
    assert_eq!(flags(&mut e, tc), [["ID", "YES", "YES"], ["V", "YES", "NO"]]);
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 't')"));
    assert_eq!(flags(&mut e, tab), [["YES", "NO"]]);
    assert_eq!(flags(&mut e, ind), [["NO"]]);
    assert_eq!(flags(&mut e, col), [["ID", "YES", "NO"], ["V", "YES", "NO"]]);
}

#[test]
fn columns_without_statistics_say_no_and_analyze_is_not_global() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (id number);\ninsert into t values (1);\ncommit;"));
    let tc = "select global_stats, user_stats from user_tab_columns;";
    assert_eq!(flags(&mut e, tc), [["NO", "NO"]]);
    ok(&e.exec("analyze table t compute statistics;"));
    assert_eq!(flags(&mut e, "select global_stats, user_stats from user_tables;"), [["NO", "NO"]]);
    assert_eq!(flags(&mut e, tc), [["NO", "NO"]]);
    // SET_INDEX_STATS then DELETE_INDEX_STATS: no longer the user's.
    ok(&e.exec(
        "create index t_i on t (id);\n\
         exec dbms_stats.set_index_stats(user, 't_i', numrows => 5)\n\
         exec dbms_stats.delete_index_stats(user, 't_i')",
    ));
    assert_eq!(flags(&mut e, "select user_stats from user_indexes;"), [["NO"]]);
}
