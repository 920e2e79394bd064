//! Issue 28, "Right or refused": SQL*Plus commands that were accepted and
//! then did nothing now do what SQL*Plus does, or are refused where they
//! are. The text layout of the settings (HEADING, COLSEP, NULL, COLUMN
//! HEADING / NOPRINT / FORMAT) is the JS formatter's
//! (tests/unit/sqlplus-commands.test.mjs); here: what the engine keeps and
//! reports.
//!
//! SQL*Plus User's Guide: DEFINE, SET DEFINE / VERIFY, COLUMN, WHENEVER
//! SQLERROR, EXIT, SHOW PARAMETER
//! (https://docs.oracle.com/en/database/oracle/oracle-database/19/sqpug/).

mod common;
use common::*;
use lio_core::StepOut;

fn err(s: &StepOut) -> (&str, &str) {
    let e = s.error.as_ref().unwrap_or_else(|| panic!("`{}` did not fail", s.statement));
    (e.code.as_str(), e.message.as_str())
}

// ------------------------------------------------------------ DEFINE and &

#[test]
fn define_then_ampersand_substitutes_with_verify_lines() {
    let mut e = quiet_engine();
    let steps = e.exec("define x = 5\nselect &x from dual;\nselect 2\nfrom dual where 5 = &&x.;");
    ok(&steps);
    assert_eq!(steps[1].rows, vec![vec![serde_json::json!(5)]]);
    // The echo is the text as written; the old/new lines are SQL*Plus's
    // (https://blogs.oracle.com/opal/sqlplus-101-substitution-variables).
    assert_eq!(steps[1].statement, "select &x from dual");
    assert_eq!(steps[1].substituted.as_deref(), Some("select 5 from dual"));
    assert_eq!(steps[1].verify, vec!["old   1: select &x from dual", "new   1: select 5 from dual"]);
    // Only the changed line, with its number; `.` ends the name and goes.
    assert_eq!(steps[2].verify, vec!["old   2: from dual where 5 = &&x.", "new   2: from dual where 5 = 5"]);
    assert_eq!(steps[2].rows.len(), 1);
}

#[test]
fn quoted_define_values_verify_off_and_undefine() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "define name = 'a b'\nset verify off\nselect '&name' v from dual;\nundefine name\nselect '&name' from dual;",
    );
    ok(&steps[..4]);
    assert_eq!(steps[2].rows, vec![vec![serde_json::json!("a b")]]);
    assert!(steps[2].verify.is_empty());
    // Undefined again: SQL*Plus would prompt; the lab refuses it where it is.
    let (code, msg) = err(&steps[4]);
    assert_eq!(code, "LAB-00070");
    assert!(msg.contains("&name") && msg.contains("Enter value for name:"), "{msg}");
    assert_eq!(error_of(&steps[4]), ("LAB-00070", 5, 9));
}

#[test]
fn an_undefined_variable_is_refused_at_its_position() {
    let mut e = quiet_engine();
    let steps = e.exec("select 1,\n  &&nope from dual;\nselect &1 from dual;");
    assert_eq!(error_of(&steps[0]), ("LAB-00070", 2, 3));
    // A script argument: positioned LAB-00001.
    assert_eq!(error_of(&steps[1]), ("LAB-00001", 3, 8));
    assert!(err(&steps[1]).1.contains("&1"));
}

#[test]
fn set_define_off_and_another_prefix() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "define x = 7\nset define off\nselect 'a&x' v from dual;\nset define ^\nselect ^x, '&x' v from dual;\nset define on\nset escape on\nselect '\\&x' v from dual;",
    );
    ok(&steps);
    assert_eq!(steps[2].rows, vec![vec![serde_json::json!("a&x")]]);
    assert_eq!(steps[4].rows, vec![vec![serde_json::json!(7), serde_json::json!("&x")]]);
    assert_eq!(steps[7].rows, vec![vec![serde_json::json!("&x")]]);
}

#[test]
fn define_name_lists_it_or_says_undefined() {
    let mut e = quiet_engine();
    let steps = e.exec("define dept = 20\ndefine dept\ndefine nosuch");
    assert_eq!(steps[1].output, vec!["DEFINE DEPT            = \"20\" (CHAR)"]);
    assert_eq!(err(&steps[2]), ("LAB-00002", "SP2-0135: symbol nosuch is UNDEFINED"));
}

#[test]
fn column_new_value_defines_the_variable_from_the_last_row() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "column bs new_value blksz\nselect value bs from v$parameter where name = 'db_block_size';\nselect &blksz * 2 from dual;",
    );
    ok(&steps);
    assert_eq!(steps[2].rows, vec![vec![serde_json::json!(16384)]]);
}

// ------------------------------------------------------------ SET and COLUMN

