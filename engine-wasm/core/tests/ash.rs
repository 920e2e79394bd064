//! Active Session History (V$ACTIVE_SESSION_HISTORY, the activity view's
//! samples) and the latch profile, on known workloads with exact counts.
//!
//! Worked by hand: with the sampling interval equal to a single-block
//! read's time (`physical_read_us`, 100 us), every read covers exactly one
//! sampling instant (any 100 us stretch (a, a + 100] holds exactly one
//! multiple of 100), so each `db file sequential read` is exactly one
//! WAITING sample, with TIME_WAITED its 100 us, on the plan line and object
//! that read. A session that is busy without a break from a to b is
//! sampled at every multiple of the interval in (a, b]; idle time (a
//! sleep, the client's time) is not sampled.

mod common;

use common::{ok, row_strings, stat};
use lio_core::{Engine, EngineConfig};

fn engine() -> Engine {
    Engine::new(EngineConfig { trace: true, ..Default::default() })
}

const SETUP: &str = "create table t (id number not null, pad varchar2(100));
insert into t select rownum, rpad('x', 100) from dual connect by level <= 2000;
commit;
create index t_idx on t (id);
exec dbms_stats.gather_table_stats(user, 'T')
";

const QUERY: &str = "select /*+ index(t t_idx) */ count(pad) from t where id between 1 and 300;";

#[test]
fn each_single_block_read_is_one_waiting_sample() {
    let mut e = engine();
    // The first run hard-parses (its dictionary reads); the second is
    // soft-parsed, so its reads are the plan's alone.
    let script = format!(
        "{SETUP}{QUERY}\nalter system flush buffer_cache;\nLAB SET ash_sampling_interval_us = 100;\n{QUERY}
select sql_plan_line_id || ' ' || sql_plan_operation || ' ' || sql_plan_options || ' ' || event || ' ' || time_waited
  from v$active_session_history where session_state = 'WAITING' order by sample_id;
select count(*) from v$active_session_history where session_state = 'ON CPU';"
    );
    let steps = e.exec(&script);
    ok(&steps);
    let n = steps.len();
    let q = &steps[n - 3];
    let reads = stat(q, "physical reads");
    assert_eq!(reads, 7, "the index's 2 blocks and the table's 5");
    let waits = row_strings(&steps[n - 2]);
    assert_eq!(waits.len() as u64, reads, "{waits:?}");
    assert_eq!(waits.iter().filter(|w| w.starts_with("3 INDEX RANGE SCAN db file sequential read 100")).count(), 2);
    assert_eq!(
        waits
            .iter()
            .filter(|w| w.starts_with("2 TABLE ACCESS BY INDEX ROWID BATCHED db file sequential read 100"))
            .count(),
        5
    );
    // The rest of the query's time is on CPU: its samples are its
    // elapsed time's instants less the reads'.
    let cpu: u64 = row_strings(&steps[n - 1])[0].parse().unwrap();
    let all = e.activity(q.index).samples.len() as u64;
    assert_eq!(all, reads + cpu - e.activity(steps[n - 2].index).samples.len() as u64);
    let elapsed = q.elapsed_us;
    assert!((all as f64 - elapsed / 100.0).abs() <= 1.0 + 2.0, "{all} samples in {elapsed} us");
}

#[test]
fn a_workload_is_sampled_on_cpu_in_every_session_while_it_runs() {
    let mut e = engine();
    let script = format!(
        "{SETUP}select count(pad) from t;\nLAB SET ash_sampling_interval_us = 1000;\nLAB SET cpu_count = 2;
LAB RUN 'select pad from t where id = :1' BIND 1 TO 2000 VIA plsql SESSIONS 4;"
    );
    let steps = e.exec(&script);
    ok(&steps);
    let run = steps.last().unwrap();
    let a = e.activity(run.index);
    assert_eq!(a.interval_us, 1000.0);
    for s in run.sessions.as_ref().unwrap() {
        // Busy from its start to its end (on a CPU or in the run queue,
        // which ASH cannot tell apart): one sample per millisecond in it.
        let (from, to) = (s.start_us, s.start_us + s.elapsed_us);
        let want = ((to / 1000.0).floor() - (from / 1000.0).floor()) as usize;
        let got: Vec<_> = a.samples.iter().filter(|x| x.sid == s.sid).collect();
        assert!(got.len().abs_diff(want) <= 1, "SID {}: {} samples, {want} instants", s.sid, got.len());
        assert!(got.iter().all(|x| x.state == "ON CPU" && x.wait_class == "CPU"));
    }
    // Every instant samples all four sessions (they run the whole time).
    let first = a.samples.first().unwrap().sample_id;
    assert_eq!(a.samples.iter().filter(|x| x.sample_id == first + 1).count(), 4);
    // The plan lines the samples name are the statement's.
    assert!(a.samples.iter().any(|x| x.operation.as_deref() == Some("TABLE ACCESS BY INDEX ROWID BATCHED")));
}

