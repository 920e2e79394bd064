//! Per-step results, serialised to the JSON contract of docs/ENGINE-API.md.

use crate::tsdecl::contract;
use serde::Serialize;
use std::collections::BTreeMap;

/// A step's `kind`.
pub const STEP_KINDS: &[&str] = &["query", "ddl", "dml", "plsql", "sqlplus", "lab"];
/// A step's `autotrace` (SET AUTOTRACE OFF, ON, TRACEONLY).
pub const AUTOTRACE_MODES: &[&str] = &["off", "on", "traceonly"];
/// `settings.autotrace_style`: the text formatters' layout.
pub const AUTOTRACE_STYLES: &[&str] = &["sqlplus", "sqlcl"];
/// A sweep's `scale`.
pub const SWEEP_SCALES: &[&str] = &["linear", "log", "releases"];
/// What a sweep `varies`.
pub const SWEEP_VARIES: &[&str] = &["ddl option", "lab run option", "sqlplus setting", "lab parameter", "release"];

contract! {
    #[derive(Debug, Clone, Serialize)]
    pub struct ErrorOut as StepError {
        pub code: String,
        pub message: String,
        pub line: u32,
        pub column: u32,
    }
}

contract! {
    #[derive(Debug, Clone, Serialize)]
    pub struct PlanLineOut as PlanLine {
        pub id: u16,
        pub parent: Option<u16>,
        pub depth: u16,
        pub operation: String,
        pub name: Option<String>,
        pub starts: u64,
        pub e_rows: u64,
        pub a_rows: u64,
        pub buffers: u64,
        pub cost: u64,
        /// PLAN_TABLE's IO_COST: the Cost less its CPU part. DBMS_XPLAN's
        /// %CPU is round(100 x (COST - IO_COST) / COST).
        pub io_cost: u64,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub bytes: Option<u64>,
        /// DBMS_XPLAN's access predicates of this line (`"KEY"=42`).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub access: Option<String>,
        /// DBMS_XPLAN's filter predicates of this line.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub filter: Option<String>,
        /// DBMS_XPLAN's Pstart and Pstop: the first and last partition a
        /// partitioned table's line reads (`2`, `KEY`, `KEY(I)`).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub pstart: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub pstop: Option<String>,
        /// A-Time in microseconds: only with rowsource statistics
        /// (STATISTICS_LEVEL=ALL or the GATHER_PLAN_STATISTICS hint).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub time_us: Option<f64>,
        /// The line's work area in its last execution (a HASH JOIN's):
        /// DBMS_XPLAN's OMem, 1Mem, Used-Mem and Used-Tmp.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub workarea: Option<WorkareaOut>,
    }
}

contract! {
    #[derive(Debug, Clone, Copy, Serialize, Default, PartialEq)]
    pub struct WorkareaOut as LineWorkarea {
        /// Bytes to run optimal (OMem).
        pub optimal: u64,
        /// Bytes to run one-pass (1Mem).
        pub onepass: u64,
        /// Bytes the execution used (Used-Mem).
        pub used: u64,
        /// 0 optimal, 1 one-pass, more multi-pass (Used-Mem's "(n)").
        pub passes: u32,
        /// Temp bytes it held at most (Used-Tmp; 0 when none).
        pub temp: u64,
    }
}

contract! {
    #[derive(Debug, Clone, Copy, Serialize, Default)]
    pub struct LatchOut as LatchFigures {
        pub gets: u64,
        pub misses: u64,
        pub sleeps: u64,
    }
}

contract! {
    #[derive(Debug, Clone, Copy, Serialize, Default)]
    pub struct WaitOut as WaitFigures {
        pub count: u64,
        pub time_us: f64,
    }
}

contract! {
    #[derive(Debug, Clone, Serialize, Default)]
    pub struct RunOut as RunResult {
        pub run: u32,
        pub elapsed_us: f64,
        pub stats: BTreeMap<String, u64>,
        pub waits: BTreeMap<String, WaitOut>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub wait_histograms: Vec<WaitHistogramOut>,
        pub folded: Vec<String>,
    }
}