#[test]
fn set_and_column_options_reach_the_step_settings() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "set heading off\nset colsep |\nset null '[null]'\nset underline =\nset numformat 999,999\nset newpage none\nset wrap off\n\
         column b noprint\ncolumn a heading 'Alpha|Two' format 999,999\nselect 1 a, 2 b from dual;",
    );
    ok(&steps);
    let st = steps[9].settings.as_ref().unwrap();
    assert!(!st.heading);
    assert_eq!(st.colsep, "|");
    assert_eq!(st.null_text, "[null]");
    assert_eq!(st.underline, "=");
    assert_eq!(st.numformat, "999,999");
    assert_eq!(st.newpage, None);
    assert!(!st.wrap);
    assert!(st.column_noprint.contains("B"));
    assert_eq!(st.column_headings["A"], "Alpha|Two");
    assert_eq!(st.column_formats["A"], "999,999");
    let json = serde_json::to_value(st).unwrap();
    assert_eq!(json["null"], "[null]");
    // COLUMN ... CLEAR and CLEAR COLUMNS undo them.
    let steps = e.exec("column a clear\nselect 1 a from dual;\nclear columns\nselect 1 a from dual;");
    let st = steps[1].settings.as_ref().unwrap();
    assert!(!st.column_headings.contains_key("A") && !st.column_formats.contains_key("A"));
    assert!(steps[3].settings.as_ref().unwrap().column_noprint.is_empty());
}

#[test]
fn column_options_the_lab_does_not_apply_are_refused_where_they_are() {
    let mut e = quiet_engine();
    let steps =
        e.exec("column a justify left\ncolumn a bogus\ncolumn a format 9.99EEEE\ncolumn a format xyz%\ncolumn a");
    assert_eq!(error_of(&steps[0]), ("LAB-00001", 1, 10));
    assert_eq!(err(&steps[1]), ("LAB-00002", "SP2-0158: unknown COLUMN option \"bogus\""));
    assert_eq!(error_of(&steps[2]), ("LAB-00001", 3, 17));
    assert_eq!(err(&steps[3]), ("LAB-00002", "SP2-0246: Illegal FORMAT string \"xyz%\""));
    assert_eq!(error_of(&steps[4]).0, "LAB-00001");
}

#[test]
fn report_commands_are_refused_not_ignored() {
    let mut e = quiet_engine();
    let steps =
        e.exec("break on a skip 1\ncompute sum of b on a\nttitle 'Report'\nbtitle left 'x'\nttitle off\nclear breaks");
    // BREAK and COMPUTE are laid out now (tests/sqlplus_more.rs).
    ok(&steps[..2]);
    for s in &steps[2..4] {
        assert_eq!(error_of(s).0, "LAB-00001", "{}", s.statement);
        assert_eq!(error_of(s).2, 1);
    }
    ok(&steps[4..]);
}

// ------------------------------------------------------------ EXIT, WHENEVER

#[test]
fn exit_stops_the_script() {
    let mut e = quiet_engine();
    let steps = e.exec("select 1 from dual;\nexit\nselect 2 from dual;");
    assert_eq!(steps.len(), 2);
    // Nothing runs after EXIT, in later calls either (a host streams a long script).
    assert!(e.exec("select 3 from dual;").is_empty());
}

#[test]
fn exit_commits_by_default_and_rolls_back_when_told() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (a number);\ninsert into t values (1);\nquit rollback"));
    // The lab cannot be queried after EXIT; the instance shows the effect.
    let mut e2 = quiet_engine();
    ok(&e2.exec("create table t (a number);\ninsert into t values (1);\nexit sql.sqlcode commit"));
    assert!(e.exec("select 1 from dual;").is_empty());
}

#[test]
fn whenever_sqlerror_exit_stops_at_the_first_ora_error() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "whenever sqlerror exit sql.sqlcode rollback\nset bogus on\nselect 1 from dual;\nselect * from nosuch;\nselect 2 from dual;",
    );
    // The SP2 error does not fire it; the ORA error does, and is the last step.
    assert_eq!(steps.len(), 4);
    assert_eq!(error_of(&steps[1]).0, "LAB-00002");
    assert_eq!(error_of(&steps[3]).0, "ORA-00942");
}

#[test]
fn whenever_sqlerror_continue_resets_it() {
    let mut e = quiet_engine();
    let steps = e
        .exec("whenever sqlerror exit failure\nwhenever sqlerror continue\nselect * from nosuch;\nselect 2 from dual;");
    assert_eq!(steps.len(), 4);
    assert!(steps[3].error.is_none());
}

// ------------------------------------------------------------ SHOW PARAMETER

#[test]
fn show_parameter_prints_sqlplus_name_type_value_table() {
    let mut e = quiet_engine();
    let steps = e.exec("show parameter db_block_size\nshow parameters nosuchparameter");
    ok(&steps);
    assert_eq!(
        steps[0].output,
        vec![
            "NAME                                 TYPE        VALUE",
            "------------------------------------ ----------- ------------------------------",
            "db_block_size                        integer     8192",
        ]
    );
    assert!(steps[1].output.is_empty());
    // LIKE '%name%': every parameter whose name holds the text.
    let steps = e.exec("show parameter cache_size");
    let names: Vec<&str> = steps[0].output[2..].iter().map(|l| l.split(' ').next().unwrap()).collect();
    assert!(names.contains(&"db_cache_size") && names.contains(&"db_keep_cache_size"), "{names:?}");
    assert!(steps[0].output[2..].iter().any(|l| l.contains("big integer")));
}
