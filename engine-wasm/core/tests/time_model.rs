//! The time and cost model: client paths, round trips, fetch size,
//! parsing, and folded stacks (issue: time and cost model).

mod common;

use common::{ok, stat};
use lio_core::{Engine, StepOut};

fn engine() -> Engine {
    common::quiet_engine()
}

/// Section C: 4 tables x 3 driver paths x 5 runs of 100,000 lookups.
#[test]
fn c_driver_table_within_ten_percent_and_its_shape() {
    let steps = engine().exec(include_str!("../../../samples/memoptimized-drivers.sql"));
    ok(&steps);
    let runs: Vec<&StepOut> = steps.iter().filter(|s| s.runs.is_some()).collect();
    assert_eq!(runs.len(), 12);
    let secs: Vec<f64> = runs.iter().map(|s| s.trimmed_mean_us.unwrap() / 1e6).collect();
    let published = [11.672, 11.985, 11.540, 19.305, 12.987, 12.698, 12.455, 11.448, 10.454, 10.272, 9.886, 9.034];
    for (i, (got, want)) in secs.iter().zip(published.iter()).enumerate() {
        assert!((got - want).abs() <= want * 0.10, "cell {i}: {got:.3} s vs published {want} s");
    }
    for s in &runs {
        let r = s.runs.as_ref().unwrap();
        assert_eq!(r.len(), 5);
        assert_eq!(stat(s, "execute count"), 500_000);
    }
    let row = |d: usize| &secs[d * 4..d * 4 + 4];
    let (thin, oci, beq) = (row(0), row(1), row(2));
    let max = |r: &[f64]| r.iter().cloned().fold(f64::MIN, f64::max);
    let min = |r: &[f64]| r.iter().cloned().fold(f64::MAX, f64::min);
    assert_eq!(thin[3], max(thin), "thin makes t4 the slowest of its row");
    assert_eq!(oci[3], min(oci), "OCI makes t4 the fastest of its row");
    for t in 0..4 {
        assert!(beq[t] < thin[t] && beq[t] < oci[t], "bequeath is fastest overall");
    }
    assert!(beq[0] > beq[1] && beq[1] > beq[2] && beq[2] > beq[3], "t1 > t2 > t3 > t4 under OCI bequeath");
    assert!(thin[3] / thin[0] > 1.5, "thin makes t4 ~65% slower than t1");
    // The fast path is taken through thin: memopt hits, no consistent gets.
    let t4_thin = runs[3];
    assert_eq!(stat(t4_thin, "memopt r hits"), 500_000);
    // No consistent get but the recursive SQL of the first run's hard parse.
    let runs_out = t4_thin.runs.as_ref().expect("runs");
    assert!(runs_out[0].stats.get("recursive calls").copied().unwrap_or(0) > 0);
    for r in &runs_out[1..] {
        assert_eq!(r.stats.get("consistent gets").copied().unwrap_or(0), 0);
    }
}

#[test]
fn plsql_loop_on_t4_takes_no_fast_path() {
    let steps = engine().exec(include_str!("../../../samples/memoptimized-plsql.sql"));
    ok(&steps);
    let b = steps.iter().find(|s| s.kind == "plsql").unwrap();
    let gets = stat(b, "consistent gets");
    // 3 gets per lookup, and the recursive SQL of the dynamic statement's
    // hard parse (published: 300,025 for the session).
    assert!(gets > 300_000 && gets < 300_050, "{gets}");
    assert!(stat(b, "recursive calls") > 0);
    assert_eq!(stat(b, "memopt r lookups"), 0);
    assert_eq!(stat(b, "SQL*Net roundtrips to/from client"), 1, "the block is one call; no round trip per lookup");
    assert_eq!(stat(b, "execute count"), 100_001);
    assert!(b.folded.iter().any(|f| f.contains("plsql_sql_switch")));
}

