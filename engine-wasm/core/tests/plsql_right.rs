//! PL/SQL right or refused (issue 28): a block is compiled whole before
//! any of it runs, and an error that ends it while it runs carries
//! Oracle's error stack (ORA-06512).
//!
//! Compile errors, as Oracle prints them: the offending name, then the
//! statement's start (`2/19 PL/SQL: ORA-00942: table or view does not
//! exist`, `2/1 PL/SQL: SQL Statement ignored`,
//! http://fe.orafaq.org/node/3003; `ORA-06550: line 2, column 6:` /
//! `PLS-00302: ...` / `ORA-06550: line 2, column 3:` / `PL/SQL: Statement
//! ignored`, https://nl.sqldat.com/ols/dbe/1006011728.html), and nothing
//! of the block runs (https://nl.sqldat.com/ols/dbe/1006010483.html).
//! Run-time errors: `begin` / `*` / `ERROR at line 1:` / the error /
//! `ORA-06512: at line 2`
//! (https://karandba.blogspot.com/2026/05/can-we-gather-dictionary-statistics-in.html).

mod common;
use common::*;
use lio_core::StepOut;
use serde_json::json;

fn err(s: &StepOut) -> (String, String, u32, u32) {
    let e = s.error.as_ref().unwrap_or_else(|| panic!("`{}` did not fail", s.statement));
    (e.code.clone(), e.message.clone(), e.line, e.column)
}

fn count(e: &mut lio_core::Engine, table: &str) -> serde_json::Value {
    let steps = e.exec(&format!("select count(*) from {table};"));
    ok(&steps);
    steps[0].rows[0][0].clone()
}

#[test]
fn a_missing_table_in_static_sql_fails_before_anything_runs() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (a number);"));
    let steps = e.exec(
        "set serveroutput on\n\
         begin\n  dbms_output.put_line('ran');\n  insert into t values (1);\n  insert into nosuch values (1);\nend;\n/",
    );
    assert_eq!(
        err(&steps[1]),
        (
            "ORA-06550".into(),
            "line 4, column 15:\nPL/SQL: ORA-00942: table or view does not exist\n\
             ORA-06550: line 4, column 3:\nPL/SQL: SQL Statement ignored"
                .into(),
            5,
            15
        )
    );
    assert!(steps[1].output.is_empty(), "{:?}", steps[1].output);
    assert_eq!(count(&mut e, "t"), json!(0));
}

#[test]
fn a_missing_column_in_a_branch_never_taken_still_fails() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (a number);"));
    let steps = e.exec(
        "declare\n  n number;\nbegin\n  insert into t values (1);\n  if 1 = 0 then\n    update t set b = 2;\n  end if;\n\
         end;\n/\n\
         declare\n  n number;\nbegin\n  insert into t values (1);\n  if 1 = 0 then\n    select nosuch into n from t;\n  end if;\nend;\n/\n\
         begin\n  insert into t values (1);\n  delete from t where zz = 1;\nend;\n/\n\
         begin\n  insert into t values (1);\n  for r in (select a from missing_t) loop\n    null;\n  end loop;\nend;\n/",
    );
    assert_eq!(
        err(&steps[0]).1,
        "line 6, column 18:\nPL/SQL: ORA-00904: \"B\": invalid identifier\nORA-06550: line 6, column 5:\nPL/SQL: SQL Statement ignored"
    );
    assert_eq!(
        err(&steps[1]).1,
        "line 6, column 12:\nPL/SQL: ORA-00904: \"NOSUCH\": invalid identifier\n\
         ORA-06550: line 6, column 5:\nPL/SQL: SQL Statement ignored"
    );
    assert_eq!(
        err(&steps[2]).1,
        "line 3, column 23:\nPL/SQL: ORA-00904: \"ZZ\": invalid identifier\n\
         ORA-06550: line 3, column 3:\nPL/SQL: SQL Statement ignored"
    );
    assert_eq!(
        err(&steps[3]).1,
        "line 3, column 27:\nPL/SQL: ORA-00942: table or view does not exist\n\
         ORA-06550: line 3, column 13:\nPL/SQL: SQL Statement ignored"
    );
    assert_eq!(count(&mut e, "t"), json!(0));
}

