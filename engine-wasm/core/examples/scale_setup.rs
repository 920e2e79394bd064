//! Jonathan Lewis's usual 1,000,000-row set-up (issue 29, `jl_million.sql`)
//! natively: each statement's time and peak resident memory (Linux), and
//! the total time (`/usr/bin/time -v` around it gives the whole peak).
//! `cargo run --release -p lio-core --example scale_setup [-- ROWS]`;
//! `LIO_TRACE=1` keeps the event trace, as the CLI and the UI do;
//! `LIO_WORK=N` sets both work budgets to N units first (10M rows need
//! more than the default 5e7 a statement). Each line also gives the lab's
//! own memory accounting (what `max_memory_mb` is checked against).
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
    if let Ok(work) = std::env::var("LIO_WORK") {
        let mem = std::env::var("LIO_MEM").map(|m| format!("\nLAB SET max_memory_mb = {m};")).unwrap_or_default();
        let set = format!("LAB SET max_statement_work = {work};\nLAB SET max_script_work = {work};{mem}");
        assert!(e.exec(&set).iter().all(|s| s.error.is_none()), "LIO_WORK={work}");
    }
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
        let lab = e.catalog().memory_bytes() >> 20;
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        eprintln!("{ms:8.0} ms  peak {:5} MB  lab {lab:5} MB  {first}", peak_mb());
    }
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    println!("{{\"rows\":\"{rows}\",\"ms\":{ms:.1}}}");
}
