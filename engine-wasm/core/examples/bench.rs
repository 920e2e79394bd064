//! Native side of `npm run bench`: times the engine's workloads built as a
//! normal (native) library. Prints one JSON object; scripts/bench.mjs runs
//! the same workloads in wasm and compares.

use lio_core::{Engine, EngineConfig};
use std::time::Instant;

const SETUP: &str = include_str!("../../../samples/memoptimized-rowstore.sql");
const NL: &str = include_str!("../../../samples/nested-loops-11g.sql");
/// Section D's two joins join 100,000 rows each (T1 and T2 share their ids).
const JOIN_ROWS: f64 = 200_000.0;
/// Section D's nested-loop hints; the hash-join workload puts `use_hash(b)`
/// in their place (issue 34: its traced rate per row against the loops').
const NL_HINTS: &str = "use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b)";

/// The many-sessions lookup: every bind value maps onto t1's 100,000 keys.
const SESSIONS_SQL: &str = "select value from t1 where key = mod(:1 - 1, 100000) + 1";

/// The single-row insert workload (`npm run bench`, issue 29).
const PK_SETUP: &str = "create table t (id number primary key, v varchar2(20));";
const PK_INSERTS: &str =
    "begin for i in 1..100000 loop insert into t values (i, 'row ' || i); end loop; commit; end;\n/";

/// Jonathan Lewis's 1,000,000-row set-up: CTAS, index, statistics, two
/// queries (issue 29).
const MILLION: &str = include_str!("jl_million.sql");
/// A 20-point sweep: the sweep test's hash cluster, HASHKEYS 100 to 2,000.
const SWEEP_SETUP: &str = "\
create cluster c3 (key integer) size 256 single table hashkeys 100;
create table t3 (key integer not null, value varchar2(30 char) not null, constraint t3_pk primary key (key)) cluster c3 (key);
exec dbms_random.seed(0)
insert into t3 select rownum, dbms_random.string('x', round(dbms_random.value(5, 30), 0)) from xmltable('1 to 5000');
commit;
exec dbms_stats.gather_table_stats(user, 'T3')
";
const SWEEP: &str = "LAB SWEEP HASHKEYS FROM 100 TO 2000 STEP 100 RUN 'select value from t3 where key = :1' BIND 1 TO 500 VIA jdbc_thin RUNS 3;";

