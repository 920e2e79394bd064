//! Run a script file natively and print each step's rows, output and
//! error: `cargo run -p lio-core --example run_script -- FILE.sql`.
use lio_core::engine::{Engine, EngineConfig};

fn main() {
    let path = std::env::args().nth(1).expect("usage: run_script FILE.sql");
    let text = std::fs::read_to_string(&path).expect("readable script");
    let mut e = Engine::new(EngineConfig { trace: false, ..Default::default() });
    for s in e.exec(&text) {
        println!("SQL> {}", s.statement.lines().next().unwrap_or(""));
        if let Some(err) = &s.error {
            println!("  {}: {} (line {}, column {})", err.code, err.message, err.line, err.column);
            continue;
        }
        if !s.columns.is_empty() {
            println!("  {}", s.columns.join(" | "));
        }
        for r in &s.rows {
            let cells: Vec<String> = r.iter().map(|v| v.to_string()).collect();
            println!("  {}", cells.join(" | "));
        }
        for o in &s.output {
            println!("  > {o}");
        }
        for l in &s.plan {
            println!(
                "  {:>3} {}{} {}  rows={} cost={} bytes={:?}",
                l.id,
                " ".repeat(l.depth as usize),
                l.operation,
                l.name.as_deref().unwrap_or(""),
                l.e_rows,
                l.cost,
                l.bytes
            );
        }
    }
}
