//! A DBA's scale (issue 29), continued: what makes a load cheap must not
//! change what it means. A load's row locks are one range per statement
//! (Oracle keeps a row's lock in the row's lock byte, not in a structure
//! per row), constant select-list expressions are evaluated once, and an
//! index on a number column is sorted as (number, row) pairs: the rows,
//! the locks, the errors and the index are the ones they were.

mod common;
use common::*;

fn one(e: &mut lio_core::Engine, sql: &str) -> String {
    let s = e.exec(sql);
    ok(&s);
    s.last().expect("a step").rows[0][0].to_string().trim_matches('"').to_string()
}

/// Session 1 loads 5,000 rows (one range of locks), changes some of them
/// and rolls a second load back to a savepoint; session 2 sees none of the
/// uncommitted rows. After the commit the range is gone: session 2 locks a
/// row of the load, and session 1 then finds it locked (LAB-00036).
#[test]
fn a_loads_locks_hold_until_commit_and_release_whole() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, v varchar2(10));\ninsert into t select level, 'a' from dual connect by level <= 5000;",
    ));
    let s = e.exec("LAB SESSION 2;\nselect count(*) from t;\nupdate t set v = 'x';\nLAB SESSION 1;");
    ok(&s);
    assert_eq!(s[1].rows[0][0].to_string(), "0", "session 2 sees no uncommitted row");
    assert_eq!(s[2].rows_processed, 0);
    let s = e.exec("update t set v = 'c' where id <= 10;\nsavepoint s;\ninsert into t select level + 5000, 'b' from dual connect by level <= 200;\nrollback to s;\nselect count(*), count(case when v = 'c' then 1 end) from t;");
    ok(&s);
    assert_eq!(s[0].rows_processed, 10, "session 1 changes the rows it loaded");
    assert_eq!(s[4].rows[0].iter().map(|v| v.to_string()).collect::<Vec<_>>(), ["5000", "10"]);
    ok(&e.exec("commit;\nLAB SESSION 2;\nupdate t set v = 'd' where id = 4000;"));
    let s = e.exec("LAB SESSION 1;\nupdate t set v = 'e' where id = 4000;");
    assert_eq!(error_of(&s[1]).0, "LAB-00036", "session 2 holds the row now");
    ok(&e.exec("LAB SESSION 2;\ncommit;\nLAB SESSION 1;\nupdate t set v = 'e' where id = 4000;\ncommit;"));
    assert_eq!(one(&mut e, "select v from t where id = 4000;"), "e");
}

/// Small loads (under the range threshold) lock row by row, and a load
/// that continues the session's last one extends its range: both release
/// at the rollback, and the other session can then load and change.
#[test]
fn small_and_consecutive_loads_release_at_rollback() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (id number primary key, v varchar2(10));\ninsert into t select level, 'a' from dual connect by level <= 10;\ninsert into t select level + 10, 'a' from dual connect by level <= 100;\ninsert into t select level + 110, 'a' from dual connect by level <= 100;"));
    assert_eq!(one(&mut e, "select count(*) from t;"), "210");
    ok(&e.exec("rollback;"));
    assert_eq!(one(&mut e, "select count(*) from t;"), "0");
    ok(&e.exec(
        "LAB SESSION 2;\ninsert into t select level, 'z' from dual connect by level <= 300;\ncommit;\nLAB SESSION 1;",
    ));
    ok(&e.exec("update t set v = 'y' where id in (5, 150, 299);\ncommit;"));
    assert_eq!(one(&mut e, "select count(case when v = 'y' then 1 end) from t;"), "3");
}

/// A constant select-list expression is evaluated once; one that raises
/// still raises only when a row evaluates it, at its own position
/// (ORA-01476 for 1/0 on a row; none when no row is returned).
#[test]
fn constant_expressions_fold_but_errors_stay_per_row() {
    let mut e = quiet_engine();
    ok(&e.exec("create table z (n number, s varchar2(20));"));
    let s = e.exec("select rpad('x', 3, 'y') r, 1/0 d from z;");
    ok(&s);
    assert!(s[0].rows.is_empty());
    let s = e.exec("select 1/0 from dual;");
    assert_eq!(error_of(&s[0]), ("ORA-01476", 1, 8));
    ok(&e.exec("insert into z select 10/4, rpad('ab', 5, 'c') || lpad(7, 3, '0') from dual connect by level <= 3;"));
    let s = e.exec("select sum(n), max(s), min(s) from z;");
    ok(&s);
    assert_eq!(
        s[0].rows[0].iter().map(|v| v.to_string().trim_matches('"').to_string()).collect::<Vec<_>>(),
        ["7.5", "abccc007", "abccc007"]
    );
    let s = e.exec("insert into z (n) select 1/0 from dual connect by level <= 2;");
    assert_eq!(error_of(&s[0]).0, "ORA-01476");
    assert_eq!(one(&mut e, "select count(*) from z;"), "3");
}

/// CREATE INDEX on a number column with negative, fractional and repeated
/// keys: an index range scan returns the rows in key (then rowid) order.
#[test]
fn a_number_index_built_by_pairs_scans_in_key_order() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t as select level id, mod(level * 37, 101) - 50 + case when mod(level, 7) = 0 then 0.5 else 0 end n from dual connect by level <= 3000;\ncreate index t_n on t(n);"));
    let s = e.exec("select /*+ index(t t_n) */ n, id from t where n between -3 and 2.5;");
    ok(&s);
    let got: Vec<(f64, i64)> =
        s[0].rows.iter().map(|r| (r[0].to_string().parse().unwrap(), r[1].to_string().parse().unwrap())).collect();
    assert!(!got.is_empty());
    let mut sorted = got.clone();
    sorted.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    assert_eq!(got, sorted, "index order: key, then row");
    assert_eq!(one(&mut e, "select count(*) from t where n between -3 and 2.5;"), got.len().to_string());
}
