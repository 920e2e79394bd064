//! The row limiting clause (12.1+): `[OFFSET m ROWS] FETCH {FIRST | NEXT}
//! n [PERCENT] ROWS {ONLY | WITH TIES}`. The plan as Oracle prints it
//! (VIEW over WINDOW SORT PUSHED RANK, WINDOW NOSORT STOPKEY, WINDOW
//! BUFFER or WINDOW SORT, the filters on "from$_subquery$_002"), the rows,
//! and the figures: WINDOW NOSORT STOPKEY stops its child, a sort reads
//! every row. Before 12.1, ORA-00933 at the clause.

mod common;
use common::*;
use lio_sql::ora;

/// T: ids 1..20, G = mod(id, 4) (ids 4, 8, ... have 0), in one block.
const T: &str = "create table t (id number, g number);\n\
    insert into t select level, mod(level, 4) from dual connect by level <= 20;\ncommit;";

fn engine() -> lio_core::Engine {
    let mut e = quiet_engine();
    ok(&e.exec(T));
    e
}

fn ids(s: &lio_core::StepOut) -> Vec<String> {
    s.rows.iter().map(|r| r[0].to_string()).collect()
}

/// (operation, Starts, A-Rows, filter) per line.
fn plan(s: &lio_core::StepOut) -> Vec<(String, u64, u64, Option<String>)> {
    s.plan.iter().map(|l| (l.operation.clone(), l.starts, l.a_rows, l.filter.clone())).collect()
}

#[test]
fn order_by_fetch_first_is_a_pushed_rank_sort() {
    let mut e = engine();
    let s = e.exec("select id from t order by id desc fetch first 3 rows only;");
    ok(&s);
    assert_eq!(ids(&s[0]), ["20", "19", "18"]);
    let p = plan(&s[0]);
    assert_eq!(p[1].0, "VIEW");
    assert_eq!(p[1].3.as_deref(), Some("\"from$_subquery$_002\".\"rowlimit_$$_rownumber\"<=3"));
    assert_eq!(p[2].0, "WINDOW SORT PUSHED RANK");
    // The sort reads all 20 rows; the view passes 3.
    assert_eq!((p[3].2, p[1].2), (20, 3));
    let s = e.exec("select id from t order by id fetch first 3 rows only;");
    assert_eq!(
        plan(&s[0])[2].3.as_deref(),
        Some("ROW_NUMBER() OVER ( ORDER BY \"T\".\"ID\")<=3"),
        "as Oracle prints it (zahirmohideen.blogspot.com, 12c)"
    );
}

/// Without ORDER BY: WINDOW NOSORT STOPKEY stops the scan after n rows.
#[test]
fn no_order_by_stops_the_scan() {
    let mut e = engine();
    let s = e.exec("select id from t fetch first 5 rows only;");
    ok(&s);
    assert_eq!(ids(&s[0]), ["1", "2", "3", "4", "5"]);
    let p = plan(&s[0]);
    assert_eq!((p[2].0.as_str(), p[2].2, p[3].2), ("WINDOW NOSORT STOPKEY", 5, 5));
    assert_eq!(p[2].3.as_deref(), Some("ROW_NUMBER() OVER ( ORDER BY NULL)<=5"));
    // FETCH FIRST ROW ONLY (no count) is one row.
    let s = e.exec("select id from t fetch first row only;");
    assert_eq!(ids(&s[0]), ["1"]);
}

/// OFFSET m: the first m rows skipped; the limit m + n.
#[test]
fn offset_and_fetch_next() {
    let mut e = engine();
    let s = e.exec("select id from t order by id offset 5 rows fetch next 3 rows only;");
    ok(&s);
    assert_eq!(ids(&s[0]), ["6", "7", "8"]);
    let p = plan(&s[0]);
    assert_eq!(
        p[1].3.as_deref(),
        Some("\"from$_subquery$_002\".\"rowlimit_$$_rownumber\"<=CASE  WHEN (5>=0) THEN 5 ELSE 0 END +3 AND \"from$_subquery$_002\".\"rowlimit_$$_rownumber\">5")
    );
    // OFFSET alone: every row after it, WINDOW SORT (no rank pushed).
    let s = e.exec("select id from t order by id offset 18 rows;");
    assert_eq!(ids(&s[0]), ["19", "20"]);
    assert_eq!(plan(&s[0])[2].0, "WINDOW SORT");
    // A fraction of a row count is truncated, a negative one is 0.
    let s = e.exec("select id from t order by id offset -2 rows fetch first 2.9 rows only;");
    assert_eq!(ids(&s[0]), ["1", "2"]);
}

/// WITH TIES: RANK; the rows tied with the last one come too. G = 0 for
/// ids 4, 8, 12, 16, 20: the first 2 by G are all five.
#[test]
fn with_ties() {
    let mut e = engine();
    let s = e.exec("select id from t order by g fetch first 2 rows with ties;");
    ok(&s);
    assert_eq!(ids(&s[0]), ["4", "8", "12", "16", "20"]);
    let p = plan(&s[0]);
    assert_eq!(p[1].3.as_deref(), Some("\"from$_subquery$_002\".\"rowlimit_$$_rank\"<=2"));
    assert_eq!(p[2].3.as_deref(), Some("RANK() OVER ( ORDER BY \"T\".\"G\")<=2"));
    let s = e.exec("select id from t order by g, id desc fetch first 6 rows with ties;");
    assert_eq!(ids(&s[0]), ["20", "16", "12", "8", "4", "17"]);
}

/// PERCENT: CEIL(total * p / 100) rows: 20 * 12% = 2.4, 3 rows.
#[test]
fn percent() {
    let mut e = engine();
    let s = e.exec("select id from t order by id desc fetch first 12 percent rows only;");
    ok(&s);
    assert_eq!(ids(&s[0]), ["20", "19", "18"]);
    assert_eq!(plan(&s[0])[2].0, "WINDOW SORT");
    let s = e.exec("select id from t fetch first 12 percent rows only;");
    assert_eq!(ids(&s[0]), ["1", "2", "3"]);
    assert_eq!(plan(&s[0])[2].0, "WINDOW BUFFER");
}

/// Before 12.1 the clause is ORA-00933 at it; refused where the lab does
/// not model it.
#[test]
fn releases_and_refusals() {
    let mut e = engine();
    ok(&e.exec("lab version 11.2.0.2;"));
    let s = e.exec("select id from t\nfetch first 3 rows only;");
    assert_eq!(error_of(&s[0]), (ora::SQL_COMMAND_NOT_PROPERLY_ENDED.code().as_str(), 2, 1));
    ok(&e.exec("lab version 19c;"));
    for q in [
        "select * from (select id from t fetch first 2 rows only);",
        "select count(*) from t fetch first 2 rows only;",
        "select id from t where rownum <= 5 fetch first 2 rows only;",
        "select id from t fetch first 1 + 1 rows only;",
    ] {
        let s = e.exec(q);
        assert_eq!(error_of(&s[0]).0, ora::LAB_UNSUPPORTED.code(), "{q}");
    }
}
