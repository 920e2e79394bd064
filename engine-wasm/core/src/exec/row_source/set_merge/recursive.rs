//! UNION ALL (RECURSIVE WITH): the anchor's rows, then iteration after
//! iteration the recursive member run again (opened, so its lines count
//! one more start) over the rows the iteration before produced, which its
//! RECURSIVE WITH PUMP returns (`row_gen.rs`), until an iteration produces
//! none. Without SEARCH the rows come out as produced (breadth first,
//! iteration by iteration, streamed: a ROWNUM above stops it); with
//! SEARCH every row is produced first, then ordered (BREADTH FIRST: by
//! iteration, then the BY columns; DEPTH FIRST: each row followed by its
//! descendants, siblings in the BY columns' order) and numbered into the
//! SET column.
//!
//! Every row is kept (its values, its parent, the key of its cycle
//! columns) against the memory budget; every row produced counts in the
//! statement's work: a recursion that never ends stops at a budget
//! (LAB-00033 or LAB-00034), never hangs. A row whose cycle columns equal
//! an ancestor's forms a cycle: with CYCLE it comes out marked and is not
//! expanded; without, ORA-32044 (the cycle columns are then those of the
//! query name the member's WHERE clause reads, as the SQL Language
//! Reference defines it).

use crate::value::Value;

/// A SEARCH BY column: (column, descending, nulls first).
pub type SortKey = (usize, bool, bool);

/// What the planner compiled, and the state of one execution.
#[derive(Debug, Clone, Default)]
pub struct RecUnion {
    /// The source of the pump's rows (flat, `width + 1` values each: the
    /// row and its number) and the pump's own source.
    pub buf_src: usize,
    pub pump_src: usize,
    pub width: usize,
    pub cycle_cols: Vec<usize>,
    /// CYCLE's (mark, default) values; None: a cycle is ORA-32044.
    pub cycle: Option<(Value, Value)>,
    /// SEARCH: depth first, and (column, descending, nulls first).
    pub search: Option<(bool, Vec<SortKey>)>,
    pub(in crate::exec::row_source) nodes: Vec<Node>,
    pub(in crate::exec::row_source) prev: Vec<u32>,
    pub(in crate::exec::row_source) cur: Vec<u32>,
    /// 0: the anchor, 1: the member, 2: ended.
    pub(in crate::exec::row_source) phase: u8,
    pub(in crate::exec::row_source) room: u64,
    /// SEARCH: the rows in order, the next one out.
    pub(in crate::exec::row_source) order: Vec<u32>,
    pub(in crate::exec::row_source) next: usize,
    pub(in crate::exec::row_source) built: bool,
}

#[derive(Debug, Clone)]
pub(in crate::exec::row_source) struct Node {
    pub(in crate::exec::row_source) row: Vec<Value>,
    pub(in crate::exec::row_source) parent: u32,
    pub(in crate::exec::row_source) level: u32,
    pub(in crate::exec::row_source) key: Vec<u8>,
    pub(in crate::exec::row_source) cycle: bool,
}

pub(in crate::exec::row_source) const NO_PARENT: u32 = u32::MAX;

impl RecUnion {
    /// The union of a recursive query name of `width` columns.
    pub fn new(buf_src: usize, pump_src: usize, width: usize) -> RecUnion {
        RecUnion { buf_src, pump_src, width, ..RecUnion::default() }
    }

    /// A new execution.
    pub(in crate::exec::row_source) fn reset(&mut self) {
        self.nodes.clear();
        self.prev.clear();
        self.cur.clear();
        self.order.clear();
        (self.phase, self.next, self.built) = (0, 0, false);
    }
}
