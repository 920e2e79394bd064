//! Issue 31's done-when, audited: "the chosen plan is the cheapest costed
//! one for every query in the test corpus". Every script of
//! `tests/articles/`, of the blogs corpus (`tests/articles/blogs/`), of
//! `samples/` and `samples/demos/` and of `tests/golden/` is
//! run with event 10053 set (again after each `LAB VERSION` and
//! `CONNECT`, which start a new session), and each hard parse's record is
//! checked as Oracle's trace would be read:
//!
//! - a table's access path taken is the cheapest of those costed (unrounded,
//!   as `access_path::rank` compares them), unless a hint (or a bound
//!   unique or hash-cluster key, which Oracle takes without comparing) forced
//!   one: then the one taken is a forced one;
//! - a join step's method is the cheapest of the methods costed (`Best NL
//!   cost`, `HA cost`, `SM cost`: a hint costs only the method it names);
//! - of the join orders enumerated, the one built (`Best join order`) is
//!   the cheapest of those costed to the end (an order abandoned when its
//!   partial cost passed the best is not a candidate).
//!
//! Ties are equal costs (within 1e-9). `--nocapture` prints, per script,
//! the statements and blocks checked.

mod common;
use common::*;
use lio_core::StepOut;
use std::path::Path;

const EVENT: &str = "alter session set events '10053 trace name context forever, level 1';";
const EPS: f64 = 1e-9;

/// The script with event 10053 set at its start and after each statement
/// that begins a new session.
fn traced(text: &str) -> String {
    let mut out = format!("{EVENT}\n");
    for line in text.lines() {
        out.push_str(line);
        out.push('\n');
        let l = line.trim_start().to_ascii_lowercase();
        let new_session = l.starts_with("lab version")
            || ((l.starts_with("connect ") || l.starts_with("conn ")) && !l.starts_with("connect by"));
        if new_session {
            out.push_str(EVENT);
            out.push('\n');
        }
    }
    out
}

fn scripts() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut out = Vec::new();
    for dir in ["tests/articles", "tests/articles/blogs", "samples", "samples/demos", "tests/golden"] {
        let mut files: Vec<_> =
            std::fs::read_dir(root.join(dir)).unwrap().filter_map(|e| e.ok()).map(|e| e.path()).collect();
        files.sort();
        for f in files.into_iter().filter(|f| f.extension().is_some_and(|x| x == "sql")) {
            let name = f.strip_prefix(&root).unwrap().to_string_lossy().to_string();
            out.push((name, std::fs::read_to_string(&f).unwrap()));
        }
    }
    out
}

/// What is wrong with a table's choice of path, if anything.
fn table_fault(t: &lio_core::cbo_trace::CboTableOut) -> Option<String> {
    if t.view || t.paths.is_empty() {
        return None;
    }
    let best = &t.paths[t.best];
    if t.paths.iter().any(|p| p.forced) {
        return (!best.forced).then(|| format!("{}: a forced path exists but {} was taken", t.name, best.access));
    }
    let cheapest = t.paths.iter().filter(|p| !p.refused).min_by(|a, b| a.cost.total_cmp(&b.cost))?;
    (best.cost > cheapest.cost + EPS).then(|| {
        format!(
            "{}: took {} {:?} at {:.6}, {} {:?} costs {:.6}",
            t.name, best.access, best.index, best.cost, cheapest.access, cheapest.index, cheapest.cost
        )
    })
}

/// What is wrong with a join step's method, if anything.
fn join_fault(j: &lio_core::cbo_trace::CboJoinOut) -> Option<String> {
    let costed: Vec<(&str, f64)> = [("NestedLoop", j.nl_cost), ("Hash", j.hash_cost), ("SortMerge", j.sm_cost)]
        .into_iter()
        .filter_map(|(m, c)| c.map(|c| (m, c)))
        .collect();
    if costed.len() < 2 {
        return None;
    }
    let (m, c) = costed.iter().copied().min_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
    (j.cost > c + EPS).then(|| format!("join {}: took {} at {:.6}, {m} costs {c:.6}", j.inner, j.method, j.cost))
}

/// Faults of one statement's record, and the number of choices checked
/// (a table with two paths or more, a join step with two methods costed,
/// a block with two join orders costed to the end).
fn faults(s: &StepOut) -> (Vec<String>, usize) {
    let Some(opt) = &s.optimizer else { return (Vec::new(), 0) };
    let mut out = Vec::new();
    let mut checked = 0;
    let choice = |n: usize| usize::from(n >= 2);
    for b in &opt.blocks {
        let orders = b.orders.iter().flat_map(|o| o.tables.iter().zip(std::iter::repeat(&o.joins)));
        let tables = b.tables.iter().chain(&b.singles).chain(orders.map(|(t, _)| t));
        for t in tables {
            checked += choice(t.paths.iter().filter(|p| !p.refused).count());
            out.extend(table_fault(t).map(|f| format!("{}: {f}", b.name)));
        }
        let joins = b.joins.iter().chain(b.orders.iter().flat_map(|o| o.joins.iter()));
        for j in joins {
            checked += choice([j.nl_cost, j.hash_cost, j.sm_cost].iter().flatten().count());
            out.extend(join_fault(j).map(|f| format!("{}: {f}", b.name)));
        }
        let complete: Vec<f64> = b.orders.iter().filter(|o| !o.aborted).map(|o| o.cost).collect();
        if b.best_order > 0 && !complete.is_empty() {
            checked += choice(complete.len());
            let chosen = b.orders[b.best_order - 1].cost;
            let min = complete.iter().copied().fold(f64::INFINITY, f64::min);
            if chosen > min + EPS {
                out.push(format!("{}: join order {} costs {chosen:.6}, another {min:.6}", b.name, b.best_order));
            }
        }
    }
    (out, checked)
}

#[test]
fn every_query_of_the_corpus_takes_its_cheapest_costed_plan() {
    let mut all = Vec::new();
    let (mut statements, mut choices) = (0, 0);
    for (name, text) in scripts() {
        let mut e = quiet_engine();
        let steps = e.exec(&traced(&text));
        let (mut n, mut c) = (0, 0);
        for s in &steps {
            let (f, k) = faults(s);
            if s.optimizer.is_some() {
                n += 1;
            }
            c += k;
            for x in f {
                all.push(format!("{name}: `{}`: {x}", s.statement.lines().next().unwrap_or("")));
            }
        }
        println!("{name}: {n} statements, {c} choices");
        statements += n;
        choices += c;
    }
    println!("{statements} statements, {choices} choices checked");
    assert!(statements > 250 && choices > 100, "the corpus recorded only {statements} hard parses, {choices} choices");
    assert!(all.is_empty(), "{} choices not the cheapest:\n{}", all.len(), all.join("\n"));
}

/// The check finds a path taken that is not the cheapest, and accepts a
/// dearer one a hint forced.
#[test]
fn a_dearer_path_is_a_fault_unless_forced() {
    use lio_core::cbo_trace::{CboPathOut, CboTableOut};
    let path = |access: &str, cost: f64, forced: bool| CboPathOut {
        access: access.into(),
        cost,
        forced,
        ..Default::default()
    };
    let mut t = CboTableOut {
        name: "T".into(),
        paths: vec![path("TableScan", 8.0, false), path("index (RangeScan)", 36.0, false)],
        best: 1,
        ..Default::default()
    };
    assert!(table_fault(&t).is_some());
    t.best = 0;
    assert!(table_fault(&t).is_none());
    t.paths[1].forced = true;
    assert!(table_fault(&t).is_some());
    t.best = 1;
    assert!(table_fault(&t).is_none());
}
