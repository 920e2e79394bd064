//! Quantified comparisons, `x op ANY | SOME | ALL (subquery or list)`,
//! as Oracle's optimizer rewrites them (Performance Tuning Guide 9.2,
//! "How the CBO Evaluates the ANY or SOME Operator" / "... the ALL
//! Operator"; oracle-base "ALL, ANY and SOME Comparison Conditions"):
//!
//! - a list is expanded: `x > ANY (a, b)` is `x > a OR x > b`, `x > ALL
//!   (a, b)` is `x > a AND x > b` (the Predicate Information shows the
//!   expansion); `= ANY (list)` is IN, `<> ALL (list)` NOT IN;
//! - `x > ANY (SELECT y ...)` is `EXISTS (SELECT 0 ... WHERE y < x)`, a
//!   FILTER over the correlated subquery, `y < :B1` pushed into it;
//! - `x > ALL (SELECT y ...)` is `NOT (x <= ANY (...))`, which under the
//!   NOT must be TRUE where the ANY is TRUE or UNKNOWN: `NOT EXISTS
//!   (SELECT 0 ... WHERE LNNVL(y < x))`, the shape of NOT IN's
//!   `LNNVL(y <> x)`; `= ANY` is IN and `<> ALL` is NOT IN exactly.
//!
//! NULL semantics (SQL Language Reference, "Comparison Conditions"): ANY
//! over no rows is FALSE, ALL over no rows TRUE (even for a NULL x); a
//! NULL on either side makes that comparison UNKNOWN: ANY is TRUE if one
//! comparison is, ALL FALSE if one is, otherwise UNKNOWN when one was.
//!
//! Data (hand-checked below): T(id, x) = (1, 1), (2, 5), (3, NULL), (4, 10);
//! S(id, y) = (1, 2), (2, 6), S_PK unique on id; U(y) = (2), (6), (NULL).

mod common;
use common::*;

const TABLES: &str = "create table t (id number, x number);\n\
    insert into t values (1, 1);\n\
    insert into t values (2, 5);\n\
    insert into t values (3, null);\n\
    insert into t values (4, 10);\n\
    create table s (id number, y number);\n\
    insert into s values (1, 2);\n\
    insert into s values (2, 6);\n\
    create unique index s_pk on s(id);\n\
    create table u (y number);\n\
    insert into u values (2);\n\
    insert into u values (6);\n\
    insert into u values (null);\n\
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

/// The ids a query returns, in its ORDER BY order, joined by commas.
fn ids(e: &mut lio_core::Engine, sql: &str) -> String {
    row_strings(&one(e, sql)).join(",")
}

fn ops(s: &lio_core::StepOut) -> Vec<String> {
    s.plan
        .iter()
        .map(|l| format!("{} {}", l.operation.trim(), l.name.clone().unwrap_or_default()).trim().into())
        .collect()
}

/// Over S's {2, 6}: `x > ALL` holds for 10 only (1 > 2 and 5 > 6 are
/// FALSE; NULL > 2 UNKNOWN); `x > ANY` for 5 and 10; `x < ALL` for 1;
/// `x <= SOME` for 1 and 5; `x = ANY` for none (1, 5, 10 are not 2 or 6);
/// `x <> ALL` for 1, 5, 10; `x >= ALL` for 10 (SOME = ANY).
#[test]
fn subquery_forms_without_nulls() {
    let mut e = engine();
    let q = |op: &str| format!("select id from t where x {op} (select y from s) order by id;");
    assert_eq!(ids(&mut e, &q("> all")), "4");
    assert_eq!(ids(&mut e, &q("> any")), "2,4");
    assert_eq!(ids(&mut e, &q("< all")), "1");
    assert_eq!(ids(&mut e, &q("<= some")), "1,2");
    assert_eq!(ids(&mut e, &q("= any")), "");
    assert_eq!(ids(&mut e, &q("<> all")), "1,2,4");
    assert_eq!(ids(&mut e, &q("!= all")), "1,2,4");
    assert_eq!(ids(&mut e, &q(">= all")), "4");
    assert_eq!(ids(&mut e, &q("= some")), "");
    assert_eq!(ids(&mut e, &q("<> any")), "1,2,4");
}

