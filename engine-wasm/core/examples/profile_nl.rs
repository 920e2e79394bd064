//! Profiling helper: runs the section D join (or `lookups`) natively.
//! `cargo build --profile profiling --example profile_nl -p lio-core`
//! then `perf record target/profiling/examples/profile_nl [join|lookups] [notrace]`.
use lio_core::{Engine, EngineConfig};
fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let trace = std::env::args().nth(2).as_deref() != Some("notrace");
    let mut e = Engine::new(EngineConfig { trace, ..Default::default() });
    if which == "lookups" {
        let s = include_str!("../../../samples/memoptimized-drivers.sql");
        e.exec(&s[..s.find("LAB RUN").unwrap()]);
        let t = std::time::Instant::now();
        e.exec("LAB RUN 'select value from t1 where key = :1' BIND 1 TO 100000 VIA jdbc_thin RUNS 30;");
        eprintln!("lookups: {:?}", t.elapsed());
    } else {
        let s = include_str!("../../../samples/nested-loops-11g.sql");
        let (setup, q) = s.split_once("set autotrace traceonly").unwrap();
        e.exec(setup);
        let t = std::time::Instant::now();
        for _ in 0..20 {
            e.exec(q);
        }
        eprintln!("join x20: {:?}", t.elapsed());
    }
}
