//! PL/SQL explicit cursors (issue 33): `CURSOR c [(params)] IS query`,
//! `OPEN`, `FETCH c INTO`, `CLOSE`, `c%FOUND / %NOTFOUND / %ROWCOUNT /
//! %ISOPEN`, `FOR r IN c LOOP`, ORA-01001 and ORA-06511.
//!
//! The mechanism: each FETCH is a fetch call of the cursor. `FETCH c INTO
//! v` takes one row a call; a cursor FOR loop (10g+, plsql_optimize_level
//! 2) takes 100 a call. A call that stops inside a block leaves it, and the
//! next call gets it again: the consistent gets grow with the number of
//! calls. (Steven Feuerstein, "Bulk Processing with BULK COLLECT and
//! FORALL", Oracle Magazine 2012: "the PL/SQL compiler will automatically
//! optimize ... cursor FOR loops ... to retrieve 100 rows with each
//! fetch"; Tom Kyte on asktom, "cursor for loop ... array fetches 100 rows
//! at a time" from 10g.)

mod common;
use common::*;

/// Ten short rows: one table block.
const SETUP: &str = "create table t (n number, pad varchar2(10));
insert into t select rownum, 'x' from xmltable('1 to 10');
commit;
set serveroutput on
";

fn output(steps: &[lio_core::StepOut]) -> Vec<String> {
    steps.iter().flat_map(|s| s.output.clone()).collect()
}

#[test]
fn fetch_into_takes_one_row_a_call_and_the_attributes_follow() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "declare
  cursor c is select n from t;
  v number;
  s number := 0;
begin
  dbms_output.put_line('before ' || case when c%isopen then 'open' else 'closed' end);
  open c;
  dbms_output.put_line('open ' || case when c%isopen then 'Y' else 'N' end || ' ' || c%rowcount
    || ' ' || case when c%found is null then 'null' end);
  loop
    fetch c into v;
    exit when c%notfound;
    s := s + v;
  end loop;
  dbms_output.put_line('sum ' || s || ' rowcount ' || c%rowcount || ' last ' || v);
  close c;
  dbms_output.put_line('after ' || case when c%isopen then 'open' else 'closed' end);
end;
/
declare
  cursor c is select n from t;
begin
  for r in c loop
    null;
  end loop;
end;
/
begin
  for r in (select n from t) loop
    null;
  end loop;
end;
/
",
    );
    ok(&s);
    assert_eq!(output(&s), ["before closed", "open Y 0 null", "sum 55 rowcount 10 last 10", "after closed"]);
    // Fetch calls: ten rows one a call, and the call that finds no more:
    // 11. The FOR loops: one call of up to 100 rows, which finds the end.
    let gets: Vec<u64> = (0..3).map(|i| stat(&s[i], "consistent gets")).collect();
    // Worked out: the segment header reads are the same for all three
    // (3 gets); then the table's one data block is got once by each fetch
    // call that reads a row from it: ten calls, ten gets, against one for
    // the single call of up to 100 rows. The eleventh call finds the scan
    // past the block's last row (as SQL*Plus's calls do in the lab): no
    // get. 3 + 10 = 13 against 3 + 1 = 4.
    assert_eq!(gets, [13, 4, 4]);
    // One cursor (the text PL/SQL makes of each), three executions.
    let v = e.exec("select executions, rows_processed, buffer_gets from v$sql where sql_text = 'SELECT N FROM T';");
    ok(&v);
    assert_eq!(row_strings(&v[0]), ["3|30|21"]);
}

#[test]
fn parameters_defaults_and_a_cursor_opened_again() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "declare
  cursor c(lo number, hi number default 10) is select n from t where n between lo and hi order by n;
  v number;
begin
  open c(8);
  loop
    fetch c into v;
    exit when c%notfound;
    dbms_output.put_line(v);
  end loop;
  close c;
  open c(2, 3);
  loop
    fetch c into v;
    exit when c%notfound;
    dbms_output.put_line('again ' || v || ' #' || c%rowcount);
  end loop;
  close c;
  for r in c(10) loop
    dbms_output.put_line('for ' || r.n);
  end loop;
end;
/
",
    );
    ok(&s);
    assert_eq!(output(&s), ["8", "9", "10", "again 2 #1", "again 3 #2", "for 10"]);
}

#[test]
fn oracles_errors_and_the_refusals() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "declare
  cursor c is select n from t;
  v number;
begin
  fetch c into v;
end;
/
declare
  cursor c is select n from t;
  v number;
begin
  open c;
  loop fetch c into v; exit when c%notfound; end loop;
  open c;
end;
/
declare
  cursor c is select n from t;
  v number;
begin
  close c;
  fetch c into v;
end;
/
declare
  cursor c is select n from t;
  v number;
begin
  v := c%rowcount;
  fetch c into v;
end;
/
declare
  cursor c is select n, pad from t;
  v number;
