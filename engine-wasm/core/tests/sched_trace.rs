//! Every session of a `LAB RUN ... SESSIONS n` step is traced (issue 30):
//! the trace has a `sid` column, interleaves the sessions' events in time
//! order, keeps the step's own session's events exactly as when it was
//! traced alone, and bounds the others by the step's trace limit (a time
//! window, said in the meta).

mod common;
use common::*;
use lio_core::{Engine, EngineConfig, Trace};

fn script(sessions: u32) -> String {
    format!(
        "create table t (id number primary key, v varchar2(20));\n\
         insert into t select rownum, 'v' || rownum from dual connect by level <= 400;\n\
         commit;\n\
         LAB RUN 'select v from t where id = :1' BIND 1 TO 400 VIA jdbc_thin SESSIONS {sessions};"
    )
}

fn run(config: EngineConfig, sessions: u32) -> (Engine, lio_core::StepOut) {
    let mut e = Engine::new(config);
    let steps = e.exec(&script(sessions));
    ok(&steps);
    let last = steps.last().unwrap().clone();
    (e, last)
}

/// Some columns of a trace: time bits, block, segment, kind, execution.
type Columns = (Vec<u64>, Vec<u32>, Vec<u32>, Vec<u8>, Vec<u32>);

/// The columns of the events of one session, in trace order.
fn of_sid(t: &Trace, sid: u32) -> Columns {
    let sids = t.sid();
    let pick = |i: &usize| sids[*i] == sid;
    let idx: Vec<usize> = (0..t.len()).filter(pick).collect();
    let (ts, blocks, segs, kinds, execs) = (t.t_us(), t.block(), t.segment(), t.kind(), t.exec());
    (
        idx.iter().map(|&i| ts[i].to_bits()).collect(),
        idx.iter().map(|&i| blocks[i]).collect(),
        idx.iter().map(|&i| segs[i]).collect(),
        idx.iter().map(|&i| kinds[i]).collect(),
        idx.iter().map(|&i| execs[i]).collect(),
    )
}

fn own_columns(t: &Trace) -> Columns {
    (t.t_us().iter().map(|v| v.to_bits()).collect(), t.block(), t.segment(), t.kind(), t.exec())
}

#[test]
fn every_session_of_a_sessions_step_is_traced_with_its_sid() {
    let (e, step) = run(EngineConfig::default(), 4);
    let t = e.trace(step.index).expect("a trace");
    let sessions = step.sessions.as_ref().unwrap();
    let meta = t.session_meta();
    assert_eq!(meta.iter().map(|m| m.sid).collect::<Vec<_>>(), sessions.iter().map(|s| s.sid).collect::<Vec<_>>());
    assert!(meta.iter().all(|m| !m.truncated && m.events > 0), "{meta:?}");
    assert_eq!(meta.iter().map(|m| m.events).sum::<usize>(), t.len());
    assert_eq!(t.window_us(), None);
    // The columns: every event has its session; time order across them.
    let sids = t.sid();
    assert_eq!(sids.len(), t.len());
    for m in meta {
        assert_eq!(sids.iter().filter(|&&s| s == m.sid).count(), m.events);
    }
    let ts = t.t_us();
    // (A session's own times may step back by a rounding, 1e-6 us: the
    // merge keeps each session's order, so the interleave does too.)
    assert!(ts.windows(2).all(|w| w[0] <= w[1] + 1e-3), "events in time order");
    // Each session's executions are numbered within the session.
    for (m, s) in meta.iter().zip(sessions) {
        let (_, _, _, _, execs) = of_sid(t, m.sid);
        assert_eq!(*execs.iter().max().unwrap() as u64 + 1, s.executions, "SID {}", m.sid);
    }
    // Stack ids of every session name a stack of the trace's table.
    assert!(t.stack().iter().all(|&s| (s as usize) < t.stacks.len()));
    // The result JSON counts the step's own session's events.
    assert_eq!(step.trace_events, meta[0].events);
    assert_eq!(step.trace_events, t.own_len());
    let json = t.meta_json();
    assert!(json.contains("\"sessions\":[{\"sid\":"), "{}", &json[..json.len().min(300)]);
}

