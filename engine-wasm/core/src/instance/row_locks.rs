//! Row locks held by open transactions.
//!
//! Oracle keeps a row's lock in the row itself (its lock byte names an ITL
//! slot of the block): a load of a million rows takes no lock structure per
//! row. The lab keeps the rows a statement inserted as one range (the rows
//! are new: no other transaction can hold them), and a lock per row only
//! for the rows other changes (UPDATE, DELETE, a small INSERT) touch, so a
//! load's locks cost per statement, not per row.

use crate::catalog::TableId;
use crate::fasthash::FxMap;

/// A load's rows `from..to` of `table`, locked by session `sid`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct RangeLock {
    table: TableId,
    from: u32,
    to: u32,
    sid: u32,
}

/// Fewer rows than this are locked one by one (a range per single-row
/// INSERT ... SELECT in a loop would make every lookup scan them).
pub const RANGE_MIN_ROWS: u32 = 64;

/// The instance's row locks: (table, row) -> the SID holding it.
#[derive(Debug, Clone, Default)]
pub struct RowLocks {
    rows: FxMap<(TableId, u32), u32>,
    ranges: Vec<RangeLock>,
}

impl RowLocks {
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty() && self.ranges.is_empty()
    }

    /// A session other than `sid` holding a lock on a row of `table`.
    pub fn other_holder(&self, table: TableId, sid: u32) -> Option<u32> {
        let row = self.rows.iter().find(|(k, &s)| k.0 == table && s != sid).map(|(_, &s)| s);
        row.or_else(|| self.ranges.iter().find(|r| r.table == table && r.sid != sid).map(|r| r.sid))
    }

    /// The session holding row `row` of `table`'s lock.
    #[inline]
    pub fn get(&self, table: TableId, row: u32) -> Option<u32> {
        if let Some(&sid) = self.rows.get(&(table, row)) {
            return Some(sid);
        }
        self.ranges.iter().find(|r| r.table == table && (r.from..r.to).contains(&row)).map(|r| r.sid)
    }

    /// Session `sid` locks a row; true when it did not hold it already
    /// (the caller records it in its transaction, to release at the end).
    pub fn lock(&mut self, table: TableId, row: u32, sid: u32) -> bool {
        if self.ranges.iter().any(|r| r.sid == sid && r.table == table && (r.from..r.to).contains(&row)) {
            return false;
        }
        self.rows.insert((table, row), sid) != Some(sid)
    }

    /// Session `sid` locks rows `from..to` of `table`, which it has just
    /// inserted (no one holds them). Released by [`Self::release_session`].
    /// A range that continues the session's last one extends it.
    pub fn lock_new_rows(&mut self, table: TableId, from: u32, to: u32, sid: u32) {
        if from >= to {
            return;
        }
        if let Some(last) = self.ranges.iter_mut().rev().find(|r| r.table == table && r.sid == sid) {
            if last.to == from {
                last.to = to;
                return;
            }
        }
        self.ranges.push(RangeLock { table, from, to, sid });
    }

    /// Release one row's lock (a rollback undid the change).
    pub fn release(&mut self, table: TableId, row: u32) {
        if self.rows.remove(&(table, row)).is_some() {
            return;
        }
        let Some(i) = self.ranges.iter().position(|r| r.table == table && (r.from..r.to).contains(&row)) else {
            return;
        };
        let r = &mut self.ranges[i];
        if row + 1 == r.to {
            r.to = row;
        } else if row == r.from {
            r.from = row + 1;
        } else {
            let tail = RangeLock { from: row + 1, ..*r };
            r.to = row;
            self.ranges.insert(i + 1, tail);
        }
        if self.ranges[i].from >= self.ranges[i].to {
            self.ranges.remove(i);
        }
    }

    /// Session `sid`'s transaction ends: the rows it locked one by one
    /// (`locked`) and its ranges are released. Only what it took is
    /// visited (the map may be large after a big transaction).
    pub fn release_session(&mut self, sid: u32, locked: &[(TableId, u32)]) {
        for key in locked {
            if self.rows.get(key) == Some(&sid) {
                self.rows.remove(key);
            }
        }
        self.ranges.retain(|r| r.sid != sid);
        // After a large transaction the map is empty but vast (and full of
        // tombstones): give the memory back so small ones stay cheap.
        if self.rows.is_empty() && self.rows.capacity() > 4096 {
            self.rows = Default::default();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_lock_release_and_split() {
        let mut l = RowLocks::default();
        l.lock_new_rows(1, 0, 100, 7);
        l.lock_new_rows(1, 100, 200, 7);
        assert_eq!(l.ranges.len(), 1, "a continuing load extends the range");
        assert_eq!(l.get(1, 150), Some(7));
        assert_eq!(l.get(1, 200), None);
        assert_eq!(l.get(2, 0), None);
        assert!(!l.lock(1, 5, 7), "held already through the range");
        assert!(l.lock(1, 500, 7));
        l.release(1, 199);
        assert_eq!(l.get(1, 199), None);
        l.release(1, 50);
        assert_eq!((l.get(1, 49), l.get(1, 50), l.get(1, 51)), (Some(7), None, Some(7)));
        l.release(1, 0);
        assert_eq!(l.get(1, 0), None);
        l.release_session(7, &[(1, 500)]);
        assert!(l.is_empty());
    }
}
