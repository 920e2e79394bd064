//! Issue 31: adaptive cursor sharing (11.1+). A cursor whose plan a
//! peeked bind decided is bind sensitive; its executions are counted by
//! rows processed in V$SQL_CS_HISTOGRAM, and when a bad execution's
//! bucket holds as many as the good ones' the next parse retires the
//! child and builds bind-aware children, each with its selectivity range
//! in V$SQL_CS_SELECTIVITY. Antognini's adaptive_cursor_sharing.sql and
//! bind_variables_peeking.sql (tests/articles/) as published; a skewed
//! column's frequency histogram; the switches that turn it off.

mod common;
use common::*;
use lio_core::{Engine, StepOut};

/// The steps whose statement starts with `head`, in order.
fn steps<'a>(s: &'a [StepOut], head: &str) -> Vec<&'a StepOut> {
    s.iter().filter(|st| st.statement.trim_start().starts_with(head)).collect()
}

/// A step's plan as (operation and name, E-Rows).
fn plan(s: &StepOut) -> Vec<(String, u64)> {
    s.plan
        .iter()
        .map(|l| (format!("{} {}", l.operation, l.name.clone().unwrap_or_default()).trim().to_string(), l.e_rows))
        .collect()
}

fn index_plan(rows: u64) -> Vec<(String, u64)> {
    vec![
        ("SELECT STATEMENT".to_string(), 1),
        ("SORT AGGREGATE".to_string(), 1),
        // 12.1 on: a range scan's table access is BATCHED (plan/batched.rs).
        ("TABLE ACCESS BY INDEX ROWID BATCHED T".to_string(), rows),
        ("INDEX RANGE SCAN T_PK".to_string(), rows),
    ]
}

fn full_plan(rows: u64) -> Vec<(String, u64)> {
    vec![
        ("SELECT STATEMENT".to_string(), 1),
        ("SORT AGGREGATE".to_string(), 1),
        ("TABLE ACCESS FULL T".to_string(), rows),
    ]
}

/// tests/articles/antognini-bind-variable-peeking.sql: the first
/// execution's peeked value decides the plan and its Rows for the next
/// ones (990 then 10: the full scan, Rows 990 both times; 10 then 990:
/// the index, Rows 9 both times), as published.
#[test]
fn article_antognini_bind_variable_peeking() {
    let mut e = quiet_engine();
    let s = e.exec(include_str!("../../../tests/articles/antognini-bind-variable-peeking.sql"));
    ok(&s);
    let upper = steps(&s, "SELECT count(pad) FROM t WHERE id < :id");
    assert_eq!(upper.iter().map(|st| plan(st)).collect::<Vec<_>>(), [full_plan(990), full_plan(990)]);
    assert_eq!(row_strings(upper[1]), ["9"]);
    let lower = steps(&s, "select count(pad) from t where id < :id");
    assert_eq!(lower.iter().map(|st| plan(st)).collect::<Vec<_>>(), [index_plan(9), index_plan(9)]);
    assert_eq!(row_strings(lower[1]), ["989"]);
    // The literals: 990 rows by the full scan, 9 by the index.
    assert_eq!(plan(steps(&s, "SELECT count(pad) FROM t WHERE id < 990")[0]), full_plan(990));
    assert_eq!(plan(steps(&s, "SELECT count(pad) FROM t WHERE id < 10")[0]), index_plan(9));
}

