//! Cursors right or refused (issue 28): a cursor's identity is its SQL
//! text and environment, never where the statement sits; DDL invalidates
//! only the cursors that depend on the object changed; the optimizer runs
//! the cheapest plan it costed; plan lines print what DBMS_XPLAN prints.

mod common;
use common::*;

fn rows_of(s: &lio_core::StepOut) -> Vec<String> {
    s.rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|v| v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string()))
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect()
}

// ---------------------------------------------------------------- 1

/// Tom Kyte's habit: the second block is the first with one table name
/// changed, so their SELECT ... INTO sit at the same column.
#[test]
fn a_block_runs_its_own_static_sql_not_the_one_at_the_same_position() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t1 (x number);\n\
         create table t2 (x number);\n\
         insert into t1 values (1);\n\
         insert into t2 values (2);\n\
         insert into t2 values (3);\n\
         commit;",
    ));
    ok(&e.exec("set serveroutput on"));
    let a = e.exec("declare n number; begin select sum(x) into n from t1; dbms_output.put_line(n); end;\n/");
    let b = e.exec("declare n number; begin select sum(x) into n from t2; dbms_output.put_line(n); end;\n/");
    ok(&a);
    ok(&b);
    assert_eq!(a[0].output, ["1"]);
    assert_eq!(b[0].output, ["5"]);
}

/// The same block shape in two scripts: the cursor FOR loop and the
/// INSERT ... SELECT also sit at the same place.
#[test]
fn cursor_for_and_insert_select_are_their_own_text() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t1 (x number);\n\
         create table t2 (x number);\n\
         create table t3 (x number);\n\
         insert into t1 values (1);\n\
         insert into t2 values (2);\n\
         commit;",
    ));
    let a = e.exec("insert into t3 select x from t1;");
    let b = e.exec("insert into t3 select x from t2;");
    ok(&a);
    ok(&b);
    let s = e.exec("select x from t3 order by x;");
    assert_eq!(rows_of(&s[0]), ["1", "2"]);
    let s = e.exec(
        "set serveroutput on\n\
         begin for r in (select x from t1) loop dbms_output.put_line(r.x); end loop; end;\n/",
    );
    assert_eq!(s[1].output, ["1"]);
    let s = e.exec(
        "set serveroutput on\n\
         begin for r in (select x from t2) loop dbms_output.put_line(r.x); end loop; end;\n/",
    );
    assert_eq!(s[1].output, ["2"]);
}

/// PL/SQL variables bind by name: an INSERT ... SELECT in a block reads
/// the variable it names, not the block's first variable.
#[test]
fn insert_select_in_a_block_binds_its_variables_by_name() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (x number);"));
    ok(&e.exec("declare a number := 1; b number := 2; begin insert into t select b from dual; commit; end;\n/"));
    let s = e.exec("select x from t;");
    assert_eq!(rows_of(&s[0]), ["2"]);
}

/// V$SQL shows static SQL as the PL/SQL compiler hands it over:
/// upper case, no INTO, variables as :B1, :B2 (one cursor for blocks that
/// differ only in their variables' names).
/// <https://www.orafaq.com/forum/t/204255/>
#[test]
fn static_sql_is_normalized_text_in_v_sql() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t1 (emp_id number, emp_salary number);\ninsert into t1 values (1, 10);\ncommit;"));
    ok(&e.exec(
        "declare v_max number; v_id number := 5; begin\n  select max(emp_salary)\n    into v_max from T1 where emp_id < v_id;\nend;\n/\n\
         declare m number; p number := 5; begin select max(emp_salary) into m from t1 where emp_id < p; end;\n/",
    ));
    let s = e.exec("select sql_text, executions, loads from v$sql where sql_text like 'SELECT MAX%';");
    ok(&s);
    assert_eq!(rows_of(&s[0]), ["SELECT MAX(EMP_SALARY) FROM T1 WHERE EMP_ID < :B1,2,1"]);
}
