//! The simulated clock is exact (issue 28, "Right or refused"): every
//! duration added to it is a whole number of grid units (2^-10 us), so
//! every reading is one too and every sum of durations and difference of
//! readings is exact below 2^53 units (about 101 days). A script's figures
//! do not depend on where the clock stood when it started. Before, the
//! clock was an f64 of microseconds whose resolution halved at every power
//! of two: write-back-flash-cache's TIME_WAITED_MICRO was 16718080 alone
//! and 16718079 after other scripts.

mod common;
use common::*;
use lio_core::sim::{on_grid, quantise, SimTime, EXACT_US, GRID_PER_US};

/// The grid by hand: 0.1 us is 102.4 units, 102 (0.099609375 us); 1.5 us
/// is 1536 units exactly; half a unit goes to the even neighbour (0 and
/// 2); the sign is kept; a duration already on the grid stays.
#[test]
fn quantise_rounds_to_whole_grid_units() {
    assert_eq!(GRID_PER_US, 1024.0);
    assert_eq!(quantise(0.1), 102.0 / 1024.0);
    assert_eq!(quantise(0.1), 0.099609375);
    assert_eq!(quantise(1.5), 1.5);
    assert_eq!(quantise(0.5 / 1024.0), 0.0);
    assert_eq!(quantise(1.5 / 1024.0), 2.0 / 1024.0);
    assert_eq!(quantise(2.5 / 1024.0), 2.0 / 1024.0);
    assert_eq!(quantise(-0.1), -0.099609375);
    assert_eq!(quantise(8192.0 / 1500.0), 5592.0 / 1024.0);
    assert_eq!(quantise(quantise(0.3)), quantise(0.3));
    assert!(on_grid(quantise(123.456789)) && !on_grid(0.1));
    assert_eq!(quantise(f64::INFINITY), f64::INFINITY);
    // Past 2^51 units (25 days) the slower way rounds alike.
    let long = 3_000_000e6 + 0.3;
    assert_eq!(quantise(long), 3_000_000e6 + 307.0 / 1024.0);
    assert_eq!(quantise(-long), -quantise(long));
}

/// The same 100,000 durations added to the clock at 0 and at 2^30, 2^40
/// and just below the exact range's end give the same span to the last
/// bit; as plain f64 sums they do not.
#[test]
fn a_span_does_not_depend_on_where_the_clock_stood() {
    let durations: Vec<f64> = (0..100_000u32).map(|i| 0.1 + f64::from(i % 97) * 0.37 / 7.0).collect();
    let span = |start: f64| {
        let mut t = SimTime(start);
        for &d in &durations {
            t = t.after(d);
        }
        t.since(SimTime(start))
    };
    let at_zero = span(0.0);
    for start in [2f64.powi(30), 2f64.powi(40), EXACT_US / 2.0, EXACT_US - 2f64.powi(33)] {
        assert_eq!(span(start).to_bits(), at_zero.to_bits(), "from {start}");
    }
    // The same sum unquantised, from 0 and from 2^40 us: not the same.
    let raw = |start: f64| durations.iter().fold(start, |t, d| t + d) - start;
    assert_ne!(raw(0.0), raw(2f64.powi(40)));
}

/// What a step shows, without what is meant to move with the clock (a
/// `SESSIONS` run's sessions' start on it).
fn figures(steps: &[lio_core::StepOut]) -> Vec<serde_json::Value> {
    steps
        .iter()
        .map(|s| {
            let mut v = serde_json::json!({
                "statement": s.statement,
                "error": s.error.as_ref().map(|e| e.code.clone()),
                "rows": s.rows,
                "stats": s.stats,
                "waits": serde_json::to_value(&s.waits).expect("waits"),
                "histograms": serde_json::to_value(&s.wait_histograms).expect("histograms"),
                "elapsed_us": s.elapsed_us,
                "folded": s.folded,
                "output": s.output,
                "sessions": serde_json::to_value(&s.sessions).expect("sessions"),
            });
            if let Some(list) = v["sessions"].as_array_mut() {
                for x in list {
                    x.as_object_mut().expect("a session").remove("start_us");
                }
            }
            v
        })
        .collect()
}

