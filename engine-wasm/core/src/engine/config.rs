//! The engine's options, as the host passes them (JSON): a leaf, so the
//! sessions read them without depending on the engine.

/// Engine options (JSON in from the host).
#[derive(Debug, Clone, serde::Deserialize, serde::Serialize)]
#[serde(default)]
pub struct EngineConfig {
    /// Keep an event trace per step.
    pub trace: bool,
    /// Events kept per step (the heat map always covers all of them).
    pub trace_limit: usize,
    /// Rows returned per query step in results.
    pub max_result_rows: usize,
    /// Traces kept (most recent steps).
    pub traces_kept: usize,
    /// Events kept across all kept traces.
    pub trace_budget: usize,
    /// A step's result JSON may be at most this many MB: a larger one is
    /// refused with LAB-00090 (its rows, output and stacks dropped) rather
    /// than passed to a host whose strings stop at 512 MB.
    pub max_step_result_mb: usize,
    /// Test hook, never set by the hosts: the engine panics (a wasm trap)
    /// as the step with this index begins, so hosts' tests can check what
    /// survives a trap.
    pub trap_at_step: Option<usize>,
    /// `LAB SWEEP` leaves its points to the host: the script stops at the
    /// sweep ([`Engine::pending_sweep_json`]), the host runs the points in
    /// parallel workers ([`crate::engine::sweep::run_sweep_point_json`]) and hands their results
    /// back ([`Engine::resume_sweep_json_each`]), which ends the sweep's
    /// step as the serial run would and runs the rest of the script.
    pub sweep_points_external: bool,
    /// A ceiling on `max_memory_mb` (a parallel sweep's point: its share
    /// of the budget). A `LAB SET` above it runs at the ceiling.
    pub memory_cap_mb: Option<u64>,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            trace: true,
            trace_limit: 1_000_000,
            max_result_rows: 1000,
            traces_kept: 64,
            trace_budget: 4_000_000,
            max_step_result_mb: 64,
            trap_at_step: None,
            sweep_points_external: false,
            memory_cap_mb: None,
        }
    }
}

impl EngineConfig {
    pub fn from_json(s: &str) -> Result<Self, String> {
        if s.trim().is_empty() {
            return Ok(Self::default());
        }
        serde_json::from_str(s).map_err(|e| format!("LIO engine: bad config: {e}"))
    }
}
