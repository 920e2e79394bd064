//! Output identity check: a hash of each script's result JSON and trace
//! columns. `out_digest FILE.sql...`
//!
//! The trace hash covers each step's own session (the script's), as its
//! trace was before the other sessions of a `LAB RUN ... SESSIONS n` step
//! were traced; the other sessions' events (with their `sid` column) are
//! hashed apart, on a second line `FILE: sessions ...` when there are any.
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
        let (mut sh, mut others) = (0xcbf29ce484222325u64, (0usize, 0usize));
        for step in 0..10_000 {
            let Some(all) = e.trace_shared(step) else { continue };
            if !all.session_meta().is_empty() {
                sessions(&mut sh, &mut others, &all);
            }
            let t = all.first_session();
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
        if others.0 > 0 {
            println!("{path}: sessions {sh:016x} ({} steps, {} events of the other sessions)", others.0, others.1);
        }
    }
}

/// The whole trace of a step with several sessions traced: every column,
/// the `sid` column and the meta.
fn sessions(h: &mut u64, n: &mut (usize, usize), t: &lio_core::Trace) {
    for v in t.t_us() {
        fnv(h, &v.to_bits().to_le_bytes());
    }
    for col in [t.segment(), t.block(), t.stack(), t.exec(), t.sid()] {
        for v in col {
            fnv(h, &v.to_le_bytes());
        }
    }
    fnv(h, &t.kind());
    fnv(h, &t.get_kind());
    fnv(h, t.meta_json().as_bytes());
    n.0 += 1;
    n.1 += t.len() - t.own_len();
}