contract! {
    /// One session of a `LAB RUN ... SESSIONS n` workload.
    #[derive(Debug, Clone, Serialize, Default)]
    pub struct SessionOut as SessionFigures {
        pub sid: u32,
        /// The session's waits by duration (see [`StepOut::wait_histograms`]).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub wait_histograms: Vec<WaitHistogramOut>,
        /// The workload's start on the simulated clock (µs), which the
        /// timeline counts from (trace events carry the same clock).
        pub start_us: f64,
        pub executions: u64,
        pub stats: BTreeMap<String, u64>,
        pub waits: BTreeMap<String, WaitOut>,
        pub elapsed_us: f64,
        /// The session's lane: `[from_us, to_us, state]` from the step's start,
        /// state indexing TIMELINE_STATES (CPU, run queue, wait events).
        pub timeline: Vec<TimelineOut>,
    }
}

contract! {
    /// One wait event's histogram.
    #[derive(Debug, Clone, Serialize, Default, PartialEq)]
    pub struct WaitHistogramOut as WaitHistogram {
        pub event: String,
        pub wait_class: String,
        pub buckets: Vec<WaitBucketOut>,
    }
}

contract! {
    /// Waits shorter than `lt_us` microseconds and at least half that (at
    /// least 0 for the first bucket); `lt_us` None: the last, open bucket.
    #[derive(Debug, Clone, Copy, Serialize, Default, PartialEq)]
    pub struct WaitBucketOut as WaitBucket {
        pub lt_us: Option<u64>,
        pub count: u64,
    }
}

impl WaitHistogramOut {
    /// Histograms of the waits counted in `after` but not in `before`.
    pub fn since(after: &crate::stats::WaitHistUs, before: &crate::stats::WaitHistUs) -> Vec<WaitHistogramOut> {
        let mut out = Vec::new();
        for e in crate::stats::WaitEvent::ALL {
            let (a, b) = (&after[e as usize], &before[e as usize]);
            let buckets: Vec<WaitBucketOut> = (0..a.len())
                .filter_map(|i| {
                    let count = a[i].saturating_sub(b[i]);
                    (count > 0).then(|| WaitBucketOut { lt_us: crate::stats::wait_bucket_us_limit(i), count })
                })
                .collect();
            if !buckets.is_empty() {
                out.push(WaitHistogramOut { event: e.name().into(), wait_class: e.wait_class().into(), buckets });
            }
        }
        out
    }

    /// Add `other`'s counts (same event) bucket by bucket.
    pub fn merge(into: &mut Vec<WaitHistogramOut>, other: &[WaitHistogramOut]) {
        for h in other {
            match into.iter_mut().find(|x| x.event == h.event) {
                Some(x) => {
                    for b in &h.buckets {
                        match x.buckets.iter_mut().find(|y| y.lt_us == b.lt_us) {
                            Some(y) => y.count += b.count,
                            None => x.buckets.push(*b),
                        }
                    }
                    x.buckets.sort_by_key(|b| b.lt_us.unwrap_or(u64::MAX));
                }
                None => into.push(h.clone()),
            }
        }
    }
}

/// A stretch of a session's time in one state (serialized as a triple).
#[derive(Debug, Clone, Copy, Serialize, Default)]
pub struct TimelineOut(pub f64, pub f64, pub u8);

impl crate::tsdecl::TsType for TimelineOut {
    fn ty() -> crate::tsdecl::Ty {
        <[f64; 3] as crate::tsdecl::TsType>::ty()
    }
}

