//! The order/DDL test (issue 28, "How to find the siblings"): every
//! sample (samples/*.sql), every tests/articles/ script and every demo
//! (samples/demos/) gives the same rows, errors and statistics, statement
//! by statement, whatever ran before it in the instance: other scripts, in
//! another order, and unrelated DDL (a table created and its statistics
//! gathered) in between.
//!
//! What makes the comparison honest: a script's results may rightly
//! depend on what the instance has seen of *that script* (the library
//! cache knows its texts: a soft parse instead of a hard one; the row
//! cache knows the user). So each script is compared in the same state of
//! its own history in both runs: the reference is a fresh engine that runs
//! the prelude, the script, the reset, then the script again; the
//! measured run is the script's second pass in one engine that ran every
//! script forwards and then backwards, with the same reset and unrelated
//! DDL before each. The reset is what Oracle would also need to repeat a
//! measurement: the script's tables dropped (their cursors invalidated,
//! so they hard parse again), clusters dropped, and the buffer cache
//! flushed (physical reads start cold). Nothing is left out of the
//! comparison: every statistic of every step, its rows and its error.
//! Scripts that read instance-wide history (V$SQL, V$SYSSTAT) or reset
//! the instance are the exception the assertion names, if any.

mod common;
use common::*;
use lio_core::{Engine, StepOut};

/// Drop what the scripts left (tables, clusters) and flush the buffer
/// cache; then the unrelated DDL.
fn reset(e: &mut Engine, n: usize) {
    let cat = e.catalog();
    let clusters: Vec<String> = cat.clusters.iter().filter(|c| !c.dropped).map(|c| c.name.clone()).collect();
    let tables: Vec<String> =
        cat.tables.iter().filter(|t| !t.dropped && !t.name.starts_with("ZZ_")).map(|t| t.name.clone()).collect();
    let mut sql = String::new();
    for c in clusters {
        sql.push_str(&format!("drop cluster {c} including tables;\n"));
    }
    for t in tables {
        sql.push_str(&format!("drop table {t};\n"));
    }
    sql.push_str(&format!(
        "create table zz_unrelated_{n} (x number);\n\
         insert into zz_unrelated_{n} values (1);\n\
         commit;\n\
         exec dbms_stats.gather_table_stats(user, 'ZZ_UNRELATED_{n}')\n\
         alter system flush buffer_cache;\n"
    ));
    // Some drops fail where a script's own DROP already ran (clusters'
    // tables): only what is left matters.
    // A script's LAB VERSION is its own: the next starts on the default
    // profile (which empties the library cache, as a new instance would).
    let default = quiet_engine().profile().name;
    if e.profile().name != default {
        sql.push_str(&format!("lab version {default}\n"));
    }
    let _ = e.exec(&sql);
}

/// Statistics in centiseconds are differences of a rounded running clock
/// (as Oracle's are): the same work shows ±1 depending on where the clock
/// stood. They are compared within 1; every other figure exactly.
const CENTISECOND_STATS: &[&str] =
    &["DB time", "CPU used by this session", "parse time cpu", "parse time elapsed", "CPU used when call started"];

fn same(a: &StepOut, b: &StepOut) -> bool {
    let keys: std::collections::BTreeSet<&String> = a.stats.keys().chain(b.stats.keys()).collect();
    a.statement == b.statement
        && a.error.as_ref().map(|e| &e.code) == b.error.as_ref().map(|e| &e.code)
        && a.rows == b.rows
        && keys.into_iter().all(|k| {
            let (x, y) = (stat(a, k), stat(b, k));
            x == y || (CENTISECOND_STATS.contains(&k.as_str()) && x.abs_diff(y) <= 1)
        })
}

/// What a step shows: its error, rows and every statistic.
fn figures(steps: &[StepOut]) -> Vec<String> {
    steps
        .iter()
        .map(|s| {
            format!(
                "{} | {:?} | {:?} | {:?}",
                s.statement.lines().next().unwrap_or(""),
                s.error.as_ref().map(|e| e.code.clone()),
                s.rows,
                s.stats
            )
        })
        .collect()
}

fn reference(script: &str) -> Vec<StepOut> {
    let mut e = quiet_engine();
    reset(&mut e, 0);
    e.exec(script);
    reset(&mut e, 1);
    e.exec(script)
}

fn check(names: &[&str]) {
    let all = corpus_scripts();
    let chosen: Vec<&(String, String)> =
        all.iter().filter(|(n, _)| names.is_empty() || names.iter().any(|x| n.ends_with(x))).collect();
    assert!(!chosen.is_empty());
    let mut e = quiet_engine();
    let mut second: Vec<Vec<StepOut>> = (0..chosen.len()).map(|_| Vec::new()).collect();
    // Forwards, then backwards: each script's second pass is measured.
    let order: Vec<usize> = (0..chosen.len()).chain((0..chosen.len()).rev()).collect();
    for (pass, &i) in order.iter().enumerate() {
        reset(&mut e, pass);
        let steps = e.exec(&chosen[i].1);
        if pass >= chosen.len() {
            second[i] = steps;
        }
    }
    let mut bad = Vec::new();
    for (i, (name, text)) in chosen.iter().enumerate() {
        let want = reference(text);
        let got = &second[i];
        let at = want.iter().zip(got).position(|(a, b)| !same(a, b));
        if at.is_some() || want.len() != got.len() {
            let at = at.unwrap_or(want.len().min(got.len()));
            let (a, b) = (figures(&want), figures(got));
            bad.push(format!(
                "{name}: step {at}\n  alone: {}\n  mixed: {}",
                a.get(at).map(String::as_str).unwrap_or("(none)"),
                b.get(at).map(String::as_str).unwrap_or("(none)")
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Two short scripts (about 30 s). It found that clustering-factor.sql's
/// forced index range scan read 2 dictionary blocks after the other
/// script where it read 4 alone (`free buffer requested`, `physical
/// reads`): which dictionary blocks a hard parse's recursive SQL probes
/// followed the number of objects ever created, dropped ones included
/// (sga/row_cache.rs, `probe_shape`, now the installed dictionary's).
#[test]
fn scripts_give_the_same_figures_whatever_ran_before() {
    check(&["clustering-factor.sql", "memoptimized-plsql.sql"]);
}

// Every sample, article and demo: core/tests/order_all.rs.
