//! Deterministic work measure of the lookup path (instruction counts do
//! not swing as wall clock does): run under callgrind, counting inside the
//! LAB RUN only, e.g. for 20,000 lookups on t1 and for 40 sessions x 5,000:
//! `valgrind --tool=callgrind --toggle-collect='*::lab_run' perf_count lookup 20000 t1`
//! `valgrind --tool=callgrind --toggle-collect='*::lab_run' perf_count sessions 5000 40`
//! (`notrace-` before the mode: trace off). `join` runs the section D
//! nested loops after their setup (count with `--toggle-collect='*measured*'`,
//! which also works for the others); `hash-join` the same two joins as
//! hash joins (`npm run bench`'s hash-join workload). `update N S` runs the smart flash
//! logging sample's single-row UPDATE with autocommit, N binds over S
//! sessions (default 20). `filter N` counts N rows of t1 through a FILTER
//! subquery with 1,000 distinct correlation values. `section-c` runs
//! `npm run bench`'s section C (the MemOptimized drivers sample's LAB RUNs,
//! 6 M lookups) after its set-up. `parse N` hard-parses N distinct
//! statements against a 20,000-row table without statistics (the
//! optimizer's figures come from its rows at each hard parse). Prints a digest of the steps'
//! statistics: a change that keeps the figures keeps the digest.
use lio_core::{Engine, EngineConfig};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let mode = a.get(1).map(String::as_str).unwrap_or("setup");
    let n: u64 = a.get(2).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let trace = !mode.starts_with("notrace");
    let mut e = Engine::new(EngineConfig { trace, ..Default::default() });
    if mode.ends_with("join") {
        let s = include_str!("../../../samples/nested-loops-11g.sql");
        let (setup, q) = s.split_once("set autotrace traceonly").unwrap();
        e.exec(setup);
        let q = if mode.ends_with("hash-join") { as_hash_joins(q) } else { q.to_string() };
        if mode.trim_start_matches("notrace-").ends_with("join") {
            report(&measured(&mut e, &q));
        }
        return;
    }
    if mode.trim_start_matches("notrace-") == "update" {
        // The smart flash logging sample's set-up, then its single-row
        // UPDATE workload with autocommit for n binds over s sessions.
        let s = include_str!("../../../samples/smart-flash-logging.sql");
        let (setup, _) = s.split_once("LAB RUN").unwrap();
        e.exec(setup);
        let sessions: u64 = a.get(3).and_then(|s| s.parse().ok()).unwrap_or(20);
        let q = format!("LAB RUN 'update flashlog_test set v = v + 1 where id = mod(:1, 20000) + 1' BIND 1 TO {n} SESSIONS {sessions} AUTOCOMMIT;");
        report(&measured(&mut e, &q));
        return;
    }
    if mode.trim_start_matches("notrace-") == "section-c" {
        // Section C as the bench times it: the set-up, then every LAB RUN.
        let c = include_str!("../../../samples/memoptimized-drivers.sql");
        let at = c.find("LAB RUN").expect("sample layout");
        e.exec(&c[..at]);
        report(&measured(&mut e, &c[at..]));
        return;
    }
    if mode.trim_start_matches("notrace-") == "parse" {
        e.exec(
            "create table u (id integer primary key, n integer not null, v varchar2(30) not null);\n\
             insert into u select rownum, mod(rownum, 100), rpad('x', mod(rownum, 30) + 1, 'x') from xmltable('1 to 20000');\n\
             commit;",
        );
        let q: String = (1..=n).map(|i| format!("select v from u where id = {i} and n >= 0;\n")).collect();
        report(&measured(&mut e, &q));
        return;
    }
    e.exec(include_str!("../../../samples/memoptimized-rowstore.sql"));
    let script = match mode.trim_start_matches("notrace-") {
        "lookup" => {
            let t = a.get(3).map(String::as_str).unwrap_or("t1");
            format!("LAB RUN 'select value from {t} where key = :1' BIND 1 TO {n} VIA jdbc_thin;")
        }
        "sessions" => {
            let s: u64 = a.get(3).and_then(|s| s.parse().ok()).unwrap_or(40);
            format!("LAB RUN 'select value from t1 where key = mod(:1 - 1, 100000) + 1' BIND 1 TO {} VIA jdbc_thin SESSIONS {s};", n * s)
        }
        // A FILTER subquery over t1's rows: 1,000 distinct correlation
        // values (the subquery cache's fills and hits, memo_find/memo_keep).
        "filter" => format!(
            "select count(*) from t1 where t1.key <= {n} and exists (select /*+ no_unnest */ null from t2 where t2.key = mod(t1.key, 1000) + 1);"
        ),
        _ => return,
    };
    report(&measured(&mut e, &script));
}

/// Section D's joins as hash joins (as `npm run bench`'s workload).
fn as_hash_joins(q: &str) -> String {
    let nl = "use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b)";
    assert!(q.contains(nl), "sample layout");
    q.replace(nl, "use_hash(b)")
}

/// Prints a digest of the steps' statistics.
fn report(steps: &[lio_core::StepOut]) {
    let mut digest = 0u64;
    for s in steps {
        assert!(s.error.is_none(), "{:?}", s.error);
        let j = format!("{:?}", s.stats);
        digest = j.bytes().fold(digest, |h, b| h.wrapping_mul(31).wrapping_add(b as u64));
    }
    eprintln!("digest {digest:x}");
}

/// The measured part (not inlined: callgrind can count just this).
#[inline(never)]
fn measured(e: &mut Engine, script: &str) -> Vec<lio_core::StepOut> {
    e.exec(script)
}