#[test]
fn the_first_session_is_the_trace_it_had_alone() {
    let (e, step) = run(EngineConfig::default(), 4);
    let t = e.trace(step.index).unwrap();
    let first = t.first_session();
    assert_eq!(first.len(), t.own_len());
    assert!(first.session_meta().is_empty());
    assert_eq!(own_columns(&first), of_sid(t, t.sid));
    assert!(first.sid().iter().all(|&s| s == t.sid));
    // Its stacks are the prefix of the table; its meta has no sessions.
    assert!(t.stacks.starts_with(&first.stacks));
    assert!(!first.meta_json().contains("\"sessions\""));
    // Heat: the step's counts every session's visits, the first its own.
    let visits = |t: &Trace| t.heat.iter().map(|h| h.2).sum::<u64>();
    assert!(visits(t) > visits(&first));
}

#[test]
fn a_step_of_one_session_has_no_sessions_in_its_meta() {
    let mut e = Engine::new(EngineConfig::default());
    let steps =
        e.exec("create table t (id number primary key);\ninsert into t values (1);\nselect * from t where id = 1;");
    ok(&steps);
    let t = e.trace(steps.last().unwrap().index).unwrap();
    assert!(t.session_meta().is_empty());
    assert!(!t.meta_json().contains("sessions"));
    assert!(t.sid().iter().all(|&s| s == t.sid));
    assert_eq!(t.own_len(), t.len());
}

/// With a limit between the first session's events and all of them, the
/// others keep their events before one time and say they were cut; the
/// first session's events do not change.
#[test]
fn the_budget_keeps_the_other_sessions_before_a_window() {
    let (e, step) = run(EngineConfig::default(), 4);
    let full = e.trace(step.index).unwrap();
    let (m, n) = (full.own_len(), full.len());
    assert!(n > m + 100);
    let limit = m + (n - m) / 3;
    let (e2, step2) = run(EngineConfig { trace_limit: limit, ..Default::default() }, 4);
    let t = e2.trace(step2.index).unwrap();
    assert!(t.len() <= limit, "{} > {limit}", t.len());
    let w = t.window_us().expect("a window");
    assert!(t.truncated);
    assert_eq!(own_columns(&t.first_session()), own_columns(&full.first_session()));
    let (sids, ts) = (t.sid(), t.t_us());
    for meta in &t.session_meta()[1..] {
        assert!(meta.truncated, "{meta:?}");
        // Every kept event is before the window, and every event of the
        // full trace before it is kept.
        let kept: Vec<f64> = (0..t.len()).filter(|&i| sids[i] == meta.sid).map(|i| ts[i]).collect();
        assert!(kept.iter().all(|&x| x < w));
        let (full_ts, ..) = of_sid(full, meta.sid);
        let before = full_ts.iter().filter(|&&b| f64::from_bits(b) < w).count();
        assert_eq!(kept.len(), before, "SID {}", meta.sid);
    }
    // The step's figures do not depend on the trace.
    assert_eq!(step.stats, step2.stats);
    assert_eq!(step.elapsed_us, step2.elapsed_us);
}

/// A limit the first session fills leaves no room for the others.
#[test]
fn a_full_first_session_leaves_the_others_out() {
    let (e, step) = run(EngineConfig::default(), 2);
    let m = e.trace(step.index).unwrap().own_len();
    let (e2, step2) = run(EngineConfig { trace_limit: m, ..Default::default() }, 2);
    let t = e2.trace(step2.index).unwrap();
    assert_eq!(t.len(), m);
    let meta = t.session_meta();
    assert_eq!((meta[0].events, meta[0].truncated), (m, false));
    assert_eq!((meta[1].events, meta[1].truncated), (0, true));
}

#[test]
fn without_the_trace_no_session_is_recorded() {
    let mut e = quiet_engine();
    let steps = e.exec(&script(4));
    ok(&steps);
    let last = steps.last().unwrap();
    assert_eq!(last.trace_events, 0);
    assert!(e.trace(last.index).is_none());
}

/// The same script interleaves the same way: the trace is deterministic.
#[test]
fn the_interleaving_is_deterministic() {
    let (a, sa) = run(EngineConfig::default(), 3);
    let (b, sb) = run(EngineConfig::default(), 3);
    let (ta, tb) = (a.trace(sa.index).unwrap(), b.trace(sb.index).unwrap());
    assert_eq!(ta.sid(), tb.sid());
    assert_eq!(ta.block(), tb.block());
    assert_eq!(ta.meta_json(), tb.meta_json());
}