/// The peak resident memory of this process in MB since the last
/// [`reset_peak`] (Linux's VmHWM; 0 elsewhere).
fn peak_mb() -> f64 {
    let s = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = s
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse::<f64>().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

/// Start a new peak: the resident set as it is now (`echo 5 >
/// /proc/self/clear_refs`).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// Milliseconds and peak resident MB of `script` on a fresh engine (setup
/// included when `setup` is empty: the whole script is the workload).
fn time_peak(setup: &str, script: &str) -> (f64, f64) {
    let mut e = engine(false);
    e.exec(setup);
    reset_peak();
    let t = Instant::now();
    let steps = e.exec(script);
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    for s in &steps {
        assert!(s.error.is_none(), "{:?}", s.error);
    }
    let mb = peak_mb();
    drop(steps);
    drop(e);
    (ms, mb)
}

fn engine(trace: bool) -> Engine {
    Engine::new(EngineConfig { trace, ..Default::default() })
}

/// Runs per figure; the fastest counts (timings on a shared machine swing
/// by tens of percent, and the minimum is the least disturbed run).
const REPEATS: usize = 3;

/// Milliseconds of `script` after running `setup` (the best of
/// [`REPEATS`] runs, each on a fresh engine), and the buffer visits it made.
fn time_step(setup: &str, script: &str, trace: bool) -> (f64, u64) {
    (0..REPEATS).map(|_| time_once(setup, script, trace)).fold((f64::INFINITY, 0), |b, r| if r.0 < b.0 { r } else { b })
}

fn time_once(setup: &str, script: &str, trace: bool) -> (f64, u64) {
    let mut e = engine(trace);
    e.exec(setup);
    let t = Instant::now();
    let steps = e.exec(script);
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    let mut visits = 0;
    for s in &steps {
        assert!(s.error.is_none(), "{:?}", s.error);
        for n in ["consistent gets", "buffer is pinned count", "memopt r lookups", "memopt r hits"] {
            visits += s.stats.get(n).copied().unwrap_or(0);
        }
    }
    (ms, visits)
}

fn main() {
    // Warm-up (caches, allocator), as the wasm side does for V8's tier-up.
    time_once(SETUP, "LAB RUN 'select value from t1 where key = :1' BIND 1 TO 100000 VIA jdbc_thin;", true);
    let mut workloads = Vec::new();
    let mut gets = 0u64;
    let mut traced_ms = 0.0;
    let mut untraced_ms = 0.0;
    for t in ["t1", "t2", "t3", "t4"] {
        let run = format!("LAB RUN 'select value from {t} where key = :1' BIND 1 TO 100000 VIA jdbc_thin;");
        let (ms, v) = time_step(SETUP, &run, true);
        let (ums, _) = time_step(SETUP, &run, false);
        gets += v;
        traced_ms += ms;
        untraced_ms += ums;
        workloads.push(format!("{{\"name\":\"100k PK lookups {t}\",\"native_ms\":{ms:.1}}}"));
    }
    // Section D: the nested-loop join (both queries), setup excluded.
    let (setup, queries) = NL.split_once("set autotrace traceonly").expect("sample layout");
    let (ms, v) = time_step(setup, queries, true);
    let (ums, _) = time_step(setup, queries, false);
    gets += v;
    traced_ms += ms;
    untraced_ms += ums;
    workloads.push(format!("{{\"name\":\"section D nested loops\",\"native_ms\":{ms:.1}}}"));
    let nl_ms = ms;
    // Section C: 4 tables x 3 drivers x 5 runs of 100,000 lookups (6 M).
    let c = include_str!("../../../samples/memoptimized-drivers.sql");
    let at = c.find("LAB RUN").expect("sample layout");
    let (ms, _) = time_once(&c[..at], &c[at..], true);
    workloads.push(format!("{{\"name\":\"section C table (60 runs, 6 M lookups)\",\"native_ms\":{ms:.1}}}"));
    // Many sessions: 40 sessions x 100,000 lookups against the single
    // session's rate of simulated buffer visits per second (t1, traced).
    let single = format!("LAB RUN '{SESSIONS_SQL}' BIND 1 TO 100000 VIA jdbc_thin;");
    let (sms, sv) = time_step(SETUP, &single, true);
    let many = format!("LAB RUN '{SESSIONS_SQL}' BIND 1 TO 4000000 VIA jdbc_thin SESSIONS 40;");
    let (mms, mv) = time_step(SETUP, &many, true);
    let (single_rate, many_rate) = (sv as f64 / (sms / 1000.0), mv as f64 / (mms / 1000.0));
    workloads.push(format!("{{\"name\":\"40 sessions x 100k lookups\",\"native_ms\":{mms:.1}}}"));
    // CALIBRATION G: smart flash logging, 20 sessions x 200,000 update+commit.
    let f = include_str!("../../../samples/smart-flash-logging.sql");
    let at = f.find("LAB RUN").expect("sample layout");
    let end = at + f[at..].find('\n').expect("one line");
    let run = format!("LAB SET cell_flash_logging = on;\n{}\n", &f[at..end]);
    let (fms, _) = time_once(&f[..at], &run, true);
    workloads.push(format!("{{\"name\":\"smart flash logging (4 M commits)\",\"native_ms\":{fms:.1}}}"));
    // Issue 29: 100,000 single-row inserts into a table with a primary
    // key, from a PL/SQL loop (index maintenance per row, not per table).
    let (pms, pmb) = time_peak(PK_SETUP, PK_INSERTS);
    workloads.push(format!(
        "{{\"name\":\"100k single-row PK inserts\",\"native_ms\":{pms:.1},\"native_peak_mb\":{pmb:.0}}}"
    ));
    // Issue 29: the 1,000,000-row set-up, time and peak memory.
    let (ems, emb) = time_peak("", MILLION);
    workloads.push(format!("{{\"name\":\"1M-row set-up (CTAS, index, stats, 2 queries)\",\"native_ms\":{ems:.1},\"native_peak_mb\":{emb:.0}}}"));
    // A 20-point LAB SWEEP (each point replays the scenario).
    let (wms, wmb) = time_peak(SWEEP_SETUP, SWEEP);
    workloads
        .push(format!("{{\"name\":\"20-point sweep (HASHKEYS)\",\"native_ms\":{wms:.1},\"native_peak_mb\":{wmb:.0}}}"));
    // Issue 34: section D's joins as hash joins (full scans, an optimal
    // work area), traced, per joined row against the nested loops'.
    assert!(queries.contains(NL_HINTS), "sample layout");
    let (hms, _) = time_step(setup, &queries.replace(NL_HINTS, "use_hash(b)"), true);
    workloads.push(format!("{{\"name\":\"section D as hash joins\",\"native_ms\":{hms:.1}}}"));
    let (nl_rate, hj_rate) = (JOIN_ROWS / (nl_ms / 1000.0), JOIN_ROWS / (hms / 1000.0));
    println!(
        "{{\"nl_rows_per_s\":{nl_rate:.0},\"hj_rows_per_s\":{hj_rate:.0},\"native_gets_per_s\":{:.0},\"native_traced_ms\":{:.1},\"native_untraced_ms\":{:.1},\"sessions40_gets_per_s\":{:.0},\"single_session_gets_per_s\":{:.0},\"sessions40_ratio\":{:.3},\"workloads\":[{}]}}",
        gets as f64 / (traced_ms / 1000.0),
        traced_ms,
        untraced_ms,
        many_rate,
        single_rate,
        many_rate / single_rate,
        workloads.join(",")
    );
}
