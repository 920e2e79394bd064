//! A long `LAB RUN` says how far it is (issue 35: "a 100,000-execution LAB
//! RUN sat at 'Running script... 6/7' for 52 s with no count or ETA"): the
//! host's hook is called from inside the statement every 1,024 executions
//! and at the last, for queries, DML (array inserts by batch) and SESSIONS
//! workloads, and never changes a figure.

mod common;
use common::*;
use lio_core::{Engine, EngineConfig};
use std::cell::RefCell;
use std::rc::Rc;

/// The reports the hook received: (executions done, executions in all).
type Reports = Rc<RefCell<Vec<(u64, u64)>>>;

fn engine_with_reports() -> (Engine, Reports) {
    let mut e = Engine::new(EngineConfig { trace: false, ..Default::default() });
    let seen = Rc::new(RefCell::new(Vec::new()));
    let sink = seen.clone();
    e.set_progress(Some(Box::new(move |d, t| sink.borrow_mut().push((d, t)))));
    (e, seen)
}

const SETUP: &str = "create table t (id number primary key, n number);\n\
     insert into t select rownum, 0 from dual connect by level <= 3000;\ncommit;\n";

#[test]
fn a_query_workload_reports_every_1024_executions_and_its_last() {
    let (mut e, seen) = engine_with_reports();
    ok(&e.exec(SETUP));
    seen.borrow_mut().clear();
    ok(&e.exec("LAB RUN 'select n from t where id = :1' BIND 1 TO 3000 RUNS 2;"));
    // 2 runs of 3,000: 6,000 executions, a report at 1024, 2048, ... 5120 and at 6000.
    assert_eq!(
        *seen.borrow(),
        vec![(1024, 6000), (2048, 6000), (3072, 6000), (4096, 6000), (5120, 6000), (6000, 6000)]
    );
}

#[test]
fn array_inserts_report_when_a_batch_passes_a_multiple() {
    let (mut e, seen) = engine_with_reports();
    ok(&e.exec("create table u (n number);"));
    seen.borrow_mut().clear();
    ok(&e.exec("LAB RUN 'insert into u values (:1)' BIND 1 TO 2500 BATCH 1000;"));
    // Batches end at 1000, 2000 and 2500: 2000 passes 1024, 2500 passes 2048 and is the last.
    assert_eq!(*seen.borrow(), vec![(2000, 2500), (2500, 2500)]);
}

#[test]
fn updates_and_sessions_report_too() {
    let (mut e, seen) = engine_with_reports();
    ok(&e.exec(SETUP));
    seen.borrow_mut().clear();
    ok(&e.exec("LAB RUN 'update t set n = n + 1 where id = :1' BIND 1 TO 2048 AUTOCOMMIT;"));
    assert_eq!(*seen.borrow(), vec![(1024, 2048), (2048, 2048)]);
    seen.borrow_mut().clear();
    ok(&e.exec("LAB RUN 'select n from t where id = :1' BIND 1 TO 3000 SESSIONS 4;"));
    let got = seen.borrow().clone();
    assert_eq!(got.last(), Some(&(3000, 3000)), "{got:?}");
    assert!(got.iter().all(|&(_, t)| t == 3000) && got.len() == 3, "{got:?}");
}

#[test]
fn the_reports_change_no_figure() {
    let script = format!("{SETUP}LAB RUN 'select n from t where id = :1' BIND 1 TO 3000;\n");
    let (mut a, _) = engine_with_reports();
    let mut b = Engine::new(EngineConfig { trace: false, ..Default::default() });
    assert_eq!(a.exec_json(&script), b.exec_json(&script));
}

#[test]
fn executions_that_each_take_long_are_reported_by_their_work() {
    let (mut e, seen) = engine_with_reports();
    ok(&e.exec(SETUP));
    seen.borrow_mut().clear();
    // Each execution counts some 3,000 rows (a range scan of the whole index
    // and the table): 300 of them are about a million units of work, so the
    // reports come every 262,144 units (PROGRESS_WORK), not only at the last.
    ok(&e.exec("LAB RUN 'select count(n) from t where id > :1' BIND 1 TO 300;"));
    let got = seen.borrow().clone();
    assert_eq!(got.last(), Some(&(300, 300)), "{got:?}");
    assert!(got.len() >= 3, "reports as it goes: {got:?}");
    // Evenly, by work: each execution's rows fall by one, so the gaps grow a little.
    for w in got.windows(2).take(got.len() - 2) {
        assert!(w[1].0 > w[0].0 && w[1].0 - w[0].0 < 150, "{got:?}");
    }
}
