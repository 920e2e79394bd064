//! Index-only access paths: a query that reads only indexed columns is
//! answered from the index (no TABLE ACCESS BY INDEX ROWID), and MIN/MAX
//! of an index's leading column is one descent to the first or last entry
//! (INDEX FULL SCAN (MIN/MAX), FIRST ROW over INDEX RANGE SCAN (MIN/MAX)).

mod common;

use common::stat;
use lio_core::{Engine, EngineConfig, StepOut};

/// 10,000 rows, ids 1..10,000; a unique index on `id` (height 2: a root
/// over its leaves), a non-unique one on `grp` (id mod 100).
const SETUP: &str = "create table t (id number not null, grp number not null, filler varchar2(100));
insert into t select rownum, mod(rownum, 100), rpad('x', 100) from dual connect by level <= 10000;
commit;
create unique index t_id on t (id);
create index t_grp on t (grp);
exec dbms_stats.gather_table_stats(user, 'T')
";

/// The query's step, run twice so the second execution is measured
/// (parse and dictionary gets out of the way).
fn query(q: &str) -> StepOut {
    let mut e = Engine::new(EngineConfig { trace: false, ..Default::default() });
    let steps = e.exec(&format!("{SETUP}{q}\n{q}\n"));
    let s = steps.last().unwrap().clone();
    assert!(s.error.is_none(), "{q}: {:?}", s.error);
    s
}

fn ops(s: &StepOut) -> Vec<String> {
    s.plan.iter().map(|l| format!("{} {}", l.operation, l.name.as_deref().unwrap_or("")).trim().to_string()).collect()
}

fn value(s: &StepOut) -> String {
    s.rows.first().and_then(|r| r.first()).map(|v| v.to_string()).unwrap_or_default()
}

#[test]
fn max_of_the_leading_column_is_one_descent_to_the_last_leaf() {
    let s = query("select max(id) from t;");
    assert_eq!(ops(&s), ["SELECT STATEMENT", "SORT AGGREGATE", "INDEX FULL SCAN (MIN/MAX) T_ID"]);
    assert_eq!(value(&s), "10000");
    // Root (examination) and the last leaf.
    assert_eq!(stat(&s, "consistent gets"), 2);
    assert_eq!(stat(&s, "consistent gets examination"), 1);
    assert_eq!(stat(&s, "table fetch by rowid"), 0);
    let s = query("select min(id) from t;");
    assert_eq!(value(&s), "1");
    assert_eq!(stat(&s, "consistent gets"), 2);
}

#[test]
fn a_range_puts_first_row_over_a_min_max_range_scan() {
    let s = query("select min(id) from t where id > 5000;");
    assert_eq!(ops(&s), ["SELECT STATEMENT", "SORT AGGREGATE", "FIRST ROW", "INDEX RANGE SCAN (MIN/MAX) T_ID"]);
    assert_eq!(value(&s), "5001");
    assert_eq!(s.plan[3].access.as_deref(), Some("\"ID\">5000"));
    assert_eq!(s.plan[2].filter, None, "FIRST ROW has no predicate");
    assert_eq!(stat(&s, "consistent gets"), 2);
    for (q, want) in [
        ("select max(id) from t where id < 5000.5;", "5000"),
        ("select max(id) from t where id <= 5000;", "5000"),
        ("select max(id) from t where id < 5000;", "4999"),
        ("select min(id) from t where id >= 7 and id < 9;", "7"),
        ("select max(id) from t where id between 7 and 9;", "9"),
        // Nothing in range: MAX is NULL, the descent still happens.
        ("select max(id) from t where id > 20000;", "null"),
        ("select min(id) from t where id > 20 and id < 10;", "null"),
    ] {
        let s = query(q);
        assert_eq!(value(&s), want, "{q}");
        assert_eq!(stat(&s, "consistent gets"), 2, "{q}");
    }
}

