//! The session timeline's states follow the wait events the step books:
//! each state a session waits in is named as V$SESSION_EVENT names the
//! event, and its time over the sessions' lanes is the time of that event
//! in the sessions' waits. On a cell the single-block reads are `cell
//! single block physical read`, not `db file sequential read` (the lane
//! used to hold every cell and flash cache read, and DBWR's `db file
//! parallel write`, under the label `db file sequential read`).

mod common;
use common::*;
use lio_core::result::SessionOut;
use lio_core::trace::contract::TIMELINE_STATES;
use lio_core::StepOut;

/// The wait events a timeline state holds (none for CPU and the run queue).
fn events_of(label: &str) -> Vec<&str> {
    match label {
        "CPU" | "CPU run queue" => vec![],
        "direct path read/write temp" => vec!["direct path read temp", "direct path write temp"],
        l => vec![l],
    }
}

fn lane_us(sessions: &[SessionOut], state: u8) -> f64 {
    sessions.iter().flat_map(|s| s.timeline.iter()).filter(|t| t.2 == state).map(|t| t.1 - t.0).sum()
}

fn waits_us(sessions: &[SessionOut], event: &str) -> f64 {
    sessions.iter().map(|s| s.waits.get(event).map_or(0.0, |w| w.time_us)).sum()
}

/// Every state's time over the lanes is its events' time in the sessions'
/// waits, and every event the sessions wait on (but the constant `SQL*Net
/// message to client`, a part of the call) has its state.
fn states_match_waits(s: &StepOut) -> Vec<(&'static str, f64)> {
    let sessions = s.sessions.as_deref().expect("per-session figures");
    assert!(sessions.len() >= 4);
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for st in TIMELINE_STATES {
        let lane = lane_us(sessions, st.value as u8);
        let events = events_of(st.label);
        if events.is_empty() {
            continue;
        }
        let waited: f64 = events.iter().map(|e| waits_us(sessions, e)).sum();
        // The lanes' ends are printed to the nanosecond (3 decimals of a
        // microsecond) and the clock runs on a 2^-10 us grid, so each
        // interval's printed length may be off by up to 0.001 us.
        let intervals = sessions.iter().flat_map(|s| s.timeline.iter()).filter(|t| t.2 == st.value as u8).count();
        assert!(
            (lane - waited).abs() <= 1e-6 * waited.max(1.0) + 1e-3 * (intervals as f64 + 1.0),
            "state `{}`: {lane} us in the lanes, {waited} us in the sessions' waits",
            st.label
        );
        seen.extend(events);
        out.push((st.label, lane));
    }
    for sess in sessions {
        for (event, w) in &sess.waits {
            if event == "SQL*Net message to client" || w.time_us == 0.0 {
                continue;
            }
            assert!(seen.contains(&event.as_str()), "session {} waits on `{event}`, which no state holds", sess.sid);
        }
        assert!(!sess.waits.contains_key("db file parallel write"), "DBWR's write is no session's wait");
    }
    out
}

fn state(states: &[(&str, f64)], label: &str) -> f64 {
    states.iter().find(|(l, _)| *l == label).map_or(0.0, |(_, us)| *us)
}

#[test]
fn a_cell_workload_has_a_state_per_cell_read_event() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "LAB DEVICE c TYPE exadata_cell;\n\
         create tablespace t_ts datafile '+C' size 10g;\n\
         create table k (id number, pad varchar2(1000)) tablespace t_ts;\n\
         create unique index k_id on k (id) tablespace t_ts;\n\
         insert into k select rownum, rpad('x', 1000, 'x') from dual connect by level <= 2000;\n\
         commit;\n\
         alter system flush buffer_cache;\n\
         LAB RUN 'select pad from k where id = :1' BIND 1 TO 400 VIA plsql SESSIONS 4;\n\
         alter system flush buffer_cache;\n\
         LAB RUN 'select /*+ full(k) */ count(pad) from k where id > :1' BIND 1 TO 8 VIA plsql SESSIONS 4;",
    );
    ok(&steps);
    let lookups = &steps[7];
    let st = states_match_waits(lookups);
    assert!(state(&st, "cell single block physical read") > 0.0, "{st:?}");
    assert_eq!(state(&st, "db file sequential read"), 0.0, "a cell's reads are not db file sequential read");
    let scans = steps.last().unwrap();
    let st = states_match_waits(scans);
    let cell: f64 = ["cell multiblock physical read", "cell smart table scan", "cell single block physical read"]
        .iter()
        .map(|l| state(&st, l))
        .sum();
    assert!(cell > 0.0, "{st:?}");
    assert_eq!(state(&st, "db file sequential read") + state(&st, "db file scattered read"), 0.0);
}

#[test]
fn an_hdd_workload_books_its_states_as_its_waits() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "create table t (id number primary key, n number, pad varchar2(200));\n\
         insert into t select rownum, 0, rpad('x', 200, 'x') from dual connect by level <= 5000;\n\
         commit;\n\
         alter system flush buffer_cache;\n\
         LAB RUN 'select pad from t where id = :1' BIND 1 TO 600 VIA jdbc_thin SESSIONS 6;\n\
         LAB RUN 'update t set n = n + 1 where id = :1' BIND 1 TO 60 VIA jdbc_thin SESSIONS 6 AUTOCOMMIT;",
    );
    ok(&steps);
    let st = states_match_waits(&steps[4]);
    assert!(state(&st, "db file sequential read") > 0.0, "{st:?}");
    assert_eq!(state(&st, "cell single block physical read"), 0.0);
    let st = states_match_waits(&steps[5]);
    assert!(state(&st, "log file sync") > 0.0, "{st:?}");
}
