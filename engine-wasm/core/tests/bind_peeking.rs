//! Issue 31: bind peeking. A statement's first hard parse reads its
//! SQL*Plus bind variables' values and costs them as literals (histograms,
//! ranges); later executions with other values share the cursor and its
//! plan. `_optim_peek_user_binds = false` (or an OFE before 9i) turns it
//! off: 1/NDV for an equality, 5% / 0.25% for ranges. EXPLAIN PLAN (and
//! so AUTOTRACE's plan) never peeks. Adaptive cursor sharing (11.1+),
//! which builds other children after a bad execution: tests/acs.rs.

mod common;
use common::*;
use lio_core::{Engine, StepOut};

/// T: 1,000 rows, S = 1 on ids 1..10 and 2 on the other 990, an index on
/// S and a frequency histogram on it; ID without one (1..1000).
fn skewed() -> Engine {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, s number, pad varchar2(100));\n\
         insert into t select level, case when level <= 10 then 1 else 2 end, rpad('x', 100) from dual connect by level <= 1000;\n\
         commit;\n\
         create index t_s on t (s);\n\
         exec dbms_stats.gather_table_stats(user, 'T', method_opt => 'for all columns size 1 for columns s size 254')\n\
         variable v number\n\
         variable lo number\n\
         variable hi number",
    ));
    e
}

/// The plan lines (operation and name, E-Rows) of the query step that
/// starts with `text`.
fn plan(steps: &[StepOut], text: &str) -> Vec<(String, u64)> {
    let s = steps.iter().rev().find(|s| s.statement.trim_start().starts_with(text)).expect("the query");
    assert!(s.error.is_none(), "{:?}", s.error);
    s.plan
        .iter()
        .map(|l| (format!("{} {}", l.operation, l.name.clone().unwrap_or_default()).trim().to_string(), l.e_rows))
        .collect()
}

/// :v = 1 at the hard parse: 10 of 1,000 rows by the histogram, the
/// index. :v = 2 next: the cursor is shared, the plan and its E-Rows (10)
/// stay though 990 rows come back. Another text with :v = 2 is parsed
/// hard: 990 rows, the full scan.
#[test]
fn the_first_value_peeked_decides_the_plan() {
    let mut e = skewed();
    let s = e.exec("exec :v := 1\nselect count(pad) from t where s = :v;");
    let p = plan(&s, "select count(pad)");
    assert_eq!(
        p[2..],
        [("TABLE ACCESS BY INDEX ROWID BATCHED T".to_string(), 10), ("INDEX RANGE SCAN T_S".to_string(), 10)]
    );
    let s = e.exec("exec :v := 2\nselect count(pad) from t where s = :v;");
    let q = s.last().unwrap();
    assert_eq!(q.rows[0][0].as_f64(), Some(990.0));
    assert_eq!(plan(&s, "select count(pad)"), p);
    let s = e.exec("select /* another text */ count(pad) from t where s = :v;");
    let p2 = plan(&s, "select /* another text */");
    assert_eq!(p2[2], ("TABLE ACCESS FULL T".to_string(), 990));
}

/// A bounded range of binds: peeked 1 and 100, (100 - 1)/(1000 - 1) +
/// 2/1000 = 0.1011 of the rows, 101; without peeking Oracle's 0.25%
/// guess, 3 (2.5 rounded up). The range implies `:LO<=:HI`, a start-up
/// FILTER above the scan (startup_filter.rs).
#[test]
fn peeked_range_against_the_guess() {
    let mut e = skewed();
    let s = e.exec("exec :lo := 1\nexec :hi := 100\nselect count(pad) from t where id between :lo and :hi;");
    let p = plan(&s, "select count(pad)");
    assert_eq!(p[2].0, "FILTER");
    assert_eq!(p[3], ("TABLE ACCESS FULL T".to_string(), 101));
    let s = e.exec(
        "alter session set \"_optim_peek_user_binds\" = false;\n\
         select count(pad) from t where id between :lo and :hi;",
    );
    assert_eq!(plan(&s, "select count(pad)")[3], ("TABLE ACCESS FULL T".to_string(), 3));
    // OFE 8.1.7 has no bind peeking either.
    let s = e.exec(
        "alter session set \"_optim_peek_user_binds\" = true;\n\
         alter session set optimizer_features_enable = '8.1.7';\n\
         select count(pad) from t where id between :lo and :hi;",
    );
    assert_eq!(plan(&s, "select count(pad)")[3].1, 3);
}

/// EXPLAIN PLAN does not peek: AUTOTRACE's plan of `s = :v` with :v = 2
/// is 1/NDV, 500 rows; the 10053 trace of a real parse names the peeked
/// value.
#[test]
fn explain_plan_does_not_peek_and_the_trace_shows_the_peek() {
    let mut e = skewed();
    ok(&e.exec("exec :v := 2"));
    let p = plan_of(&mut e, "select count(pad) from t where s = :v;");
    assert_eq!(p.iter().find(|l| l.operation == "TABLE ACCESS FULL").map(|l| l.e_rows), Some(500));
    ok(&e.exec("alter session set events '10053 trace name context forever, level 1';"));
    let s = e.exec("select /* traced */ count(pad) from t where s = :v;");
    ok(&s);
    let out = serde_json::to_string(&s[0]).unwrap();
    assert!(out.contains("Peeked values of the binds in SQL statement"), "{out}");
    assert!(out.contains("value=2"), "{out}");
}
