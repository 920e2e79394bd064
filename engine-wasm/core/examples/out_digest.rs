//! Output identity check: a hash of each script's result JSON and trace
//! columns. `out_digest FILE.sql...`
use lio_core::{Engine, EngineConfig};
fn fnv(h: &mut u64, b: &[u8]) {
    for x in b {
        *h = (*h ^ *x as u64).wrapping_mul(0x100000001b3);
    }
}
fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut e = Engine::new(EngineConfig { trace: true, ..Default::default() });
        let json = e.exec_json(&text);
        let mut h = 0xcbf29ce484222325u64;
        fnv(&mut h, json.as_bytes());
        let mut th = 0xcbf29ce484222325u64;
        let mut events = 0;
        for step in 0..10_000 {
            let Some(t) = e.trace_shared(step) else { continue };
            for v in t.t_us() {
                fnv(&mut th, &v.to_bits().to_le_bytes());
            }
            for v in t.segment() {
                fnv(&mut th, &v.to_le_bytes());
            }
            for v in t.block() {
                fnv(&mut th, &v.to_le_bytes());
            }
            for v in t.stack() {
                fnv(&mut th, &v.to_le_bytes());
            }
            for v in t.exec() {
                fnv(&mut th, &v.to_le_bytes());
            }
            fnv(&mut th, &t.kind());
            fnv(&mut th, &t.get_kind());
            events += t.t_us().len();
            fnv(&mut th, t.meta_json().as_bytes());
        }
        println!("{path}: json {h:016x} ({} bytes) trace {th:016x} ({events} events)", json.len());
    }
}
