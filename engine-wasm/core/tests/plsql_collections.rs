//! PL/SQL collections (issue 33): `TYPE t IS TABLE OF x [INDEX BY
//! PLS_INTEGER]`, `DBMS_SQL.VARCHAR2_TABLE`, `t(i)`, `.COUNT/.FIRST/.LAST`,
//! `.DELETE/.EXTEND/.TRIM`, `FETCH ... BULK COLLECT INTO ... LIMIT n` (n
//! rows a fetch call) and `FORALL i IN lo .. hi INSERT` as one execution
//! with the collection bound as an array (the write path's array insert,
//! as INSERT ... SELECT). Oracle's errors: ORA-01403 for a missing element
//! of an associative array, ORA-06531 for a nested table never filled,
//! ORA-06533 past its COUNT.

mod common;
use common::*;

fn output(steps: &[lio_core::StepOut]) -> Vec<String> {
    steps.iter().flat_map(|s| s.output.clone()).collect()
}

fn code(s: &lio_core::StepOut) -> Option<String> {
    s.error.as_ref().map(|e| e.code.clone())
}

#[test]
fn element_access_methods_and_errors() {
    let mut e = quiet_engine();
    let s = e.exec(
        "set serveroutput on
declare
  type aa is table of varchar2(10) index by pls_integer;
  a aa;
  t dbms_sql.number_table;
begin
  a(5) := 'five';
  a(-2) := 'm2';
  dbms_output.put_line(a.count || ' ' || a.first || ' ' || a.last || ' ' || a(5) || a(-2));
  a.delete(5);
  dbms_output.put_line(a.count || ' ' || a.last);
  a.delete;
  dbms_output.put_line(a.count || '|' || a.first || '|');
  for i in 1 .. 3 loop
    t(i) := i * 10;
  end loop;
  dbms_output.put_line(t(1) + t(2) + t(3));
end;
/
declare
  type nt is table of number;
  n nt;
begin
  dbms_output.put_line(n.count);
end;
/
declare
  type aa is table of varchar2(10) index by pls_integer;
  a aa;
begin
  a(1) := 'x';
  dbms_output.put_line(a(2));
end;
/
declare
  type nt is table of number;
  n nt;
  cursor c is select 1 from dual;
begin
  open c;
  fetch c bulk collect into n;
  close c;
  n.extend;
  n(2) := 7;
  dbms_output.put_line(n.count || ' ' || n(1) || ' ' || n(2));
  n(3) := 1;
end;
/
",
    );
    // The last block's line before its error is shown with the error, as
    // SQL*Plus shows a failed block's DBMS_OUTPUT (Kyte's "I fired and
    // updated 1 rows" lines above `ERROR at line 1:`,
    // tests/articles/kyte-procedure-level-atomicity-12c.sql).
    assert_eq!(output(&s), ["2 -2 5 fivem2", "1 -2", "0||", "60", "2 1 7"]);
    assert_eq!(code(&s[1]), None);
    assert_eq!(code(&s[2]).as_deref(), Some("ORA-06531"));
    assert_eq!(code(&s[3]).as_deref(), Some("ORA-01403"));
    assert_eq!(code(&s[4]).as_deref(), Some("ORA-06533"));
}

#[test]
fn bulk_collect_limit_fetches_n_rows_a_call() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (n number, pad varchar2(10));
insert into t select rownum, 'x' from xmltable('1 to 10');
commit;
set serveroutput on",
    ));
    let s = e.exec(
        "declare
  type nt is table of number;
  v nt;
  cursor c is select n from t;
begin
  open c;
  loop
    fetch c bulk collect into v limit 4;
    dbms_output.put_line(v.count || ' rows, last ' || v(v.count) || ', rowcount ' || c%rowcount
      || case when c%notfound then ' notfound' end);
    exit when c%notfound;
  end loop;
  close c;
end;
/
declare
  type nt is table of number;
  v nt;
  cursor c is select n from t;
begin
  open c;
  fetch c bulk collect into v;
  close c;
  dbms_output.put_line(v.count);
end;
/
",
    );
    ok(&s);
    // 10 rows 4 a call: 4, 4, then 2 (fewer than asked: %NOTFOUND).
    assert_eq!(
        output(&s),
        ["4 rows, last 4, rowcount 4", "4 rows, last 8, rowcount 8", "2 rows, last 10, rowcount 10 notfound", "10"]
    );
    // Worked out (the lab's full scan, as in plsql_cursors.rs): 3 segment
    // header gets, then the one data block once per fetch call that reads
    // a row: 3 calls, 3 gets; one call without LIMIT: 1.
    assert_eq!(stat(&s[0], "consistent gets"), 6);
    assert_eq!(stat(&s[1], "consistent gets"), 4);
}

#[test]
fn forall_is_one_array_execution_like_insert_select() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table src (n number);
insert into src select rownum from xmltable('1 to 100');
create table a (n number, m number);
create table b (n number, m number);
create table c (n number, m number);
commit;",
    ));
    let s = e.exec(
        "declare
  t dbms_sql.number_table;
begin
  for i in 1 .. 100 loop
    t(i) := i;
  end loop;
  forall i in 1 .. t.count
    insert into a (n, m) values (t(i), mod(t(i), 7));
end;
/
insert into b (n, m) select n, mod(n, 7) from src;
declare
  t dbms_sql.number_table;
begin
  for i in 1 .. 100 loop
    t(i) := i;
  end loop;
  for i in 1 .. t.count loop
    insert into c (n, m) values (t(i), mod(t(i), 7));
  end loop;
end;
/
",
    );
    ok(&s);
    let redo: Vec<u64> = (0..3).map(|i| stat(&s[i], "redo entries")).collect();
    let changes: Vec<u64> = (0..3).map(|i| stat(&s[i], "db block changes")).collect();
    // Worked out: 100 short rows fit one block; one execution puts them
    // in as one array (one redo record: the 11.11 array and its 11.12
    // undo), as INSERT ... SELECT does; the loop adds a row a time (100
    // records). Redo entries: 1, 1, 100. Block changes: the array's two
    // (table block and undo block) for INSERT ... SELECT, two a row for the
    // loop; the FORALL's one change more than INSERT ... SELECT is not
    // explained yet (left as found).
    assert_eq!(redo, [1, 1, 100], "{redo:?} {changes:?}");
    assert_eq!(changes, [3, 2, 200], "{redo:?} {changes:?}");
    let rows = e.exec("select count(*), sum(n), sum(m) from a;");
    ok(&rows);
    assert_eq!(row_strings(&rows[0]), ["100|5050|297"]);
}

#[test]
fn morgans_clustering_factor_load_runs_as_published() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/articles/morgan-clustering-factor-bulk-load.sql"
    ))
    .unwrap();
    let mut e = quiet_engine();
    let s = e.exec(&text);
    ok(&s);
    let last = s.last().unwrap();
    // 91,467 rows (the lab's DBA_OBJECTS): 365 calls of 250 and one of
    // 217; DOC_ID from the sequence, PERSON_ID its MOD 233.
    assert_eq!(row_strings(last), ["91467|91467|1|91467|0|232"]);
}
