//! BITMAP AND / OR / MERGE (issue 34): several bitmap indexes of one
//! table read once each, their bitmaps combined in memory, the table
//! visited in rowid order. Hand-checked on 30 rows in one block, then
//! Antognini's case (tests/articles/antognini-bitmap-combine-11g.sql).
mod common;
use common::*;
use lio_core::StepOut;

fn lines(s: &StepOut) -> Vec<(String, u64, u64)> {
    s.plan.iter().map(|l| (l.operation.clone(), l.a_rows, l.buffers)).collect()
}

fn setup() -> lio_core::Engine {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, a number, b number, pad varchar2(20));\n\
         insert into t select rownum, mod(rownum, 3), mod(rownum, 5), 'x' from dual connect by level <= 30;\n\
         commit;\n\
         create bitmap index t_a on t(a);\n\
         create bitmap index t_b on t(b);\n\
         exec dbms_stats.gather_table_stats(user, 'T')",
    ));
    e
}

fn owned(v: &[(&str, u64, u64)]) -> Vec<(String, u64, u64)> {
    v.iter().map(|(o, r, b)| (o.to_string(), *r, *b)).collect()
}

/// a = 1 holds rows 1, 4, ..., 28 (10), b = 2 rows 2, 7, ..., 27 (6):
/// both are rows 7 and 22. Each index's key is one piece in its one
/// leaf (BLEVEL 0): a get each; the AND is one piece (A-Rows 1); the
/// two rows are in the table's one block, got twice (SQL*Plus's first
/// fetch of one row, then the rest). B's key is the more selective
/// (1/5): its leg comes first.
#[test]
fn and_of_two_keys_worked_by_hand() {
    let mut e = setup();
    let steps = e.exec("select /*+ gather_plan_statistics index_combine(t) */ id from t where a = 1 and b = 2;");
    ok(&steps);
    let s = steps.last().unwrap();
    assert_eq!(row_strings(s), ["7", "22"]);
    assert_eq!(
        lines(s),
        owned(&[
            ("SELECT STATEMENT", 2, 4),
            ("TABLE ACCESS BY INDEX ROWID BATCHED", 2, 4),
            ("BITMAP CONVERSION TO ROWIDS", 2, 2),
            ("BITMAP AND", 1, 2),
            ("BITMAP INDEX SINGLE VALUE", 1, 1),
            ("BITMAP INDEX SINGLE VALUE", 1, 1),
        ])
    );
    assert_eq!(s.plan[4].name.as_deref(), Some("T_B"));
    // count(*): BITMAP CONVERSION COUNT, no table visit.
    let steps = e.exec("select /*+ gather_plan_statistics index_combine(t) */ count(*) from t where a = 1 and b = 2;");
    let s = steps.last().unwrap();
    assert_eq!(row_strings(s), ["2"]);
    assert_eq!(s.plan[2].operation, "BITMAP CONVERSION COUNT");
    assert_eq!(s.plan[0].buffers, 2);
    // A range leg under BITMAP MERGE: b in 2..3 is rows 2, 3, 7, 8, ...
    // (12), with a = 1: 7, 13, 22, 28.
    let steps = e.exec(
        "select /*+ gather_plan_statistics index_combine(t) */ count(pad) from t where a = 1 and b between 2 and 3;",
    );
    let s = steps.last().unwrap();
    assert_eq!(row_strings(s), ["4"]);
    let ops: Vec<&str> = s.plan.iter().map(|l| l.operation.as_str()).collect();
    assert_eq!(ops[4..], ["BITMAP AND", "BITMAP INDEX SINGLE VALUE", "BITMAP MERGE", "BITMAP INDEX RANGE SCAN"]);
    assert_eq!(s.plan[0].buffers, 3);
    // Unhinted on 30 rows in one block the full scan is cheaper.
    let steps = e.exec("select id from t where a = 1 and b = 2;");
    assert_eq!(steps.last().unwrap().plan[1].operation, "TABLE ACCESS FULL");
}

/// a = 1 (10 rows) or b = 2 (6), 2 in both: 14 rows; an IN list is a
/// BITMAP OR over one index.
#[test]
fn or_and_in_list_worked_by_hand() {
    let mut e = setup();
    let steps = e.exec("select /*+ gather_plan_statistics index_combine(t) */ id from t where a = 1 or b = 2;");
    let s = steps.last().unwrap();
    assert_eq!(row_strings(s).len(), 14);
    assert_eq!(s.plan[3].operation, "BITMAP OR");
    assert_eq!((s.plan[3].a_rows, s.plan[3].buffers), (1, 2));
    let steps = e.exec("select /*+ index_combine(t) */ count(*) from t where b in (1, 3);");
    let s = steps.last().unwrap();
    assert_eq!(row_strings(s), ["12"]);
    assert_eq!(s.plan[3].operation, "BITMAP OR");
    // DML through a BITMAP AND changes the rows it finds.
    ok(&e.exec("update /*+ index_combine(t) */ t set pad = 'y' where a = 1 and b = 2;"));
    let steps = e.exec("select id from t where pad = 'y' order by id;");
    assert_eq!(row_strings(steps.last().unwrap()), ["7", "22"]);
}

/// Antognini, TOP 2nd ed. ch. 13: AND 7 logical reads (published 7); OR
/// 767 rows, total within 5% of the published 420, the BITMAP OR's legs
/// I_N4, I_N6, I_N5 as printed.
#[test]
fn antognini_bitmap_and_or() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/antognini-bitmap-combine-11g.sql"));
    let plans: Vec<&StepOut> = steps
        .iter()
        .filter(|s| s.plan.iter().any(|l| l.operation.starts_with("BITMAP OR") || l.operation == "BITMAP AND"))
        .collect();
    assert_eq!(plans.len(), 2);
    let and = plans[0];
    assert_eq!(and.plan[3].operation, "BITMAP AND");
    assert_eq!(and.plan[0].a_rows, 1);
    assert_eq!(and.plan[0].buffers, 7);
    let or = plans[1];
    assert_eq!(or.plan[3].operation, "BITMAP OR");
    assert_eq!(or.plan[0].a_rows, 767);
    let total = or.plan[0].buffers as f64;
    assert!((total - 420.0).abs() / 420.0 <= 0.05, "OR buffers {total} vs 420");
    let names: Vec<&str> = or.plan[4..].iter().filter_map(|l| l.name.as_deref()).collect();
    assert_eq!(names, ["I_N4", "I_N6", "I_N5"]);
}