/// tests/articles/antognini-adaptive-cursor-sharing.sql, against the
/// figures the book prints (plan hash values are the lab's own; the
/// full scan's buffer gets 19 against 18, within 1).
#[test]
fn article_antognini_adaptive_cursor_sharing() {
    let mut e = quiet_engine();
    let s = e.exec(include_str!("../../../tests/articles/antognini-adaptive-cursor-sharing.sql"));
    ok(&s);
    let runs = steps(&s, "SELECT count(pad) FROM t WHERE id < :id");
    // :id = 10, 990 (shared: the index, E-Rows 9), 990 (bind aware: the
    // full scan), 10 (the index), 500 (the full scan).
    let plans: Vec<_> = runs.iter().map(|st| plan(st)).collect();
    assert_eq!(plans, [index_plan(9), index_plan(9), full_plan(990), index_plan(9), full_plan(499)]);
    let vsql = steps(&s, "SELECT child_number, is_bind_sensitive");
    let flags = |st: &StepOut| -> Vec<String> {
        row_strings(st).iter().map(|r| r.rsplit_once('|').map_or(r.clone(), |(a, _)| a.to_string())).collect()
    };
    assert_eq!(flags(vsql[0]), ["0|Y|N|Y"]);
    assert_eq!(flags(vsql[1]), ["0|Y|N|N", "1|Y|Y|Y", "2|Y|Y|Y"]);
    let hash = |st: &StepOut, i: usize| row_strings(st)[i].rsplit_once('|').unwrap().1.to_string();
    assert_eq!(hash(vsql[1], 0), hash(vsql[1], 2), "children 0 and 2 share the index plan");
    assert_ne!(hash(vsql[1], 0), hash(vsql[1], 1));
    let stats = steps(&s, "SELECT child_number, peeked");
    let st: Vec<Vec<f64>> =
        stats[0].rows.iter().map(|r| [0, 2, 3, 4].iter().map(|&i| r[i].as_f64().unwrap()).collect()).collect();
    let published = [[0.0, 1.0, 19.0, 3.0], [1.0, 1.0, 990.0, 18.0], [2.0, 1.0, 19.0, 3.0]];
    assert_eq!(st.len(), 3);
    for (lab, p) in st.iter().zip(published) {
        assert_eq!(lab[..3], p[..3]);
        assert!((lab[3] - p[3]).abs() <= 1.0, "buffer gets {lab:?} against {p:?}");
    }
    assert_eq!(row_strings(stats[0]).iter().filter(|r| r.contains("|Y|")).count(), 3);
    let hist = steps(&s, "SELECT child_number, bucket_id");
    assert_eq!(row_strings(hist[0]), ["0|0|1", "0|1|1", "0|2|0", "1|0|1", "1|1|0", "1|2|0", "2|0|1", "2|1|0", "2|2|0"]);
    let sel = steps(&s, "SELECT child_number, trim(predicate)");
    assert_eq!(row_strings(sel[0]), ["1|<ID|0.890991|1.088989", "2|<ID|0.008108|0.009910"]);
    // :id = 500: a new child with the full scan takes child 1's range.
    assert_eq!(flags(vsql[2]), ["0|Y|N|N", "1|Y|Y|N", "2|Y|Y|Y", "3|Y|Y|Y"]);
    assert_eq!(row_strings(sel[1]), ["1|<ID|0.890991|1.088989", "2|<ID|0.008108|0.009910", "3|<ID|0.449550|1.088989"]);
    // BIND_AWARE: two bind-aware children at once, the index then the full scan.
    let mut hinted = steps(&s, "SELECT /*+ bind_aware */ count(pad) FROM t WHERE id < :id");
    hinted.retain(|st| !st.statement.contains(":idv"));
    assert_eq!(hinted.iter().map(|st| plan(st)).collect::<Vec<_>>(), [index_plan(9), full_plan(990)]);
    let aware = steps(&s, "SELECT sql_id, child_number");
    assert_eq!(row_strings(aware[0]), ["f364ymn1bbr4q|0|Y|Y|Y", "f364ymn1bbr4q|1|Y|Y|Y"]);
    // A VARCHAR2 bind (converted) and a table without statistics: not bind sensitive.
    assert_eq!(row_strings(aware[1]), ["3hch67yjmp12z|0|N|N|Y"]);
    assert_eq!(row_strings(aware[2]), ["30xah7f9pjug0|0|N|N|Y"]);
}

