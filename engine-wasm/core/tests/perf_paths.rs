//! The per-execution path of a cached statement (issue 29's sample at a
//! DBA's scale, issue 37's speed): a cursor borrowed from the session's
//! cache, one wait breakdown per turn, rows and undo records built in
//! kept vectors, PL/SQL static SQL without copies of the variable names.
//! What these touched must behave as before.
mod common;
use common::*;

const SETUP: &str = "create table pp (id number primary key, v number, s varchar2(10));
insert into pp select level, 0, 'x' from dual connect by level <= 100;
create table pp2 (id number primary key, v number);
insert into pp2 select level, 0 from dual connect by level <= 100;
commit;
";

/// A run's counters (CPU and DB time are rounded from the session's
/// running totals to centiseconds: a run's share may differ by one).
fn counters(m: &std::collections::BTreeMap<String, u64>) -> Vec<(&String, &u64)> {
    m.iter().filter(|(k, _)| !matches!(k.as_str(), "CPU used by this session" | "DB time")).collect()
}

/// A cached cursor executed again and again: every run after the first
/// (which parses) has the same statistics and time.
#[test]
fn cached_update_cursor_runs_alike() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec("LAB RUN 'update pp set v = v + 1 where id = mod(:1, 100) + 1' BIND 1 TO 200 RUNS 3 AUTOCOMMIT;");
    ok(&s);
    let runs = s[0].runs.as_ref().expect("runs");
    assert_eq!(runs.len(), 3);
    assert_eq!(counters(&runs[1].stats), counters(&runs[2].stats));
    assert_eq!(runs[1].stats.get("parse count (hard)").copied().unwrap_or(0), 0);
    assert_eq!(runs[1].stats.get("execute count"), Some(&200));
    // 600 updates of 100 rows: each row + 6.
    let q = e.exec("select sum(v), min(v), max(v) from pp;");
    ok(&q);
    assert_eq!(q[0].rows[0], vec![serde_json::json!(600), serde_json::json!(6), serde_json::json!(6)]);
}

/// The same query cursor through a loop of lookups: cached after its
/// first parse, same rows and gets on every run.
#[test]
fn cached_query_cursor_runs_alike() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec("LAB RUN 'select v from pp where id = :1' BIND 1 TO 100 RUNS 3;");
    ok(&s);
    let runs = s[0].runs.as_ref().expect("runs");
    assert_eq!(counters(&runs[1].stats), counters(&runs[2].stats));
    assert_eq!(runs[1].stats.get("parse count (hard)").copied().unwrap_or(0), 0);
    assert_eq!(s[0].rows_processed, 300);
}

/// An update's old values go to the undo record in a box an ended
/// transaction left (kept per transaction); a rollback after that still
/// restores the old values, on tables of different widths.
#[test]
fn recycled_undo_rolls_back() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    ok(&e.exec(
        "update pp set v = 10 where id = 1; commit; update pp set v = 20, s = 'y' where id = 2;
        update pp2 set v = 30 where id = 3; rollback;",
    ));
    let q = e.exec("select id, v, s from pp where id in (1, 2) order by id; select v from pp2 where id = 3;");
    ok(&q);
    assert_eq!(q[0].rows[0], vec![serde_json::json!(1), serde_json::json!(10), serde_json::json!("x")]);
    assert_eq!(q[0].rows[1], vec![serde_json::json!(2), serde_json::json!(0), serde_json::json!("x")]);
    assert_eq!(q[1].rows[0], vec![serde_json::json!(0)]);
    // Many single-row transactions, then one that changes several rows and
    // rolls back: every row as it was committed.
    ok(&e.exec(
        "LAB RUN 'update pp set v = v + 1 where id = :1' BIND 1 TO 100 AUTOCOMMIT;
        update pp set v = -1 where id <= 5; update pp2 set v = -1; rollback;",
    ));
    let q = e.exec("select count(*) from pp where v < 1; select count(*) from pp2 where v <> 0;");
    ok(&q);
    assert_eq!(q[0].rows[0], vec![serde_json::json!(0)]);
    assert_eq!(q[1].rows[0], vec![serde_json::json!(0)]);
}

/// PL/SQL static SQL binds the innermost variable of a name (its names
/// are no longer copied per execution): a SELECT INTO and a cursor FOR
/// loop in a loop, with a shadowing block.
#[test]
fn plsql_static_sql_binds_innermost() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    ok(&e.exec("update pp set v = id * 10; commit; set serveroutput on"));
    let s = e.exec(
        "declare
  k number := 1;
  n number;
  total number := 0;
begin
  for i in 1 .. 3 loop
    select v into n from pp where id = k + i;
    total := total + n;
    for k in 10 .. 10 loop
      select v into n from pp where id = k + i;
      total := total + n;
    end loop;
  end loop;
  for r in (select v from pp where id <= k + 1) loop
    total := total + r.v;
  end loop;
  dbms_output.put_line(total);
end;
/",
    );
    ok(&s);
    // (20+30+40) + (110+120+130) + (10+20)
    assert_eq!(s[0].output, vec!["480".to_string()]);
}

/// `LAB RUN ... SESSIONS n` of a single-row update: each session's CPU is
/// its turn's time less its waits (worked out once per turn).
#[test]
fn workload_turns_split_cpu_and_waits() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s =
        e.exec("LAB RUN 'update pp set v = v + 1 where id = mod(:1, 100) + 1' BIND 1 TO 400 SESSIONS 4 AUTOCOMMIT;");
    ok(&s);
    let sessions = s[0].sessions.as_ref().expect("sessions");
    assert_eq!(sessions.len(), 4);
    let q = e.exec("select sum(v) from pp;");
    ok(&q);
    assert_eq!(q[0].rows[0], vec![serde_json::json!(400)]);
}
