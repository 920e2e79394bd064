//! The SQL*Plus script surface, right or refused (issue 28): the blank line
//! that ends the SQL buffer, a pasted transcript, `@file`, SHOW, SET
//! FEEDBACK / TERMOUT, and bind variables and packages the lab does not
//! model.

mod common;
use common::*;
use lio_core::StepOut;

/// (code, message) of a failed step.
fn err(s: &StepOut) -> (&str, &str) {
    let e = s.error.as_ref().unwrap_or_else(|| panic!("`{}` did not fail", s.statement));
    (e.code.as_str(), e.message.as_str())
}

fn with_table(e: &mut lio_core::Engine) {
    ok(&e.exec(
        "create table t (id number, v varchar2(10));\n\
         insert into t select level, 'x' from dual connect by level <= 10;\n\
         commit;",
    ));
}

// ------------------------------------------------------------ blank line

/// SQLBLANKLINES OFF (the default): a blank line ends the statement
/// without running it, and `/` runs the buffer. The measurement idiom
/// `select ... / blank / set termout off / / / set termout on`.
/// https://docs.oracle.com/en/database/oracle/oracle-database/19/sqpug/SET-system-variable-summary.html
/// ("SET SQLBL[ANKLINES] {ON|OFF}: ... OFF, the default value, does not
/// allow blank lines or new lines in a SQL command or script").
#[test]
fn a_blank_line_ends_the_sql_buffer_and_slash_runs_it() {
    let mut e = quiet_engine();
    with_table(&mut e);
    let steps = e.exec("select count(*)\n  from t\n\nset termout off\n/\nset termout on\nselect 1 from dual;");
    ok(&steps);
    // The statement went into the buffer: nothing ran, nothing printed.
    assert_eq!(steps[0].kind, "sqlplus");
    assert_eq!(steps[0].statement, "select count(*)\n  from t");
    assert!(steps[0].rows.is_empty() && steps[0].output.is_empty() && steps[0].feedback.is_none());
    assert_eq!(stat(&steps[0], "execute count"), 0);
    // `/` runs it.
    assert_eq!(steps[2].statement, "/");
    assert_eq!(steps[2].kind, "query");
    assert_eq!(steps[2].rows.len(), 1);
    assert_eq!(steps[2].rows[0][0], serde_json::json!(10));
    // TERMOUT as each step ran: `set termout off` itself still shows,
    // `/` and `set termout on` do not, the next statement does.
    let termout = |s: &StepOut| s.settings.as_ref().is_none_or(|st| st.termout);
    assert!(termout(&steps[1]));
    assert!(!termout(&steps[2]));
    assert!(!termout(&steps[3]));
    assert!(termout(&steps[4]));
    assert!(steps[4].settings.is_none(), "all settings are back to their defaults");
}

#[test]
fn sqlblanklines_on_keeps_blank_lines_in_the_statement() {
    let mut e = quiet_engine();
    with_table(&mut e);
    let steps =
        e.exec("set sqlblanklines on\nshow sqlblanklines\nselect count(*)\n\n  from t;\nset sqlbl off\nshow sqlbl");
    ok(&steps);
    assert_eq!(steps[1].output, ["sqlblanklines ON"]);
    assert_eq!(steps[2].kind, "query");
    assert_eq!(steps[2].rows.len(), 1);
    assert_eq!(steps[4].output, ["sqlblanklines OFF"]);
    // OFF again: the blank line ends the statement.
    let steps = e.exec("select count(*)\n\n  from t;");
    assert_eq!(steps[0].kind, "sqlplus");
    assert_eq!(err(&steps[1]).0, "LAB-00002", "`from t;` alone is an unknown command");
}

#[test]
fn plsql_blocks_keep_their_blank_lines() {
    let mut e = quiet_engine();
    let steps = e.exec("begin\n  null;\n\nend;\n/\ncreate or replace procedure p is\nbegin\n\n  null;\nend;\n/");
    ok(&steps);
    assert_eq!(steps.len(), 2);
    assert_eq!(steps[0].kind, "plsql");
    assert_eq!(steps[0].feedback.as_deref(), Some("PL/SQL procedure successfully completed."));
}

