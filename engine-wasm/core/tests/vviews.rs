//! The dynamic performance views over the engine's own counters: a query
//! of V$MYSTAT before and after a statement gives the statement's delta,
//! V$SESSTAT sees every session, V$SYSSTAT sums them (and ended ones),
//! V$SQL counts executions and gets per SQL text.

mod common;
use common::*;
use lio_core::Engine;

const SETUP: &str = "create table t (id number primary key, v varchar2(10));
insert into t select rownum, 'x'||rownum from xmltable('1 to 1000');
commit;
";

fn value(e: &mut Engine, sql: &str) -> f64 {
    let s = e.exec(sql);
    ok(&s);
    assert_eq!(s[0].rows.len(), 1, "one row from {sql}: {:?}", s[0].rows);
    s[0].rows[0].last().unwrap().as_f64().unwrap()
}

const MY_GETS: &str = "select s.value from v$mystat s, v$statname n
 where n.statistic# = s.statistic# and n.name = 'consistent gets';";

#[test]
fn mystat_before_and_after_gives_the_statements_delta() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    // Parsed once already: the second run is a soft parse, no dictionary gets.
    ok(&e.exec("select * from t where id = 42;"));
    let before = value(&mut e, MY_GETS);
    let s = e.exec("select * from t where id = 42;");
    ok(&s);
    let after = value(&mut e, MY_GETS);
    // Reading a fixed table visits no buffer: the delta is the query's own.
    assert_eq!(after - before, stat(&s[0], "consistent gets") as f64);
    // Root, leaf (1,000 keys need two leaves) and the table block.
    assert_eq!(after - before, 3.0);
}

#[test]
fn fixed_tables_are_read_without_buffer_gets_and_named_as_oracle_does() {
    let mut e = quiet_engine();
    ok(&e.exec("select count(*) from v$statname;"));
    let s = e.exec("select count(*) from v$statname;");
    ok(&s);
    assert_eq!(stat(&s[0], "consistent gets"), 0);
    let ops: Vec<String> =
        s[0].plan.iter().map(|l| format!("{} {}", l.operation, l.name.clone().unwrap_or_default())).collect();
    assert_eq!(ops, ["SELECT STATEMENT ", "SORT AGGREGATE ", "FIXED TABLE FULL X$KSUSD"]);
    let e2 = e.exec("select * from v$nonsense;");
    assert_eq!(e2[0].error.as_ref().unwrap().code, "LAB-00001");
}

#[test]
fn sesstat_sees_other_sessions_and_sysstat_sums_them() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    ok(&e.exec("LAB SESSION 2;\nselect count(*) from t;\nLAB SESSION 1;"));
    let sid2 = e.session_number(2).unwrap().sid;
    let other = value(
        &mut e,
        &format!(
            "select s.value from v$sesstat s, v$statname n where n.statistic# = s.statistic#
              and n.name = 'table scan rows gotten' and s.sid = {sid2};"
        ),
    );
    assert_eq!(other, 1000.0);
    let mine = value(
        &mut e,
        "select s.value from v$mystat s, v$statname n where n.statistic# = s.statistic# and n.name = 'table scan rows gotten';",
    );
    let sys = value(&mut e, "select s.value from v$sysstat s where s.name = 'table scan rows gotten';");
    assert_eq!(sys, mine + other);
    // A session that disconnects leaves its figures in V$SYSSTAT.
    ok(&e.exec("LAB SESSION 2;\nconnect lab/lab\nLAB SESSION 1;"));
    let sys2 = value(&mut e, "select s.value from v$sysstat s where s.name = 'table scan rows gotten';");
    assert_eq!(sys2, sys);
}

#[test]
fn sql_counts_executions_and_gets_per_text_with_oracles_sql_id() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    ok(&e.exec("LAB RUN 'select v from t where id = :1' BIND 1 TO 100 VIA jdbc_thin;"));
    let s = e.exec("select sql_id, executions, buffer_gets, rows_processed from v$sql where sql_text = 'select v from t where id = :1';");
    ok(&s);
    assert_eq!(s[0].rows.len(), 1);
    let r = &s[0].rows[0];
    assert_eq!(r[1].as_f64(), Some(100.0));
    // Unique index probe (root/branch + leaf) and the table block: 3 gets
    // per lookup on a 500-row table (a one-level index: 2 + 1).
    assert_eq!(r[3].as_f64(), Some(100.0));
    assert!(r[2].as_f64().unwrap() >= 200.0, "{r:?}");
    assert_eq!(r[0].as_str().unwrap().len(), 13);
}

#[test]
fn sys_context_sid_is_the_sessions_sid() {
    let mut e = quiet_engine();
    let sid = e.session().sid;
    let s = e.exec("select sys_context('USERENV', 'SID') from dual;");
    ok(&s);
    assert_eq!(s[0].rows[0][0].as_str(), Some(sid.to_string().as_str()));
    let bad = e.exec("select sys_context('USERENV', 'NO_SUCH') from dual;");
    assert_eq!(bad[0].error.as_ref().unwrap().code, "ORA-02003");
}

#[test]
fn waits_and_latches_are_the_sessions_and_the_instances() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    ok(&e.exec("select * from t where id = 7;"));
    let gets = value(&mut e, "select gets from v$latch where name = 'cache buffers chains';");
    assert!(gets > 0.0);
    let rt = value(
        &mut e,
        "select s.value from v$mystat s, v$statname n where n.statistic# = s.statistic# and n.name = 'SQL*Net roundtrips to/from client';",
    );
    let sid = e.session().sid;
    let waits = value(
        &mut e,
        &format!("select total_waits from v$session_event where event = 'SQL*Net message to client' and sid = {sid};"),
    );
    // Each SQL*Plus query is two round trips (execute + fetch), after the
    // view's rows were taken at its execute.
    assert_eq!(waits, rt + 2.0);
    let hist =
        value(&mut e, "select sum(wait_count) from v$event_histogram where event = 'SQL*Net message to client';");
    assert_eq!(hist, waits + 2.0);
}

#[test]
fn vsql_buffer_gets_of_an_update_count_its_changes() {
    // V$SQL.BUFFER_GETS is the whole statement's consistent gets plus db
    // block gets: an UPDATE's current-mode gets of the blocks it changes
    // and its undo are in it, not only the gets of the query that found the
    // rows.
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec("update t set v = 'y' where id <= 100;");
    ok(&s);
    let (cr, cu) = (stat(&s[0], "consistent gets"), stat(&s[0], "db block gets"));
    assert!(cu > 0, "the update gets its blocks in current mode");
    let gets = value(
        &mut e,
        "select buffer_gets from v$sql where sql_text like 'update t set v%' and sql_text not like '%v$sql%';",
    );
    assert_eq!(gets, (cr + cu) as f64);
}