const FETCH_SETUP: &str = "
create table f (id number not null, pad varchar2(100), constraint f_pk primary key (id));
insert into f select rownum, rpad('x', 100) from dual connect by level <= 10000;
commit;
LAB SET network_rtt_us = 150000;
";

/// FETCHSIZE 10 against 100 over an intercontinental link.
#[test]
fn fetch_size_decides_round_trips_gets_and_time() {
    let mut e = engine();
    ok(&e.exec(FETCH_SETUP));
    let small = e.exec("LAB RUN 'select pad from f' VIA jdbc_thin FETCHSIZE 10;");
    let large = e.exec("LAB RUN 'select pad from f' VIA jdbc_thin FETCHSIZE 100;");
    ok(&small);
    ok(&large);
    let (s, l) = (&small[0], &large[0]);
    // 10,000 rows: 1,000 (or 100) fetch calls, each its own round trip.
    assert_eq!(stat(s, "SQL*Net roundtrips to/from client"), 1001);
    assert_eq!(stat(l, "SQL*Net roundtrips to/from client"), 101);
    // Each fetch call re-gets the block it resumes in.
    let blocks = e.catalog().tables.iter().find(|t| t.name == "F").map(|t| e.catalog().table_blocks(t)).unwrap() - 1;
    let header = 3;
    assert!(stat(s, "consistent gets") >= blocks + header + 900);
    assert!(stat(s, "consistent gets") > stat(l, "consistent gets"));
    // Elapsed is dominated by the 150 ms round trips.
    let ratio = s.elapsed_us / l.elapsed_us;
    assert!((9.0..10.5).contains(&ratio), "elapsed ratio {ratio}");
    assert!(s.waits["SQL*Net message from client"].time_us > 1001.0 * 150_000.0);
}

/// Literals hard-parse every execution; binds parse once.
#[test]
fn literals_hard_parse_every_statement() {
    let mut e = engine();
    // Local network: parsing, not latency, dominates.
    ok(&e.exec(FETCH_SETUP.replace("150000", "40").as_str()));
    let binds = e.exec("LAB RUN 'select pad from f where id = :1' BIND 1 TO 1000 VIA jdbc_thin;");
    let lits = e.exec("LAB RUN 'select pad from f where id = :1' BIND 1 TO 1000 VIA jdbc_thin LITERALS;");
    ok(&binds);
    ok(&lits);
    assert_eq!(stat(&binds[0], "parse count (hard)"), 1);
    assert_eq!(stat(&lits[0], "parse count (hard)"), 1000);
    assert_eq!(stat(&binds[0], "parse count (total)"), 1);
    assert_eq!(stat(&lits[0], "parse count (total)"), 1000);
    assert!(lits[0].elapsed_us > binds[0].elapsed_us * 2.0);
    assert!(lits[0].folded.iter().any(|f| f.contains("kksParseCursor;kkshhcdo")));
}

/// Array insert: BATCH n sends n rows per round trip.
#[test]
fn batched_inserts_send_many_rows_per_round_trip() {
    let mut e = engine();
    ok(&e.exec("create table b (id number, v varchar2(10));"));
    let one = e.exec("LAB RUN 'insert into b values (:1, ''x'')' BIND 1 TO 1000 VIA jdbc_thin;");
    let batched = e.exec("LAB RUN 'insert into b values (:1, ''x'')' BIND 1001 TO 2000 VIA jdbc_thin BATCH 100;");
    ok(&one);
    ok(&batched);
    assert_eq!(stat(&one[0], "SQL*Net roundtrips to/from client"), 1000);
    assert_eq!(stat(&batched[0], "SQL*Net roundtrips to/from client"), 10);
    assert!(one[0].elapsed_us > batched[0].elapsed_us * 5.0);
}

fn folded_map(lines: &[String]) -> std::collections::BTreeMap<String, f64> {
    lines
        .iter()
        .filter_map(|l| {
            let (k, v) = l.rsplit_once(' ')?;
            Some((k.to_string(), v.parse().ok()?))
        })
        .collect()
}

