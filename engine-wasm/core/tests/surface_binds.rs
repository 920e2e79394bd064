//! SQL*Plus bind variables (issue 33): VARIABLE, PRINT, `EXEC :n := ...`,
//! `BEGIN :n := ...; END;`, `SELECT ... INTO :n`, and `:n` in SQL as a
//! real bind (the cursor's text keeps `:n`: one shared cursor whatever
//! the value).
//!
//! Published case: the SQL*Plus User's Guide's PRINT example (10.2,
//! https://docs.oracle.com/cd/B19306_01/server.102/b14357/ch12031.htm,
//! the same in 9.0.1, 12.1 and 23):
//!
//! ```text
//! VARIABLE n NUMBER
//! BEGIN
//! :n := 1;
//! END;
//! /
//! PL/SQL procedure successfully completed.
//! PRINT n
//!          N
//! ----------
//!          1
//! ```
//! (the layout of the rows is the renderer's: tests/unit/surface-binds.test.mjs).

mod common;
use common::*;
use lio_core::StepOut;

fn err(s: &StepOut) -> (&str, &str) {
    let e = s.error.as_ref().unwrap_or_else(|| panic!("`{}` did not fail", s.statement));
    (e.code.as_str(), e.message.as_str())
}

fn printed(s: &StepOut) -> Vec<(String, u32, serde_json::Value)> {
    s.prints.iter().map(|p| (p.name.clone(), p.width, p.value.clone())).collect()
}

#[test]
fn the_users_guide_print_example() {
    let mut e = quiet_engine();
    let steps = e.exec("VARIABLE n NUMBER\nBEGIN\n:n := 1;\nEND;\n/\nPRINT n");
    ok(&steps);
    assert_eq!(steps[1].feedback.as_deref(), Some("PL/SQL procedure successfully completed."));
    assert_eq!(printed(&steps[2]), [("N".to_string(), 0, serde_json::json!(1))]);
}

#[test]
fn variable_declares_lists_and_print_shows_every_one() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "var\nvariable n number\nvariable s varchar2(30)\nvar c char\nVAR\nvar n\nexec :n := 5\nexec :s := 'hello'\nprint\nprint :s n",
    );
    ok(&steps);
    assert!(steps[0].output.is_empty(), "no variable yet: nothing listed");
    assert_eq!(
        steps[4].output,
        [
            "variable   N",
            "datatype   NUMBER",
            "",
            "variable   S",
            "datatype   VARCHAR2(30)",
            "",
            "variable   C",
            "datatype   CHAR(1)"
        ]
    );
    assert_eq!(steps[5].output, ["variable   N", "datatype   NUMBER"]);
    assert_eq!(
        printed(&steps[8]),
        [
            ("N".into(), 0, serde_json::json!(5)),
            ("S".into(), 30, serde_json::json!("hello")),
            ("C".into(), 1, serde_json::Value::Null)
        ]
    );
    assert_eq!(
        printed(&steps[9]),
        [("S".into(), 30, serde_json::json!("hello")), ("N".into(), 0, serde_json::json!(5))]
    );
    // A new declaration replaces the variable (NULL again).
    let steps = e.exec("variable n varchar2(5)\nprint n");
    assert_eq!(printed(&steps[1]), [("N".into(), 5, serde_json::Value::Null)]);
}

