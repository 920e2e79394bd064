//! LIO Lab engine core: a pure-Rust model of how Oracle Database reaches a
//! row. Scripts go in; per-statement statistics (Oracle's names), plans
//! with per-line Buffers, latch gets, simulated time, folded cost stacks
//! and a columnar event trace come out. No wasm or JS dependency.

pub mod cache;
pub mod catalog;
mod catalog_json;
pub mod cost;
pub mod dict;
pub mod engine;
pub mod exec;
pub mod kernel;
pub mod memopt;
pub mod params;
pub mod random;
pub mod result;
pub mod stats;
pub mod storage;
pub mod trace;
pub mod value;
pub mod version;

pub use engine::{Engine, EngineConfig, VERSION};
pub use lio_sql::{LabError, LabResult};
pub use result::{ScriptOut, StepOut};
pub use trace::Trace;
