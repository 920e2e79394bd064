//! `LAB SWEEP`'s plan and its points' results, as the host sees them
//! (docs/ENGINE-API.md), and a script suspended at a sweep whose points
//! the host runs. The data only; `engine/sweep.rs` runs them.

use super::EngineConfig;
use lio_sql::ast::Pos;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A script stopped at a `LAB SWEEP` whose points the host runs.
pub(crate) struct Suspended {
    pub(crate) plan: SweepPlan,
    /// The sweep statement and where it is.
    pub(crate) text: String,
    pub(crate) pos: Pos,
    /// The script's statements, and the first after the sweep.
    pub(crate) units: Vec<lio_sql::ScriptUnit>,
    pub(crate) next: usize,
}

/// A sweep's points to run: each a fresh engine with `config` that runs
/// `setup` then `LAB RUN run;`. The host's JSON (see docs/ENGINE-API.md).
#[derive(Debug, Clone, Serialize)]
pub struct SweepPlan {
    /// What the sweep varies (`HASHKEYS`).
    pub parameter: String,
    /// The script's work budget (`max_script_work`): the points together stay within it.
    pub budget: u64,
    /// The memory budget (`max_memory_mb`) a point may use; parallel points share it.
    pub memory_mb: u64,
    /// What the scenario's data held when the sweep began (MB, rounded up):
    /// each point replays it, so a host gives a worker at least twice this.
    pub scenario_mb: u64,
    pub config: EngineConfig,
    pub points: Vec<SweepPointPlan>,
    #[serde(skip)]
    pub(crate) name_pos: Pos,
    #[serde(skip)]
    pub(crate) scale: &'static str,
    #[serde(skip)]
    pub(crate) varies: &'static str,
    /// Statements of the scenario replayed.
    #[serde(skip)]
    pub(crate) statements: usize,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SweepPointPlan {
    pub value: f64,
    /// The release of a `LAB SWEEP VERSION IN (...)` point, as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    pub setup: String,
    pub run: String,
}

/// What one point measured, as the engine hands it back to itself (floats
/// by their bits, so a point run in a worker is the same to the last bit).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SweepPointRun {
    pub executions: u64,
    pub runs: u32,
    pub stats: BTreeMap<String, u64>,
    pub elapsed_bits: u64,
    pub trimmed_mean_bits: Option<u64>,
    /// The point's error: code and message.
    pub error: Option<(String, String)>,
    /// Work units the point's sessions did.
    pub spent: u64,
    /// A statement was refused for memory while `memory_cap_mb` held the
    /// budget below its own: the host runs the point again with the whole budget.
    pub memory_refused: bool,
    /// The host's worker failed (a trap) running the point: one line.
    pub failed: Option<String>,
}