contract! {
    #[derive(Debug, Clone, Serialize, Default)]
    pub struct StepOut as Step {
        pub index: usize,
        pub line: u32,
        pub column: u32,
        pub statement: String,
        @STEP_KINDS
        pub kind: &'static str,
        pub error: Option<ErrorOut>,
        pub columns: Vec<String>,
        /// SQL*Plus's display width per column: the declared length of a
        /// character column (VARCHAR2(30) shows 30 wide), 0 where the values
        /// decide. Absent when no column has one.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub column_widths: Vec<u32>,
        /// Per column, whether its type is NUMBER (SQL*Plus right-aligns its
        /// heading and gives it NUMWIDTH even when every value is NULL).
        /// Absent when no column is.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub column_numeric: Vec<bool>,
        pub rows: Vec<Vec<serde_json::Value>>,
        pub rows_processed: u64,
        pub plan: Vec<PlanLineOut>,
        pub stats: BTreeMap<String, u64>,
        pub latches: BTreeMap<String, LatchOut>,
        pub waits: BTreeMap<String, WaitOut>,
        /// The step's waits by duration, per event that waited: power-of-two
        /// microsecond buckets (V$EVENT_HISTOGRAM_MICRO), only those with waits.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub wait_histograms: Vec<WaitHistogramOut>,
        pub elapsed_us: f64,
        pub folded: Vec<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub runs: Option<Vec<RunOut>>,
        /// Mean elapsed of the runs left after dropping the fastest and slowest.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub trimmed_mean_us: Option<f64>,
        /// `LAB RUN ... SESSIONS n`: each session's statistics, waits, elapsed
        /// time and timeline lane; the step's stats and waits are their sums.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub sessions: Option<Vec<SessionOut>>,
        pub output: Vec<String>,
        /// SQL*Plus feedback ("Table created.", "1 row created.").
        #[serde(skip_serializing_if = "Option::is_none")]
        pub feedback: Option<String>,
        @AUTOTRACE_MODES
        pub autotrace: &'static str,
        pub trace_events: usize,
        /// Autotrace's Execution Plan: the plan as `dbms_xplan.display`
        /// prints it (Plan hash value, TYPICAL table, predicates), when
        /// autotrace shows plans and the statement has one.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub xplan: Vec<String>,
        /// SQL*Plus settings in effect (absent while all are defaults).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub settings: Option<SettingsOut>,
        /// SET VERIFY ON's `old   n: ...` / `new   n: ...` lines for a
        /// statement whose substitution variables (`&name`) were replaced.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub verify: Vec<String>,
        /// The statement as it ran, after substitution (`statement` is the
        /// text as written); absent when nothing was substituted.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub substituted: Option<String>,
        /// `LAB SWEEP`: the measured points.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub sweep: Option<SweepOut>,
        /// The `LAB DEVICE`s (and DATA) whose counters the step changed: the
        /// changes, the totals and each device's state at the step's end.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub devices: Vec<DeviceOut>,
        /// The lines the session's extended SQL trace (event 10046,
        /// SQL_TRACE) got during the step; absent while tracing is off.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub sql_trace: Vec<String>,
        /// Event 10053: what the optimizer considered in the step's hard
        /// parse (its text is in `sql_trace`); absent while the event is off.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub optimizer: Option<crate::cbo_trace::CboTraceOut>,
        /// SQL*Plus `PRINT`: each bind variable printed, in order (each is
        /// laid out as a one-column query's rows).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub prints: Vec<PrintOut>,
    }
}

contract! {
    /// One bind variable `PRINT` shows (see [`StepOut::prints`]).
    #[derive(Debug, Clone, Serialize, PartialEq)]
    pub struct PrintOut as PrintedBind {
        /// Its name, upper-cased: the column heading.
        pub name: String,
        /// The declared length of a CHAR or VARCHAR2 variable (its column
        /// width); 0 for a NUMBER (NUMWIDTH decides).
        pub width: u32,
        /// Its value (null until assigned).
        pub value: serde_json::Value,
    }
}

contract! {
    /// One device a step used (see [`StepOut::devices`]).
    #[derive(Debug, Clone, Serialize, PartialEq)]
    pub struct DeviceOut as DeviceFigures {
        pub name: String,
        pub kind: &'static str,
        /// The common counters (V$SYSSTAT's names for the device's requests
        /// and bytes, and its busy time) then the device's own, in its order.
        pub counters: Vec<DeviceCounterOut>,
        pub snapshot: crate::io::DeviceSnapshot,
    }
}

contract! {
    /// A device counter: its change in the step and its total at the end.
    #[derive(Debug, Clone, Serialize, PartialEq)]
    pub struct DeviceCounterOut as DeviceCounter {
        pub name: String,
        pub delta: f64,
        pub total: f64,
    }
}

