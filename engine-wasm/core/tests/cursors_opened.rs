//! `opened cursors cumulative`: every parse call opens a cursor, whether
//! the session cursor cache has the statement (a "softer" parse) or not
//! (session/cursor.rs, `parse_call`).
//!
//! Published evidence, each block the statistics of one statement between
//! two V$MYSTAT snapshots (SQLcl's autotrace: its own second snapshot query
//! is one of the two parse calls):
//! - Philipp Salvisberg, "MemOptimized RowStore in Oracle Database 18c"
//!   (2018, 18.2.0.0.180417, SQLcl; /work/shared/seeds/memoptimized-
//!   rowstore-18c.txt, tests/golden/memopt-sqlcl.article.txt): all five
//!   blocks show `2 opened cursors cumulative` and `2 parse count
//!   (total)`; t4 (before populate) and t3 show `1 session cursor cache
//!   hits` too, t1 and t2 none. An open counted only on a cache miss would
//!   give 1 in the t4 and t3 blocks.
//! - A public repository's SQLcl listing on 19c ("Listing 2-3", `select *
//!   from hr.employees where department_id = 60`, second run): `2 opened
//!   cursors cumulative`, `2 parse count (total)`, `1 session cursor cache
//!   hits`; and a 12c SQLcl listing of a two-table join (HR schema): the
//!   same three figures.
//!
//! The lab's SQLcl blocks of seed 000 are asserted line for line in
//! core/tests/sqlcl_traffic.rs; here, the mechanism on small cases worked
//! by hand.

mod common;
use common::*;

/// One query, run by SQL*Plus four times: each run is one parse call and
/// one open. The first is a hard parse (an open, no cache hit); the lab's
/// session cursor cache keeps the cursor after an execution, so runs 2-4
/// are cache hits, and each still opens a cursor:
///   run:                        1  2  3  4
///   parse count (total)         1  1  1  1
///   session cursor cache hits   0  1  1  1
///   opened cursors cumulative   1  1  1  1
#[test]
fn a_cache_hit_still_opens_a_cursor() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (n number);\ninsert into t values (1);\ncommit;"));
    let steps = e.exec("select * from t;\nselect * from t;\nselect * from t;\nselect * from t;");
    ok(&steps);
    let col = |name: &str| steps.iter().map(|s| stat(s, name)).collect::<Vec<_>>();
    assert_eq!(col("parse count (total)"), [1, 1, 1, 1]);
    assert_eq!(col("parse count (hard)"), [1, 0, 0, 0]);
    assert_eq!(col("session cursor cache hits"), [0, 1, 1, 1]);
    assert_eq!(col("opened cursors cumulative"), [1, 1, 1, 1]);
}

/// V$MYSTAT over the same four runs (each V$MYSTAT query is a parse call
/// and an open of its own): the session's two counters move together.
#[test]
fn opens_follow_parse_calls_in_v_mystat() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (n number);\ninsert into t values (1);\ncommit;"));
    let q = "select s.name, m.value from v$mystat m, v$statname s where m.statistic# = s.statistic# \
             and s.name in ('opened cursors cumulative', 'parse count (total)');";
    let read = |e: &mut lio_core::Engine| {
        let s = e.exec(q);
        ok(&s);
        let v = |n: &str| {
            s[0].rows.iter().find(|r| r[0].as_str() == Some(n)).and_then(|r| r[1].as_f64()).unwrap_or(0.0) as u64
        };
        (v("parse count (total)"), v("opened cursors cumulative"))
    };
    let (p0, o0) = read(&mut e);
    ok(&e.exec("select * from t;\nselect * from t;\nselect * from t;\nselect * from t;"));
    let (p1, o1) = read(&mut e);
    // Four runs and one V$MYSTAT query.
    assert_eq!((p1 - p0, o1 - o0), (5, 5));
}

/// SQLcl's autotrace on 19c, the statement's second run: the statement's
/// parse (a session cursor cache hit) and SQLcl's second snapshot query's
/// parse, two opens, as the 19c listing shows.
#[test]
fn sqlcl_block_counts_both_parse_calls_as_opens() {
    let mut e = quiet_engine();
    ok(&e.exec("LAB VERSION 19c;\ncreate table t (n number);\ninsert into t values (1);\ncommit;"));
    let steps =
        e.exec("LAB SET autotrace_style = sqlcl;\nSET AUTOTRACE ON STATISTICS\nselect * from t where n = 1;\n/\n");
    ok(&steps);
    let s = steps.iter().rfind(|s| s.statement.trim() == "/").expect("the second run");
    assert_eq!(stat(s, "parse count (total)"), 2);
    assert_eq!(stat(s, "session cursor cache hits"), 1);
    assert_eq!(stat(s, "opened cursors cumulative"), 2);
}

/// EXPLAIN PLAN is a parse call too (it opens the cursor of the EXPLAIN
/// PLAN statement).
#[test]
fn explain_plan_opens_a_cursor() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (n number);"));
    let s = e.exec("explain plan for select * from t;");
    ok(&s);
    assert_eq!(stat(&s[0], "parse count (total)"), 1);
    assert_eq!(stat(&s[0], "opened cursors cumulative"), 1);
}
