//! SELECT ... INTO: the INTO list as wide as the select list (issue 33).
//! The PL/SQL compiler hands the statement to the SQL compiler, which
//! refuses a list of the wrong width before anything runs: more columns
//! than targets is `PL/SQL: ORA-00947: not enough values`, fewer is
//! `PL/SQL: ORA-00913: too many values`, at the FROM after the INTO list,
//! then `PL/SQL: SQL Statement ignored` at the SELECT (published:
//! `SELECT *` / `INTO tab_dept(1)` / `FROM emp` gives `ORA-06550: line 8,
//! column 3:` / `PL/SQL: ORA-00947: not enough values` / `ORA-06550: line
//! 6, column 3:` / `PL/SQL: SQL Statement ignored`, 8 columns into
//! DEPT%ROWTYPE's 3; tests/articles/spool-rowtype-into-width-11g.sql for
//! ORA-00913). The lab used to fill missing targets with NULL and drop
//! extra columns. A `t%ROWTYPE` record takes one value per column of T.

mod common;
use common::*;
use lio_core::StepOut;

/// The step's error as `CODE: message`.
fn stack(s: &StepOut) -> String {
    let e = s.error.as_ref().unwrap_or_else(|| panic!("`{}` did not fail", s.statement));
    format!("{}: {}", e.code, e.message)
}

/// The compile error of a SELECT ... INTO: `error` at (`line`, `column`)
/// of the block, then the statement ignored at its SELECT (`select_line`,
/// column 3); SQL*Plus shows it at `script_line`.
fn assert_width_error(s: &StepOut, error: &str, (line, column): (u32, u32), select_line: u32, script_line: u32) {
    let want = format!(
        "ORA-06550: line {line}, column {column}:\nPL/SQL: {error}\n\
         ORA-06550: line {select_line}, column 3:\nPL/SQL: SQL Statement ignored"
    );
    assert_eq!(stack(s), want);
    assert_eq!(error_of(s), ("ORA-06550", script_line, column));
}

fn with_t() -> lio_core::Engine {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (a number, b number, c varchar2(10));\ninsert into t values (1, 2, 'x');\ncommit;"));
    e
}

/// Two columns into one variable: ORA-00947 at FROM. Line 4 is
/// `  select a, b into x from t;`: SELECT at column 3, FROM at 22
/// (2 blanks, `select a, b into x ` is 19 characters). Nothing runs.
#[test]
fn more_columns_than_variables_is_ora_00947_at_from() {
    let mut e = with_t();
    let steps = e.exec(
        "set serveroutput on\ndeclare\n  x number;\nbegin\n  select a, b into x from t;\n  dbms_output.put_line(x);\nend;\n/",
    );
    assert_width_error(&steps[1], "ORA-00947: not enough values", (4, 22), 4, 5);
    assert!(steps[1].output.is_empty(), "{:?}", steps[1].output);
}

/// One column into two variables: ORA-00913 at the FROM on the next line
/// (line 6, column 3).
#[test]
fn fewer_columns_than_variables_is_ora_00913_at_from() {
    let mut e = with_t();
    let steps = e.exec("declare\n  x number;\n  y number;\nbegin\n  select a into x, y\n  from t;\nend;\n/");
    assert_width_error(&steps[0], "ORA-00913: too many values", (6, 3), 5, 6);
}

/// `r t%ROWTYPE` holds one field per column of T: `SELECT *` fills them
/// in order and `r.c` reads one; two columns into its three fields is
/// ORA-00913, four is ORA-00947.
#[test]
fn a_rowtype_record_takes_one_value_per_column() {
    let mut e = with_t();
    let steps = e.exec(
        "set serveroutput on\ndeclare\n  r t%rowtype;\nbegin\n  select * into r from t;\n  \
         dbms_output.put_line(r.a || ' ' || r.b || ' ' || r.c);\nend;\n/\n\
         declare\n  r t%rowtype;\nbegin\n  select a, b into r from t;\nend;\n/\n\
         declare\n  r t%rowtype;\nbegin\n  select a, b, c, a into r from t;\nend;\n/",
    );
    assert!(steps[1].error.is_none(), "{:?}", steps[1].error);
    assert_eq!(steps[1].output, ["1 2 x"]);
    assert_width_error(&steps[2], "ORA-00913: too many values", (4, 22), 4, 12);
    assert_width_error(&steps[3], "ORA-00947: not enough values", (4, 28), 4, 18);
}

/// A record's fields keep their columns' types: a VARCHAR2 column's text
/// that is no number, fetched into a NUMBER field, is ORA-06502.
#[test]
fn a_record_field_is_typed_as_its_column() {
    let mut e = with_t();
    ok(&e.exec("create table u (a varchar2(10), b number, c varchar2(10));\ninsert into u values ('abc', 2, 'x');"));
    let steps = e.exec("declare\n  r t%rowtype;\nbegin\n  select * into r from u;\nend;\n/");
    assert!(stack(&steps[0]).starts_with("ORA-06502: PL/SQL: numeric or value error"), "{}", stack(&steps[0]));
}

/// FETCH ... INTO a %ROWTYPE record: as many values as fields.
#[test]
fn fetch_into_a_rowtype_record() {
    let mut e = with_t();
    let steps = e.exec(
        "set serveroutput on\ndeclare\n  cursor c is select * from t;\n  r t%rowtype;\nbegin\n  open c;\n  \
         loop\n    fetch c into r;\n    exit when c%notfound;\n    dbms_output.put_line(r.c || r.b);\n  \
         end loop;\n  close c;\nend;\n/",
    );
    assert!(steps[1].error.is_none(), "{:?}", steps[1].error);
    assert_eq!(steps[1].output, ["x2"]);
}

/// BULK COLLECT INTO: one collection per column, the same errors.
#[test]
fn bulk_collect_into_too_few_collections_is_ora_00947() {
    let mut e = with_t();
    let steps = e.exec(
        "declare\n  type nt is table of number index by pls_integer;\n  x nt;\nbegin\n  \
         select a, b bulk collect into x from t;\nend;\n/",
    );
    assert_width_error(&steps[0], "ORA-00947: not enough values", (5, 35), 5, 5);
}

/// Dynamic SQL's select list is known only when it runs: one of another
/// width than the INTO list is refused, not padded with NULLs.
#[test]
fn execute_immediate_into_of_another_width_is_refused() {
    let mut e = with_t();
    let steps = e.exec("declare\n  x number;\nbegin\n  execute immediate 'select a, b from t' into x;\nend;\n/");
    assert_eq!(error_of(&steps[0]).0, "LAB-00001");
}

/// The spool's procedure: 3 columns into EMP%ROWTYPE's 8 fields is
/// `6/5 PL/SQL: ORA-00913: too many values` under `5/5 PL/SQL: SQL
/// Statement ignored`; `select *` compiles and prints SCOTT's row.
#[test]
fn spool_rowtype_into_width() {
    let script = include_str!("../../../tests/articles/spool-rowtype-into-width-11g.sql");
    let mut e = quiet_engine();
    let s = e.exec(script);
    let shown: Vec<&StepOut> = s.iter().filter(|x| x.statement.starts_with("show errors")).collect();
    assert_eq!(shown.len(), 1);
    assert_eq!(
        shown[0].output[4..],
        ["5/5      PL/SQL: SQL Statement ignored", "6/5      PL/SQL: ORA-00913: too many values"]
    );
    let exec = s.iter().find(|x| x.statement.starts_with("exec")).expect("exec p1");
    assert!(exec.error.is_none(), "{:?}", exec.error);
    assert_eq!(exec.output, ["SCOTT 7788 ANALYST 3000"]);
}
