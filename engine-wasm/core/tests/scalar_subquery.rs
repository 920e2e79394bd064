//! Scalar subqueries: `(SELECT one_column ...)` as a value in the select
//! list and the WHERE clause, correlated or not. No row is NULL, two rows
//! ORA-01427. Plan shape as Oracle prints it: a select list's subquery
//! under SELECT STATEMENT before the main row source; a WHERE clause's
//! uncorrelated one under the line that filters with it (run once); a
//! correlated one as a FILTER's second child. Scalar subquery caching:
//! the subquery runs once per distinct correlation value while they fit
//! the cache's 1,024 entries (`row_source/scalar_subquery.rs`).

mod common;
use common::*;
use lio_core::result::PlanLineOut;
use lio_sql::ora;

/// T1: 12 rows, ids 1..12, GRP = mod(id, 3) (three values), X = id * 10.
/// T2: 30 rows, ids 1..30, GRP = mod(id, 3), Y = id. One block each.
const TABLES: &str = "create table t1 (id number, grp number, x number);\n\
    insert into t1 select rownum, mod(rownum, 3), rownum * 10 from dual connect by level <= 12;\n\
    create table t2 (id number, grp number, y number);\n\
    insert into t2 select rownum, mod(rownum, 3), rownum from dual connect by level <= 30;\n\
    commit;";

fn engine() -> lio_core::Engine {
    let mut e = quiet_engine();
    ok(&e.exec(TABLES));
    e
}

/// (depth, operation name, Starts, A-Rows) per line.
fn shape(plan: &[PlanLineOut]) -> Vec<(u16, String, u64, u64)> {
    plan.iter()
        .map(|l| {
            let op = format!("{} {}", l.operation, l.name.clone().unwrap_or_default()).trim().to_string();
            (l.depth, op, l.starts, l.a_rows)
        })
        .collect()
}

fn rows(s: &lio_core::StepOut) -> Vec<String> {
    s.rows.iter().map(|r| r.iter().map(|v| v.to_string()).collect::<Vec<_>>().join("|")).collect()
}

fn line(depth: u16, op: &str, starts: u64, a_rows: u64) -> (u16, String, u64, u64) {
    (depth, op.to_string(), starts, a_rows)
}

/// A correlated subquery of the select list runs once per distinct GRP
/// (3 of 12 rows): Starts 3 on its lines, printed before T1's scan.
/// Buffers: each full scan of T2 is 3 segment header gets (ASSM) and its
/// one data block, 4 gets, 12 for the three runs.
#[test]
fn select_list_correlated_runs_once_per_distinct_value() {
    let mut e = engine();
    let s = e.exec("select id, (select max(y) from t2 where t2.grp = t1.grp) m from t1;");
    ok(&s);
    assert_eq!(rows(&s[0])[..4], ["1|28", "2|29", "3|30", "4|28"]);
    assert_eq!(
        shape(&s[0].plan),
        [
            line(0, "SELECT STATEMENT", 1, 12),
            line(1, "SORT AGGREGATE", 3, 3),
            line(2, "TABLE ACCESS FULL T2", 3, 30),
            line(1, "TABLE ACCESS FULL T1", 1, 12),
        ]
    );
    assert_eq!(s[0].plan[1].buffers, 12);
    // The correlation value is a bind; T2 has no alias in its block.
    assert_eq!(s[0].plan[2].filter.as_deref(), Some("\"GRP\"=:B1"));
}

/// With ORDER BY the subquery's lines still come first, under SELECT
/// STATEMENT, before SORT ORDER BY.
#[test]
fn select_list_subquery_is_shown_before_the_sort() {
    let mut e = engine();
    let s =
        e.exec("select id, (select count(*) from t2 where t2.grp = t1.grp) c from t1 where id <= 4 order by id desc;");
    ok(&s);
    assert_eq!(rows(&s[0]), ["4|10", "3|10", "2|10", "1|10"]);
    let ops: Vec<(u16, String)> = shape(&s[0].plan).into_iter().map(|l| (l.0, l.1)).collect();
    let want = [
        (0, "SELECT STATEMENT"),
        (1, "SORT AGGREGATE"),
        (2, "TABLE ACCESS FULL T2"),
        (1, "SORT ORDER BY"),
        (2, "TABLE ACCESS FULL T1"),
    ];
    assert_eq!(ops, want.map(|(d, o)| (d, o.to_string())));
    // ids 1..4 have GRP 1, 2, 0, 1: three distinct values.
    assert_eq!(s[0].plan[1].starts, 3);
}

