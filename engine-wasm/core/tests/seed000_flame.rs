//! Seed 000's flame graph (issue 36): perf on the Oracle server process
//! while a Java program ran 100,000 primary-key lookups through JDBC thin,
//! t1 (heap, PK index) against t4 (MEMOPTIMIZE FOR READ, populated):
//! <https://www.salvis.com/blog/2018/06/10/memoptimized-rowstore-in-oracle-database-18c/>
//! (`shared/seeds/memoptimized-rowstore-18c.txt`, "Let's try flame graphs").
//!
//! The server-only picture is what perf on that process sees: the folded
//! stacks rooted at `oracle` (no Java client, no wire). A function's share
//! is the time of every stack it is on, over the server's time.

mod common;

use common::{ok, stat};
use lio_core::StepOut;
use std::collections::BTreeMap;

/// The published table: function, t1 %, t4 %.
const ARTICLE: [(&str, f64, f64); 6] = [
    ("opikndf2", 17.64, 30.22),
    ("kksumc", 6.10, 19.18),
    ("kpoxihFetch", 0.0, 4.86),
    ("ksupop", 6.24, 7.40),
    ("ksupucg", 3.00, 4.24),
    ("kpoxihLookup", 0.0, 2.07),
];
/// Runtimes under perf: t1 48.21 s, t4 77.33 s, `opitsk` ~99.5% of both.
const ARTICLE_RATIO: f64 = 77.33 / 48.21;

fn setup() -> lio_core::Engine {
    let mut e = common::quiet_engine();
    let script = include_str!("../../../samples/memoptimized-drivers.sql");
    ok(&e.exec(&script[..script.find("LAB RUN").unwrap()]));
    e
}

fn lookups(e: &mut lio_core::Engine, table: &str, via: &str) -> StepOut {
    let steps = e.exec(&format!("LAB RUN 'select value from {table} where key = :1' BIND 1 TO 100000 VIA {via};"));
    ok(&steps);
    steps.into_iter().next().unwrap()
}

/// The server process's stacks (`oracle;...`) and their microseconds.
fn server_only(s: &StepOut) -> Vec<(Vec<String>, f64)> {
    s.folded
        .iter()
        .filter_map(|l| {
            let (k, v) = l.rsplit_once(' ')?;
            k.starts_with("oracle;").then(|| (k.split(';').map(str::to_string).collect(), v.parse().unwrap()))
        })
        .collect()
}

/// Each frame's inclusive time in the server process (a frame counted once
/// per stack), and the server's total.
fn profile(s: &StepOut) -> (BTreeMap<String, f64>, f64) {
    let stacks = server_only(s);
    let total: f64 = stacks.iter().map(|(_, v)| v).sum();
    let mut by = BTreeMap::new();
    for (frames, v) in &stacks {
        let mut seen: Vec<&String> = Vec::new();
        for f in frames {
            if !seen.contains(&f) {
                seen.push(f);
                *by.entry(f.clone()).or_insert(0.0) += v;
            }
        }
    }
    (by, total)
}

fn share(p: &(BTreeMap<String, f64>, f64), f: &str) -> f64 {
    100.0 * p.0.get(f).copied().unwrap_or(0.0) / p.1
}

#[test]
fn seed000_server_profile_shares_within_three_points_and_ratio_within_ten_percent() {
    let mut e = setup();
    let (t1, t4) = (lookups(&mut e, "t1", "jdbc_thin"), lookups(&mut e, "t4", "jdbc_thin"));
    let (p1, p4) = (profile(&t1), profile(&t4));
    let mut table = String::new();
    for (f, a1, a4) in ARTICLE {
        let (s1, s4) = (share(&p1, f), share(&p4, f));
        table += &format!("{f:>13} t1 {s1:5.2}% (article {a1:5.2}%)  t4 {s4:5.2}% (article {a4:5.2}%)\n");
        assert!((s1 - a1).abs() <= 3.0, "{f} t1: {s1:.2}% vs {a1}%\n{table}");
        assert!((s4 - a4).abs() <= 3.0, "{f} t4: {s4:.2}% vs {a4}%\n{table}");
    }
    let ratio = p4.1 / p1.1;
    assert!((ratio / ARTICLE_RATIO - 1.0).abs() <= 0.10, "server time t4/t1 {ratio:.3} vs {ARTICLE_RATIO:.3}\n{table}");
    // opitsk is the whole server process (the article: ~99.5% of both).
    assert!(share(&p1, "opitsk") > 99.0 && share(&p4, "opitsk") > 99.0);
    // t4 reads no buffer: the time t1 spends in kcbgtcr is gone.
    assert!(share(&p1, "kcbgtcr") > 5.0 && share(&p4, "kcbgtcr") < 0.1);
    eprintln!("{table}server time t1 {:.3} s, t4 {:.3} s, ratio {ratio:.3}", p1.1 / 1e6, p4.1 / 1e6);
}

