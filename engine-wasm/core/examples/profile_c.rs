//! Profiling helper: the section C table (12 workloads, 6 M lookups).
use lio_core::{Engine, EngineConfig};
fn main() {
    let mut e = Engine::new(EngineConfig::default());
    let c = include_str!("../../../samples/memoptimized-drivers.sql");
    let at = c.find("LAB RUN").unwrap();
    e.exec(&c[..at]);
    let t = std::time::Instant::now();
    e.exec(&c[at..]);
    eprintln!("section C: {:?}", t.elapsed());
}