/// A `.` line (SQL*Plus's block terminator) ends a statement or block
/// without running it.
#[test]
fn a_dot_line_ends_the_buffer_without_running_it() {
    let mut e = quiet_engine();
    let steps = e.exec("select 42 x from dual\n.\n/\nbegin\n  null;\nend;\n.\n/");
    ok(&steps);
    let kinds: Vec<&str> = steps.iter().map(|s| s.kind).collect();
    assert_eq!(kinds, ["sqlplus", "query", "sqlplus", "plsql"]);
    assert_eq!(steps[1].rows.len(), 1);
}

/// The database sees the buffer only at `/`: a statement that does not
/// parse fails there, at its own position.
#[test]
fn a_buffered_statement_fails_when_slash_sends_it() {
    let mut e = quiet_engine();
    let steps = e.exec("select 1 + from dual\n\n/");
    assert!(steps[0].error.is_none());
    assert_eq!(error_of(&steps[1]), ("ORA-00936", 1, 12));
}

// ------------------------------------------------------------ transcript

/// A pasted transcript: SQL*Plus reads `SQL> select ...` as an unknown
/// command (SP2-0734 with the line's first 10 characters, SP2-0042 with a
/// short line), and carries on line by line. Texts as SQL*Plus prints
/// them, e.g. `SP2-0734: unknown command beginning "SQL> SELEC..." - rest
/// of line ignored.` and `SP2-0042: unknown command ")" - rest of line
/// ignored.` in published transcripts.
#[test]
fn a_pasted_transcript_fails_line_by_line() {
    let mut e = quiet_engine();
    with_table(&mut e);
    let steps = e.exec(
        "SQL> select count(*)\n  2  from t;\n\n  COUNT(*)\n----------\n        10\n\n1 row selected.\n\nTable created.\nSQL>\n);\n",
    );
    let got: Vec<(&str, &str, u32, u32)> = steps
        .iter()
        .map(|s| {
            let x = s.error.as_ref().expect("every line fails");
            (x.code.as_str(), x.message.as_str(), x.line, x.column)
        })
        .collect();
    let editor = "not supported by LIO Lab: the SQL*Plus line editor (a line that starts with a line number)";
    assert_eq!(
        got,
        [
            ("LAB-00002", "SP2-0734: unknown command beginning \"SQL> selec...\" - rest of line ignored.", 1, 1),
            ("LAB-00001", editor, 2, 3),
            ("LAB-00002", "SP2-0042: unknown command \"COUNT(*)\" - rest of line ignored.", 4, 3),
            // `----------` is a comment to SQL*Plus.
            ("LAB-00001", editor, 6, 9),
            ("LAB-00001", editor, 8, 1),
            ("LAB-00002", "SP2-0734: unknown command beginning \"Table crea...\" - rest of line ignored.", 10, 1),
            ("LAB-00002", "SP2-0042: unknown command \"SQL>\" - rest of line ignored.", 11, 1),
            ("LAB-00002", "SP2-0042: unknown command \")\" - rest of line ignored.", 12, 1),
        ]
    );
    // The script goes on after them.
    let steps = e.exec("Session altered.\nselect count(*) from t;");
    assert_eq!(err(&steps[0]).0, "LAB-00002");
    assert_eq!(steps[1].rows.len(), 1);
}

#[test]
fn strip_transcript_json_reports_what_it_removed() {
    let j = lio_core::strip_transcript_json("SQL> select 1 x\n  2  from dual;\n\n         X\n----------\n         1\n");
    let v: serde_json::Value = serde_json::from_str(&j).unwrap();
    assert_eq!(v["transcript"], true);
    assert_eq!(v["script"], "select 1 x\nfrom dual;\n");
    assert_eq!(v["removed_prompts"], 1);
    assert_eq!(v["removed_line_numbers"], 1);
    assert_eq!(v["removed_output_lines"], 3);
    // The stripped script runs.
    let mut e = quiet_engine();
    let steps = e.exec(v["script"].as_str().unwrap());
    ok(&steps);
    assert_eq!(steps[0].rows.len(), 1);
}

// ------------------------------------------------------------ @file

