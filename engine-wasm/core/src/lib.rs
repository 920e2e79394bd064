//! LIO Lab engine core: a pure-Rust model of how Oracle Database reaches a
//! row. Scripts go in; per-statement statistics (Oracle's names), plans
//! with per-line Buffers, latch gets, simulated time, folded cost stacks
//! and a columnar event trace come out. No wasm or JS dependency.
//!
//! Layout: `engine` (one instance, its sessions, the scheduler),
//! `instance` (parameters, version profiles), `kernel` (the one place a
//! get is counted, work limits, name compare: below both `exec` and
//! `session`), `sga` (buffer cache and its
//! latch set, memoptimize pool, row cache, log buffer), `io` (block
//! devices, log buffer and groups), `bg` (DBWR, LGWR), `sim` (simulated
//! time, the scheduler, cost model), `session`
//! (what is per session, and the statement families it runs), `catalog`,
//! `storage` (segments), `optimizer` (access paths, costs, join order),
//! `exec` (expressions, plan assembly, row sources),
//! `stats`, `trace`.

pub mod activity;
mod activity_engine;
pub mod bg;
pub mod catalog;
pub mod cbo_trace;
pub mod date;
pub mod engine;
pub mod exec;
pub mod fasthash;
pub mod instance;
pub mod io;
pub mod kernel;
pub mod optimizer;
pub mod random;
pub mod result;
pub mod session;
pub mod sga;
pub mod sim;
pub mod stats;
pub mod storage;
pub mod text;
pub mod trace;
pub mod tsdecl;
pub mod value;
pub use lio_sql::number;

pub use engine::sweep::{run_sweep_point, run_sweep_point_json};
pub use engine::{Engine, EngineConfig, SweepPlan, SweepPointPlan, SweepPointRun, VERSION};
pub use lio_sql::{LabError, LabResult};
pub use result::{ScriptOut, StepOut};
pub use session::trimmed_mean;
pub use trace::Trace;

/// A pasted SQL*Plus transcript stripped back to its script
/// ([`lio_sql::transcript::strip`]), as the JSON object the wasm facade's
/// `strip_transcript` returns (docs/ENGINE-API.md): `transcript`, `script`,
/// `removed_prompts`, `removed_line_numbers`, `removed_output_lines`.
pub fn strip_transcript_json(text: &str) -> String {
    let s = lio_sql::transcript::strip(text);
    serde_json::json!({
        "transcript": s.transcript,
        "script": s.script,
        "removed_prompts": s.removed_prompts,
        "removed_line_numbers": s.removed_line_numbers,
        "removed_output_lines": s.removed_output_lines,
    })
    .to_string()
}
