//! A `LAB RUN`'s figures per execution, kept with its trace (issue 35:
//! Compare's samples take one run's executions, as seed 004 tests and
//! correlates per-execution figures in R). Each execution's figures add up
//! to the step's: its elapsed times to the runs', its buffer gets to the
//! step's consistent gets and db block gets; CPU and waits never exceed the
//! time.

mod common;
use common::*;
use lio_core::{Engine, EngineConfig};

const SETUP: &str = "create table t (id number primary key, n number, pad varchar2(100));\n\
     insert into t select rownum, mod(rownum, 7), rpad('x', 100, 'x') from dual connect by level <= 2000;\ncommit;\n";

#[test]
fn each_execution_of_a_query_workload_is_kept_and_they_add_up_to_the_step() {
    let mut e = Engine::new(EngineConfig { trace: true, ..Default::default() });
    let steps =
        e.exec(&format!("{SETUP}LAB RUN 'select count(pad) from t where n = :1' BIND 0 TO 6 RUNS 3 VIA jdbc_thin;\n"));
    ok(&steps);
    let step = steps.last().unwrap();
    let s = &e.trace(step.index).expect("the LAB RUN's trace is kept").exec_samples;
    assert_eq!((s.executions, s.per_run, s.elapsed_us.len()), (21, 7, 21));
    let runs = step.runs.as_ref().unwrap();
    let run_elapsed: f64 = runs.iter().map(|r| r.elapsed_us).sum();
    let sum: f64 = s.elapsed_us.iter().sum();
    assert!((sum - run_elapsed).abs() < 0.01 * run_elapsed, "executions {sum} µs, runs {run_elapsed} µs");
    let gets: u64 = s.buffer_gets.iter().sum();
    assert_eq!(gets, stat(step, "consistent gets") + stat(step, "db block gets"));
    let reads: u64 = s.physical_reads.iter().sum();
    assert_eq!(reads, stat(step, "physical reads"));
    for i in 0..21 {
        // Each figure to the nanosecond (rounded apart).
        assert!(s.cpu_us[i] > 0.0 && s.cpu_us[i] + s.wait_us[i] <= s.elapsed_us[i] + 0.002, "execution {i}");
        assert_eq!(s.elapsed_us[i], (s.elapsed_us[i] * 1000.0).round() / 1000.0);
    }
    // The trace's meta carries them for the UI.
    let meta = e.trace(step.index).unwrap().meta_json();
    assert!(meta.contains("\"exec_samples\":{\"executions\":21,\"per_run\":7,"), "{}", &meta[..200.min(meta.len())]);
}

#[test]
fn the_first_10000_executions_are_kept_and_other_steps_keep_none() {
    let mut e = Engine::new(EngineConfig { trace: true, ..Default::default() });
    let steps = e.exec(&format!(
        "{SETUP}LAB RUN 'select n from t where id = :1' BIND 1 TO 2000 RUNS 6;\nselect count(*) from t;\n"
    ));
    ok(&steps);
    let run = &steps[steps.len() - 2];
    let s = &e.trace(run.index).unwrap().exec_samples;
    assert_eq!((s.executions, s.elapsed_us.len(), s.buffer_gets.len()), (12_000, 10_000, 10_000));
    assert!(e.trace(steps.last().unwrap().index).unwrap().exec_samples.is_empty());
    assert!(!e.trace(steps.last().unwrap().index).unwrap().meta_json().contains("exec_samples"));
}

#[test]
fn without_a_trace_nothing_is_kept_and_the_figures_are_the_same() {
    let script = format!("{SETUP}LAB RUN 'select count(pad) from t where n = :1' BIND 0 TO 6 RUNS 3;\n");
    let mut a = Engine::new(EngineConfig { trace: true, ..Default::default() });
    let mut b = Engine::new(EngineConfig { trace: false, ..Default::default() });
    let (sa, sb) = (a.exec(&script), b.exec(&script));
    let (x, y) = (sa.last().unwrap(), sb.last().unwrap());
    assert_eq!((x.stats.clone(), x.elapsed_us), (y.stats.clone(), y.elapsed_us));
    assert!(b.trace(y.index).is_none_or(|t| t.exec_samples.is_empty()));
}