begin
  open c;
  fetch c into v;
  close c;
end;
/
declare
  cursor c is select n from t;
  v number;
begin
  open c;
  fetch c into v;
  close c;
end;
/
declare
  cursor c is select n from t;
  v number;
begin
  open c;
  fetch c into v;
end;
/
",
    );
    let code = |i: usize| s[i].error.as_ref().map(|e| (e.code.clone(), e.message.clone()));
    // ORA-01001 at a FETCH of a cursor never opened (line 5), at CLOSE,
    // and at reading %ROWCOUNT; ORA-06511 at the second OPEN (line 7).
    assert_eq!(code(0), Some(("ORA-01001".into(), "invalid cursor\nORA-06512: at line 5".into())));
    assert_eq!(code(1), Some(("ORA-06511".into(), "PL/SQL: cursor already open\nORA-06512: at line 7".into())));
    assert_eq!(code(2), Some(("ORA-01001".into(), "invalid cursor\nORA-06512: at line 5".into())));
    assert_eq!(code(3), Some(("ORA-01001".into(), "invalid cursor\nORA-06512: at line 5".into())));
    // More INTO variables or fewer than the cursor's columns: a compile error.
    assert_eq!(
        code(4),
        Some((
            "ORA-06550".into(),
            "line 6, column 3:\nPLS-00394: wrong number of values in the INTO list of a FETCH statement\n\
             ORA-06550: line 6, column 3:\nPL/SQL: SQL Statement ignored"
                .into()
        ))
    );
    // Closed (or left open) before a FETCH found the end: the lab fetched
    // every row at OPEN, Oracle one call: refused.
    for i in [5, 6] {
        assert_eq!(code(i).map(|c| c.0), Some("LAB-00001".into()), "{:?}", code(i));
    }
}

/// `SELECT ... BULK COLLECT INTO t1, t2 FROM ...`: one execution, all the
/// rows in one fetch call, into collections emptied first. Its cursor's text
/// is the query without the BULK COLLECT INTO clause, as for SELECT INTO.
#[test]
fn select_bulk_collect_takes_all_rows_in_one_fetch() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "declare
  type nums is table of number index by pls_integer;
  type strs is table of varchar2(10);
  n nums;
  p strs;
begin
  n(42) := 0;
  select n, pad bulk collect into n, p from t where n > 3 order by n desc;
  dbms_output.put_line(n.count || ' ' || n.first || ' ' || n(1) || ' ' || n(n.last) || ' ' || p(7));
  select n, pad bulk collect into n, p from t where n > 99;
  dbms_output.put_line('none ' || n.count || ' ' || p.count);
end;
/
",
    );
    ok(&s);
    // Seven rows (4 .. 10), descending; the element 42 set before is gone;
    // no row: the collections are empty (no NO_DATA_FOUND).
    assert_eq!(output(&s), ["7 1 10 4 x", "none 0 0"]);
    // Worked out: each execution reads the segment header (3 gets) and the
    // table's one block once in its single fetch call: 4 gets each, 8 for
    // the block, as the cursor FOR loop's one call above.
    assert_eq!(stat(&s[0], "consistent gets"), 8);
    let v = e.exec(
        "select sql_text, executions, rows_processed from v$sql where sql_text like 'SELECT N, PAD FROM T%' order by sql_text;",
    );
    ok(&v);
    assert_eq!(
        row_strings(&v[0]),
        ["SELECT N, PAD FROM T WHERE N > 3 ORDER BY N DESC|1|7", "SELECT N, PAD FROM T WHERE N > 99|1|0"]
    );
}

/// BULK COLLECT's targets must be collections of scalars, as many as the
/// select list's columns; an undeclared one is PLS-00201 as in SELECT INTO.
#[test]
fn select_bulk_collect_errors() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let run = |e: &mut lio_core::Engine, body: &str| {
        let s = e.exec(&format!(
            "declare\n  type nums is table of number;\n  n nums;\n  v number;\nbegin\n  {body}\nend;\n/\n"
        ));
        s[0].error.as_ref().map(|x| format!("{}: {}", x.code, x.message)).unwrap_or_default()
    };
    assert!(run(&mut e, "select n bulk collect into v from t;").starts_with("LAB-00001"));
    // Two columns into one collection: the SQL compiler's ORA-00947 at
    // FROM (line 6 `  select n, pad bulk collect into n from t;`, column 37).
    let narrow = run(&mut e, "select n, pad bulk collect into n from t;");
    assert!(narrow.starts_with("ORA-06550: line 6, column 37:\nPL/SQL: ORA-00947: not enough values"), "{narrow}");
    let undeclared = run(&mut e, "select n bulk collect into nosuch from t;");
    assert!(undeclared.contains("PLS-00201: identifier 'NOSUCH' must be declared"), "{undeclared}");
    assert!(run(&mut e, "execute immediate 'select n from t' bulk collect into n;").starts_with("LAB-00001"));
}