/// An empty subquery: ALL is TRUE for every row, the NULL x (id 3)
/// included (no comparison is made); ANY is FALSE for every row.
#[test]
fn empty_subquery_all_true_any_false() {
    let mut e = engine();
    assert_eq!(ids(&mut e, "select id from t where x > all (select y from s where y > 100) order by id;"), "1,2,3,4");
    assert_eq!(ids(&mut e, "select id from t where x < all (select y from s where id = 0) order by id;"), "1,2,3,4");
    assert_eq!(ids(&mut e, "select id from t where x >= some (select y from s where y > 100) order by id;"), "");
    // NOT of an empty ANY is TRUE for every row, NULL x too.
    assert_eq!(
        ids(&mut e, "select id from t where not (x = any (select y from s where y > 100)) order by id;"),
        "1,2,3,4"
    );
}

/// U holds {2, 6, NULL}. `x > ALL`: x = 1 and 5 fail on 2 or 6 (FALSE);
/// x = 10 passes 2 and 6 but 10 > NULL is UNKNOWN, so UNKNOWN: no row.
/// NOT (x > ALL U): TRUE where it was FALSE (1, 5), UNKNOWN stays: 1, 2.
/// `x > ANY U`: 5 > 2 and 10 > 2 are TRUE (the NULL does not matter once
/// one holds); for 1, 1 > 2 and 1 > 6 are FALSE and 1 > NULL UNKNOWN: not
/// returned, and NOT of it is UNKNOWN too, while NOT makes 5 and 10
/// FALSE: NOT (x > ANY U) returns no row.
/// `x < ALL U`: 1 < 2, 1 < 6, 1 < NULL UNKNOWN: no row; NOT: 5 and 10
/// fail 5 < 2: TRUE under NOT: 2, 4.
#[test]
fn a_null_in_the_subquery() {
    let mut e = engine();
    let q = |w: &str| format!("select id from t where {w} order by id;");
    assert_eq!(ids(&mut e, &q("x > all (select y from u)")), "");
    assert_eq!(ids(&mut e, &q("not (x > all (select y from u))")), "1,2");
    assert_eq!(ids(&mut e, &q("x > any (select y from u)")), "2,4");
    assert_eq!(ids(&mut e, &q("not (x > any (select y from u))")), "");
    assert_eq!(ids(&mut e, &q("x < all (select y from u)")), "");
    assert_eq!(ids(&mut e, &q("not (x < all (select y from u))")), "2,4");
    // <> ALL is NOT IN: a NULL in the set rejects every row.
    assert_eq!(ids(&mut e, &q("x <> all (select y from u)")), "");
    assert_eq!(ids(&mut e, &q("x = any (select y from u) or id = 3")), "3");
    // Under OR: x > ALL U is never TRUE, id = 1 picks row 1.
    assert_eq!(ids(&mut e, &q("x > all (select y from u) or id = 1")), "1");
}

/// The plan: `> ALL` a FILTER over the subquery with NOT EXISTS and the
/// LNNVL on the subquery's column against the outer value as `:B1`
/// (x > y is y < x: `LNNVL("Y"<:B1)`); `> ANY` an EXISTS with `"Y"<:B1`.
#[test]
fn plan_is_filter_with_not_exists_lnnvl() {
    let mut e = engine();
    let s = one(&mut e, "select id from t where x > all (select y from s);");
    assert_eq!(ops(&s), ["SELECT STATEMENT", "FILTER", "TABLE ACCESS FULL T", "TABLE ACCESS FULL S"]);
    assert_eq!(s.plan[1].filter.as_deref(), Some(" NOT EXISTS (SELECT 0 FROM \"S\" \"S\" WHERE LNNVL(\"Y\"<:B1))"));
    assert_eq!(s.plan[3].filter.as_deref(), Some("LNNVL(\"Y\"<:B1)"));
    // Four distinct x (NULL counts once): the subquery starts 4 times.
    assert_eq!(s.plan[3].starts, 4);
    let s = one(&mut e, "select id from t where x > any (select y from s);");
    assert_eq!(s.plan[1].filter.as_deref(), Some(" EXISTS (SELECT 0 FROM \"S\" \"S\" WHERE \"Y\"<:B1)"));
    let s = one(&mut e, "select id from t where x <= all (select y from s);");
    assert_eq!(s.plan[1].filter.as_deref(), Some(" NOT EXISTS (SELECT 0 FROM \"S\" \"S\" WHERE LNNVL(\"Y\">=:B1))"));
    // = ANY is IN, <> ALL is NOT IN: the same text.
    let s = one(&mut e, "select id from t where x = any (select y from s);");
    assert_eq!(s.plan[1].filter.as_deref(), Some(" EXISTS (SELECT 0 FROM \"S\" \"S\" WHERE \"Y\"=:B1)"));
    let s = one(&mut e, "select id from t where x <> all (select y from s);");
    assert_eq!(s.plan[1].filter.as_deref(), Some(" NOT EXISTS (SELECT 0 FROM \"S\" \"S\" WHERE LNNVL(\"Y\"<>:B1))"));
}