#[test]
fn other_aggregates_and_predicates_do_not_take_the_min_max_path() {
    for q in [
        "select max(id), min(id) from t;",
        "select max(id) from t where grp = 3;",
        "select max(filler) from t;",
        "select max(id) from t group by grp;",
    ] {
        let s = query(q);
        assert!(!ops(&s).iter().any(|o| o.contains("MIN/MAX")), "{q}: {:?}", ops(&s));
    }
    // The right answer either way.
    assert_eq!(value(&query("select max(id) from t where grp = 3;")), "9903");
}

#[test]
fn a_query_reading_only_indexed_columns_never_visits_the_table() {
    let s = query("select id from t where id between 10 and 12;");
    assert_eq!(ops(&s), ["SELECT STATEMENT", "INDEX RANGE SCAN T_ID"]);
    assert_eq!(s.rows.len(), 3);
    assert_eq!(stat(&s, "table fetch by rowid"), 0);
    // Root and one leaf, and that leaf again in SQL*Plus's second fetch
    // call (its first fetch asks for one row).
    assert_eq!(stat(&s, "consistent gets"), 3);
    let s = query("select count(*) from t where grp = 7;");
    assert_eq!(ops(&s), ["SELECT STATEMENT", "SORT AGGREGATE", "INDEX RANGE SCAN T_GRP"]);
    assert_eq!(value(&s), "100");
    assert_eq!(stat(&s, "table fetch by rowid"), 0);
    let s = query("select count(*) from t where id = 42;");
    assert_eq!(ops(&s), ["SELECT STATEMENT", "SORT AGGREGATE", "INDEX UNIQUE SCAN T_ID"]);
    assert_eq!(stat(&s, "consistent gets"), 2);
    // A column outside the index brings the table access back.
    for q in [
        "select id, filler from t where id between 10 and 12;",
        "select * from t where id between 10 and 12;",
        "select id from t where id between 10 and 12 and filler = 'x';",
        "select t.id from t where t.id = 42 and exists (select 1 from dual where t.filler is not null);",
    ] {
        let s = query(q);
        assert!(ops(&s).iter().any(|o| o.starts_with("TABLE ACCESS")), "{q}: {:?}", ops(&s));
    }
}

#[test]
fn count_star_reads_the_smaller_index_by_fast_full_scan() {
    let s = query("select count(*) from t;");
    assert_eq!(ops(&s), ["SELECT STATEMENT", "SORT AGGREGATE", "INDEX FAST FULL SCAN T_ID"]);
    assert_eq!(value(&s), "10000");
    assert_eq!(stat(&s, "index fast full scans (full)"), 1);
    assert_eq!(stat(&s, "table scans (short tables)") + stat(&s, "table scans (long tables)"), 0);
    // Every index block once: the root and each leaf, as a range scan over
    // every key visits them, plus the full scan's space-management gets.
    let range = query("select /*+ index(t t_id) */ count(*) from t where id > 0;");
    assert_eq!(ops(&range), ["SELECT STATEMENT", "SORT AGGREGATE", "INDEX RANGE SCAN T_ID"]);
    let header = stat(&query("select /*+ full(t) */ count(*) from t;"), "consistent gets")
        - stat(&query("select /*+ full(t) */ count(*) from t;"), "table scan blocks gotten");
    assert_eq!(stat(&s, "consistent gets"), stat(&range, "consistent gets") + header);
    assert!(
        stat(&s, "consistent gets") * 5 < stat(&query("select /*+ full(t) */ count(*) from t;"), "consistent gets")
    );
    // A filter on an indexed column is applied to the index's rows.
    let s = query("select sum(id), count(*) from t where mod(id, 7) = 0;");
    assert_eq!(ops(&s)[2], "INDEX FAST FULL SCAN T_ID");
    assert_eq!(s.rows[0].iter().map(|v| v.to_string()).collect::<Vec<_>>(), ["7142142", "1428"]);
    // A column the index lacks, or only nullable indexed columns: the table.
    for q in [
        "select count(*) from t where filler is null;",
        "select count(grp) from t where grp is not null and filler > 'a';",
    ] {
        assert!(ops(&query(q)).iter().any(|o| o.starts_with("TABLE ACCESS FULL")), "{q}");
    }
}