impl DeviceCounterOut {
    pub fn new(name: &str, total: f64, before: f64) -> Self {
        let delta = ((total - before) * 1000.0).round() / 1000.0;
        DeviceCounterOut { name: name.to_string(), delta, total }
    }
}

contract! {
    /// A `LAB SWEEP`'s curve: one point per value of the swept parameter.
    #[derive(Debug, Clone, Serialize, Default)]
    pub struct SweepOut as SweepResult {
        /// The parameter or DDL option (`HASHKEYS`).
        pub parameter: String,
        /// `linear` (STEP, or ten even points), `log` (FACTOR) or `releases` (VERSION IN: one point a release, in the order written).
        @SWEEP_SCALES
        pub scale: &'static str,
        /// What the sweep varies: `ddl option`, `lab run option`, `sqlplus setting`, `lab parameter`, `release`.
        @SWEEP_VARIES
        pub varies: &'static str,
        pub points: Vec<SweepPointOut>,
    }
}

contract! {
    #[derive(Debug, Clone, Serialize, Default)]
    pub struct SweepPointOut as SweepPoint {
        pub value: f64,
        /// The release of a `LAB SWEEP VERSION IN (...)` point (`value` is its place, 1 to n).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub label: Option<String>,
        /// Executions of the workload's SQL, all runs.
        pub executions: u64,
        pub runs: u32,
        /// The workload's statistics, all runs (the `LAB RUN` step's).
        pub stats: BTreeMap<String, u64>,
        pub elapsed_us: f64,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub trimmed_mean_us: Option<f64>,
        /// The workload failed at this value.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub error: Option<ErrorOut>,
    }
}

contract! {
    /// The SQL*Plus client settings in effect for a step, for the text
    /// formatters (absent from a step while all are at their defaults).
    #[derive(Debug, Clone, Serialize, PartialEq)]
    pub struct SettingsOut as StepSettings {
        /// SET AUTOTRACE shows the plan / the statistics.
        pub autotrace_explain: bool,
        pub autotrace_statistics: bool,
        /// `sqlplus` (SQL*Plus 18c's layout) or `sqlcl` (LAB SET autotrace_style = sqlcl).
        @AUTOTRACE_STYLES
        pub autotrace_style: &'static str,
        /// SET TIMING ON: `Elapsed: hh:mm:ss.cc` after each statement.
        pub timing: bool,
        pub linesize: u32,
        pub pagesize: u32,
        /// SET FEEDBACK: rows from which `n rows selected.` shows (0 = OFF).
        pub feedback: u32,
        /// SET TERMOUT as the step ran (`false`: SQL*Plus prints nothing for
        /// the step, so `set termout off` itself shows and `set termout on`
        /// does not). Absent while ON.
        #[serde(skip_serializing_if = "is_true")]
        pub termout: bool,
        /// SET ECHO, once the script set it.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub echo: Option<bool>,
        /// COLUMN name FORMAT fmt, by upper-case column name.
        #[serde(skip_serializing_if = "BTreeMap::is_empty")]
        pub column_formats: BTreeMap<String, String>,
        /// COLUMN name HEADING text, by upper-case column name (`|` splits
        /// the heading into lines, as SQL*Plus's HEADSEP).
        #[serde(skip_serializing_if = "BTreeMap::is_empty")]
        pub column_headings: BTreeMap<String, String>,
        /// COLUMN name NOPRINT: upper-case names of the columns not printed.
        #[serde(skip_serializing_if = "std::collections::BTreeSet::is_empty")]
        pub column_noprint: std::collections::BTreeSet<String>,
        /// SET HEADING (absent while ON).
        #[serde(skip_serializing_if = "is_true")]
        pub heading: bool,
        /// SET COLSEP text (absent while one blank).
        #[serde(skip_serializing_if = "is_blank")]
        pub colsep: String,
        /// SET NULL text (absent while empty).
        #[serde(rename = "null", skip_serializing_if = "String::is_empty")]
        pub null_text: String,
        /// SET UNDERLINE's character (`""`: OFF; absent while `-`).
        #[serde(skip_serializing_if = "is_dash")]
        pub underline: String,
        /// SET NUMFORMAT (absent while none).
        #[serde(skip_serializing_if = "String::is_empty")]
        pub numformat: String,
        /// SET NUMWIDTH: a number column's width (absent while 10).
        #[serde(skip_serializing_if = "is_ten")]
        pub numwidth: u32,
        /// SET NEWPAGE: blank lines before a page's headings (None: NONE;
        /// absent while 1).
        #[serde(skip_serializing_if = "is_one")]
        pub newpage: Option<u32>,
        /// SET WRAP (absent while ON): OFF cuts values at the column width.
        #[serde(skip_serializing_if = "is_true")]
        pub wrap: bool,
        /// BREAK ON ...: the break elements, outermost first.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub breaks: Vec<BreakOut>,
        /// COMPUTE ... OF ... ON ...: one entry per column and break.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub computes: Vec<ComputeOut>,
    }
}

