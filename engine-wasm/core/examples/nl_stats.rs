//! Print the statistics and plan Buffers of each query step of a script:
//! `cargo run --release -p lio-core --example nl_stats -- FILE.sql`.
use lio_core::engine::{Engine, EngineConfig};

fn main() {
    let path = std::env::args().nth(1).expect("usage: nl_stats FILE.sql");
    let text = std::fs::read_to_string(&path).expect("readable script");
    let mut e = Engine::new(EngineConfig { trace: false, ..Default::default() });
    for s in e.exec(&text) {
        if let Some(err) = &s.error {
            println!("{}: {} {}", s.statement.lines().next().unwrap_or(""), err.code, err.message);
            continue;
        }
        if s.kind != "query" {
            continue;
        }
        println!("== {}", s.statement.replace('\n', " ").chars().take(100).collect::<String>());
        for l in &s.plan {
            println!(
                "  {:>2} {:<40} {:>8}",
                l.id,
                format!("{}{} {}", " ".repeat(l.depth as usize), l.operation, l.name.as_deref().unwrap_or("")),
                l.buffers
            );
        }
        for (k, v) in &s.stats {
            println!("  {k:<50} {v:>10}");
        }
        for (k, v) in &s.latches {
            println!("  LATCH.{k:<44} {:>10}", v.gets);
        }
    }
}
