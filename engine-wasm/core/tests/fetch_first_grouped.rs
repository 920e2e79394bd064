//! FETCH FIRST over a grouped query (was refused): `GROUP BY ... ORDER BY
//! ... FETCH FIRST n ROWS`, the top-n report of a DBA's script
//! (`select object_type, count(*) from t group by object_type order by 2
//! desc fetch first 5 rows only`). Oracle's plan (Maria Colgan,
//! sqlmaria.com 2017, "New Top-N Queries and Pagination Syntax", 12c):
//! `SORT ORDER BY` / `VIEW` / `WINDOW SORT PUSHED RANK` over the grouping,
//! the ORDER BY's sort being the window and the rows sorted again above
//! the view.
//!
//! Hand-checked on T: ids 1..20, G = mod(id, 4). The groups' sums: G = 0
//! (4, 8, 12, 16, 20) 60, G = 1 45, G = 2 50, G = 3 55. Top 2 by sum
//! descending: (0, 60), (3, 55); with OFFSET 1: (3, 55), (2, 50). The
//! HASH GROUP BY returns 4 rows, the window keeps 2, the VIEW and the
//! SORT ORDER BY return 2; two sorts in memory (the window's and the
//! final one; a hash group by is no sort).

mod common;
use common::*;
use lio_sql::ora;

const T: &str = "create table t (id number, g number);\n\
    insert into t select level, mod(level, 4) from dual connect by level <= 20;\ncommit;\n\
    exec dbms_stats.gather_table_stats(user, 'T')";

fn engine() -> lio_core::Engine {
    let mut e = quiet_engine();
    ok(&e.exec(T));
    e
}

#[test]
fn group_by_order_by_fetch_first() {
    let mut e = engine();
    let s = e.exec("select g, sum(id) s from t group by g order by s desc fetch first 2 rows only;");
    ok(&s);
    assert_eq!(row_strings(&s[0]), ["0|60", "3|55"]);
    let p: Vec<(String, u64, Option<String>)> =
        s[0].plan.iter().map(|l| (l.operation.clone(), l.a_rows, l.filter.clone())).collect();
    let ops: Vec<&str> = p.iter().map(|l| l.0.as_str()).collect();
    assert_eq!(
        ops,
        ["SELECT STATEMENT", "SORT ORDER BY", "VIEW", "WINDOW SORT PUSHED RANK", "HASH GROUP BY", "TABLE ACCESS FULL"]
    );
    assert_eq!(p.iter().map(|l| l.1).collect::<Vec<_>>()[1..], [2, 2, 2, 4, 20]);
    assert_eq!(p[2].2.as_deref(), Some("\"from$_subquery$_002\".\"rowlimit_$$_rownumber\"<=2"));
    assert_eq!(p[3].2.as_deref(), Some("ROW_NUMBER() OVER ( ORDER BY INTERNAL_FUNCTION(SUM(\"ID\")) DESC)<=2"));
    assert_eq!(stat(&s[0], "sorts (memory)"), 2);
}

#[test]
fn positions_offsets_ties_and_counts() {
    let mut e = engine();
    let s = e.exec("select g, sum(id) from t group by g order by 2 desc offset 1 rows fetch next 2 rows only;");
    ok(&s);
    assert_eq!(row_strings(&s[0]), ["3|55", "2|50"]);
    // Every group has 5 rows: RANK() ties them all; ordered by C and G only
    // the first.
    let s = e.exec("select g, count(*) c from t group by g order by c fetch first 1 rows with ties;");
    ok(&s);
    let mut rows = row_strings(&s[0]);
    rows.sort();
    assert_eq!(rows, ["0|5", "1|5", "2|5", "3|5"]);
    assert!(s[0].plan.iter().any(|l| l.filter.as_deref() == Some("RANK() OVER ( ORDER BY COUNT(*))<=1")));
    let s = e.exec("select g, count(*) c from t group by g order by c, g fetch first 1 rows with ties;");
    ok(&s);
    assert_eq!(row_strings(&s[0]), ["0|5"]);
    assert!(s[0].plan.iter().any(|l| l.filter.as_deref() == Some("RANK() OVER ( ORDER BY COUNT(*),\"G\")<=1")));
}

/// Still refused: a grouped query without an ORDER BY of its own (none,
/// or one the SORT GROUP BY gives), DISTINCT.
#[test]
fn grouped_forms_still_refused() {
    let mut e = engine();
    for q in [
        "select g from t group by g fetch first 2 rows only;",
        "select count(*) from t fetch first 2 rows only;",
        "select distinct g from t order by g fetch first 2 rows only;",
    ] {
        let s = e.exec(q);
        assert_eq!(error_of(&s[0]).0, ora::LAB_UNSUPPORTED.code(), "{q}");
    }
}
