//! PL/SQL EXCEPTION sections (issue 33): `WHEN name [OR name] THEN` with
//! Oracle's predefined exceptions and OTHERS, SQLCODE and SQLERRM, an
//! unhandled error going to the enclosing block, and what each leaves in
//! the table.
//!
//! The rules (Oracle's PL/SQL Language Reference, "How Oracle Does
//! Implicit Rollbacks"): before each INSERT, UPDATE or DELETE Oracle
//! marks an implicit savepoint and a statement that fails is rolled back
//! to it, alone; the block's earlier statements stay. A handled error
//! undoes nothing more. The anonymous block SQL*Plus sends is itself a
//! statement: when an error leaves it unhandled, everything it did is
//! undone (Kyte, Expert Oracle Database Architecture, "Procedure-Level
//! Atomicity": "Oracle wrapped a SAVEPOINT around it").

mod common;
use common::*;

/// Three rows, keys 1 to 3.
const SETUP: &str = "create table t (n number constraint t_pk primary key, pad varchar2(10));
insert into t select rownum, 'x' from xmltable('1 to 3');
commit;
set serveroutput on
";

fn output(steps: &[lio_core::StepOut]) -> Vec<String> {
    steps.iter().flat_map(|s| s.output.clone()).collect()
}

fn count(e: &mut lio_core::Engine) -> String {
    text_rows(e, "select count(*) from t;")[0][0].clone()
}

#[test]
fn predefined_exceptions_are_caught_with_sqlcode_and_sqlerrm() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "declare
  v number;
begin
  insert into t values (10, 'a');
  select n into v from t where n = 99;
  dbms_output.put_line('not reached');
exception
  when no_data_found then
    dbms_output.put_line('caught ' || sqlcode || ' ' || sqlerrm);
end;
/
begin
  insert into t values (1, 'dup');
exception
  when dup_val_on_index then
    dbms_output.put_line('dup ' || sqlcode || ' ' || sqlerrm);
end;
/
declare
  v number;
begin
  v := 1 / 0;
exception
  when value_error or zero_divide then
    dbms_output.put_line('zd ' || sqlcode || ' ' || sqlerrm);
end;
/
declare
  v number;
begin
  select n into v from t;
exception
  when no_data_found then dbms_output.put_line('wrong handler');
  when too_many_rows then dbms_output.put_line('many ' || sqlcode);
end;
/
",
    );
    ok(&s);
    // SQLCODE is +100 for NO_DATA_FOUND (ANSI's "no data"), else the
    // ORA- number negated; SQLERRM is Oracle's message with its code.
    assert_eq!(
        output(&s),
        [
            "caught 100 ORA-01403: no data found",
            "dup -1 ORA-00001: unique constraint (LAB.T_PK) violated",
            "zd -1476 ORA-01476: divisor is equal to zero",
            "many -1422",
        ]
    );
    // The first block's INSERT stays (the error was handled): 3 + 1. The
    // duplicate INSERT was rolled back alone.
    assert_eq!(count(&mut e), "4");
}

#[test]
fn an_unhandled_error_goes_to_the_enclosing_block() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "declare
  v number;
begin
  insert into t values (10, 'a');
  begin
    insert into t values (11, 'b');
    select n into v from t;
    dbms_output.put_line('not reached');
  exception
    when no_data_found then dbms_output.put_line('inner');
  end;
  dbms_output.put_line('not reached either');
exception
  when others then dbms_output.put_line('outer ' || sqlcode || ' ' || sqlerrm);
end;
/
",
    );
    ok(&s);
    // TOO_MANY_ROWS passes the inner handler (NO_DATA_FOUND only) and the
    // rest of the outer body, to the outer OTHERS.
    assert_eq!(output(&s), ["outer -1422 ORA-01422: exact fetch returns more than requested number of rows"]);
    // Both INSERTs stay: handled, nothing is rolled back. 3 + 2.
    assert_eq!(count(&mut e), "5");
    // A handler ends its block: the statements after the inner block run.
    let s = e.exec(
        "begin
  begin
    insert into t values (1, 'dup');
  exception
    when dup_val_on_index then dbms_output.put_line('inner handled');
  end;
  insert into t values (12, 'c');
  dbms_output.put_line('after');
end;
/
",
    );
    ok(&s);
    assert_eq!(output(&s), ["inner handled", "after"]);
    assert_eq!(count(&mut e), "6");
}

