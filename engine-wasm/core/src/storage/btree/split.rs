//! Leaf blocks split one by one, as Oracle splits them.
//!
//! Only CREATE INDEX and REBUILD pack leaves to 1 - PCTFREE; inserts never
//! honour PCTFREE: an entry goes into its leaf while the block has room
//! (the block less its header, [`INDEX_BLOCK_OVERHEAD`]), and a full leaf
//! splits. When the new entry is the highest key of the index and its
//! leaf the rightmost, the split is a 90-10 one: the full block stays full
//! and the entry starts a new block. Any other split is a 50-50 one: the
//! upper half of the leaf's bytes moves to a new block. A split takes an
//! emptied leaf's block off the freelist when there is one (that leaf then
//! leaves its place in the tree) and a new block otherwise.
//!
//! Deleted entries stay in their leaf, marked deleted (INDEX_STATS'
//! DEL_LF_ROWS), until an insert into that leaf cleans them all out
//! (Foote, "Deleted Index Entries Part II"); the inserts of the statement
//! that deleted them do not (an UPDATE of a key leaves its own deleted
//! entries). The lab does not tell committed deletes from uncommitted ones
//! of earlier statements. A rollback puts deleted entries back unmarked
//! and takes inserted ones out of their leaf; splits are not undone.

use super::*;

/// The entries a merge added that are not in their leaf yet: their
/// positions, ascending, and whether each went in.
struct Waiting {
    sorted: Vec<u32>,
    done: Vec<bool>,
}

impl Waiting {
    fn is(&self, p: usize) -> bool {
        self.sorted.binary_search(&(p as u32)).is_ok_and(|i| !self.done[i])
    }
    fn arrive(&mut self, p: usize) {
        if let Ok(i) = self.sorted.binary_search(&(p as u32)) {
            self.done[i] = true;
        }
    }
}

impl BTree {
    /// Whether leaves split one by one: a plain, reverse key or IOT
    /// B-tree. A compressed or bitmap index is laid out by fill.
    pub(super) fn splits_leaves(&self) -> bool {
        !self.bitmap && self.prefix_cols == 0
    }

    /// Whether deleted entries stay in their leaves (VALIDATE STRUCTURE
    /// counts them).
    pub fn keeps_deleted(&self) -> bool {
        self.holds_leaves()
    }

    /// Whether the leaves' bytes are held (a splitting tree once laid out).
    pub(super) fn holds_leaves(&self) -> bool {
        self.splits_leaves() && self.leaf_used.len() == self.leaf_start.len()
    }

    /// Entries `a..b` of leaf `l`.
    fn leaf_range(&self, l: usize) -> (usize, usize) {
        let n = self.len();
        let a = (self.leaf_start[l] as usize).min(n);
        let b = self.leaf_start.get(l + 1).map_or(n, |&s| s as usize).min(n);
        (a, b.max(a))
    }

    /// After leaves were packed (CREATE INDEX, REBUILD): each leaf's
    /// bytes, no deleted entries.
    pub(super) fn note_packed(&mut self) {
        if !self.splits_leaves() {
            self.leaf_used = Vec::new();
            self.leaf_del = Vec::new();
            return;
        }
        self.leaf_used = (0..self.leaf_start.len())
            .map(|l| {
                let (a, b) = self.leaf_range(l);
                self.sizes[a..b].iter().sum()
            })
            .collect();
        self.leaf_del = vec![Deleted::default(); self.leaf_start.len()];
    }

    /// Height and branch blocks, to count the splits of the levels above
    /// the leaves.
    pub(super) fn shape(&self) -> (usize, u32) {
        let all: u32 = self.level_counts.iter().sum();
        (self.level_counts.len(), all - self.leaf_count())
    }

    /// The statement's changes are in the leaves: its deletes become old
    /// ones, the branch levels follow the leaves, and their splits are
    /// counted. A root split adds two branch blocks (the root keeps its
    /// place and its entries move to two new blocks) and is a branch split
    /// too; a root leaf's split is a leaf split and a root split.
    pub(super) fn settle(&mut self, (height, branches): (usize, u32)) {
        for d in &mut self.leaf_del {
            d.rows += d.fresh_rows;
            d.bytes += d.fresh_bytes;
            d.fresh_rows = 0;
            d.fresh_bytes = 0;
        }
        self.branch_levels();
        let (h, b) = self.shape();
        let root = h.saturating_sub(height) as u64;
        self.splits.root += root;
        self.splits.branch += (b.saturating_sub(branches) as u64).saturating_sub(root);
    }

