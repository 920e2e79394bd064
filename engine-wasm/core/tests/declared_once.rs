//! Waits and statistics are declared once (`stats/waits.rs`,
//! `stats/names.rs`) and CPU is read from one ledger (`stats/ledger.rs`):
//! every wait has one class and one lane, every statistic a step reports
//! is spelled as the one list spells it, and a multi-session step's CPU is
//! the same in V$SQL, in the statistics and in the timeline.

mod common;
use common::*;
use lio_core::stats::names::{Pre12c, STATS};
use lio_core::stats::waits::{lane, lane_label, WaitClass, WaitEvent, LANES, WAIT_LANES};
use lio_core::trace::contract::TIMELINE_STATES;

#[test]
fn every_wait_has_one_name_one_class_and_one_lane() {
    for (i, a) in WaitEvent::ALL.iter().enumerate() {
        assert_eq!(*a as usize, i, "{a:?} out of V$EVENT_NAME order");
        for b in &WaitEvent::ALL[i + 1..] {
            assert_ne!(a.name(), b.name(), "{a:?} and {b:?} share a name");
        }
        // A session's wait is drawn in a wait lane; the background
        // processes' writes and `SQL*Net message to client` (no time on
        // the session's clock) in none.
        match a.lane() {
            Some(l) => assert!(WAIT_LANES.contains(&l), "{a:?} in lane {l}, not a wait lane"),
            None => {
                assert!(a.class() == WaitClass::SystemIo || *a == WaitEvent::SqlNetMessageToClient, "{a:?} has no lane")
            }
        }
    }
    // The lanes: indexed by value; CPU and the run queue hold no wait,
    // every other lane at least one, a lane without a label exactly one
    // (it is named after it), and the contract's states are these lanes.
    for (i, l) in LANES.iter().enumerate() {
        assert_eq!(l.value as usize, i);
        let held: Vec<_> = WaitEvent::ALL.into_iter().filter(|e| e.lane() == Some(l.value)).collect();
        if l.value < WAIT_LANES.start {
            assert!(held.is_empty(), "lane {} holds {held:?}", l.name);
        } else if l.label.is_empty() {
            assert_eq!(held.len(), 1, "lane {} is named after its one wait: {held:?}", l.name);
            assert_eq!(lane_label(l.value), held[0].name());
        } else {
            assert!(!held.is_empty(), "lane {} holds no wait", l.name);
        }
        assert_eq!(TIMELINE_STATES[i].value, l.value as u32);
        assert_eq!(TIMELINE_STATES[i].label, lane_label(l.value));
    }
    assert_eq!(TIMELINE_STATES.len(), LANES.len());
    assert_eq!(lane_label(lane::DIRECT_PATH_TEMP), "direct path read/write temp");
    assert_eq!(WaitEvent::CellSmartTableScan.wait_class(), "User I/O");
}

/// Every spelling the list holds (12c and before).
fn spellings() -> Vec<&'static str> {
    let mut v = Vec::new();
    for d in STATS.iter() {
        v.push(d.name);
        if let Pre12c::Named(n) | Pre12c::Fastpath(n) = d.pre12c {
            v.push(n);
        }
    }
    v
}

#[test]
fn the_statistics_list_spells_each_name_once() {
    let mut names = spellings();
    let n = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), n, "a statistic spelled twice");
    for d in STATS.iter() {
        assert!([1, 2, 8, 64, 128].contains(&d.class), "{}: class {}", d.name, d.class);
    }
}

/// Every statistic a step reports, and every row of V$STATNAME, is a
/// spelling from the one list (the 11g names as well as 19c's). `rows
/// processed` is SQL*Plus's line, not a statistic.
#[test]
fn every_statistic_reported_is_spelled_from_the_one_list() {
    let known = spellings();
    for version in ["10.2.0.5", "11.2.0.2", "19.0.0"] {
        let mut e = quiet_engine();
        let steps = e.exec(&format!(
            "LAB VERSION {version};\n\
             create table t (id number primary key, v varchar2(100));\n\
             insert into t select rownum, rpad('x', 100, 'x') from dual connect by level <= 500;\n\
             commit;\n\
             select /*+ index(t) */ v from t where id = 7;\n\
             select count(v) from t;\n\
             select name from v$statname;"
        ));
        ok(&steps);
        for s in &steps {
            for name in s.stats.keys().filter(|n| *n != "rows processed") {
                assert!(known.contains(&name.as_str()), "{version}: `{name}` is not in the list");
            }
        }
        let rows = &steps.last().unwrap().rows;
        assert!(rows.len() > 50, "{version}: V$STATNAME has {} rows", rows.len());
        for r in rows {
            let n = r[0].as_str().unwrap_or_else(|| panic!("{r:?}"));
            assert!(known.contains(&n), "{version}: V$STATNAME's `{n}` is not in the list");
        }
    }
}

#[test]
fn v_sql_cpu_is_the_statistics_cpu_and_the_timelines_cpu() {
    let mut e = quiet_engine();
    // Full scans (a few hundred gets each, CPU in centiseconds per
    // session) and few enough executions that no lane is coarsened.
    let run = "select /*+ full(k) */ count(*) from k where id > :1";
    let steps = e.exec(&format!(
        "create table k (id number primary key, v varchar2(100));\n\
         insert into k select rownum, rpad('x', 100, 'x') from dual connect by level <= 2000;\n\
         commit;\n\
         LAB SET cpu_count = 2;\n\
         LAB RUN '{run}' BIND 1 TO 400 VIA jdbc_thin SESSIONS 4;\n\
         select cpu_time, executions from v$sql where sql_text = '{run}';"
    ));
    ok(&steps);
    let step = &steps[steps.len() - 2];
    let sessions = step.sessions.as_deref().expect("per-session figures");
    let mut timeline_total = 0.0;
    for s in sessions {
        let timeline: f64 = s.timeline.iter().filter(|t| t.2 == lane::CPU).map(|t| t.1 - t.0).sum();
        // The statistic is in centiseconds, rounded.
        let cs = s.stats.get("CPU used by this session").copied().unwrap_or(0) as f64;
        assert!((cs * 1e4 - timeline).abs() <= 5e3 + 1.0, "SID {}: {cs} cs, timeline {timeline} us", s.sid);
        timeline_total += timeline;
    }
    let v = &steps.last().unwrap().rows[0];
    let num = |x: &serde_json::Value| x.as_f64().or_else(|| x.as_str()?.trim().parse().ok()).expect("a number");
    let (cpu, execs) = (num(&v[0]), num(&v[1]));
    assert_eq!(execs, 400.0);
    // V$SQL counts the executions; the timeline also the sessions' first
    // parse of the statement (a few µs each).
    assert!(timeline_total > 200_000.0, "{timeline_total}");
    assert!(
        (cpu - timeline_total).abs() <= 0.001 * timeline_total,
        "V$SQL CPU_TIME {cpu} us, the timelines' CPU {timeline_total} us"
    );
}
