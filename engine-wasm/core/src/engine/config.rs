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
    /// Where a long `LAB RUN` says how far it is (set by the host, never
    /// in the JSON).
    #[serde(skip)]
    pub progress: ProgressHook,
}

/// Executions between two progress reports of a `LAB RUN` (a power of two:
/// the test is a mask, one branch an execution).
pub const PROGRESS_EVERY: u64 = 1024;

/// The host's callback for a long `LAB RUN`: `(executions done, executions
/// in all)`, every [`PROGRESS_EVERY`] executions and at the last. It is
/// called from inside the statement, so a host that runs the engine on a
/// worker can post it while the statement runs; the host decides how often
/// to show it. Shared by clones of the config (a sweep's points have none).
#[derive(Clone, Default)]
pub struct ProgressHook(Option<SharedProgressFn>);

/// The host's progress callback, shared by the config's clones.
type SharedProgressFn = std::rc::Rc<std::cell::RefCell<dyn FnMut(u64, u64)>>;

impl ProgressHook {
    pub fn new(f: impl FnMut(u64, u64) + 'static) -> Self {
        ProgressHook(Some(std::rc::Rc::new(std::cell::RefCell::new(f))))
    }

    /// Execution `done` of `total` has finished: reported every
    /// [`PROGRESS_EVERY`] and at the last.
    #[inline(always)]
    pub fn tick(&self, done: u64, total: u64) {
        if done & (PROGRESS_EVERY - 1) == 0 || done == total {
            self.report(done, total);
        }
    }

    /// Executions `from + 1 ..= to` of `total` have finished (an array
    /// DML's batch): reported when they pass a multiple of
    /// [`PROGRESS_EVERY`], and at the last.
    #[inline(always)]
    pub fn advance(&self, from: u64, to: u64, total: u64) {
        if to / PROGRESS_EVERY != from / PROGRESS_EVERY || to == total {
            self.report(to, total);
        }
    }

    #[inline(never)]
    fn report(&self, done: u64, total: u64) {
        // A total of 0: a single execution inside a workload's turn (its workload reports).
        if total == 0 {
            return;
        }
        if let Some(f) = &self.0 {
            // A report from inside a report (never expected) is dropped rather than a panic.
            if let Ok(mut f) = f.try_borrow_mut() {
                f(done, total);
            }
        }
    }
}

impl std::fmt::Debug for ProgressHook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "ProgressHook(set)" } else { "ProgressHook(none)" })
    }
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
            progress: ProgressHook::default(),
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
