//! PL/SQL's implicit cursor (issue 33): `SQL%ROWCOUNT`, `SQL%FOUND`,
//! `SQL%NOTFOUND` after DML and SELECT INTO, wherever the statement ran
//! (PL/SQL Language Reference, "Implicit Cursor Attribute": the values
//! "always refer to the most recently executed SELECT or DML statement"
//! run from PL/SQL, "which might be in a different scope").

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

#[test]
fn sql_attributes_after_dml_and_select_into() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "declare
  v number;
begin
  dbms_output.put_line('first [' || sql%rowcount || ']');
  update t set pad = 'u' where n <= 2;
  dbms_output.put_line('upd ' || sql%rowcount);
  if sql%found then
    dbms_output.put_line('found');
  end if;
  delete from t where n = 99;
  dbms_output.put_line('del ' || sql%rowcount || ' ' || case when sql%notfound then 'notfound' end);
  insert into t select n + 100, pad from t;
  dbms_output.put_line('ins ' || sql%rowcount);
  select n into v from t where n = 1;
  dbms_output.put_line('sel ' || sql%rowcount);
  begin
    select n into v from t;
  exception
    when too_many_rows then dbms_output.put_line('tmr ' || sql%rowcount);
  end;
  begin
    select n into v from t where n = 99;
  exception
    when no_data_found then
      dbms_output.put_line('ndf ' || sql%rowcount || case when sql%notfound then ' notfound' end);
  end;
  if not sql%isopen then
    dbms_output.put_line('closed');
  end if;
end;
/
",
    );
    ok(&s);
    // Worked out: UPDATE of keys 1 and 2: 2 rows; DELETE of none: 0, not
    // found; INSERT ... SELECT of the 3 rows: 3; SELECT INTO of one: 1;
    // TOO_MANY_ROWS: 1 (Oracle's documented value, not the 6 matching);
    // NO_DATA_FOUND: 0, not found. Before any statement: NULL.
    assert_eq!(
        output(&s),
        ["first []", "upd 2", "found", "del 0 notfound", "ins 3", "sel 1", "tmr 1", "ndf 0 notfound", "closed"]
    );
}

#[test]
fn sql_attributes_follow_the_last_statement_wherever_it_ran() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    ok(&e.exec(
        "create or replace procedure purge is
begin
  delete from t where n >= 2;
end;
/
",
    ));
    let s = e.exec(
        "begin
  update t set pad = 'a';
  purge;
  dbms_output.put_line('after purge ' || sql%rowcount);
end;
/
begin
  update t set pad = 'b';
  commit;
  dbms_output.put_line(sql%rowcount);
end;
/
",
    );
    // The UPDATE changed 3 rows, then PURGE's DELETE 2: the caller reads 2.
    assert_eq!(output(&s), ["after purge 2"]);
    assert!(s[0].error.is_none());
    // After COMMIT: refused (not checked against Oracle).
    assert_eq!(error_of(&s[1]).0, "LAB-00001");
}
