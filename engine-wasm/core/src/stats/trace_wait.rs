//! A wait a session keeps, one by one, while it writes an extended SQL
//! trace (`session/sqltrace.rs`): each becomes a `WAIT` line.

use super::waits::WaitEvent;

/// One wait kept for the SQL trace's `WAIT` line: its parameters (p1, p2,
/// p3), the plan line it was for and when it ended, where the site knows them.
#[derive(Debug, Clone, Copy)]
pub struct TraceWait {
    pub event: WaitEvent,
    pub us: f64,
    pub p: [u64; 3],
    pub line: u16,
    /// The simulated clock when the wait ended (NaN: the call's end).
    pub tim: f64,
}

/// Waits a SQL trace keeps between two of its calls (beyond: not kept).
pub const TRACE_WAITS_MAX: usize = 1 << 16;

/// A wait into the trace's list (out of line: tracing is rare).
#[cold]
#[inline(never)]
pub(super) fn keep(v: &mut Vec<TraceWait>, event: WaitEvent, us: f64) {
    if v.len() < TRACE_WAITS_MAX {
        v.push(TraceWait { event, us, p: [0; 3], line: u16::MAX, tim: f64::NAN });
    }
}