/// The lab has no file system: every script file is one SQL*Plus cannot
/// open (SP2-0310, with `.sql` added to a name without an extension).
#[test]
fn start_of_a_file_cannot_open_it() {
    let mut e = quiet_engine();
    let steps = e.exec("@missing\n@@sub/setup.sql arg1\nstart other\n@");
    let msgs: Vec<(&str, &str)> = steps.iter().map(err).collect();
    assert_eq!(
        msgs,
        [
            ("LAB-00003", "SP2-0310: unable to open file \"missing.sql\""),
            ("LAB-00003", "SP2-0310: unable to open file \"sub/setup.sql\""),
            ("LAB-00003", "SP2-0310: unable to open file \"other.sql\""),
            ("LAB-00003", "SP2-1506: START, @ or @@ command has no arguments"),
        ]
    );
}

// ------------------------------------------------------------ SHOW

/// SHOW prints SQL*Plus's own texts for the variables the lab keeps, e.g.
/// `arraysize 15`, `FEEDBACK ON for 6 or more rows`, `autotrace OFF`.
#[test]
fn show_prints_each_variable_as_sqlplus_does() {
    let mut e = quiet_engine();
    let show = "show arraysize\nshow autotrace\nshow feedback\nshow linesize\nshow pagesize\nshow timing\n\
                show serveroutput\nshow termout\nshow sqlblanklines\nshow numwidth\nshow echo\nshow user";
    let steps = e.exec(show);
    ok(&steps);
    let lines: Vec<String> = steps.iter().flat_map(|s| s.output.clone()).collect();
    assert_eq!(
        lines,
        [
            "arraysize 15",
            "autotrace OFF",
            "FEEDBACK ON for 6 or more rows",
            "linesize 80",
            "pagesize 14",
            "timing OFF",
            "serveroutput OFF",
            "termout ON",
            "sqlblanklines OFF",
            "numwidth 10",
            "echo OFF",
            "USER is \"LAB\"",
        ]
    );
    let steps = e.exec(
        "set arraysize 100\nset autotrace traceonly explain\nset feedback on\nset lines 132\nset pages 50\n\
         set timing on\nset serveroutput on size 1000000\nset echo on\n\
         show arraysize\nshow autot\nshow feed\nshow lin\nshow pages\nshow timi\nshow serverout\nshow echo\n\
         set autotrace on\nshow autotrace\nset feedback off\nshow feedback\nset serveroutput on\nshow serveroutput",
    );
    ok(&steps);
    let lines: Vec<String> = steps.iter().flat_map(|s| s.output.clone()).collect();
    assert_eq!(
        lines,
        [
            "arraysize 100",
            "autotrace TRACEONLY EXPLAIN",
            "FEEDBACK ON for 1 or more rows",
            "linesize 132",
            "pagesize 50",
            "timing ON",
            "serveroutput ON SIZE 1000000 FORMAT WORD_WRAPPED",
            "echo ON",
            "autotrace ON EXPLAIN STATISTICS",
            "feedback OFF",
            "serveroutput ON SIZE 1000000 FORMAT WORD_WRAPPED",
        ]
    );
}

#[test]
fn show_and_set_of_what_sqlplus_does_not_know_is_sp2_0158() {
    let mut e = quiet_engine();
    let steps = e.exec("show xyz\nset xyz on\nshow parameter db_block_size\nshow errors\nset numwidth 12\nset numwidth 10\nset feedback only\nset heading off");
    assert_eq!(err(&steps[0]), ("LAB-00002", "SP2-0158: unknown SHOW option \"xyz\""));
    assert_eq!(error_of(&steps[0]).2, 6);
    assert_eq!(err(&steps[1]), ("LAB-00002", "SP2-0158: unknown SET option \"xyz\""));
    // SHOW PARAMETER lists V$PARAMETER (tests/sqlplus_commands.rs).
    assert!(steps[2].error.is_none());
    assert_eq!(err(&steps[3]), ("LAB-00001", "not supported by LIO Lab: SHOW ERRORS"));
    // SET NUMWIDTH is applied (tests/surface_headings.rs).
    assert!(steps[4].error.is_none());
    assert!(steps[5].error.is_none());
    assert_eq!(err(&steps[6]), ("LAB-00001", "not supported by LIO Lab: SET FEEDBACK ONLY"));
    // A variable SQL*Plus knows is still accepted.
    assert!(steps[7].error.is_none());
    // So are the obsolete ones old scripts begin with.
    ok(&e.exec("set doc off\nset document on\nset scan off\nset space 1\nset truncate off\nset buffer x"));
}

// ------------------------------------------------------------ FEEDBACK