#[test]
fn sqlplus_errors_as_sqlplus_gives_them() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "print x\nvariable x\nvariable 1x number\nvariable c clob\nvariable s varchar2(3)\nexec :s := 'four'\nexec :zz := 1\nselect :s, :y from dual;",
    );
    assert_eq!(err(&steps[0]).1, "SP2-0552: Bind variable \"X\" not declared.");
    assert_eq!(err(&steps[1]).1, "SP2-0552: Bind variable \"X\" not declared.");
    assert_eq!(err(&steps[2]).1, "SP2-0553: Illegal variable name \"1x\".");
    assert_eq!(err(&steps[3]).0, "LAB-00001");
    ok(&steps[4..5]);
    assert_eq!(err(&steps[5]).0, "ORA-06502");
    assert!(err(&steps[5]).1.contains("character string buffer too small"), "{:?}", err(&steps[5]));
    assert_eq!(err(&steps[6]).1, "SP2-0552: Bind variable \"ZZ\" not declared.");
    // The first undeclared one, at its position; nothing reached the database.
    assert_eq!(err(&steps[7]).1, "SP2-0552: Bind variable \"Y\" not declared.");
    assert_eq!(error_of(&steps[7]), ("LAB-00003", 8, 12));
    assert_eq!(stat(&steps[7], "parse count (total)"), 0);
    // A failed block leaves the variable as it was.
    let steps = e.exec("print s");
    assert_eq!(printed(&steps[0]), [("S".into(), 3, serde_json::Value::Null)]);
}

/// `:n` is a bind: the text the cursor is shared by keeps `:n`, so three
/// values are one hard parse and one V$SQL row with three executions; the
/// plan's predicate shows `:N`.
#[test]
fn a_bind_in_sql_shares_one_cursor() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number primary key, v varchar2(20));\n\
         insert into t select rownum, 'v'||rownum from dual connect by level <= 100;\ncommit;\n\
         variable n number",
    ));
    let mut hard = 0;
    for v in [3, 7, 11] {
        let steps = e.exec(&format!("exec :n := {v}\nselect v from t where id = :n;"));
        ok(&steps);
        assert_eq!(steps[1].rows, [[serde_json::json!(format!("v{v}"))]]);
        hard += stat(&steps[1], "parse count (hard)");
    }
    assert_eq!(hard, 1, "one hard parse for three values");
    let s = e.exec("select sql_text, executions from v$sql where sql_text like 'select v from t where id%';");
    ok(&s);
    assert_eq!(s[0].rows, [[serde_json::json!("select v from t where id = :n"), serde_json::json!(3)]]);
    let s = e.exec("explain plan for select v from t where id = :n;\nselect * from table(dbms_xplan.display);");
    ok(&s);
    assert!(
        s[1].rows.iter().any(|r| r[0].as_str().is_some_and(|l| l.contains("access(\"ID\"=:N)"))),
        "{:?}",
        s[1].rows
    );
}

#[test]
fn binds_in_dml_and_select_into() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, v varchar2(20));\ninsert into t values (1, 'one');\n\
         variable n number\nvariable s varchar2(20)",
    ));
    let steps = e.exec(
        "exec :n := 2\nexec :s := 'two'\ninsert into t values (:n, :s);\nupdate t set v = v || '!' where id = :n;\n\
         begin select v into :s from t where id = :n - 1 + 1; end;\n/\nprint s",
    );
    // `:n` in a PL/SQL block's SQL is refused (its text there is the PL/SQL
    // compiler's, which the lab does not know).
    ok(&steps[..4]);
    assert_eq!(steps[2].feedback.as_deref(), Some("1 row created."));
    assert_eq!(steps[3].feedback.as_deref(), Some("1 row updated."));
    assert_eq!(err(&steps[4]).0, "LAB-00001");
    let steps = e.exec("begin select v into :s from t where id = 2; end;\n/\nprint s\ndelete t where id = :n;");
    ok(&steps);
    assert_eq!(printed(&steps[1]), [("S".into(), 20, serde_json::json!("two!"))]);
    assert_eq!(steps[2].feedback.as_deref(), Some("1 row deleted."));
}

/// A PL/SQL variable and a bind variable of the same name are two
/// variables.
#[test]
fn a_plsql_variable_does_not_hide_the_bind() {
    let mut e = quiet_engine();
    let steps = e.exec("variable n number\ndeclare n number := 10; begin :n := n * 2; n := 0; end;\n/\nprint n");
    ok(&steps);
    assert_eq!(printed(&steps[2]), [("N".into(), 0, serde_json::json!(20))]);
}
