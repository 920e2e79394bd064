//! Row locks held by open transactions.
//!
//! Oracle keeps a row's lock in the row itself (its lock byte names an ITL
//! slot of the block): a load of a million rows takes no lock structure per
//! row. The lab keeps the rows a statement inserted as one range (the rows
//! are new: no other transaction can hold them), and a lock per row only
//! for the rows other changes (UPDATE, DELETE, a small INSERT) touch, so a
//! load's locks cost per statement, not per row.

use crate::catalog::{IndexId, TableId};
use crate::fasthash::FxMap;
use crate::value::Value;
use std::cmp::Ordering;

/// A piece lock's place against (`index`, `key`).
fn piece_order(p: &PieceLock, index: IndexId, key: &[Value]) -> Ordering {
    p.index.cmp(&index).then_with(|| {
        for (a, b) in p.key.iter().zip(key) {
            match a.cmp_sql(b) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        p.key.len().cmp(&key.len())
    })
}

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

/// A bitmap piece locked by a transaction: the index, the key and the
/// table blocks the piece spanned when it was locked (pieces are laid out
/// again after every change, so a piece is known by its key and blocks).
#[derive(Debug, Clone, PartialEq)]
pub struct PieceLock {
    pub index: IndexId,
    pub key: Box<[Value]>,
    pub blocks: (u32, u32),
    pub sid: u32,
    /// Taken by the running statement (dropped if it fails).
    pub fresh: bool,
}

/// The instance's row locks: (table, row) -> the SID holding it; and the
/// bitmap pieces open transactions changed (`session/bitmap.rs`).
#[derive(Debug, Clone, Default)]
pub struct RowLocks {
    rows: FxMap<(TableId, u32), u32>,
    ranges: Vec<RangeLock>,
    pieces: Vec<PieceLock>,
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

    /// The session other than `sid` holding a lock on a piece of `index`
    /// for `key` that spans any of `blocks` (the locks are kept in (index,
    /// key) order: a binary search, then that key's locks).
    pub fn piece_holder(&self, index: IndexId, key: &[Value], blocks: (u32, u32), sid: u32) -> Option<u32> {
        if self.pieces.is_empty() {
            return None;
        }
        let at = self.pieces.partition_point(|p| piece_order(p, index, key) == Ordering::Less);
        self.pieces[at..]
            .iter()
            .take_while(|p| piece_order(p, index, key) == Ordering::Equal)
            .find(|p| p.sid != sid && p.blocks.0 <= blocks.1 && blocks.0 <= p.blocks.1)
            .map(|p| p.sid)
    }

    /// Lock `locks` (once each), kept in (index, key, blocks) order.
    pub fn lock_pieces(&mut self, locks: impl IntoIterator<Item = PieceLock>) {
        let before = self.pieces.len();
        self.pieces.extend(locks);
        if self.pieces.len() == before {
            return;
        }
        self.pieces
            .sort_by(|a, b| piece_order(a, b.index, &b.key).then(a.blocks.cmp(&b.blocks)).then(a.sid.cmp(&b.sid)));
        // A lock taken again keeps its older (not fresh) state.
        self.pieces.dedup_by(|b, a| {
            let same = a.index == b.index && a.blocks == b.blocks && a.sid == b.sid && a.key == b.key;
            if same {
                a.fresh &= b.fresh;
            }
            same
        });
    }

    /// The running statement of `sid` ends: its pieces stay locked (`ok`)
    /// or are released (a statement-level rollback undid its changes).
    pub fn end_statement_pieces(&mut self, sid: u32, ok: bool) {
        if ok {
            self.pieces.iter_mut().filter(|p| p.sid == sid).for_each(|p| p.fresh = false);
        } else {
            self.pieces.retain(|p| p.sid != sid || !p.fresh);
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
        self.pieces.retain(|p| p.sid != sid);
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