/// The flame graphs of t4 and t1 through JDBC thin differ in the
/// memoptimized frames and in the thin driver's second call per lookup
/// (18c: no fast-lookup protocol), which explain the gap.
#[test]
fn thin_t4_versus_t1_differs_in_memoptimized_frames() {
    let mut e = engine();
    let setup = include_str!("../../../samples/memoptimized-drivers.sql");
    let setup = &setup[..setup.find("LAB RUN").unwrap()];
    ok(&e.exec(setup));
    let t1 = e.exec("LAB RUN 'select value from t1 where key = :1' BIND 1 TO 100000 VIA jdbc_thin;");
    let t4 = e.exec("LAB RUN 'select value from t4 where key = :1' BIND 1 TO 100000 VIA jdbc_thin;");
    let (a, b) = (folded_map(&t1[0].folded), folded_map(&t4[0].folded));
    let second_call = ["kpoxih", "T4CTTIfch", "oracle_net_roundtrip", "opikndf2", "ksupucg", "ksupop", "kksumc"];
    let explained = |k: &str| second_call.iter().any(|f| k.contains(f));
    let mut grew = Vec::new();
    for (k, v) in &b {
        let before = a.get(k).copied().unwrap_or(0.0);
        if v - before > 1000.0 {
            grew.push(k.clone());
        }
    }
    assert!(!grew.is_empty());
    for k in &grew {
        assert!(explained(k), "frame that grew for t4: {k}");
    }
    let gap: f64 = b.values().sum::<f64>() - a.values().sum::<f64>();
    let grown: f64 = grew.iter().map(|k| b[k] - a.get(k).copied().unwrap_or(0.0)).sum();
    assert!(grown > gap, "the memoptimized frames and the second call account for the whole gap");
    assert_eq!(stat(&t4[0], "user calls"), 2 * stat(&t1[0], "user calls"));
}

#[test]
fn statistics_level_all_and_sql_trace_switch_off_the_fast_path() {
    let setup = include_str!("../../../samples/memoptimized-drivers.sql");
    let setup = &setup[..setup.find("LAB RUN").unwrap()];
    for (toggle, name) in [
        ("alter session set statistics_level = all;", "statistics_level"),
        ("alter session set sql_trace = true;", "sql_trace"),
    ] {
        let mut e = engine();
        ok(&e.exec(setup));
        let fast = e.exec("LAB RUN 'select value from t4 where key = :1' BIND 1 TO 1000 VIA jdbc_oci_bequeath;");
        ok(&e.exec(toggle));
        let slow = e.exec("LAB RUN 'select value from t4 where key = :1' BIND 1 TO 1000 VIA jdbc_oci_bequeath;");
        assert_eq!(stat(&fast[0], "memopt r hits"), 1000, "{name}");
        assert_eq!(stat(&slow[0], "memopt r lookups"), 0, "{name}");
        assert_eq!(stat(&slow[0], "consistent gets"), 3000, "{name}: 3 gets per lookup");
        assert!(slow[0].elapsed_us > fast[0].elapsed_us, "{name}");
    }
    // The hint does the same for its own statement.
    let mut e = engine();
    ok(&e.exec(setup));
    let hinted = e.exec(
        "LAB RUN 'select /*+ gather_plan_statistics */ value from t4 where key = :1' BIND 1 TO 1000 VIA jdbc_thin;",
    );
    ok(&hinted);
    assert_eq!(stat(&hinted[0], "memopt r lookups"), 0);
    // A new statement: its hard parse reads the dictionary first.
    let recursive = stat(&hinted[0], "consistent gets") - 3000;
    assert!(stat(&hinted[0], "recursive calls") > 0 && recursive > 0 && recursive < 50, "{recursive}");
    let again = e.exec(
        "LAB RUN 'select /*+ gather_plan_statistics */ value from t4 where key = :1' BIND 1 TO 1000 VIA jdbc_thin;",
    );
    assert_eq!(stat(&again[0], "consistent gets"), 3000);
}
