//! `LAB SWEEP VERSION IN (...)` (issue 35, "the evolution table"): the
//! scenario under each release, one fresh instance a release, and the
//! counters that move tabulated, as the logical I/O evolution articles
//! (seed 002, Jonathan Lewis's 10g -> 11g -> 12c series) compare them.
//!
//! Worked by hand for the PK lookup below (100 executions of
//! `select v from t where id = :1` on a 1,000-row table with a primary key):
//! each execution gets the index root, the leaf and the table block, all
//! three by examination (a unique scan), so 300 consistent gets in every
//! release. What moves is the statistic's name: `consistent gets -
//! examination` up to 11.2 and `consistent gets examination` from 12c, where
//! the fastpath variant appears too. A release without a statistic shows
//! `-`, not 0.
mod common;
use common::*;
use lio_core::result::StepOut;

const SETUP: &str = "create table t (id number primary key, v varchar2(20));\n\
    insert into t select level, 'x' from dual connect by level <= 1000;\n\
    commit;\n";
const RUN: &str = "'select v from t where id = :1' BIND 1 TO 100";

fn sweep(releases: &str) -> StepOut {
    let mut e = quiet_engine();
    let steps = e.exec(&format!("{SETUP}LAB SWEEP VERSION IN ({releases}) RUN {RUN};"));
    ok(&steps[..3]);
    steps.into_iter().last().expect("the sweep's step")
}

/// The same workload run directly in a fresh engine at `release`.
fn direct(release: &str) -> StepOut {
    let mut e = quiet_engine();
    let steps = e.exec(&format!("LAB VERSION {release};\n{SETUP}LAB RUN {RUN};"));
    ok(&steps);
    steps.into_iter().last().expect("the workload's step")
}

#[test]
fn the_evolution_table_shows_the_counters_that_move_and_dashes_where_a_release_lacks_one() {
    let s = sweep("10g, 11.2.0.1, 19c");
    assert!(s.error.is_none(), "{:?}", s.error);
    let out = s.output.join("\n");
    let expected = "\
LAB SWEEP VERSION: 3 releases, each a fresh instance replaying the 3 statements of the scenario so far

Statistic (the workload, all runs)              10g     11.2.0.1          19c
-------------------------------------- ------------ ------------ ------------";
    assert!(out.starts_with(expected), "{out}");
    // A row is its name, then two or more spaces, then the cells.
    let row = |name: &str| s.output.iter().find(|l| l.split("  ").next() == Some(name)).cloned().unwrap_or_default();
    let cells = |name: &str| {
        row(name).split_whitespace().rev().take(3).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join(" ")
    };
    assert_eq!(cells("consistent gets - examination"), "300 300 -");
    assert_eq!(cells("consistent gets examination"), "- - 300");
    assert_eq!(cells("consistent gets examination (fastpath)"), "- - 300");
    // consistent gets themselves do not move: not a row, counted below the table.
    assert_eq!(row("consistent gets"), "");
    assert!(out.contains("other statistics the same in every release."), "{out}");
}

#[test]
fn each_point_is_the_script_run_at_that_release() {
    let s = sweep("10g, 11.1, 18c");
    let sw = s.sweep.as_ref().expect("the sweep's data");
    assert_eq!(sw.scale, "releases");
    assert_eq!(sw.varies, "release");
    let labels: Vec<_> = sw.points.iter().map(|p| p.label.clone().unwrap_or_default()).collect();
    assert_eq!(labels, ["10g", "11.1", "18c"]);
    assert_eq!(sw.points.iter().map(|p| p.value).collect::<Vec<_>>(), [1.0, 2.0, 3.0]);
    for p in &sw.points {
        let d = direct(p.label.as_deref().unwrap_or_default());
        assert_eq!(p.stats, d.stats, "{:?}: the point's statistics are a direct run's", p.label);
        assert_eq!(p.elapsed_us, d.elapsed_us, "{:?}", p.label);
    }
}

#[test]
fn a_scenarios_own_lab_version_is_the_one_swept() {
    // The scenario sets 10g after creating its table: each point replays it with its release there instead.
    let mut e = quiet_engine();
    let steps = e.exec(&format!("{SETUP}LAB VERSION 10g;\nLAB SWEEP VERSION IN (10g, 19c) RUN {RUN};"));
    let s = steps.last().expect("sweep");
    let sw = s.sweep.as_ref().expect("the sweep's data");
    assert!(sw.points[0].stats.contains_key("consistent gets - examination"));
    assert!(sw.points[1].stats.contains_key("consistent gets examination"), "19c, not the scenario's 10g");
}

#[test]
fn a_release_the_lab_does_not_model_or_a_malformed_list_is_refused_where_it_is() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!("{SETUP}LAB SWEEP VERSION IN (10g, 9i) RUN {RUN};"));
    let err = steps.last().and_then(|s| s.error.clone()).expect("refused");
    assert_eq!(err.code, "LAB-00010");
    assert!(err.message.starts_with("unknown Oracle version '9i'; known profiles: "), "{}", err.message);
    assert_eq!((err.line, err.column), (4, 11), "at VERSION");
    for (bad, says) in [
        ("LAB SWEEP VERSION FROM 1 TO 2 RUN 'select 1 from dual';", "LAB SWEEP VERSION needs IN (release, ...)"),
        ("LAB SWEEP VERSION IN (10g,, 19c) RUN 'select 1 from dual';", "needs a release between the commas"),
        ("LAB SWEEP VERSION IN (10g RUN 'select 1 from dual';", "needs ')' after its releases"),
        ("LAB SWEEP VERSION IN (10g, 19c);", "LAB SWEEP needs RUN"),
    ] {
        let steps = quiet_engine().exec(bad);
        let err = steps[0].error.clone().expect(bad);
        assert!(err.message.contains(says), "{bad}: {}", err.message);
    }
}