/// T: 1,000 rows, S = 1 on 10 rows and 2 on 990, an index on S and a
/// frequency histogram on it.
fn skewed(profile: &str) -> Engine {
    let mut e = quiet_engine();
    ok(&e.exec(&format!(
        "LAB VERSION {profile};\n\
         create table t (id number, s number, pad varchar2(100));\n\
         insert into t select level, case when level <= 10 then 1 else 2 end, rpad('x', 100) from dual connect by level <= 1000;\n\
         commit;\n\
         create index t_s on t (s);\n\
         exec dbms_stats.gather_table_stats(user, 'T', method_opt => 'for all columns size 1 for columns s size 254')\n\
         variable v number"
    )));
    e
}

/// `s = :v` on a column with a frequency histogram: :v = 1 peeked (10
/// rows, the index); :v = 2 shares it (990 rows by the index: rows
/// processed 990 + 990 + 1 = 1,981, bucket 1, against the first's
/// 10 + 10 + 1 = 21, bucket 0): the next :v = 2 builds child 1, the full
/// scan, E-Rows 990, its range 990/1000 less and more 10%.
#[test]
fn a_frequency_histogram_makes_the_equality_bind_sensitive() {
    let mut e = skewed("19");
    let run = "select count(pad) from t where s = :v;";
    let s = e.exec(&format!("exec :v := 1\n{run}\nexec :v := 2\n{run}\n{run}"));
    ok(&s);
    let ops: Vec<String> = steps(&s, "select count(pad)").iter().map(|st| plan(st)[2].0.clone()).collect();
    assert_eq!(
        ops,
        ["TABLE ACCESS BY INDEX ROWID BATCHED T", "TABLE ACCESS BY INDEX ROWID BATCHED T", "TABLE ACCESS FULL T"]
    );
    let v = text_rows(&mut e, "select child_number, is_bind_sensitive, is_bind_aware, is_shareable from v$sql where sql_text like 'select count(pad) from t where s = :v%' order by 1;");
    assert_eq!(v, [["0", "Y", "N", "N"], ["1", "Y", "Y", "Y"]]);
    let sel = text_rows(&mut e, "select predicate, low, high from v$sql_cs_selectivity;");
    assert_eq!(sel, [["=S", "0.891000", "1.089000"]]);
    let h = text_rows(
        &mut e,
        "select child_number, bucket_id, count from v$sql_cs_histogram where count > 0 order by 1, 2;",
    );
    assert_eq!(h, [["0", "0", "1"], ["0", "1", "1"], ["1", "0", "1"]]);
}

/// No adaptive cursor sharing in 10.2, with optimizer_features_enable
/// before 11, or with `_optimizer_adaptive_cursor_sharing` FALSE: the
/// first plan stays for every value.
#[test]
fn switched_off_the_first_plan_stays() {
    let run = "select count(pad) from t where s = :v;";
    let script = format!("exec :v := 1\n{run}\nexec :v := 2\n{run}\n{run}\n{run}");
    // (BATCHED from 12.1, not under an older OFE: plan/batched.rs.)
    for (profile, setting, access) in [
        ("10.2.0.5", "", "TABLE ACCESS BY INDEX ROWID T"),
        ("19", "alter session set optimizer_features_enable = '10.2.0.4';\n", "TABLE ACCESS BY INDEX ROWID T"),
        (
            "19",
            "alter session set \"_optimizer_adaptive_cursor_sharing\" = false;\n",
            "TABLE ACCESS BY INDEX ROWID BATCHED T",
        ),
    ] {
        let mut e = skewed(profile);
        let s = e.exec(&format!("{setting}{script}"));
        ok(&s);
        for st in steps(&s, "select count(pad)") {
            assert_eq!(plan(st)[2], (access.to_string(), 10), "{profile} {setting}");
        }
    }
    let mut e = skewed("19");
    ok(&e.exec(&format!("alter session set \"_optimizer_adaptive_cursor_sharing\" = false;\n{script}")));
    let v = text_rows(&mut e, "select count(*) from v$sql_cs_histogram;");
    assert_eq!(v, [["0"]]);
}
