//! The state of a session's extended SQL trace (session/sqltrace.rs
//! writes it) and what its lines name: a wait's parameters, a statement's
//! command type, MAX_DUMP_FILE_SIZE, event 10046's level.

use crate::stats::{TimeMark, WaitEvent};
use lio_sql::ast::StatementKind;

/// The most a trace may take in the lab, whatever MAX_DUMP_FILE_SIZE says
/// (its lines are held in memory until the host writes them).
pub(crate) const TRACE_MAX_BYTES: u64 = 8 << 20;

/// The lab user's id in traces (`uid=`, `lid=`; the lab has no USER$).
pub(super) const LAB_USER_ID: u32 = 100;

/// Distinct statements a trace numbers cursors for (beyond: reused).
pub(super) const TRACE_CURSORS: usize = 4096;

/// The address of a session's first cursor, 11.2.0.2 on (the trace names
/// a cursor by it: a user-space address of a 64-bit Linux process, as in
/// published traces' `#140203930927312`); the next are [`CURSOR_STRIDE`]
/// bytes apart.
const CURSOR_BASE: u64 = 0x7F4B_2C3D_6E48;
const CURSOR_STRIDE: u64 = 0x1F0;

/// Plan operations that have no OPTIONS in V$SQL_PLAN: a STAT line's op
/// text is OPERATION, OPTIONS and OBJECT_NAME joined by single spaces, so
/// these leave two (`'FAST DUAL  (cr=0 ...'`, `'HASH JOIN  (cr=...'`,
/// `'UPDATE  SEQ$ (cr=...'` in published 12c and 19c traces), where
/// `'SORT AGGREGATE (cr=...'` has one.
const NO_OPTIONS: &[&str] = &[
    "FAST DUAL",
    "HASH JOIN",
    "NESTED LOOPS",
    "MERGE JOIN",
    "VIEW",
    "VIEW PUSHED PREDICATE",
    "FILTER",
    "UNION-ALL",
    "COUNT",
    "CONNECT BY",
    "SEQUENCE",
    "UPDATE",
    "DELETE",
    "INSERT",
    "LOAD TABLE CONVENTIONAL",
    "LOAD AS SELECT",
    "CONCATENATION",
    "INLIST ITERATOR",
    "MINUS",
    "INTERSECTION",
    "TEMP TABLE TRANSFORMATION",
    "RECURSIVE WITH PUMP",
];

/// A STAT line's op text (before ` (cr=`) for a plan line.
pub(super) fn stat_op(operation: &str, name: Option<&str>) -> String {
    let sep = if NO_OPTIONS.contains(&operation) { "  " } else { " " };
    match name {
        Some(name) => format!("{operation}{sep}{name}"),
        None if sep.len() == 2 => format!("{operation} "),
        None => operation.to_string(),
    }
}

/// The time of a `***` line at `now_us` on the session's clock (its zero is
/// SYSDATE's, `date::CLOCK_ZERO`, in UTC): 12.2 on `2024-01-01T00:00:00.002033+00:00`,
/// before `2024-01-01 00:00:00.002`.
pub(super) fn trace_stamp(now_us: f64, iso: bool) -> String {
    let us = now_us.max(0.0).round() as i64;
    let at = crate::date::Date::from_seconds(crate::date::CLOCK_ZERO.seconds() + us / 1_000_000)
        .unwrap_or(crate::date::CLOCK_ZERO)
        .civil();
    let (d, frac) = (format!("{:04}-{:02}-{:02}", at.year, at.month, at.day), us % 1_000_000);
    let t = format!("{:02}:{:02}:{:02}", at.hour, at.minute, at.second);
    if iso {
        format!("{d}T{t}.{frac:06}+00:00")
    } else {
        format!("{d} {t}.{:03}", frac / 1000)
    }
}

/// The number the trace writes for the `n`th cursor slot (from 1).
pub(super) fn cursor_number(n: u32, address: bool) -> u64 {
    if address {
        CURSOR_BASE + (n as u64 - 1) * CURSOR_STRIDE
    } else {
        n as u64
    }
}

/// A session's trace state.
#[derive(Debug, Default)]
pub(crate) struct SqlTrace {
    /// Event 10046's level (or DBMS_MONITOR's): 0 off; 4 adds binds, 8 waits.
    pub level: u8,
    /// Lines written during the running step (taken into its result).
    pub lines: Vec<String>,
    /// Bytes written to the trace file so far.
    pub bytes: u64,
    /// The file reached its size limit: nothing more is written.
    pub full: bool,
    /// The file's header is written.
    pub started: bool,
    /// Cursor numbers (as the trace writes them) by hash value.
    pub cursors: Vec<(u32, u64)>,
    /// The cursor the running statement traced itself (the step's generic
    /// lines are not written for it), and its number.
    pub cursor: Option<u64>,
    /// The plan hash value of the traced cursor's plan (`plh=`).
    pub plh: u32,
    /// The ledger at the start of the traced execution's current call.
    pub mark: Option<CallMark>,
    /// Blocks read per plan line during the running execution (STAT pr=).
    pub line_reads: Vec<u64>,
    /// Event 10053's level: 0 off, 1 or 2 (session/cbo_trace.rs).
    pub cbo_level: u8,
    /// The optimizer's record of the step's hard parse (taken into its result).
    pub cbo: Option<Box<crate::cbo_trace::CboTraceOut>>,
}

/// The ledger at the start of a call.
#[derive(Debug, Clone)]
pub(crate) struct CallMark {
    pub t: TimeMark,
    pub cr: u64,
    pub cu: u64,
    pub pr: u64,
    pub hard: u64,
    pub redo: u64,
}