#[test]
fn idle_time_is_not_sampled_and_samples_count_in_the_memory_budget() {
    let mut e = engine();
    let steps = e.exec("exec dbms_session.sleep(3)\nselect count(*) from v$active_session_history;");
    ok(&steps);
    assert!(e.activity(steps[0].index).samples.is_empty(), "a sleep is idle");
    assert_eq!(row_strings(&steps[1]), vec!["0"]);
    let before = e.catalog().memory_bytes();
    let steps = e.exec(&format!("LAB SET ash_sampling_interval_us = 10;\n{SETUP}"));
    ok(&steps);
    let kept = e.instance().ash.samples.len() as u64;
    assert!(kept > 100, "{kept}");
    assert!(e.catalog().ash_bytes >= kept * lio_core::instance::ash::SAMPLE_BYTES);
    assert!(e.catalog().memory_bytes() >= before + kept * lio_core::instance::ash::SAMPLE_BYTES);
    let bad = e.exec("LAB SET ash_sampling_interval_us = 0;");
    assert_eq!(bad[0].error.as_ref().unwrap().code, lio_sql::ora::LAB_SET_BAD_VALUE.code());
}

#[test]
fn the_latch_profile_sums_each_holders_gets_and_hold_times() {
    let mut e = engine();
    let script = format!(
        "{SETUP}select count(pad) from t;\nLAB RUN 'select pad from t where id = :1' BIND 1 TO 400 VIA plsql SESSIONS 2;"
    );
    let steps = e.exec(&script);
    ok(&steps);
    let run = steps.last().unwrap();
    let a = e.activity(run.index);
    assert!(!a.latchprof.is_empty());
    // Each lookup: index root and leaf (examination? no: normal gets, 2
    // latch gets each) and the table block (examination: 1); held 0.2 us a
    // pin/unpin get and 0.5 us an examination get.
    let gets: u64 = a.latchprof.iter().map(|r| r.gets).sum();
    assert!(gets <= run.latches.get("cache buffers chains").map_or(u64::MAX, |l| l.gets));
    for r in &a.latchprof {
        assert!(r.avg_hold_us >= 0.2 - 1e-9 && r.avg_hold_us <= 0.5 + 1e-9, "{r:?}");
        assert!((r.held_pct - r.held_us / a.latch_span_us * 100.0).abs() < 1e-9);
        assert_eq!(r.name, "cache buffers chains");
    }
    let sids: std::collections::BTreeSet<u32> = a.latchprof.iter().map(|r| r.sid).collect();
    assert_eq!(sids.len(), 2);
}

/// Antognini, Troubleshooting Oracle Performance 2nd ed., 12.1: a wait
/// spanning several one-second samples has TIME_WAITED 0 on each but its
/// last, which holds the whole wait (about 7.4 s published). The lab's two
/// 7.4 s reads (segment header, then the block) each show that shape.
#[test]
fn antognini_a_wait_spanning_samples_has_its_time_on_the_last() {
    let script = include_str!("../../../tests/articles/antognini-ash-time-waited-last-sample-12c.sql");
    let mut e = engine();
    let steps = e.exec(script);
    ok(&steps);
    let agg = row_strings(steps.last().unwrap());
    assert_eq!(agg.len(), 1, "{agg:?}");
    let f: Vec<&str> = agg[0].split('|').collect();
    assert_eq!(&f[..7], ["db file sequential read", "1", "TABLE ACCESS", "FULL", "2", "7400000", "14800000"]);
    // Each sample in order (the article's own query), and its shape.
    let steps = e.exec(
        "select sample_id, event, time_waited, sql_plan_line_id, sql_plan_operation, sql_plan_options
  from v$active_session_history where session_state = 'WAITING' order by sample_id;",
    );
    let rows = row_strings(steps.last().unwrap());
    let waited: Vec<&str> = rows.iter().map(|r| r.split('|').nth(2).unwrap()).collect();
    // One sample a second: a 7.4 s wait covers 7 or 8 instants.
    let mut shapes = Vec::new();
    let mut run = 0;
    for w in &waited {
        run += 1;
        if *w != "0" {
            shapes.push((run, w.to_string()));
            run = 0;
        }
    }
    assert_eq!(run, 0, "every wait ends with its time: {waited:?}");
    assert_eq!(shapes.len(), 2, "{waited:?}");
    for (samples, time) in shapes {
        assert!((7..=8).contains(&samples), "{samples} samples");
        let published = 7_400_000.0;
        assert!((time.parse::<f64>().unwrap() - published).abs() <= published * 0.01, "{time}");
    }
    assert!(rows.iter().all(|r| r.contains("|db file sequential read|") && r.ends_with("|1|TABLE ACCESS|FULL")));
}
