//! The 19c Hint Report (`session/hint_report.rs`). From 19c DBMS_XPLAN
//! prints, under the plan of a statement with optimizer hints, which of
//! them were used, unused, unresolved or misspelt. Franck Pachot, "Oracle
//! 19c Hint Usage reporting" (medium.com/@franckpachot, 19c):
//!
//! ```text
//! select /*+ FULL(DUAL) INDEX(BLABLABLA) BLABLABLA(DUAL) */ * from dual
//! ...
//! Hint Report (identified by operation id / Query Block Name / Object Alias):
//! Total hints for statement: 3 (N - Unresolved (1), E - Syntax error (1))
//! ---------------------------------------------------------------------------
//!
//!    1 -  SEL$1
//!          N -  INDEX(BLABLABLA)
//!          E -  BLABLABLA
//!
//!    1 -  SEL$1 / DUAL@SEL$1
//!            -  FULL(DUAL)
//! ```
//!
//! and a two-table join's unused USE_NL is listed at the first table's
//! line, not at the join's (a published 19c plan of TPC-H's ORDERS and
//! CUSTOMERS: `3 -  SEL$1 / CUSTOMERS@SEL$1` / `U -  use_nl(ORDERS,
//! CUSTOMERS)`), a LEADING of an ANSI join under its merged query block
//! `SEL$58A6D7F6`. The lab cannot tell each hint's fate as Oracle reports
//! it, so under LAB VERSION 19c such a display is refused (LAB-00001)
//! rather than printed without its report; 18c has no Hint Report and
//! prints the plan as before.

mod common;
use common::*;
use lio_core::Engine;

const SETUP: &str = "create table t1 (id number, pad varchar2(20));\n\
     insert into t1 select level, 'x' from dual connect by level <= 100;\n\
     commit;\n\
     create index t1_i1 on t1 (id);\n\
     exec dbms_stats.gather_table_stats(user, 'T1')";

fn engine(version: &str) -> Engine {
    let mut e = quiet_engine();
    ok(&e.exec(&format!("LAB VERSION {version};\n{SETUP}")));
    e
}

/// The last step of `sql`: its error code, or "ok".
fn outcome(e: &mut Engine, sql: &str) -> String {
    let steps = e.exec(sql);
    let last = steps.last().expect("a step");
    last.error.as_ref().map_or("ok".to_string(), |x| x.code.clone())
}

fn display(e: &mut Engine, query: &str, format: &str) -> String {
    ok(&e.exec(&format!("explain plan for {query}")));
    outcome(e, &format!("select * from table(dbms_xplan.display(format => '{format}'));"))
}

#[test]
fn a_hinted_plan_is_refused_under_19c_where_oracle_prints_a_hint_report() {
    let mut e = engine("19c");
    let hinted = "select /*+ full(t1) */ * from t1 where id = 5;";
    assert_eq!(display(&mut e, hinted, "TYPICAL"), "LAB-00001");
    assert_eq!(display(&mut e, hinted, "ALL -PROJECTION -ALIAS"), "LAB-00001");
    assert_eq!(display(&mut e, hinted, "BASIC +HINT_REPORT"), "LAB-00001");
    // A misspelt hint is reported too (E - Syntax error).
    assert_eq!(display(&mut e, "select /*+ blablabla */ * from t1 where id = 5;", "TYPICAL"), "LAB-00001");
    // The refusal names the report and the call.
    ok(&e.exec(&format!("explain plan for {hinted}")));
    let s = e.exec("select * from table(dbms_xplan.display);");
    let err = s[0].error.as_ref().expect("refused");
    assert!(err.message.contains("Hint Report"), "{}", err.message);
    assert_eq!((err.line, err.column), (1, 1));
}

#[test]
fn formats_without_the_report_and_unhinted_statements_print_their_plan() {
    let mut e = engine("19c");
    let hinted = "select /*+ full(t1) */ * from t1 where id = 5;";
    assert_eq!(display(&mut e, hinted, "BASIC"), "ok");
    assert_eq!(display(&mut e, hinted, "TYPICAL -HINT_REPORT"), "ok");
    assert_eq!(display(&mut e, "select * from t1 where id = 5;", "TYPICAL"), "ok");
    // A plain comment is no hint.
    assert_eq!(display(&mut e, "select /* full(t1) */ * from t1 where id = 5;", "TYPICAL"), "ok");
}

#[test]
fn gather_plan_statistics_alone_makes_no_report() {
    let mut e = engine("19c");
    ok(&e.exec("select /*+ gather_plan_statistics */ count(pad) from t1 where id <= 5;"));
    assert_eq!(outcome(&mut e, "select * from table(dbms_xplan.display_cursor(format => 'allstats last'));"), "ok");
    ok(&e.exec("select /*+ gather_plan_statistics full(t1) */ count(pad) from t1 where id <= 5;"));
    assert_eq!(
        outcome(&mut e, "select * from table(dbms_xplan.display_cursor(format => 'allstats last'));"),
        "LAB-00001"
    );
}

#[test]
fn display_cursor_of_a_hinted_query_is_refused_under_19c() {
    let mut e = engine("19c");
    ok(&e.exec("select /*+ index(t1 t1_i1) */ count(pad) from t1 where id <= 5;"));
    assert_eq!(outcome(&mut e, "select * from table(dbms_xplan.display_cursor);"), "LAB-00001");
}

#[test]
fn autotrace_of_a_hinted_query_is_refused_at_its_hint_under_19c() {
    let mut e = engine("19c");
    let s = e.exec("set autotrace traceonly explain\nselect /*+ full(t1) */ * from t1 where id = 5;");
    assert_eq!(error_of(&s[1]), ("LAB-00001", 2, 8));
    // Autotrace's statistics alone print no plan.
    let s = e.exec("set autotrace traceonly statistics\nselect /*+ full(t1) */ * from t1 where id = 5;");
    ok(&s);
    let s = e.exec("set autotrace traceonly explain\nselect * from t1 where id = 5;");
    ok(&s);
}

#[test]
fn release_18c_has_no_hint_report_and_prints_the_plan() {
    let mut e = engine("18c");
    assert_eq!(display(&mut e, "select /*+ full(t1) */ * from t1 where id = 5;", "TYPICAL"), "ok");
    ok(&e.exec("select /*+ index(t1 t1_i1) */ count(pad) from t1 where id <= 5;"));
    assert_eq!(outcome(&mut e, "select * from table(dbms_xplan.display_cursor);"), "ok");
    let s = e.exec("set autotrace traceonly explain\nselect /*+ full(t1) */ * from t1 where id = 5;");
    ok(&s);
}