#[test]
fn an_unhandled_error_undoes_the_whole_block_sqlplus_sent() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "declare
  v number;
begin
  insert into t values (20, 'b');
  update t set pad = 'y' where n = 1;
  select n into v from t where n = 99;
end;
/
",
    );
    let err = s[0].error.as_ref().expect("fails");
    assert_eq!(err.code, "ORA-01403");
    assert!(err.message.ends_with("ORA-06512: at line 6"), "{}", err.message);
    // Worked out: the INSERT and the UPDATE ran, then the SELECT failed
    // with no handler: the block's implicit savepoint is rolled back to,
    // so the table is as before: 3 rows, none 'y'.
    assert_eq!(count(&mut e), "3");
    assert_eq!(text_rows(&mut e, "select count(*) from t where pad = 'y';")[0][0], "0");
    // The transaction before the block stays: a row inserted by SQL*Plus
    // before it is kept (only the block's work is undone).
    let s = e.exec(
        "insert into t values (30, 'z');
begin
  insert into t values (31, 'z');
  insert into t values (1, 'dup');
end;
/
",
    );
    assert_eq!(error_of(&s[1]).0, "ORA-00001");
    assert_eq!(count(&mut e), "4");
}

#[test]
fn a_stored_procedures_work_stays_when_its_caller_handles_the_error() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    ok(&e.exec(
        "create or replace procedure p is
begin
  insert into t values (40, 'p');
  insert into t values (1, 'dup');
end;
/
create or replace procedure q is
  v number;
begin
  select n into v from t where n = 99;
exception
  when no_data_found then
    dbms_output.put_line('q handled');
end;
/
",
    ));
    // Kyte's demonstration: P's first INSERT stays when the caller's
    // handler ignores the error; the failing INSERT alone is undone.
    let s = e.exec(
        "begin
  p;
exception
  when others then dbms_output.put_line('p failed: ' || sqlerrm);
end;
/
begin
  q;
  dbms_output.put_line('after q');
end;
/
",
    );
    ok(&s);
    assert_eq!(output(&s), ["p failed: ORA-00001: unique constraint (LAB.T_PK) violated", "q handled", "after q"]);
    assert_eq!(count(&mut e), "4");
    // Unhandled: the block SQL*Plus sent is undone, P's first INSERT too.
    ok(&e.exec("delete from t where n = 40;\ncommit;\n"));
    let s = e.exec("begin p; end;\n/\n");
    let err = s[0].error.as_ref().expect("fails");
    assert_eq!(err.code, "ORA-00001");
    // P's line 4 (its source starts at PROCEDURE), then the block's line 1.
    assert!(err.message.ends_with("ORA-06512: at \"LAB.P\", line 4\nORA-06512: at line 1"), "{}", err.message);
    assert_eq!(count(&mut e), "3");
}

#[test]
fn handler_misuse_is_a_compile_error_and_refusals_are_not_caught() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "begin
  null;
exception
  when others then null;
  when no_data_found then null;
end;
/
begin
  null;
exception
  when no_data_found then null;
  when zero_divide or no_data_found then null;
end;
/
begin
  null;
exception
  when foo then null;
end;
/
",
    );
    let msgs: Vec<String> = s.iter().map(|x| x.error.as_ref().expect("fails").message.clone()).collect();
    assert!(msgs[0].contains("PLS-00370: OTHERS handler must be last among the exception handlers of a block"));
    assert!(msgs[1].contains("PLS-00483: exception 'NO_DATA_FOUND' may appear in at most one exception handler"));
    assert!(msgs[2].contains("PLS-00201: identifier 'FOO' must be declared"));
    // A lab refusal is no Oracle error: OTHERS does not catch it.
    let s = e.exec(
        "begin
  dbms_job.broken(1, true);
exception
  when others then dbms_output.put_line('caught');
end;
/
",
    );
    assert!(error_of(&s[0]).0.starts_with("LAB-"));
    assert!(output(&s).is_empty());
}

#[test]
fn user_declared_exceptions_raise_and_re_raise() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "declare
  e exception;
  dup exception;
  pragma exception_init(dup, -1);
  app exception;
  pragma exception_init(app, -20001);