/// `where x > (select avg(x) from t1)`: uncorrelated, run once, shown
/// under the full scan that filters with it. AVG(X) = 65: ids 7..12 pass.
#[test]
fn where_uncorrelated_runs_once_under_the_filtering_line() {
    let mut e = engine();
    let s = e.exec("select count(*) from t1 where x > (select avg(x) from t1);");
    ok(&s);
    assert_eq!(rows(&s[0]), ["6"]);
    assert_eq!(
        shape(&s[0].plan),
        [
            line(0, "SELECT STATEMENT", 1, 1),
            line(1, "SORT AGGREGATE", 1, 1),
            line(2, "TABLE ACCESS FULL T1", 1, 6),
            line(3, "SORT AGGREGATE", 1, 1),
            line(4, "TABLE ACCESS FULL T1", 1, 12),
        ]
    );
}

/// A correlated one in the WHERE clause is a FILTER's second child, run
/// once per distinct GRP. AVG(Y) per GRP: 15 (grp 0), 14.5, 15.5:
/// `x > avg(y)` holds for ids 2..12 but for id 1 (10 < 14.5).
#[test]
fn where_correlated_is_a_filter_child() {
    let mut e = engine();
    let s = e.exec("select count(*) from t1 where x > (select avg(y) from t2 where t2.grp = t1.grp);");
    ok(&s);
    assert_eq!(rows(&s[0]), ["11"]);
    assert_eq!(
        shape(&s[0].plan),
        [
            line(0, "SELECT STATEMENT", 1, 1),
            line(1, "SORT AGGREGATE", 1, 1),
            line(2, "FILTER", 1, 11),
            line(3, "TABLE ACCESS FULL T1", 1, 12),
            line(3, "SORT AGGREGATE", 3, 3),
            line(4, "TABLE ACCESS FULL T2", 3, 30),
        ]
    );
}

/// No row is NULL; more than one row is ORA-01427; two columns ORA-00913.
#[test]
fn no_row_is_null_two_rows_an_error() {
    let mut e = engine();
    assert_eq!(scalar(&mut e, "select nvl((select y from t2 where id = 99), -1) from dual;"), "-1");
    assert_eq!(scalar(&mut e, "select (select y from t2 where id = 7) from dual;"), "7");
    let s = e.exec("select (select y from t2 where grp = 1) from dual;");
    assert_eq!(error_of(&s[0]).0, ora::SINGLE_ROW_SUBQUERY_TOO_MANY_ROWS.code());
    let s = e.exec("select (select y, id from t2 where id = 1) from dual;");
    assert_eq!(error_of(&s[0]).0, ora::TOO_MANY_VALUES.code());
    // ROWNUM = 1 makes it one row: a COUNT STOPKEY under the subquery.
    assert_eq!(scalar(&mut e, "select (select y from t2 where grp = 1 and rownum = 1) from dual;"), "1");
}

/// In an aggregate query an uncorrelated subquery is one value; a
/// correlated one reads a column that is not grouped (ORA-00937). A GROUP
/// BY query's select list is refused (LAB-00001).
#[test]
fn aggregate_queries() {
    let mut e = engine();
    assert_eq!(scalar(&mut e, "select (select count(*) from t2), count(*) from t1;"), "30,12");
    let s = e.exec("select count(*), (select max(y) from t2 where t2.grp = t1.grp) from t1;");
    assert_eq!(error_of(&s[0]).0, ora::NOT_A_SINGLE_GROUP_GROUP_FUNCTION.code());
    let s = e.exec("select grp, (select count(*) from t2) from t1 group by grp;");
    assert_eq!(error_of(&s[0]).0, ora::LAB_UNSUPPORTED.code());
    let s = e.exec("select sum((select count(*) from t2)) from t1;");
    assert_eq!(error_of(&s[0]).0, ora::LAB_UNSUPPORTED.code());
}

/// The cache holds 1,024 correlation values. 1,500 distinct values, each
/// twice (ids 1..1,500 then again): the first pass runs 1,500 times and
/// caches the first 1,024; the second finds those and runs for the other
/// 476: 1,976 Starts. 1,000 distinct values twice all fit: 1,000 Starts.
#[test]
fn the_cache_holds_1024_values() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table k (v number);\n\
         insert into k select mod(rownum - 1, 1500) + 1 from dual connect by level <= 3000;\n\
         create table k2 (v number);\n\
         insert into k2 select mod(rownum - 1, 1000) + 1 from dual connect by level <= 2000;\n\
         commit;",
    ));
    let s = e.exec("select sum((select k.v from dual)) from k;");
    assert_eq!(error_of(&s[0]).0, ora::LAB_UNSUPPORTED.code());
    let s = e.exec("select max(w) from (select (select k.v + 1 from dual) w from k);");
    ok(&s);
    assert_eq!(rows(&s[0]), ["1501"]);
    let sub = s[0].plan.iter().find(|l| l.operation == "FAST DUAL").expect("the subquery's line");
    assert_eq!(sub.starts, 1976);
    let s = e.exec("select max(w) from (select (select k2.v + 1 from dual) w from k2);");
    ok(&s);
    let sub = s[0].plan.iter().find(|l| l.operation == "FAST DUAL").expect("the subquery's line");
    assert_eq!(sub.starts, 1000);
}