/// SET FEEDBACK ON means 1 (https://docs.oracle.com/en/database/oracle/oracle-database/19/sqpug/SET-system-variable-summary.html:
/// "Turning feedback ON sets n to 1"); the default is 6; OFF is 0.
#[test]
fn feedback_threshold_follows_set_feedback() {
    let mut e = quiet_engine();
    let steps = e.exec("select 1 from dual;\nset feedback on\nselect 1 from dual;\nset feedback 0\nset feedback 6");
    ok(&steps);
    // Default: no settings reported, the formatters use FEEDBACK 6.
    assert!(steps[0].settings.is_none());
    assert_eq!(steps[2].settings.as_ref().map(|s| s.feedback), Some(1));
    assert_eq!(steps[3].settings.as_ref().map(|s| s.feedback), Some(0));
    assert!(steps[4].settings.is_none());
}

// ------------------------------------------------------------ binds, DBMS_ROWID

/// A bind variable SQL*Plus was not told about with VARIABLE: SP2-0552, at the bind, before the database sees
/// the statement.
#[test]
fn an_undeclared_bind_is_sp2_0552() {
    let mut e = quiet_engine();
    with_table(&mut e);
    let steps = e.exec(
        "select * from t where id = :rid;\nupdate t set v = 'y' where id = :n;\nselect ':x' from t where id = 1;",
    );
    assert_eq!(err(&steps[0]), ("LAB-00003", "SP2-0552: Bind variable \"RID\" not declared."));
    assert_eq!(error_of(&steps[0]), ("LAB-00003", 1, 28));
    assert_eq!(err(&steps[1]), ("LAB-00003", "SP2-0552: Bind variable \"N\" not declared."));
    assert_eq!(stat(&steps[0], "parse count (total)"), 0, "nothing reached the database");
    // In a string it is no bind.
    ok(&steps[2..]);
    // `/` of a buffer with a bind.
    let steps = e.exec("select * from t where id = :rid\n\n/");
    assert_eq!(err(&steps[1]).1, "SP2-0552: Bind variable \"RID\" not declared.");
    // In EXEC and a PL/SQL block too (VARIABLE declares them:
    // tests/surface_binds.rs).
    let steps = e.exec("exec :rid := 'x'\nbegin :n := 1; end;\n/");
    assert_eq!(err(&steps[0]).1, "SP2-0552: Bind variable \"RID\" not declared.");
    assert_eq!(err(&steps[1]).1, "SP2-0552: Bind variable \"N\" not declared.");
}

/// DBMS_ROWID and ROWID are modelled now (core/tests/dbms_rowid.rs);
/// another supplied package the lab does not model is still refused by
/// name, where its call starts.
#[test]
fn dbms_rowid_runs_and_unmodelled_packages_are_refused_by_name() {
    let mut e = quiet_engine();
    with_table(&mut e);
    let steps = e.exec(
        "select dbms_rowid.rowid_block_number(rowid) blk from t where id = 1;\n\
         select rowid from t;\n\
         select utl_raw.cast_to_raw(v) from t;",
    );
    assert!(steps[0].error.is_none() && steps[1].error.is_none(), "{:?}", steps[0].error);
    assert_eq!(err(&steps[2]), ("LAB-00001", "not supported by LIO Lab: the UTL_RAW package (UTL_RAW.CAST_TO_RAW)"));
}

/// Hosts run a long script as several `exec` calls: SET SQLBLANKLINES
/// carries over from one call to the next.
#[test]
fn sqlblanklines_carries_over_between_calls() {
    let mut e = quiet_engine();
    ok(&e.exec("set sqlblanklines on"));
    let steps = e.exec("select 1 x\n\nfrom dual;");
    ok(&steps);
    assert_eq!((steps.len(), steps[0].kind), (1, "query"));
}

/// CLEAR COLUMNS (and COLUMN name CLEAR) reset what COLUMN ... FORMAT set,
/// for the text formatters; they were accepted and did nothing.
#[test]
fn clear_columns_resets_column_formats() {
    let mut e = quiet_engine();
    let steps = e.exec("column a format a8\ncolumn b format 999\ncolumn a clear\nclear columns");
    ok(&steps);
    let formats = |s: &StepOut| s.settings.as_ref().map(|st| st.column_formats.len()).unwrap_or(0);
    assert_eq!(formats(&steps[1]), 2);
    assert_eq!(formats(&steps[2]), 1);
    assert!(steps[3].settings.is_none());
}
