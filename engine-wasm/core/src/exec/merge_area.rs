//! A MERGE JOIN's state and its SORT JOINs' rows (`row_source/merge_join.rs`
//! runs them).

use crate::value::Value;

/// A SORT JOIN's rows: each one's keys and its sources' (row, block,
/// generated values); whether it is sorted for this execution; the next
/// row to return (the first input's).
#[derive(Debug, Clone, Default)]
pub struct SortJoinState {
    pub(crate) rows: Vec<(Vec<Value>, u32)>,
    pub(crate) saved: Vec<(u32, u32, Vec<Value>)>,
    pub(crate) sorted: bool,
    pub(crate) pos: usize,
}

/// A MERGE JOIN's place: the run of second-input rows equal to the current
/// first-input row's keys (next, end), and where the next search starts.
#[derive(Debug, Clone, Default)]
pub struct MergeState {
    pub(crate) run: Option<(usize, usize)>,
    pub(crate) pos: usize,
}
