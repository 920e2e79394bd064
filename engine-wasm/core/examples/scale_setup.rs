//! Jonathan Lewis's usual 1,000,000-row set-up (issue 29, `jl_million.sql`)
//! natively: each statement's time and peak resident memory (Linux), and
//! the total time (`/usr/bin/time -v` around it gives the whole peak).
//! `cargo run --release -p lio-core --example scale_setup [-- ROWS]`;
//! `LIO_TRACE=1` keeps the event trace, as the CLI and the UI do.
use lio_core::{Engine, EngineConfig};
use std::time::Instant;

const SCRIPT: &str = include_str!("jl_million.sql");

/// The peak resident memory of this process in MB (VmHWM).
fn peak_mb() -> u64 {
    let s = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    s.lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(0)
        / 1024
}

fn main() {
    let rows = std::env::args().nth(1).unwrap_or_else(|| "1e6".into());
    let script = SCRIPT.replace("rownum <= 1e6", &format!("rownum <= {rows}"));
    let trace = std::env::var_os("LIO_TRACE").is_some_and(|v| v == "1");
    let mut e = Engine::new(EngineConfig { trace, ..Default::default() });
    let t = Instant::now();
    // Statement by statement (the script separates them by blank lines):
    // each one's time and the peak it reached, on standard error.
    for part in script.split("\n\n") {
        let _ = std::fs::write("/proc/self/clear_refs", "5");
        let t = Instant::now();
        let steps = e.exec(part);
        for s in &steps {
            assert!(s.error.is_none(), "{}: {:?}", s.statement, s.error);
        }
        let first = part.lines().find(|l| !l.starts_with("rem")).unwrap_or("");
        eprintln!("{:8.0} ms  peak {:5} MB  {first}", t.elapsed().as_secs_f64() * 1000.0, peak_mb());
    }
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    println!("{{\"rows\":\"{rows}\",\"ms\":{ms:.1}}}");
}