#[test]
fn undeclared_names_are_pls_00201_before_anything_runs() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (a number);"));
    let steps = e.exec(
        "begin\n  insert into t values (1);\n  y := 3;\nend;\n/\n\
         declare\n  x number;\nbegin\n  insert into t values (1);\n  x := zz + 1;\nend;\n/\n\
         begin\n  insert into t values (1);\n  no_such_proc(1);\nend;\n/",
    );
    assert_eq!(
        err(&steps[0]).1,
        "line 3, column 3:\nPLS-00201: identifier 'Y' must be declared\nORA-06550: line 3, column 3:\nPL/SQL: Statement ignored"
    );
    assert_eq!(
        err(&steps[1]).1,
        "line 5, column 8:\nPLS-00201: identifier 'ZZ' must be declared\nORA-06550: line 5, column 3:\nPL/SQL: Statement ignored"
    );
    assert_eq!(
        err(&steps[2]).1,
        "line 3, column 3:\nPLS-00201: identifier 'NO_SUCH_PROC' must be declared\n\
         ORA-06550: line 3, column 3:\nPL/SQL: Statement ignored"
    );
    assert_eq!(count(&mut e, "t"), json!(0));
}

/// What a block may use is not refused: variables, loop indexes, a cursor
/// FOR loop's record fields, stored functions, DBMS_UTILITY, SQL functions.
#[test]
fn what_a_block_may_name_still_compiles() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "create table t (a number, b varchar2(10));\n\
         insert into t values (1, 'x');\n\
         create function f return number is begin return 41; end;\n/\n\
         set serveroutput on\n\
         declare\n  n number := 0;\n  t0 number;\nbegin\n  t0 := dbms_utility.get_time;\n\
           for r in (select a, b from t) loop\n    n := n + r.a + f + length(r.b);\n  end loop;\n\
           for i in 1 .. 2 loop\n    update t set a = a + i where b = 'x';\n  end loop;\n\
           select count(*) into n from t where a = n;\n\
           dbms_output.put_line(n);\nend;\n/",
    );
    ok(&steps);
    assert_eq!(steps[4].output, ["0"]);
}

#[test]
fn an_unhandled_error_ends_an_anonymous_block_with_its_line() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "set serveroutput on\n\
         declare\n  x number;\nbegin\n  dbms_output.put_line('before');\n  x := 1 / 0;\nend;\n/\n\
         exec dbms_output.put_line(1 / 0)\n\
         begin\n  execute immediate 'select * from nosuch';\nend;\n/",
    );
    assert_eq!(err(&steps[1]), ("ORA-01476".into(), "divisor is equal to zero\nORA-06512: at line 5".into(), 2, 1));
    assert_eq!(err(&steps[2]), ("ORA-01476".into(), "divisor is equal to zero\nORA-06512: at line 1".into(), 9, 1));
    // Dynamic SQL is compiled when it runs: a run-time error.
    assert_eq!(
        err(&steps[3]),
        ("ORA-00942".into(), "table or view does not exist\nORA-06512: at line 2".into(), 10, 1)
    );
}

#[test]
fn an_error_in_a_procedure_has_the_procedure_and_the_caller_in_its_stack() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "create procedure p is\n  x number;\nbegin\n  x := 1 / 0;\nend;\n/\n\
         begin\n  null;\n  p;\nend;\n/\n\
         exec p",
    );
    assert_eq!(
        err(&steps[1]),
        (
            "ORA-01476".into(),
            "divisor is equal to zero\nORA-06512: at \"LAB.P\", line 4\nORA-06512: at line 3".into(),
            7,
            1
        )
    );
    assert_eq!(err(&steps[2]).1, "divisor is equal to zero\nORA-06512: at \"LAB.P\", line 4\nORA-06512: at line 1");
}

/// A loop index hides a variable of the same name declared outside it:
/// the DML inside the loop binds the index (the innermost declaration),
/// as PL/SQL's scoping rules say.
#[test]
fn dml_in_a_loop_binds_the_innermost_variable_of_a_name() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "create table t (a number);\n\
         declare\n  i number := 100;\nbegin\n  for i in 1 .. 3 loop\n    insert into t values (i);\n  end loop;\n\
           for i in 1 .. 3 loop\n    update t set a = a + 10 where a = i;\n    delete from t where a = i + 10 and i = 2;\n  end loop;\nend;\n/",
    );
    ok(&steps);
    let rows = e.exec("select a from t order by a;");
    ok(&rows);
    assert_eq!(rows[0].rows, [[json!(11)], [json!(13)]]);
}