begin
  begin
    raise e;
  exception
    when e then dbms_output.put_line('e ' || sqlcode || ' ' || sqlerrm);
  end;
  begin
    raise e;
  exception
    when no_data_found then dbms_output.put_line('wrong');
    when others then dbms_output.put_line('others ' || sqlcode);
  end;
  begin
    insert into t values (1, 'dup');
  exception
    when dup then dbms_output.put_line('init ' || sqlcode || ' ' || sqlerrm);
  end;
  begin
    raise app;
  exception
    when app then dbms_output.put_line('app ' || sqlcode || ' [' || sqlerrm || ']');
  end;
  begin
    raise no_data_found;
  exception
    when no_data_found then dbms_output.put_line('ndf ' || sqlcode);
  end;
  begin
    begin
      insert into t values (2, 'dup');
    exception
      when dup_val_on_index then
        dbms_output.put_line('inner logs');
        raise;
    end;
  exception
    when others then dbms_output.put_line('outer ' || sqlerrm);
  end;
end;
/
",
    );
    ok(&s);
    assert_eq!(
        output(&s),
        [
            "e 1 User-Defined Exception",
            "others 1",
            "init -1 ORA-00001: unique constraint (LAB.T_PK) violated",
            "app -20001 [ORA-20001: ]",
            "ndf 100",
            "inner logs",
            "outer ORA-00001: unique constraint (LAB.T_PK) violated",
        ]
    );
    // Unhandled: ORA-06510 at the RAISE's line; a re-raise is reported at
    // the RAISE in the handler.
    let s = e.exec(
        "declare
  e exception;
begin
  raise e;
end;
/
declare
  v number;
begin
  select n into v from t where n = 99;
exception
  when no_data_found then
    dbms_output.put_line('logged');
    raise;
end;
/
",
    );
    let msg = |i: usize| format!("{}: {}", s[i].error.as_ref().unwrap().code, s[i].error.as_ref().unwrap().message);
    assert_eq!(msg(0), "ORA-06510: PL/SQL: unhandled user-defined exception\nORA-06512: at line 4");
    assert_eq!(msg(1), "ORA-01403: no data found\nORA-06512: at line 8");
    assert_eq!(output(&s), ["logged"]);
}

#[test]
fn raise_application_error_as_the_client_prints_it() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "begin
  raise_application_error(-20001, 'Salary too low');
end;
/
begin
  raise_application_error(-20999, 'caught');
exception
  when others then dbms_output.put_line(sqlcode || ' ' || sqlerrm);
end;
/
begin
  raise_application_error(-1, 'out of range');
end;
/
create or replace procedure check_it(n number) is
  too_big exception;
begin
  if n > 10 then
    raise too_big;
  end if;
end;
/
begin
  check_it(11);
exception
  when others then dbms_output.put_line('caller ' || sqlcode || ' ' || sqlerrm);
end;
/
",
    );
    let msg = |i: usize| format!("{}: {}", s[i].error.as_ref().unwrap().code, s[i].error.as_ref().unwrap().message);
    assert_eq!(msg(0), "ORA-20001: Salary too low\nORA-06512: at line 2");
    assert!(s[1].error.is_none());
    assert_eq!(
        msg(2),
        "ORA-21000: error number argument to raise_application_error of -1 is out of range\nORA-06512: at line 2"
    );
    assert!(s[3].error.is_none() && s[4].error.is_none());
    assert_eq!(output(&s), ["-20999 ORA-20999: caught", "caller 1 User-Defined Exception"]);
}

#[test]
fn raise_and_exception_init_misuse_are_compile_errors() {
    let mut e = quiet_engine();
    let s = e.exec(
        "begin
  raise;
end;
/
declare
  e exception;
  pragma exception_init(nope, -1);
begin
  null;
end;
/
declare
  e exception;
  pragma exception_init(e, 5);
begin
  null;
end;
/
begin
  raise not_declared;
end;
/
",
    );
    let msgs: Vec<String> = s.iter().map(|x| x.error.as_ref().expect("fails").message.clone()).collect();
    assert!(msgs[0].contains("PLS-00367: a RAISE statement with no exception name must be inside an exception handler"));
    assert!(msgs[1].contains("PLS-00109: unknown exception name 'NOPE' in PRAGMA EXCEPTION_INIT"));
    assert!(msgs[2].contains("PLS-00701: illegal ORACLE error number 5 for PRAGMA EXCEPTION_INIT"));
    assert!(msgs[3].contains("PLS-00201: identifier 'NOT_DECLARED' must be declared"));
}

