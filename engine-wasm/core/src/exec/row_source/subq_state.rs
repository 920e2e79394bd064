//! The state scalar subqueries and the row limiting clause keep between
//! rows (`scalar_subquery.rs`, `row_limit.rs`).

use crate::value::Value;
use std::collections::HashMap;

/// Entries of the scalar subquery cache (10g on).
pub const SCALAR_CACHE_ENTRIES: usize = 1024;

/// One scalar subquery's cached results for an execution.
#[derive(Debug, Clone, Default)]
pub struct ScalarCache {
    pub(super) map: HashMap<Vec<u8>, Value>,
    /// The last key computed and its value.
    pub(super) last: Option<(Vec<u8>, Value)>,
    pub(super) key: Vec<u8>,
    pub(super) vals: Vec<Value>,
}

impl ScalarCache {
    pub fn clear(&mut self) {
        self.map.clear();
        self.last = None;
    }
}

/// What a row limiting clause keeps, and its plan text.
#[derive(Debug, Clone)]
pub struct RowLimitSpec {
    pub offset: u64,
    /// Rows after the offset (None: all).
    pub fetch: Option<u64>,
    /// PERCENT of the rows the sort below holds.
    pub percent: Option<f64>,
    /// WITH TIES: the columns of source `tie_src` holding the ORDER BY keys.
    pub ties: Vec<usize>,
    pub tie_src: usize,
    /// Predicate Information of the VIEW line and of the window line.
    pub view_filter: String,
    pub window_filter: Option<String>,
}

/// A row limiting VIEW's progress in an execution.
#[derive(Debug, Clone, Default)]
pub struct RowLimitState {
    pub(super) count: u64,
    pub(super) rank: u64,
    pub(super) limit: u64,
    pub(super) done: bool,
    pub(super) key: Vec<u8>,
    pub(super) last: Vec<u8>,
}
