//! Deterministic work measure for optimisation: run under callgrind with
//! `--toggle-collect='*execute_fetch*'` and compare instruction counts.
//! `profile_work [t1|t2|t3|t4|join]`
use lio_core::{Engine, EngineConfig};
fn main() {
    let which = std::env::args().nth(1).unwrap_or("t1".into());
    let mut e = Engine::new(EngineConfig::default());
    if which == "join" {
        let s = include_str!("../../../samples/nested-loops-11g.sql");
        let (setup, q) = s.split_once("set autotrace traceonly").unwrap();
        e.exec(setup);
        e.exec(q);
    } else {
        e.exec(include_str!("../../../samples/memoptimized-rowstore.sql"));
        e.exec(&format!("LAB RUN 'select value from {which} where key = :1' BIND 1 TO 100000 VIA jdbc_thin;"));
    }
}
