//! V$SQL's ELAPSED_TIME is the database time of the cursor's calls: the
//! time the session waits for the client between fetches (`SQL*Net message
//! from client`, an idle wait: the network's round trip and the client's
//! think time) is not in it. SQL Monitor's Elapsed time, the same DB
//! time, "doesn't keep count of the time spent passing the data to the
//! client" (<https://hourim.wordpress.com/2018/06/21/sql-monitor-and-parsing/>);
//! DB time is "elapsed time ... spent performing Database user-level calls"
//! (<https://docs.oracle.com/en/database/oracle/oracle-database/21/refrn/V-SESS_TIME_MODEL.html>).

mod common;
use common::*;

fn num(s: &lio_core::StepOut) -> f64 {
    match &s.rows[0][0] {
        serde_json::Value::Number(n) => n.as_f64().unwrap(),
        serde_json::Value::String(t) => t.trim().parse().unwrap(),
        v => panic!("not a number: {v}"),
    }
}

#[test]
fn elapsed_time_leaves_out_the_round_trips_idle_time() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, pad varchar2(50));\n\
         insert into t select level, rpad('x', 50, 'x') from dual connect by level <= 500;\n\
         commit;\n\
         LAB SET network_rtt_us = 2000;\n\
         set arraysize 2",
    ));
    let q = e.exec("select /* slow link */ * from t;");
    ok(&q);
    let step = &q[0];
    let idle = step.waits.get("SQL*Net message from client").expect("round trips waited").time_us;
    assert!(step.stats.get("SQL*Net roundtrips to/from client").copied().unwrap_or(0) > 200);
    assert!(idle > 0.5 * step.elapsed_us, "the link dominates the step: {idle} of {}", step.elapsed_us);
    let s = e.exec("select elapsed_time from v$sql where sql_text like 'select /* slow link */%';");
    ok(&s);
    let elapsed = num(&s[0]);
    // The round trips' 2 ms each are not the cursor's time.
    assert!(
        elapsed < step.elapsed_us - idle + 1.0,
        "ELAPSED_TIME {elapsed} holds the idle {idle} of {}",
        step.elapsed_us
    );
    assert!(elapsed > 0.0);
    let s = e.exec("select cpu_time from v$sql where sql_text like 'select /* slow link */%';");
    assert!(num(&s[0]) <= elapsed + 1.0, "CPU_TIME within ELAPSED_TIME");
}