/// Reads from an HDD and an Exadata cell, commits, and 4 sessions'
/// updates: device service times, redo writes, latch and CPU time.
const SCRIPT: &str = "\
LAB DEVICE slow TYPE hdd;
LAB DEVICE cel TYPE exadata_cell write_back = 1 disk_cache_mb = 16;
create tablespace slow_ts datafile '+SLOW' size 1g;
create tablespace cel_ts datafile '+CEL' size 1g;
create table t_slow (id number primary key, payload varchar2(2000)) tablespace slow_ts;
create table t_cel (id number primary key, payload varchar2(2000)) tablespace cel_ts;
LAB RUN 'insert into t_slow values (:1, rpad(''x'', 1500, ''x''))' BIND 1 TO 3000;
LAB RUN 'insert into t_cel values (:1, rpad(''x'', 1500, ''x''))' BIND 1 TO 3000;
commit;
alter system checkpoint;
alter system flush buffer_cache;
set autotrace traceonly statistics
select count(payload) from t_slow;
set autotrace off
LAB RUN 'select payload from t_cel where id = :1' BIND 1 TO 3000 VIA jdbc_thin;
LAB RUN 'update t_cel set payload = rpad(''y'', 1500, ''y'') where id = mod(:1 * 7919, 3000) + 1' BIND 1 TO 3000 VIA jdbc_thin SESSIONS 4 AUTOCOMMIT;
LAB RUN 'select payload from t_slow where id = mod(:1 * 613, 3000) + 1' BIND 1 TO 2000 VIA jdbc_oci_net SESSIONS 3;
select event, total_waits, time_waited_micro from v$system_event
 where event in ('db file sequential read', 'cell single block physical read', 'log file sync', 'db file parallel write')
 order by event;
";

/// The script run in a new instance with the clock at `sleep_s` seconds
/// (an idle wait in a session CONNECT then replaces).
fn run_after_sleep(sleep_s: u64) -> Vec<serde_json::Value> {
    let mut e = quiet_engine();
    ok(&e.exec(&format!("exec dbms_session.sleep({sleep_s})\nconnect lab/lab")));
    let steps = e.exec(SCRIPT);
    ok(&steps);
    figures(&steps)
}

/// The same script started at clock 0, past 2^30 us (1,074 s) and past
/// 2^41 us (25 days) gives the same rows, statistics, waits (to the
/// microsecond), elapsed times and profiles: before, the waits and elapsed
/// times summed on a clock past 2^30 us, and more so past 2^41, rounded
/// to other last digits.
#[test]
fn a_script_gives_the_same_figures_whenever_it_starts() {
    let alone = run_after_sleep(0);
    for sleep_s in [2_000, 3_000_000] {
        let later = run_after_sleep(sleep_s);
        assert_eq!(alone.len(), later.len());
        for (a, b) in alone.iter().zip(&later) {
            assert_eq!(a, b, "after sleeping {sleep_s} s");
        }
    }
}

/// A sleep that would carry the clock past its exact range (2^53 grid
/// units, 101 days) is refused, where figures after it would depend on
/// where the clock stood; the clock stays where it was.
#[test]
fn a_sleep_past_the_exact_range_is_refused() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "exec dbms_session.sleep(3153600)\n\
         exec dbms_session.sleep(3153600)\n\
         exec dbms_session.sleep(3153600)\n\
         select 1 from dual;",
    );
    assert!(steps[0].error.is_none() && steps[1].error.is_none(), "{:?}", steps[1].error);
    let err = steps[2].error.as_ref().expect("refused");
    assert_eq!(err.code, "LAB-00001");
    assert!(err.message.contains("past 101 days of simulated time"), "{}", err.message);
    assert!(steps[3].error.is_none());
    assert!(e.session().cost.now_us() < EXACT_US);
}
