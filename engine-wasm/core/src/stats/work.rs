//! The work the lab counts to bound a statement and a script (not Oracle
//! statistics), and what each counter weighs in units of work.

/// Work the lab counts to bound a statement and a script (not Oracle
/// statistics): rows produced by row sources and PL/SQL statements run.
#[derive(Debug, Clone, Default)]
pub struct WorkCounters {
    pub rows: u64,
    pub plsql_steps: u64,
    /// Rows a filter rejected.
    pub rows_rejected: u64,
    /// The expression nodes those rejections evaluated, sampled: every
    /// 256th rejection adds 256 times its predicates' node count.
    pub rejected_nodes: u64,
    /// Rows materialized for the caller (an INSERT ... SELECT stores each).
    pub rows_held: u64,
    pub statements: u64,
    /// Work building consistent-read versions of tables (session/cr.rs):
    /// rows copied and other sessions' undo records applied, weighted.
    pub cr_build: u64,
    /// Probes of a FILTER's or scalar subquery's cache of results.
    pub memo_probes: u64,
    /// Characters string functions and LIKE examined (exec/expr.rs).
    pub text: u64,
    /// Variables in scope at each PL/SQL step (session/plsql.rs).
    pub scope: u64,
}

/// Units of work a row of a table costs when its consistent-read version
/// is built (the row and its index entries copied: ~65 ns measured
/// natively, about one buffer visit).
pub const CR_ROW_WORK: u64 = 1;
/// Units of work one of another session's undo records costs when a
/// consistent-read version is built (the change undone and the row
/// re-indexed: ~3 us measured natively, about 40 buffer visits).
pub const CR_UNDO_WORK: u64 = 40;

/// Units of work a row held for an INSERT costs: materializing, checking
/// and storing a row with its index entries takes about as long as 32
/// buffer visits in the lab.
pub const ROW_HELD_WORK: u64 = 32;
/// Units of work a row rejected by a filter costs before its predicates'
/// size (`REJECTED_NODES_PER_WORK`) is counted: about 100 ns measured
/// natively for a one-comparison filter (a nested loop's inner full scan
/// rejecting 10 million rows in about a second), weighed as 4 buffer
/// visits to keep a margin.
pub const REJECTED_ROW_WORK: u64 = 4;
/// Units of work a probe of a FILTER's cache of subquery results costs
/// (the correlation values' key built and hashed: about 6 buffer visits).
pub const MEMO_PROBE_WORK: u64 = 6;
/// Expression nodes a rejected row's predicates evaluate per unit of work
/// (about 8 ns a node natively): a filter of 4,000 ORs weighs about 1,500
/// units a row, a join's one comparison nothing more than the row.
pub const REJECTED_NODES_PER_WORK: u64 = 8;
/// Characters of text work (`TEXT_CHARS_PER_WORK`) a comparison in an IN
/// list or against an IN subquery's kept values weighs (about 8 ns
/// natively): the comparisons of a long list are work, not one row.
pub const COMPARE_TEXT_WORK: u64 = 4;
/// Units of work an execution costs (open, fetch calls, round trips: about
/// as long as 10 buffer visits in the lab).
pub const EXECUTION_WORK: u64 = 10;
/// Characters a string function or LIKE examines per unit of work (about
/// a nanosecond each natively, a buffer visit ~65 ns): a loop of LIKEs
/// over 32 KB strings reaches the statement's limit in about a second.
pub const TEXT_CHARS_PER_WORK: u64 = 32;
/// Variables in a PL/SQL step's scope per unit of work: a step may look
/// names up in all of them.
pub const SCOPE_VARS_PER_WORK: u64 = 128;
/// Units of work a PL/SQL statement or loop iteration costs (its
/// expressions are compiled and evaluated: about as long as 10 buffer
/// visits in the lab).
pub const PLSQL_STEP_WORK: u64 = 10;
/// Units of work a statement's own bookkeeping costs (parse, two snapshots
/// of every statistic, the step report): of the order of 2,000 visits.
pub const STATEMENT_WORK: u64 = 2_000;