contract! {
    /// One element of SQL*Plus's BREAK: `ON column [SKIP n]
    /// [NODUPLICATES | DUPLICATES]` or `ON REPORT`.
    #[derive(Debug, Clone, Serialize, PartialEq)]
    pub struct BreakOut as Break {
        /// The column's upper-case name, or `REPORT`.
        pub on: String,
        /// SKIP n: blank lines before the row where the value changes.
        pub skip: u32,
        /// DUPLICATES: print the value on every row (NODUPLICATES, the
        /// default, blanks a repeated value).
        pub duplicates: bool,
    }

    /// SQL*Plus's COMPUTE for one column (OF) and one break (ON).
    #[derive(Debug, Clone, Serialize, PartialEq)]
    pub struct ComputeOut as Compute {
        /// The computed column, upper case.
        pub of: String,
        /// The break column, upper case, or `REPORT`.
        pub on: String,
        /// `avg`, `count`, `minimum`, `maximum`, `number`, `sum`, in the
        /// order SQL*Plus prints them, each with its label.
        pub functions: Vec<[String; 2]>,
    }
}

fn is_blank(s: &str) -> bool {
    s == " "
}

fn is_dash(s: &str) -> bool {
    s == "-"
}

fn is_ten(n: &u32) -> bool {
    *n == 10
}

fn is_one(n: &Option<u32>) -> bool {
    *n == Some(1)
}

fn is_true(b: &bool) -> bool {
    *b
}

impl Default for SettingsOut {
    fn default() -> Self {
        SettingsOut {
            autotrace_explain: false,
            autotrace_statistics: false,
            autotrace_style: "sqlplus",
            timing: false,
            linesize: 80,
            pagesize: 14,
            feedback: 6,
            termout: true,
            echo: None,
            column_formats: BTreeMap::new(),
            column_headings: BTreeMap::new(),
            column_noprint: Default::default(),
            heading: true,
            colsep: " ".into(),
            null_text: String::new(),
            underline: "-".into(),
            numformat: String::new(),
            numwidth: 10,
            newpage: Some(1),
            wrap: true,
            breaks: Vec::new(),
            computes: Vec::new(),
        }
    }
}

contract! {
    #[derive(Debug, Clone, Serialize)]
    pub struct ScriptOut as ScriptResult {
        pub lio_lab: &'static str,
        pub version: String,
        pub steps: Vec<StepOut>,
    }
}

/// The renderer's result types (`renderer/src/engine/result.gen.ts`),
/// from the declarations above; `tests/result_contract.rs` fails when the
/// file is stale.
pub fn typescript() -> String {
    let mut s = String::from(
        "// Generated from engine-wasm/core/src/result.rs by its test\n\
         // (LIO_UPDATE_CONTRACT=1 cargo test -p lio-core --test result_contract). Do not edit.\n\
         // The result JSON of exec/execSteps (docs/ENGINE-API.md).\n\n",
    );
    s.push_str(&crate::tsdecl::interfaces(<ScriptOut as crate::tsdecl::Described>::decl));
    s.push_str(&crate::tsdecl::interfaces(<crate::activity::ActivityOut as crate::tsdecl::Described>::decl));
    s.truncate(s.trim_end().len());
    s.push('\n');
    s
}
