//! The engine's options, as the host passes them (JSON): a leaf, so the
//! sessions read them without depending on the engine.

/// Engine options (JSON in from the host).
#[derive(Debug, Clone, serde::Deserialize, serde::Serialize)]
#[serde(default)]
pub struct EngineConfig {
    /// Keep an event trace per step.
    pub trace: bool,
    /// Operator events in the trace too (a hash join's build and probe
    /// rows, its spill and temp requests: `trace::contract`), for the
    /// structure view's pictures. Off by default: the figures and the
    /// block events are the same either way.
    pub operator_events: bool,
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

/// Units of work (the budget's, [`crate::stats::SessionStats::work_units`])
/// between two progress reports of a `LAB RUN` whose executions are long: a
/// count of executions alone would leave the room without news for 1,024 of
/// them (seconds, when each scans a table). About 1,024 executions of a
/// 250-unit lookup: a quarter of a second or less on a slow machine. The host
/// coalesces the reports to a few a second (renderer/src/engine/run.ts).
pub const PROGRESS_WORK: u64 = 1 << 18;

/// Executions between two looks at the work done (a power of two): 16
/// executions of a lookup are a few microseconds, 16 of a long scan are
/// what the work reports are for.
pub const PROGRESS_WORK_STRIDE: u64 = 16;

/// The host's callback for a long `LAB RUN`: `(executions done, executions
/// in all)`, every [`PROGRESS_EVERY`] executions, every [`PROGRESS_WORK`]
/// units of work (a single session's run) and at the last. It is
/// called from inside the statement, so a host that runs the engine on a
/// worker can post it while the statement runs; the host decides how often
/// to show it. Shared by clones of the config (a sweep's points have none).
#[derive(Clone, Default)]
pub struct ProgressHook(Option<SharedProgressFn>);

/// The callback and the work counted at its last report.
struct ProgressFn<F: ?Sized> {
    last_work: std::cell::Cell<u64>,
    f: std::cell::RefCell<F>,
}

/// The host's progress callback, shared by the config's clones.
type SharedProgressFn = std::rc::Rc<ProgressFn<dyn FnMut(u64, u64)>>;

impl ProgressHook {
    pub fn new(f: impl FnMut(u64, u64) + 'static) -> Self {
        ProgressHook(Some(std::rc::Rc::new(ProgressFn {
            last_work: std::cell::Cell::new(0),
            f: std::cell::RefCell::new(f),
        })))
    }

    /// As [`ProgressHook::tick`], and also when the session's work (its
    /// work units, which only grow) has moved [`PROGRESS_WORK`] since the
    /// last report: executions that each take long are reported as they go.
    /// The work is summed every [`PROGRESS_WORK_STRIDE`] executions only
    /// (`work` is called then): summing it every execution cost a run of
    /// short lookups 4% (measured, tests/unit/work-progress.test.ts).
    #[inline(always)]
    pub fn tick_work(&self, done: u64, total: u64, work: impl Fn() -> u64) {
        if let Some(p) = &self.0 {
            let due = done & (PROGRESS_EVERY - 1) == 0 || done == total;
            if due || done & (PROGRESS_WORK_STRIDE - 1) == 0 {
                let w = work();
                if due || w.wrapping_sub(p.last_work.get()) >= PROGRESS_WORK {
                    p.last_work.set(w);
                    self.report(done, total);
                }
            }
        }
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
            if let Ok(mut f) = f.f.try_borrow_mut() {
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
            operator_events: false,
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