/// The pushed comparison can drive the subquery's index: `x > ANY
/// (SELECT id FROM s)` reads S_PK on `"ID"<:B1`.
#[test]
fn pushed_comparison_reaches_an_index() {
    let mut e = engine();
    // ids of S are 1, 2: x > 1 holds for 5 and 10.
    assert_eq!(ids(&mut e, "select id from t where x > any (select id from s) order by id;"), "2,4");
    let s = one(&mut e, "select id from t where x > any (select id from s);");
    let last = s.plan.last().unwrap();
    assert!(last.operation.contains("INDEX"), "{:?}", ops(&s));
    assert_eq!(last.access.as_deref(), Some("\"ID\"<:B1"));
}

/// A subquery the comparison cannot be pushed into (GROUP BY) runs once
/// and its values are compared three-valued: MAX(y) per y over U is
/// {2, 6, NULL}, as U itself.
#[test]
fn unpushable_subquery_compares_its_values() {
    let mut e = engine();
    let q = |w: &str| format!("select id from t where {w} order by id;");
    assert_eq!(ids(&mut e, &q("x > all (select max(y) from u group by y)")), "");
    assert_eq!(ids(&mut e, &q("x > any (select max(y) from u group by y)")), "2,4");
    assert_eq!(ids(&mut e, &q("x > all (select max(y) from s group by y)")), "4");
    assert_eq!(ids(&mut e, &q("x < all (select max(y) from s where y > 100 group by y)")), "1,2,3,4");
    let s = one(&mut e, "select id from t where x > all (select max(y) from s group by y);");
    assert!(s.plan[1].filter.as_deref().unwrap().starts_with("\"X\">ALL (SELECT"), "{:?}", s.plan[1].filter);
}

/// pbarut.blogspot.com (2006): `N1 < ANY (4, 6)` is N1 < 4 OR N1 < 6; with
/// a NULL in the list ANY still returns 1..5, ALL returns nothing.
#[test]
fn list_forms_expand() {
    let mut e = engine();
    let q = |w: &str| format!("select id from t where {w} order by id;");
    assert_eq!(ids(&mut e, &q("x < any (4, 6)")), "1,2");
    assert_eq!(ids(&mut e, &q("x < any (4, 6, null)")), "1,2");
    assert_eq!(ids(&mut e, &q("x < all (4, 6)")), "1");
    assert_eq!(ids(&mut e, &q("x < all (4, 6, null)")), "");
    assert_eq!(ids(&mut e, &q("x = any (5, 10)")), "2,4");
    assert_eq!(ids(&mut e, &q("x <> all (1, 10)")), "2");
    assert_eq!(ids(&mut e, &q("x > some (4)")), "2,4");
    let s = one(&mut e, "select id from t where x > all (2, 3, 4);");
    assert_eq!(s.plan[1].filter.as_deref(), Some("\"X\">2 AND \"X\">3 AND \"X\">4"));
    let s = one(&mut e, "select id from t where x > any (2, 3);");
    assert_eq!(s.plan[1].filter.as_deref(), Some("\"X\">2 OR \"X\">3"));
}

/// Errors: a quantified comparison needs a parenthesised list or query
/// (ORA-00936 for nothing in it), a subquery of one column (ORA-00913);
/// an UNNEST hint on one other than = ANY and <> ALL is refused by name.
#[test]
fn errors() {
    let mut e = engine();
    let s = e.exec("select id from t where x > all ();");
    assert_eq!(error_of(&s[0]).0, "ORA-00936");
    let s = e.exec("select id from t where x > all (select id, y from s);");
    assert_eq!(error_of(&s[0]).0, "ORA-00913");
    let s = e.exec("select id from t where x > all (select /*+ unnest */ y from s);");
    assert_eq!(error_of(&s[0]).0, "LAB-00001");
    let s = e.exec("select case when x > all (select y from s) then 1 end from t;");
    assert_eq!(error_of(&s[0]).0, "LAB-00001");
}