/// Oracle's names of a wait's three parameters (V$EVENT_NAME).
pub(super) fn wait_params(e: WaitEvent) -> [&'static str; 3] {
    use WaitEvent::*;
    match e {
        DbFileSequentialRead | DbFileScatteredRead => ["file#", "block#", "blocks"],
        DirectPathRead | DirectPathReadTemp | DirectPathWriteTemp | DirectPathWrite => {
            ["file number", "first dba", "block cnt"]
        }
        SqlNetMessageToClient | SqlNetMessageFromClient => ["driver id", "#bytes", "p3"],
        LogFileSync => ["buffer#", "sync scn", "p3"],
        BufferBusyWaits => ["file#", "block#", "class#"],
        FreeBufferWaits => ["file#", "block#", "set-id#"],
        LatchCacheBuffersChains => ["address", "number", "tries"],
        EnqKoFastObjectCheckpoint => ["name|mode", "2", "0"],
        RdbmsIpcReply => ["from_process", "timeout", "p3"],
        CellSingleBlockPhysicalRead | CellMultiblockPhysicalRead => ["cellhash#", "diskhash#", "bytes"],
        // Published traces: `cellhash#=3249924569 p2=0 p3=0` (Expert Oracle Exadata).
        CellSmartTableScan => ["cellhash#", "p2", "p3"],
        DbFlashCacheSingleBlockPhysicalRead => ["p1", "p2", "p3"],
        LogFileParallelWrite => ["files", "blocks", "requests"],
        DbFileParallelWrite => ["requests", "interrupt", "timeout"],
    }
}

/// A read wait: its blocks count toward its plan line's `pr=`.
pub(super) fn is_read(e: WaitEvent) -> bool {
    use WaitEvent::*;
    matches!(
        e,
        DbFileSequentialRead
            | DbFileScatteredRead
            | DirectPathRead
            | CellSingleBlockPhysicalRead
            | CellMultiblockPhysicalRead
            | DbFlashCacheSingleBlockPhysicalRead
    )
}

/// Oracle's command type (`oct=`, V$SQLCOMMAND) of a statement.
pub(super) fn command_type(k: &StatementKind) -> u32 {
    match k {
        StatementKind::Query(_)
        | StatementKind::SelectForUpdate(_)
        | StatementKind::Xplan(_)
        | StatementKind::SqlMonitor(_) => 3,
        StatementKind::Insert(_) => 2,
        StatementKind::Update(_) => 6,
        StatementKind::Delete(_) => 7,
        StatementKind::CreateTable(_) => 1,
        StatementKind::CreateIndex(_) => 9,
        StatementKind::Drop(_) => 12,
        StatementKind::Truncate(_) => 85,
        StatementKind::Analyze(a) if a.index => 63,
        StatementKind::Analyze(_) => 62,
        StatementKind::AlterTable(_) => 15,
        StatementKind::AlterIndex(_) => 11,
        StatementKind::AlterSession(_) => 42,
        StatementKind::AlterSystem(_) | StatementKind::AlterSystemReset(_) => 49,
        StatementKind::Commit => 44,
        StatementKind::Rollback | StatementKind::RollbackTo(_) => 45,
        StatementKind::Savepoint(_) => 46,
        StatementKind::Plsql(_) | StatementKind::SqlPlus(_) => 47,
        StatementKind::ExplainPlan(_) => 50,
        _ => 0,
    }
}

/// MAX_DUMP_FILE_SIZE in bytes: a number is in 512-byte blocks, K/M/G
/// suffixed is bytes (None: UNLIMITED or not set).
pub(super) fn max_dump_file_size(v: &str) -> Option<u64> {
    let v = v.trim_matches('\'').trim().to_ascii_uppercase();
    let (num, mul) = match v.as_bytes().last() {
        Some(b'K') => (&v[..v.len() - 1], 1024),
        Some(b'M') => (&v[..v.len() - 1], 1024 * 1024),
        Some(b'G') => (&v[..v.len() - 1], 1024 * 1024 * 1024),
        _ => (&v[..], 512),
    };
    num.parse::<u64>().ok().map(|n| n.saturating_mul(mul))
}

/// The level an EVENTS setting gives event 10046: `10046 trace name
/// context forever[, level n]` (n of 0, 1, 4, 8, 12) or `10046 trace name
/// context off` (0); None for any other event (refused as not modelled).
pub(super) fn event_10046(text: &str) -> Option<u8> {
    event_level(text, "10046", &[0, 1, 4, 8, 12])
}

/// The level an EVENTS setting gives event 10053 (the optimizer trace):
/// `10053 trace name context forever[, level n]` (n of 1 or 2) or `10053
/// trace name context off` (0); None for any other event.
pub(super) fn event_10053(text: &str) -> Option<u8> {
    event_level(text, "10053", &[1, 2])
}

/// `<event> trace name context forever[, level n]` (n one of `levels`;
/// no level: 1) or `<event> trace name context off` (0).
fn event_level(text: &str, event: &str, levels: &[u8]) -> Option<u8> {
    let t = text.to_ascii_lowercase().replace(',', " , ");
    let words: Vec<&str> = t.split_whitespace().collect();
    match words.as_slice() {
        [e, "trace", "name", "context", "off"] if *e == event => Some(0),
        [e, "trace", "name", "context", "forever"] if *e == event => Some(1),
        [e, "trace", "name", "context", "forever", ",", "level", n] if *e == event => {
            n.parse::<u8>().ok().filter(|l| levels.contains(l))
        }
        _ => None,
    }
}
