//! Profiling helper: 100,000-lookup workloads, timed one step at a time.
//! `target/profiling/examples/profile_lookups [t1|t2|t3|t4] [notrace] [steps]`
use lio_core::{Engine, EngineConfig};
fn main() {
    let t = std::env::args().nth(1).unwrap_or("t1".into());
    let trace = std::env::args().nth(2).as_deref() != Some("notrace");
    let steps: usize = std::env::args().nth(3).and_then(|s| s.parse().ok()).unwrap_or(10);
    let mut e = Engine::new(EngineConfig { trace, ..Default::default() });
    e.exec(include_str!("../../../samples/memoptimized-rowstore.sql"));
    for _ in 0..steps {
        let t0 = std::time::Instant::now();
        e.exec(&format!("LAB RUN 'select value from {t} where key = :1' BIND 1 TO 100000 VIA jdbc_thin;"));
        eprint!("{:.1} ", t0.elapsed().as_secs_f64() * 1000.0);
    }
    eprintln!("ms");
}