/// The mechanism behind the table: the 18c thin driver has no fast-lookup
/// protocol, so a hit costs it a second call: one more round trip and user
/// call per lookup (SQLcl, a thin client, shows 43 round trips and 46 user
/// calls on a hit against 42 and 45 on a miss), no more executes, and the
/// user call's frames (ksupucg, ksupop) twice. Through OCI, one of each.
#[test]
fn thin_memopt_hit_costs_a_second_user_call_and_round_trip() {
    let mut e = setup();
    // Parsed once before (the first run's hard parse reads the dictionary).
    ok(&e.exec("LAB RUN 'select value from t4 where key = :1' BIND 1 TO 10 VIA jdbc_thin;"));
    let t1 = lookups(&mut e, "t1", "jdbc_thin");
    let t4 = lookups(&mut e, "t4", "jdbc_thin");
    let oci = lookups(&mut e, "t4", "jdbc_oci_net");
    assert_eq!(stat(&t4, "memopt r hits"), 100_000);
    assert_eq!(stat(&t4, "consistent gets"), 0);
    for s in [&t1, &oci] {
        assert_eq!(stat(s, "user calls"), 100_000);
        assert_eq!(stat(s, "SQL*Net roundtrips to/from client"), 100_000);
    }
    assert_eq!(stat(&t4, "user calls"), 200_000);
    assert_eq!(stat(&t4, "SQL*Net roundtrips to/from client"), 200_000);
    for s in [&t1, &t4, &oci] {
        assert_eq!(stat(s, "execute count"), 100_000);
    }
    let (p1, p4, po) = (profile(&t1), profile(&t4), profile(&oci));
    for f in ["ksupucg", "ksupop"] {
        let per_call = |p: &(BTreeMap<String, f64>, f64), calls: u64| p.0[f] / calls as f64;
        assert!((per_call(&p4, 200_000) - per_call(&p1, 100_000)).abs() < 1e-6, "{f}: the same per user call");
    }
    // OCI takes the fast-lookup call: no opiexe, no fetch call, no kksumc.
    assert_eq!(po.0.get("opiexe"), po.0.get("kpoxihExecute"), "opiexe only as kpoxihExecute's caller");
    assert!(share(&po, "kksumc") < 0.1);
    assert!(po.1 < p1.1, "through OCI the memoptimized server side is shorter than t1's");
}

/// Section C stays within 5% of every published cell, with its shape (the
/// seed 001 sequel's conclusions: thin makes t4 the slowest, OCI the
/// fastest, bequeath fastest overall).
#[test]
fn section_c_within_five_percent_with_the_second_call() {
    let steps = common::quiet_engine().exec(include_str!("../../../samples/memoptimized-drivers.sql"));
    ok(&steps);
    let secs: Vec<f64> = steps.iter().filter_map(|s| s.trimmed_mean_us).map(|us| us / 1e6).collect();
    let published = [11.672, 11.985, 11.540, 19.305, 12.987, 12.698, 12.455, 11.448, 10.454, 10.272, 9.886, 9.034];
    assert_eq!(secs.len(), 12);
    let mut report = String::new();
    for (got, want) in secs.iter().zip(published.iter()) {
        report += &format!("{got:.3} ({want}) ");
    }
    for (i, (got, want)) in secs.iter().zip(published.iter()).enumerate() {
        assert!((got - want).abs() <= want * 0.05, "cell {i}: {got:.3} s vs {want} s\n{report}");
    }
    let (thin, oci, beq) = (&secs[0..4], &secs[4..8], &secs[8..12]);
    assert!(thin[3] > thin[0] * 1.5 && thin.iter().all(|&s| s <= thin[3]));
    assert!(oci.iter().all(|&s| s >= oci[3]));
    assert!((0..4).all(|t| beq[t] < thin[t] && beq[t] < oci[t]));
    eprintln!("{report}");
}
