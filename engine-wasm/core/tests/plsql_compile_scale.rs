//! The PL/SQL compile pass is charged for the names it reads (issue 29:
//! nothing the user types may run unbounded). A block of 40,000
//! declarations and 40,000 assignments compiled for 10.9 s with no budget
//! applying, then ran for 14 s: compiling a statement now charges the
//! scope's size as running it does (1 unit per 128 variables), so the
//! block stops with LAB-00033 before its first statement runs.
//! (`hangs_more::forty_thousand_declarations_run_in_seconds` keeps 40,000
//! declarations with defaults running: a declaration is not a step.)

mod common;
use common::*;

#[test]
fn compiling_40000_assignments_in_a_scope_of_40000_stops_on_the_work_limit() {
    let mut e = quiet_engine();
    let mut src = String::from("create table w (n number);\nLAB SET max_statement_work = 5000000;\ndeclare\n");
    for i in 0..40_000 {
        src.push_str(&format!("  v{i} number;\n"));
    }
    src.push_str("begin\n  insert into w values (1);\n");
    for i in 0..40_000 {
        src.push_str(&format!("  v{i} := {i};\n"));
    }
    src.push_str("end;\n/\nselect count(*) from w;\n");
    let out = e.exec(&src);
    assert_eq!(error_of(&out[2]).0, "LAB-00033");
    // Stopped while compiling: the INSERT before the assignments never ran.
    assert_eq!(out[3].rows[0][0].as_i64(), Some(0));
}

#[test]
fn an_ordinary_block_compiles_and_runs_as_before() {
    let mut e = quiet_engine();
    let mut src = String::from("set serveroutput on\ndeclare\n");
    for i in 0..200 {
        src.push_str(&format!("  v{i} number := {i};\n"));
    }
    src.push_str("  s number := 0;\nbegin\n");
    for i in 0..200 {
        src.push_str(&format!("  s := s + v{i};\n"));
    }
    src.push_str("  dbms_output.put_line(s);\nend;\n/\n");
    let out = e.exec(&src);
    ok(&out);
    assert_eq!(out[1].output, vec!["19900".to_string()]);
}