    /// Entries went in at `added`: their positions among the merged
    /// entries, in the statement's order. The leaves' starts move past the
    /// entries added before them (an entry between two leaves goes into
    /// the left one), then each entry goes into its leaf, splitting it
    /// when full.
    pub(super) fn split_for(&mut self, added: &[u32]) {
        let before = self.shape();
        let mut sorted = added.to_vec();
        sorted.sort_unstable();
        let mut j = 0usize;
        for s in self.leaf_start.iter_mut().skip(1) {
            while j < sorted.len() && sorted[j] as usize <= *s as usize + j {
                j += 1;
            }
            *s += j as u32;
        }
        let n = self.len();
        let done = vec![false; sorted.len()];
        let mut waiting = Waiting { sorted, done };
        let mut highest = (0..n).rev().find(|&p| !waiting.is(p));
        let cap = self.block_size.saturating_sub(self.leaf_overhead());
        for &q in added {
            let q = q as usize;
            waiting.arrive(q);
            let size = self.sizes[q];
            let l = self.leaf_start.partition_point(|&s| s as usize <= q) - 1;
            let top = highest.is_none_or(|h| q > h);
            if top {
                highest = Some(q);
            }
            let back = self.undoing && self.undo_removed.binary_search(&self.row_at(q)).is_err();
            let d = &mut self.leaf_del[l];
            if back && d.fresh_rows + d.rows > 0 {
                // A rolled-back delete: the entry is no longer marked.
                if d.fresh_rows > 0 {
                    d.fresh_rows -= 1;
                    d.fresh_bytes = d.fresh_bytes.saturating_sub(size);
                } else {
                    d.rows -= 1;
                    d.bytes = d.bytes.saturating_sub(size);
                }
                continue;
            }
            self.leaf_used[l] = self.leaf_used[l].saturating_sub(d.bytes);
            (d.rows, d.bytes) = (0, 0);
            if self.leaf_used[l] + size <= cap {
                self.leaf_used[l] += size;
                continue;
            }
            self.split_leaf(l, q, size, top, &waiting);
        }
        self.undo_removed = Vec::new();
        self.settle(before);
    }

    /// Leaf `l` is full and entry `q` (of `size` bytes, already among the
    /// entries) comes in: a 90-10 split when `q` is the highest key and the
    /// leaf the rightmost, 50-50 otherwise.
    fn split_leaf(&mut self, l: usize, q: usize, size: u32, top: bool, waiting: &Waiting) {
        let (a, b) = self.leaf_range(l);
        let old = |p: &usize| !waiting.is(*p) && *p != q;
        let mut work = SplitWork {
            old_rows: (a..b).filter(old).count() as u32,
            old_bytes: self.leaf_used[l],
            neighbour: l + 1 < self.leaf_start.len(),
            ..SplitWork::default()
        };
        let (start, left, right) = if top && l + 1 == self.leaf_start.len() {
            self.splits.leaf_90_10 += 1;
            (q, self.leaf_used[l], size)
        } else {
            let here = |p: &usize| !waiting.is(*p);
            let live: u32 = (a..b).filter(here).map(|p| self.sizes[p]).sum();
            let mut acc = 0u32;
            let mut mid = None;
            for p in (a..b).filter(here) {
                if p > a && acc * 2 >= live {
                    mid = Some(p);
                    break;
                }
                acc += self.sizes[p];
            }
            let Some(mid) = mid else {
                // One entry fills the block: it stays alone (no split).
                self.leaf_used[l] += size;
                return;
            };
            work.moved_rows = (mid..b).filter(old).count() as u32;
            work.moved_bytes = live - acc - if q >= mid { size } else { 0 };
            (mid, acc + self.leaf_del[l].fresh_bytes, live - acc)
        };
        self.splits.leaf += 1;
        self.leaf_used[l] = left;
        let l = self.take_free_leaf(l);
        let sep = self.key_bytes(start);
        self.split_work.push(SplitWork { sep_bytes: sep, ..work });
        self.leaf_start.insert(l + 1, start as u32);
        self.leaf_used.insert(l + 1, right);
        self.leaf_del.insert(l + 1, Deleted::default());
        self.sep_bytes.insert(l + 1, sep);
        self.branch_key_bytes += sep as u64;
    }

    /// A split needs a block: an emptied leaf (every entry deleted by an
    /// earlier statement) other than `l` leaves the tree and gives its
    /// block. Returns where leaf `l` is then.
    fn take_free_leaf(&mut self, l: usize) -> usize {
        let free = (0..self.leaf_start.len()).find(|&e| {
            let (a, b) = self.leaf_range(e);
            e != l && a == b && self.leaf_del[e].fresh_rows == 0
        });
        let Some(e) = free else {
            return l;
        };
        self.leaf_start.remove(e);
        self.leaf_used.remove(e);
        self.leaf_del.remove(e);
        self.branch_key_bytes -= self.sep_bytes.remove(e) as u64;
        if e == 0 {
            self.leaf_start[0] = 0;
            self.branch_key_bytes -= std::mem::take(&mut self.sep_bytes[0]) as u64;
        }
        if e < l {
            l - 1
        } else {
            l
        }
    }