/// SQLCODE and SQLERRM outside a handler: 0 and `ORA-0000: normal,
/// successful completion` (PL/SQL Language Reference, "SQLCODE Function",
/// "SQLERRM Function", every release from 7 to 23), in a stored program
/// too; a handler's end clears them (muzso's block:
/// tests/articles/muzso-sqlcode-scope.sql).
#[test]
fn sqlcode_and_sqlerrm_outside_a_handler() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "create or replace procedure show_code as
begin
  dbms_output.put_line(sqlcode || ' ' || sqlerrm);
end;
/
begin
  dbms_output.put_line('SQLCODE: ' || sqlcode || ', SQLERRM: ' || sqlerrm);
  show_code;
  raise no_data_found;
exception
  when no_data_found then show_code;
end;
/
begin
  show_code;
end;
/
",
    );
    ok(&s);
    // A program called from a handler reads its caller's exception.
    assert_eq!(
        output(&s),
        [
            "SQLCODE: 0, SQLERRM: ORA-0000: normal, successful completion",
            "0 ORA-0000: normal, successful completion",
            "100 ORA-01403: no data found",
            "0 ORA-0000: normal, successful completion",
        ]
    );
}

/// `SQLERRM(n)`: 0 the normal completion, +100 and -1403 ORA-01403's
/// message, a negative number its ORA- message (the 11.2 Language
/// Reference's example: `SQLERRM(-6511): ORA-06511: PL/SQL: cursor
/// already open`), a positive one other than 100 `-n: non-ORACLE
/// exception` (11.1+) or `User-Defined Exception` (10.2's reference). A
/// message the lab does not have whole is refused, not guessed.
#[test]
fn sqlerrm_of_a_number() {
    let block = "begin
  dbms_output.put_line(sqlerrm(0));
  dbms_output.put_line(sqlerrm(100));
  dbms_output.put_line(sqlerrm(-1403));
  dbms_output.put_line('SQLERRM(-6511): ' || to_char(sqlerrm(-6511)));
  dbms_output.put_line(sqlerrm(1403));
end;
/
";
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(block);
    ok(&s);
    let first = [
        "ORA-0000: normal, successful completion",
        "ORA-01403: no data found",
        "ORA-01403: no data found",
        "SQLERRM(-6511): ORA-06511: PL/SQL: cursor already open",
    ];
    assert_eq!(output(&s)[..4], first);
    assert_eq!(output(&s)[4], "-1403: non-ORACLE exception");
    let mut old = quiet_engine();
    ok(&old.exec("LAB VERSION 10.2.0.5;"));
    ok(&old.exec(SETUP));
    let s = old.exec(block);
    ok(&s);
    assert_eq!(output(&s)[..4], first);
    assert_eq!(output(&s)[4], "User-Defined Exception");
    // ORA-00001's text has a placeholder; ORA-20001 is no catalogued message.
    for n in ["-1", "-20001", "null", "1.5"] {
        let s = e.exec(&format!("begin dbms_output.put_line(sqlerrm({n})); end;\n/\n"));
        assert_eq!(error_of(&s[0]).0, "LAB-00001", "{n}");
    }
    // Its argument's names are compiled like any expression's.
    let s = e.exec("begin dbms_output.put_line(sqlerrm(nosuch)); end;\n/\n");
    assert!(s[0].error.as_ref().unwrap().message.contains("PLS-00201: identifier 'NOSUCH' must be declared"));
}

/// SQLCODE and SQLERRM are PL/SQL functions: a SQL statement does not know
/// them (`ORA-00904: "SQLERRM": invalid identifier`; the Language Reference:
/// "A SQL statement cannot invoke SQLERRM").
#[test]
fn sqlcode_in_a_sql_statement_is_an_invalid_identifier() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "begin
  raise no_data_found;
exception
  when others then update t set pad = substr(sqlerrm, 1, 10) where n = 1;
end;
/
",
    );
    let msg = &s[0].error.as_ref().unwrap().message;
    assert!(msg.contains("PL/SQL: ORA-00904: \"SQLERRM\": invalid identifier"), "{msg}");
}
