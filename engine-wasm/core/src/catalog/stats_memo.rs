//! What a table's rows gave the optimizer the last time it looked: the
//! average column lengths and each column's statistics, which a table
//! without gathered statistics computes from all its live rows at each
//! hard parse. They are kept with the state of the rows they came from
//! (the store's stamp, which every change of a row gives afresh; the
//! slots, deleted and live) and computed again once that state changes,
//! so many hard parses of an unchanged table cost one pass over its rows.
//!
//! The state is the row store's stamp (`row_stamp.rs`: every push, update,
//! truncate or clear of the rows), the number of slots and of dead ones,
//! and the table's change sequence (`Table::changed_at`, bumped by every
//! DML change and rollback); a change of which rows are live that moves
//! none of these (a partition's rows dropped, an exchange) forgets the
//! memo itself ([`StatsMemo::forget`]). A copy of a table (a
//! consistent-read version) starts with none.

use super::rows::RowStore;
use super::stats::{column_stats, ColumnStats};
use crate::storage::RowLoc;
use std::cell::RefCell;

/// The state of a table's rows the figures were computed from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct RowsState {
    stamp: u64,
    columns: usize,
    slots: usize,
    dead: usize,
    changed_at: u64,
}

#[derive(Debug, Default)]
struct Memo {
    state: Option<RowsState>,
    /// Live rows and each column's average length (AVG_COL_LEN).
    lens: Option<(u64, Vec<u32>)>,
    columns: Vec<Option<ColumnStats>>,
}

/// A table's figures from its rows, kept while its rows stay as they were.
#[derive(Debug, Default)]
pub struct StatsMemo(RefCell<Memo>);

impl Clone for StatsMemo {
    /// A copy starts empty (it may be changed apart from the original).
    fn clone(&self) -> Self {
        StatsMemo::default()
    }
}

/// A table's rows and the state that stands for them.
pub struct LiveRows<'a> {
    pub rows: &'a RowStore,
    /// The table's columns.
    pub columns: usize,
    pub loc: &'a [RowLoc],
    pub dead: usize,
    pub changed_at: u64,
}

impl LiveRows<'_> {
    fn state(&self) -> RowsState {
        RowsState {
            stamp: self.rows.stamp(),
            columns: self.columns,
            slots: self.loc.len(),
            dead: self.dead,
            changed_at: self.changed_at,
        }
    }

    /// Live rows and each column's average length, including the length
    /// byte, as DBMS_STATS reports AVG_COL_LEN: from the store's running
    /// totals when every row is live (`rows_lens.rs`), else one pass over
    /// the live rows.
    fn avg_col_lens(&self) -> (u64, Vec<u32>) {
        let n = (self.rows.len() - self.dead) as u64;
        let sums = if self.dead == 0 && self.loc.len() == self.rows.len() {
            let kept = self.rows.column_len_sums();
            (0..self.columns).map(|c| kept.get(c).copied().unwrap_or(0)).collect()
        } else {
            self.live_len_sums()
        };
        let avg = sums.iter().map(|s| if n == 0 { 0 } else { (*s as f64 / n as f64).ceil() as u32 }).collect();
        (n, avg)
    }

    /// Each column's length summed over the live rows (one pass over them).
    pub fn live_len_sums(&self) -> Vec<u64> {
        let mut sums = vec![0u64; self.columns];
        for (r, _) in self.rows.iter().zip(self.loc).filter(|(_, l)| !l.is_dead()) {
            for (i, len) in r.column_lens().enumerate() {
                if let Some(s) = sums.get_mut(i) {
                    *s += len as u64;
                }
            }
        }
        sums
    }
}

impl StatsMemo {
    /// The rows changed in a way the state may not show: compute again.
    pub fn forget(&mut self) {
        *self.0.get_mut() = Memo::default();
    }

    /// Live rows and each column's average length, from the memo while
    /// the rows are as they were.
    pub fn avg_col_lens(&self, rows: &LiveRows<'_>) -> (u64, Vec<u32>) {
        let Ok(mut m) = self.0.try_borrow_mut() else { return rows.avg_col_lens() };
        m.current(rows.state());
        m.lens.get_or_insert_with(|| rows.avg_col_lens()).clone()
    }

    /// Column `col`'s statistics from the live rows, from the memo while
    /// the rows are as they were.
    pub fn column_stats(&self, rows: &LiveRows<'_>, col: usize) -> ColumnStats {
        let compute = || column_stats(rows.rows, rows.loc, col);
        let Ok(mut m) = self.0.try_borrow_mut() else { return compute() };
        if col >= rows.columns {
            return compute();
        }
        m.current(rows.state());
        if m.columns.len() <= col {
            m.columns.resize(col + 1, None);
        }
        m.columns[col].get_or_insert_with(compute).clone()
    }
}

impl Memo {
    /// Empty unless computed from rows in `state`.
    fn current(&mut self, state: RowsState) {
        if self.state != Some(state) {
            *self = Memo { state: Some(state), ..Memo::default() };
        }
    }
}
