//! Real-Time SQL Monitoring: the executions Oracle monitors (those that
//! took at least 5 s of CPU and I/O time, `_sqlmon_threshold`, or that
//! say `/*+ MONITOR */`; never one that says `NO_MONITOR`), each kept with
//! its global figures and its plan lines' (V$SQL_MONITOR and
//! V$SQL_PLAN_MONITOR), for DBMS_SQLTUNE.REPORT_SQL_MONITOR
//! (`sql_monitor_text.rs` lays the text report out). The activity columns
//! are read from the ASH samples of the execution when the report is made.

use std::collections::VecDeque;

/// Executions kept (a model bound: Oracle keeps an entry at least a
/// minute after it ends and recycles the oldest past
/// `_sqlmon_max_plan`, 20 per CPU).
pub const MAX_ENTRIES: usize = 64;

/// CPU and I/O time (us) after which an execution is monitored
/// (`_sqlmon_threshold`, 5 s).
pub const THRESHOLD_US: f64 = 5_000_000.0;

/// The global figures of one monitored execution (V$SQL_MONITOR's, in
/// microseconds and counts), the Global Stats table's columns.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MonStats {
    pub elapsed_us: f64,
    pub cpu_us: f64,
    pub io_us: f64,
    pub application_us: f64,
    pub concurrency_us: f64,
    pub cluster_us: f64,
    pub plsql_us: f64,
    pub other_us: f64,
    /// None: not a query (no fetches).
    pub fetch_calls: Option<u64>,
    pub buffer_gets: u64,
    pub read_reqs: u64,
    pub read_bytes: u64,
    pub write_reqs: u64,
    pub write_bytes: u64,
}

/// One plan line of a monitored execution (V$SQL_PLAN_MONITOR's row).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MonLine {
    pub id: u32,
    pub parent: Option<u32>,
    pub depth: u32,
    /// The operation with its options (`TABLE ACCESS FULL`).
    pub operation: String,
    pub name: Option<String>,
    /// The optimizer's cardinality and cost (none on the statement's line).
    pub e_rows: Option<u64>,
    pub cost: Option<u64>,
    /// STARTS and OUTPUT_ROWS (0 starts: the line never ran).
    pub starts: u64,
    pub rows: u64,
    /// FIRST_CHANGE_TIME and LAST_CHANGE_TIME on the simulated clock (us).
    pub first_us: f64,
    pub last_us: f64,
    pub read_reqs: u64,
    pub read_bytes: u64,
    /// ASH samples of the line by (wait class, event or `Cpu`), sorted.
    pub activity: Vec<(String, String, u64)>,
}

/// One monitored execution (V$SQL_MONITOR's row).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MonExec {
    /// KEY: the entry's number.
    pub key: u64,
    /// `DONE (ALL ROWS)`, `DONE (FIRST N ROWS)`, `DONE (ERROR)`, `DONE`.
    pub status: String,
    pub username: String,
    pub sid: u32,
    pub serial: u32,
    pub sql_id: String,
    pub sql_text: String,
    pub exec_id: u64,
    pub plan_hash: u32,
    pub child: u32,
    /// SQL_EXEC_START, FIRST_REFRESH_TIME, LAST_REFRESH_TIME (us).
    pub start_us: f64,
    pub first_refresh_us: f64,
    pub last_refresh_us: f64,
    pub module_action: String,
    pub service: String,
    pub program: String,
    pub stats: MonStats,
    /// The error that ended it: (`ORA-1013`, its message line).
    pub error: Option<(String, String)>,
    pub lines: Vec<MonLine>,
    /// The execution's ASH samples (Activity (%) is over them).
    pub samples: u64,
    /// It ran with bind values (the report's Binds section, not modelled).
    pub binds: bool,
    /// A DML statement's lines put above its query's (`UPDATE STATEMENT`,
    /// `UPDATE`): the query's ASH line ids are this much lower.
    pub line_shift: u32,
}

/// A DML statement under way in session `sid` (`UPDATE`, `DELETE`): its
/// query's execution is remembered when it ends, its changes are then
/// made, and the monitor decides on the whole statement. (Kept per
/// session and filled in place: a DML execution copies one mark.)
#[derive(Debug, Clone, Default)]
pub struct DmlUnderWay {
    pub sid: u32,
    /// The statement's text (its query's cursor has the same).
    pub text: String,
    /// The query's execution ended: its slot and where it ended.
    pub query: Option<DmlQuery>,
    /// The session's figures when the query's execution started.
    pub start: Option<MonMark>,
    /// The query's read requests and blocks per plan line.
    pub reads: Vec<(u64, u64)>,
    /// Current-mode gets and direct and temp read requests when it started.
    pub extra: (u64, u64),
    /// Its query's plan lines are taken as the query ends (an INSERT ...
    /// SELECT's cursor is not kept after it ran), and those lines.
    pub keep_lines: bool,
    pub lines: Option<Vec<MonLine>>,
}

/// The query of a DML statement, as its execution ended.
#[derive(Debug, Clone, Copy)]
pub struct DmlQuery {
    pub slot: (usize, u64),
    /// /*+ MONITOR */
    pub forced: bool,
    pub binds: bool,
    /// The clock, read requests and blocks read when it ended.
    pub end_us: f64,
    pub end_reqs: u64,
    pub end_blocks: u64,
}

/// The session's figures a monitored execution is differenced from.
#[derive(Debug, Clone)]
pub struct MonMark {
    pub time: crate::stats::TimeMark,
    pub gets: u64,
    pub read_reqs: u64,
    pub fetches: u64,
    /// Blocks read (physical reads).
    pub blocks: u64,
}

#[derive(Debug, Clone, Default)]
pub struct SqlMonitorStore {
    pub entries: VecDeque<MonExec>,
    pub next_key: u64,
    /// DML statements under way, one per session at most (the buffers are reused).
    pub dml: Vec<DmlUnderWay>,
}

impl SqlMonitorStore {
    /// Keep `e` (the oldest goes past [`MAX_ENTRIES`]).
    pub fn keep(&mut self, mut e: MonExec) {
        if self.entries.len() >= MAX_ENTRIES {
            self.entries.pop_front();
        }
        self.next_key += 1;
        e.key = self.next_key;
        self.entries.push_back(e);
    }

    /// The entry REPORT_SQL_MONITOR reports: of `sql_id`, `exec_id` and
    /// session `sid` where given, the last one started.
    pub fn find(&self, sql_id: Option<&str>, exec_id: Option<u64>, sid: Option<u64>) -> Option<&MonExec> {
        self.entries
            .iter()
            .filter(|e| sql_id.is_none_or(|s| e.sql_id == s) && exec_id.is_none_or(|x| e.exec_id == x))
            .filter(|e| sid.is_none_or(|s| e.sid as u64 == s))
            .max_by(|a, b| a.start_us.total_cmp(&b.start_us).then(a.key.cmp(&b.key)))
    }

    pub fn clear(&mut self) {
        self.entries.clear();
    }
}
