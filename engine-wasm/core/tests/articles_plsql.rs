//! Published PL/SQL scripts (issue 33), run as pasted from
//! tests/articles/, with the figures their pages print.

mod common;
use common::*;

fn output(steps: &[lio_core::StepOut]) -> Vec<String> {
    steps.iter().flat_map(|s| s.output.clone()).collect()
}

/// Kyte's procedure-level atomicity: the block SQL*Plus sends is undone
/// whole when P's error leaves it unhandled, and keeps P's first INSERT
/// when a handler catches it.
#[test]
fn kyte_procedure_level_atomicity() {
    let script = include_str!("../../../tests/articles/kyte-procedure-level-atomicity-12c.sql");
    let mut e = quiet_engine();
    let s = e.exec(script);
    let failed: Vec<&lio_core::StepOut> = s.iter().filter(|x| x.error.is_some()).collect();
    assert_eq!(failed.len(), 1, "only `begin p; end;` fails");
    let err = failed[0].error.as_ref().unwrap();
    assert_eq!(err.code, "ORA-02290");
    assert!(err.message.starts_with("check constraint (LAB.SYS_C"), "{}", err.message);
    assert!(
        err.message.ends_with("violated\nORA-06512: at \"LAB.P\", line 5\nORA-06512: at line 2"),
        "{}",
        err.message
    );
    let selects: Vec<&lio_core::StepOut> = s.iter().filter(|x| x.statement.starts_with("select")).collect();
    // Before, after the unhandled error (no rows selected), after the
    // handled one (X = 1).
    let rows: Vec<Vec<String>> = selects.iter().map(|x| row_strings(x)).collect();
    assert_eq!(rows, [vec![], vec![], vec!["1".to_string()]]);
    let out = output(&s);
    assert_eq!(out.len(), 1);
    assert!(out[0].starts_with("Error!!!! ORA-02290: check constraint (LAB.SYS_C"), "{}", out[0]);
}

/// The ebiztechnics page's five blocks: EXCEPTION_INIT, RAISE_APPLICATION_ERROR
/// in a handler, a user exception handled by the outer block and left
/// unhandled, and an error in the declarations that the block's own
/// handler does not catch.
#[test]
fn ebiztechnics_exception_propagation() {
    let script = include_str!("../../../tests/articles/ebiztechnics-exception-propagation.sql");
    let mut e = quiet_engine();
    let s = e.exec(script);
    let blocks: Vec<&lio_core::StepOut> = s.iter().filter(|x| x.statement.starts_with("DECLARE")).collect();
    assert_eq!(blocks.len(), 5);
    let err = |i: usize| blocks[i].error.as_ref().map(|e| format!("{}: {}", e.code, e.message));
    assert_eq!(blocks[0].output, ["Invalid Operation"]);
    assert!(blocks[0].error.is_none());
    // The page prints line 7; the lab counts the blank line the page
    // shows in the block (see the script's header): 8.
    assert_eq!(err(1).as_deref(), Some("ORA-20222: Invalid Operation\nORA-06512: at line 8"));
    assert_eq!(blocks[2].output, ["e is raised"]);
    assert_eq!(err(3).as_deref(), Some("ORA-06510: PL/SQL: unhandled user-defined exception\nORA-06512: at line 5"));
    let last = err(4).unwrap();
    assert!(last.starts_with("ORA-06502: PL/SQL: numeric or value error: character to number conversi"), "{last}");
    assert!(blocks[4].output.is_empty(), "the block's own handler does not run");
}

/// muzso's block: SQLCODE and SQLERRM read the exception being handled,
/// and any handler's end clears it (the outer handler reads 0 after the
/// inner one ended).
#[test]
fn muzso_sqlcode_scope() {
    let script = include_str!("../../../tests/articles/muzso-sqlcode-scope.sql");
    let mut e = quiet_engine();
    let s = e.exec(script);
    ok(&s);
    let normal = "SQLCODE: 0, SQLERRM: ORA-0000: normal, successful completion";
    assert_eq!(
        output(&s),
        [
            "SQLCODE: -20501, SQLERRM: ORA-20501: ",
            "SQLCODE: -20501, SQLERRM: ORA-20501: ",
            "SQLCODE: -20502, SQLERRM: ORA-20502: ",
            normal,
            normal,
        ]
    );
}