    /// Entries at these old positions (ascending, with their sizes) left
    /// the tree: the leaves' starts move down past them. A delete leaves
    /// them in their leaf, marked deleted (`physical` false); a rollback
    /// takes them out.
    pub(super) fn note_removed(&mut self, removed: &[(u32, u32)], physical: bool) {
        if !self.holds_leaves() || removed.is_empty() {
            return;
        }
        let (mut k, mut gone) = (0usize, 0u32);
        for l in 0..self.leaf_start.len() {
            let end = self.leaf_start.get(l + 1).map_or(u32::MAX, |&s| s);
            if l > 0 {
                self.leaf_start[l] -= gone;
            }
            while k < removed.len() && removed[k].0 < end {
                let s = removed[k].1;
                if physical {
                    self.leaf_used[l] = self.leaf_used[l].saturating_sub(s);
                } else {
                    let d = &mut self.leaf_del[l];
                    d.fresh_rows += 1;
                    d.fresh_bytes += s;
                }
                gone += 1;
                k += 1;
            }
        }
    }

    /// The splits since the last call (the session counts them).
    pub fn take_splits(&mut self) -> Splits {
        std::mem::take(&mut self.splits)
    }

    /// What each leaf split since the last call changed (the session
    /// writes their redo and undo).
    pub fn take_split_work(&mut self) -> Vec<SplitWork> {
        std::mem::take(&mut self.split_work)
    }

    /// Deleted entries the leaves hold and their bytes (DEL_LF_ROWS,
    /// DEL_LF_ROWS_LEN).
    pub fn deleted(&self) -> (u64, u64) {
        self.leaf_del
            .iter()
            .fold((0, 0), |(r, b), d| (r + (d.rows + d.fresh_rows) as u64, b + (d.bytes + d.fresh_bytes) as u64))
    }

    /// Remove the entries of these rows (DML, rollback). The layout is
    /// recomputed by the next merge or [`Self::relayout`].
    pub fn remove_rows(&mut self, rows: &std::collections::HashSet<u32>) {
        if rows.is_empty() {
            return;
        }
        // A splitting tree keeps its leaves: the entries' old places and
        // bytes (a delete marks them deleted in their leaf).
        let mut removed: Vec<(u32, u32)> = Vec::new();
        if self.holds_leaves() {
            for p in 0..self.len() {
                if rows.contains(&self.row_at(p)) {
                    removed.push((p as u32, self.sizes[p]));
                }
            }
        }
        let physical = self.undoing;
        if physical {
            self.undo_removed = removed.iter().map(|&(p, _)| self.row_at(p as usize)).collect();
            self.undo_removed.sort_unstable();
        }
        if self.packed {
            let n = self.nums.len();
            self.retain_packed(|e| !rows.contains(&e.row));
            self.stale |= self.nums.len() != n && !self.holds_leaves();
            self.note_removed(&removed, physical);
            return;
        }
        let before = self.entries.len();
        let mut keep = Vec::with_capacity(before);
        let mut sizes = Vec::with_capacity(before);
        for (e, s) in std::mem::take(&mut self.entries).into_iter().zip(std::mem::take(&mut self.sizes)) {
            if !rows.contains(&e.1) {
                keep.push(e);
                sizes.push(s);
            }
        }
        // `first`, `nums` and the leaves still describe the old entries
        // (counted before `entries` was taken: a statement that removed
        // every entry left `first` holding them, and the next in-place
        // insert searched a mirror longer than the entries, a trap).
        self.stale |= keep.len() != before;
        self.entries = keep;
        self.sizes = sizes;
        self.note_removed(&removed, physical);
    }

    /// Remove entries for rows >= `first_row` (statement rollback after merge).
    pub fn remove_rows_from(&mut self, first_row: u32) {
        // A rollback takes the entries out of their leaves.
        let removed: Vec<(u32, u32)> = (0..self.len())
            .filter(|&p| self.holds_leaves() && self.row_at(p) >= first_row)
            .map(|p| (p as u32, self.sizes[p]))
            .collect();
        if self.packed {
            self.retain_packed(|e| e.row < first_row);
        } else {
            let (entries, sizes): (Vec<_>, Vec<_>) = std::mem::take(&mut self.entries)
                .into_iter()
                .zip(std::mem::take(&mut self.sizes))
                .filter(|(e, _)| e.1 < first_row)
                .unzip();
            self.entries = entries;
            self.sizes = sizes;
        }
        self.note_removed(&removed, true);
        self.relayout();
    }
}
