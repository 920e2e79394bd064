//! Per-step results, serialised to the JSON contract of docs/ENGINE-API.md.

use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Serialize)]
pub struct ErrorOut {
    pub code: String,
    pub message: String,
    pub line: u32,
    pub column: u32,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlanLineOut {
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bytes: Option<u64>,
    /// DBMS_XPLAN's access predicates of this line (`"KEY"=42`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access: Option<String>,
    /// DBMS_XPLAN's filter predicates of this line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub filter: Option<String>,
    /// A-Time in microseconds: only with rowsource statistics
    /// (STATISTICS_LEVEL=ALL or the GATHER_PLAN_STATISTICS hint).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_us: Option<f64>,
}

#[derive(Debug, Clone, Copy, Serialize, Default)]
pub struct LatchOut {
    pub gets: u64,
    pub misses: u64,
    pub sleeps: u64,
}

#[derive(Debug, Clone, Copy, Serialize, Default)]
pub struct WaitOut {
    pub count: u64,
    pub time_us: f64,
}

#[derive(Debug, Clone, Serialize, Default)]
pub struct RunOut {
    pub run: u32,
    pub elapsed_us: f64,
    pub stats: BTreeMap<String, u64>,
    pub waits: BTreeMap<String, WaitOut>,
    pub folded: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Default)]
pub struct StepOut {
    pub index: usize,
    pub line: u32,
    pub column: u32,
    pub statement: String,
    pub kind: &'static str,
    pub error: Option<ErrorOut>,
    pub columns: Vec<String>,
    /// SQL*Plus's display width per column: the declared length of a
    /// character column (VARCHAR2(30) shows 30 wide), 0 where the values
    /// decide. Absent when no column has one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub column_widths: Vec<u32>,
    pub rows: Vec<Vec<serde_json::Value>>,
    pub rows_processed: u64,
    pub plan: Vec<PlanLineOut>,
    pub stats: BTreeMap<String, u64>,
    pub latches: BTreeMap<String, LatchOut>,
    pub waits: BTreeMap<String, WaitOut>,
    pub elapsed_us: f64,
    pub folded: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runs: Option<Vec<RunOut>>,
    /// Mean elapsed of the runs left after dropping the fastest and slowest.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trimmed_mean_us: Option<f64>,
    pub output: Vec<String>,
    /// SQL*Plus feedback ("Table created.", "1 row created.").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub feedback: Option<String>,
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
    /// `LAB SWEEP`: the measured points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sweep: Option<SweepOut>,
}

/// A `LAB SWEEP`'s curve: one point per value of the swept parameter.
#[derive(Debug, Clone, Serialize, Default)]
pub struct SweepOut {
    /// The parameter or DDL option (`HASHKEYS`).
    pub parameter: String,
    /// `linear` (STEP, or ten even points) or `log` (FACTOR).
    pub scale: &'static str,
    /// What the sweep varies: `ddl option`, `lab run option`, `sqlplus setting`, `lab parameter`.
    pub varies: &'static str,
    pub points: Vec<SweepPointOut>,
}

#[derive(Debug, Clone, Serialize, Default)]
pub struct SweepPointOut {
    pub value: f64,
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

/// The SQL*Plus client settings in effect for a step, for the text
/// formatters (absent from a step while all are at their defaults).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SettingsOut {
    /// SET AUTOTRACE shows the plan / the statistics.
    pub autotrace_explain: bool,
    pub autotrace_statistics: bool,
    /// `sqlplus` (SQL*Plus 18c's layout) or `sqlcl` (LAB SET autotrace_style = sqlcl).
    pub autotrace_style: &'static str,
    /// SET TIMING ON: `Elapsed: hh:mm:ss.cc` after each statement.
    pub timing: bool,
    pub linesize: u32,
    pub pagesize: u32,
    /// SET FEEDBACK: rows from which `n rows selected.` shows (0 = OFF).
    pub feedback: u32,
    /// SET ECHO, once the script set it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub echo: Option<bool>,
    /// COLUMN name FORMAT fmt, by upper-case column name.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub column_formats: BTreeMap<String, String>,
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
            echo: None,
            column_formats: BTreeMap::new(),
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ScriptOut {
    pub lio_lab: &'static str,
    pub version: String,
    pub steps: Vec<StepOut>,
}
