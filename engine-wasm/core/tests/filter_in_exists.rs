//! A WHERE clause's IN subquery that is not unnested runs as Oracle runs
//! it: a FILTER over a correlated EXISTS with the IN's predicate pushed
//! into the subquery (`filter( EXISTS (SELECT 0 FROM "T0" "T0" WHERE
//! "ID"=:B1))`), so an index on the subquery's column can answer it, and
//! the FILTER keeps each distinct value's answer (Starts = distinct
//! values). NOT IN is a NOT EXISTS over `LNNVL(y<>:B1)`, which keeps its
//! NULL semantics. Subqueries print in the predicates as Oracle prints
//! them, correlation values as `:B1`, `:B2` (`plan/in_exists.rs`), and a
//! column is qualified when its query block has more than one FROM item
//! or names its table by an alias.
//!
//! Published: the FILTER shape and text of a non-unnested IN, 10g/11g:
//! `1 - filter( EXISTS (SELECT 0 FROM "DEPT" "DEPT" WHERE "DEPTNO"=:B1))`,
//! `3 - access("DEPTNO"=:B1)` (SCOTT's EMP/DEPT with /*+ no_unnest */,
//! INDEX UNIQUE SCAN DEPT_PK); Jonathan Lewis's scalar_sub_01.sql (10.1):
//! `filter("OUTER"."SAL"> (SELECT AVG("INNER"."SAL") FROM "EMP" "INNER"
//! WHERE "INNER"."DEPT_NO"=:B1))`; a 10g NOT EXISTS on SCOTT's DEPT and
//! EMP: `filter( NOT EXISTS (SELECT /*+ NO_UNNEST */ 0 FROM "EMP" "EMP"
//! WHERE "DEPTNO"=:B1))` (the lab does not print the hint).

mod common;
use common::*;

/// T: 12 rows, ID 1..12, GRP = mod(id, 3) (0, 1, 2), V = NULL for id 12.
/// S: 4 rows, ID 1..4 (unique index S_PK), K = 1, 2, NULL, 4.
const TABLES: &str = "create table t (id number, grp number, v number);\n\
    insert into t select rownum, mod(rownum, 3), case when rownum < 12 then rownum end from dual connect by level <= 12;\n\
    create table s (id number, k number);\n\
    insert into s values (1, 1);\n\
    insert into s values (2, 2);\n\
    insert into s values (3, null);\n\
    insert into s values (4, 4);\n\
    create unique index s_pk on s(id);\n\
    commit;";

fn engine() -> lio_core::Engine {
    let mut e = quiet_engine();
    ok(&e.exec(TABLES));
    e
}

fn one(e: &mut lio_core::Engine, sql: &str) -> lio_core::StepOut {
    let s = e.exec(sql);
    ok(&s);
    s.into_iter().next().expect("one step")
}

fn count(s: &lio_core::StepOut) -> String {
    s.rows[0][0].to_string()
}

/// `grp in (select /*+ no_unnest */ id from s)`: FILTER; S reached by its
/// unique index on the pushed `ID=:B1`; three distinct GRP values, so the
/// index is probed three times (Starts 3), not once per T row (12).
/// GRP 1 and 2 are in S, 0 is not: 8 rows.
#[test]
fn in_runs_as_correlated_exists_once_per_distinct_value() {
    let mut e = engine();
    let s = one(&mut e, "select count(*) from t where grp in (select /*+ no_unnest */ id from s);");
    assert_eq!(count(&s), "8");
    let ops: Vec<String> =
        s.plan.iter().map(|l| format!("{} {}", l.operation, l.name.clone().unwrap_or_default())).collect();
    assert_eq!(
        ops.iter().map(|o| o.trim()).collect::<Vec<_>>(),
        ["SELECT STATEMENT", "SORT AGGREGATE", "FILTER", "TABLE ACCESS FULL T", "INDEX UNIQUE SCAN S_PK"]
    );
    assert_eq!(s.plan[4].starts, 3);
    assert_eq!(s.plan[4].a_rows, 2);
    assert_eq!(s.plan[2].filter.as_deref(), Some(" EXISTS (SELECT 0 FROM \"S\" \"S\" WHERE \"ID\"=:B1)"));
    assert_eq!(s.plan[4].access.as_deref(), Some("\"ID\"=:B1"));
}

/// NOT IN keeps its NULL semantics: S.K holds a NULL, so no V is NOT IN
/// it (0 rows), whatever V is; without the NULL row, V 3 and 5..11 are
/// (8 rows), and V NULL (id 12) is not. NOT (v IN ...) is the same.
#[test]
fn not_in_is_not_exists_over_lnnvl() {
    let mut e = engine();
    let sql = "select count(*) from t where v not in (select /*+ no_unnest */ k from s);";
    let s = one(&mut e, sql);
    assert_eq!(count(&s), "0");
    assert_eq!(s.plan[2].filter.as_deref(), Some(" NOT EXISTS (SELECT 0 FROM \"S\" \"S\" WHERE LNNVL(\"K\"<>:B1))"));
    let s = one(&mut e, "select count(*) from t where not (v in (select /*+ no_unnest */ k from s));");
    assert_eq!(count(&s), "0");
    let s =
        one(&mut e, "select count(*) from t where v not in (select /*+ no_unnest */ k from s where k is not null);");
    assert_eq!(count(&s), "8");
    let s = one(&mut e, "select count(*) from t where v in (select /*+ no_unnest */ k from s);");
    assert_eq!(count(&s), "3");
    // Under NOT and OR: NOT (v IN S OR id > 100) is v NOT IN S AND ...
    let s = one(&mut e, "select count(*) from t where not (v in (select /*+ no_unnest */ k from s) or id > 100);");
    assert_eq!(count(&s), "0");
}

/// An IN whose answer is used as a value (under CASE) keeps the
/// three-valued IN, run once: V NULL gives NULL, not FALSE.
#[test]
fn in_under_case_keeps_three_valued_answer() {
    let mut e = engine();
    let s = one(
        &mut e,
        "select count(*) from t where case when v in (select /*+ no_unnest */ k from s where k is not null) then 1 else 0 end = 0;",
    );
    assert_eq!(count(&s), "9");
}

/// A correlated EXISTS: the FILTER keeps each GRP's answer, so the
/// subquery's scan starts 3 times for T's 12 rows; its text and its
/// scan's filter show the correlation value as :B1.
#[test]
fn exists_filter_caches_per_distinct_correlation_value() {
    let mut e = engine();
    let s = one(&mut e, "select count(*) from t a where exists (select null from s b where b.k = a.grp);");
    assert_eq!(count(&s), "8");
    assert_eq!(s.plan[4].starts, 3);
    assert_eq!(s.plan[2].filter.as_deref(), Some(" EXISTS (SELECT 0 FROM \"S\" \"B\" WHERE \"B\".\"K\"=:B1)"));
    assert_eq!(s.plan[4].filter.as_deref(), Some("\"B\".\"K\"=:B1"));
}

/// A scalar subquery in a predicate prints its text, aggregates included.
#[test]
fn scalar_subquery_prints_its_text() {
    let mut e = engine();
    let s = one(&mut e, "select count(*) from t where v > (select max(k) / 2 from s);");
    assert_eq!(count(&s), "9");
    let f = s.plan.iter().find_map(|l| l.filter.clone()).expect("a filter");
    assert_eq!(f, "\"V\"> (SELECT MAX(\"K\")/2 FROM \"S\" \"S\")");
}
