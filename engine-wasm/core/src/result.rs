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
}

#[derive(Debug, Clone, Serialize)]
pub struct ScriptOut {
    pub lio_lab: &'static str,
    pub version: String,
    pub steps: Vec<StepOut>,
}
