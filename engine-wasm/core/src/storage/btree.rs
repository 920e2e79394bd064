//! B-trees: index entries (or IOT rows) packed into leaves under branch levels.

use super::*;
use std::cmp::Ordering;

/// A numeric index entry in compact form.
#[derive(Debug, Clone, Copy)]
struct NumEntry {
    key: f64,
    row: u32,
    block: u32,
}

/// A B-tree: sorted entries packed into leaves, with branch levels above.
/// Entries point at a row of the owning table (heap rowid, or for an IOT
/// the row that lives in the leaf).
#[derive(Debug, Clone)]
pub struct BTree {
    pub block_size: u32,
    pub pctfree: u32,
    pub unique: bool,
    /// Whether leaf entries hold whole rows (IOT).
    pub holds_rows: bool,
    /// Sorted entries: key and row number in the table.
    pub entries: Vec<(Key, u32)>,
    /// The first key column of every entry, contiguous, for cache-friendly
    /// binary search (rebuilt whenever `entries` changes); empty while
    /// `numeric` (then `nums` holds the same keys, more compactly).
    first: Vec<Value>,
    /// When every entry's first column is a number: the entries as compact
    /// (number, row, block) records, so a probe touches one cache line for
    /// the key, the row and the rowid's block.
    nums: Vec<NumEntry>,
    /// Whether `nums` mirrors the entries (every first column a number
    /// a double holds exactly).
    numeric: bool,
    /// CLUSTERING_FACTOR as DBMS_STATS computes it (set with the rowid blocks).
    pub clustering_factor: u64,
    /// Entries added by the running statement, merged at its end.
    pending: Vec<(Key, u32)>,
    /// Entry size in bytes, parallel to `entries`.
    sizes: Vec<u32>,
    pending_sizes: Vec<u32>,
    /// Leaf fill factor: 1 - PCTFREE after CREATE INDEX; full after
    /// ascending loads (90/10 splits); ln 2 after random loads.
    pub leaf_fill: f64,
    /// Whether all inserts since creation arrived in ascending key order.
    ascending_only: bool,
    // ---- layout, recomputed by `relayout`
    /// First entry index of each leaf, in key order.
    pub leaf_start: Vec<u32>,
    /// Branch fan-out used to build the levels above the leaves.
    pub fanout: u32,
    /// Number of blocks per level, root first (last = leaves).
    pub level_counts: Vec<u32>,
    /// First block number of each level, and the number of leaves under
    /// one block of each level (derived from the two fields above).
    level_first: Vec<u32>,
    level_span: Vec<u32>,
    // ---- incremental maintenance (real time only: every layout, block
    // and statistic is the one a full relayout gives)
    /// Key bytes of the separator each leaf start contributes to the
    /// branch level, parallel to `leaf_start` (0 for the first leaf).
    sep_bytes: Vec<u32>,
    /// Sum of `sep_bytes`.
    branch_key_bytes: u64,
    /// Positions (ascending) of the entries the last merge inserted in
    /// place, when it did: [`Self::set_rowid_blocks_after_insert`] then
    /// updates only those entries' rowid blocks and the clustering factor.
    inserted: Option<Vec<u32>>,
    /// Whether every `nums` entry holds its rowid's block (set by
    /// [`Self::set_rowid_blocks`], cleared by a full relayout).
    blocks_valid: bool,
    /// Entries were removed without a relayout: the next merge lays the
    /// whole tree out again.
    stale: bool,
}

/// At most this many entries a statement adds are inserted in place (each
/// a binary search and a shift of the entries after it); more are merged
/// with one pass over the tree.
const IN_PLACE_MAX: usize = 64;

/// A number key as a double, when a double orders and tells apart such
/// keys exactly (see [`crate::number::Number::f64_key`]).
#[inline]
fn num_key(v: &Value) -> Option<f64> {
    match v {
        Value::Num(n) => n.f64_key(),
        _ => None,
    }
}

/// Sort entries by key, then row. When every key is one number a double
/// orders exactly (the usual index on a NUMBER column), the sort compares
/// (double, row) pairs held contiguously instead of following each entry's
/// boxed key: the same order, several times faster on a million entries.
pub(super) fn sort_entries(entries: &mut [SizedEntry]) {
    let keys: Option<Vec<(f64, u32, u32)>> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| match &*e.0 .0 {
            [k] => num_key(k).map(|x| (x, e.0 .1, i as u32)),
            _ => None,
        })
        .collect();
    let Some(mut keys) = keys else {
        entries.sort_by(|a, b| cmp_keys(&a.0 .0, &b.0 .0).then(a.0 .1.cmp(&b.0 .1)));
        return;
    };
    // (key, row) pairs are distinct when rows are; the index breaks any tie.
    keys.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    let mut perm: Vec<u32> = keys.iter().map(|k| k.2).collect();
    drop(keys);
    // Entry j becomes the old entry perm[j]: follow each cycle, swapping
    // (no second list of a million entries).
    const DONE: u32 = u32::MAX;
    for i in 0..perm.len() {
        let mut j = i;
        while perm[j] != DONE {
            let k = perm[j] as usize;
            perm[j] = DONE;
            if k == i {
                break;
            }
            entries.swap(j, k);
            j = k;
        }
    }
}

impl BTree {
    pub fn new(block_size: u32, pctfree: u32, unique: bool, holds_rows: bool) -> Self {
        BTree {
            block_size,
            pctfree: pctfree.min(99),
            unique,
            holds_rows,
            entries: Vec::new(),
            first: Vec::new(),
            nums: Vec::new(),
            numeric: true,
            clustering_factor: 0,
            pending: Vec::new(),
            sizes: Vec::new(),
            pending_sizes: Vec::new(),
            leaf_fill: 1.0,
            ascending_only: true,
            leaf_start: vec![0],
            fanout: 2,
            level_counts: vec![1],
            level_first: vec![1],
            level_span: vec![1],
            sep_bytes: vec![0],
            branch_key_bytes: 0,
            inserted: None,
            blocks_valid: false,
            stale: false,
        }
    }

    /// Size of a leaf entry for this key (and row, for an IOT).
    pub fn entry_size(&self, key: &[Value], row: &[Value]) -> u32 {
        if self.holds_rows {
            ROW_HEADER + row.iter().map(|v| v.column_len() as u32).sum::<u32>() + ROW_DIRECTORY
        } else {
            // A unique index stores the rowid as the entry's data, without
            // the length byte it has as the last key column of a
            // non-unique index.
            let rowid = INDEX_ROWID - self.unique as u32;
            INDEX_ENTRY_HEADER + key.iter().map(|v| v.column_len() as u32).sum::<u32>() + rowid + ROW_DIRECTORY
        }
    }

    /// Queue an entry; the statement's end merges and lays the tree out.
    pub fn insert(&mut self, key: impl Into<Key>, row: u32, size: u32) {
        let key = key.into();
        if self.ascending_only {
            let max = self.pending.last().or(self.entries.last());
            if let Some((m, _)) = max {
                if cmp_keys(&key, m) == Ordering::Less {
                    self.ascending_only = false;
                }
            }
        }
        self.pending.push((key, row));
        self.pending_sizes.push(size);
    }

    pub fn has_pending(&self) -> bool {
        !self.pending.is_empty()
    }

    /// Merge pending entries. Returns the first duplicate key for a unique
    /// index (the statement then fails with ORA-00001 and is rolled back).
    pub fn merge_pending(&mut self) -> Result<(), Key> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let mut add: Vec<SizedEntry> = self.pending.drain(..).zip(self.pending_sizes.drain(..)).collect();
        add.sort_by(|a, b| cmp_keys(&a.0 .0, &b.0 .0).then(a.0 .1.cmp(&b.0 .1)));
        if !self.stale && add.len() <= IN_PLACE_MAX {
            return self.insert_in_place(add);
        }
        self.inserted = None;
        let old_e = std::mem::take(&mut self.entries);
        let old_s = std::mem::take(&mut self.sizes);
        let mut entries = Vec::with_capacity(old_e.len() + add.len());
        let mut sizes = Vec::with_capacity(old_e.len() + add.len());
        let mut a = old_e.into_iter().zip(old_s).peekable();
        let mut b = add.into_iter().peekable();
        loop {
            let take_a = match (a.peek(), b.peek()) {
                (Some(x), Some(y)) => cmp_keys(&x.0 .0, &y.0 .0).then(x.0 .1.cmp(&y.0 .1)) != Ordering::Greater,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => break,
            };
            let (e, s) = if take_a { a.next() } else { b.next() }.expect("peeked");
            entries.push(e);
            sizes.push(s);
        }
        let dup = if self.unique {
            entries
                .windows(2)
                .find(|w| !w[0].0.iter().any(|v| v.is_null()) && cmp_keys(&w[0].0, &w[1].0) == Ordering::Equal)
                .map(|w| w[0].0.clone())
        } else {
            None
        };
        self.entries = entries;
        self.sizes = sizes;
        if !self.ascending_only {
            self.leaf_fill = self.leaf_fill.min(RANDOM_INSERT_LEAF_FILL);
        }
        self.relayout();
        match dup {
            Some(k) => Err(k),
            None => Ok(()),
        }
    }

    /// [`Self::merge_pending`] for a few entries: each goes in at its
    /// place (a binary search; appends, the ascending keys of a sequence,
    /// shift nothing), the uniqueness check compares it with its two
    /// neighbours, and the leaves are packed again only from the first
    /// leaf that changed. The result is the one of a full merge and
    /// relayout: same entries, leaves, levels and duplicate verdict.
    fn insert_in_place(&mut self, add: Vec<SizedEntry>) -> Result<(), Key> {
        if self.inserted.is_some() {
            // The entries of the previous merge have no rowid blocks yet.
            self.blocks_valid = false;
        }
        let fill = self.leaf_fill;
        let mut dup: Option<Key> = None;
        let mut inserted = Vec::with_capacity(add.len());
        // Whether `first` is all numbers (so `nums` mirrors it).
        let mut numeric = self.has_nums();
        for ((key, row), size) in add {
            let p = if self.entries.last().is_none_or(|l| cmp_keys(&l.0, &key).then(l.1.cmp(&row)) != Ordering::Greater)
            {
                self.entries.len()
            } else {
                self.entries.partition_point(|x| cmp_keys(&x.0, &key).then(x.1.cmp(&row)) != Ordering::Greater)
            };
            if self.unique && dup.is_none() {
                let no_null = |k: &[Value]| !k.iter().any(|v| v.is_null());
                let before = p.checked_sub(1).map(|q| &self.entries[q].0);
                let after = self.entries.get(p).map(|e| &e.0);
                if before.is_some_and(|b| no_null(b) && cmp_keys(b, &key) == Ordering::Equal)
                    || after.is_some_and(|a| no_null(&key) && cmp_keys(&key, a) == Ordering::Equal)
                {
                    dup = Some(key.clone());
                }
            }
            let k0 = key.first().cloned().unwrap_or(Value::Null);
            if numeric {
                match num_key(&k0) {
                    Some(x) => self.nums.insert(p, NumEntry { key: x, row, block: NO_BLOCK }),
                    None => {
                        numeric = false;
                        self.numeric = false;
                        self.nums = Vec::new();
                        self.first = self.first_keys();
                    }
                }
            }
            if !numeric {
                self.first.insert(p, k0);
            }
            self.entries.insert(p, (key, row));
            self.sizes.insert(p, size);
            inserted.push(p as u32);
        }
        if !self.ascending_only {
            self.leaf_fill = self.leaf_fill.min(RANDOM_INSERT_LEAF_FILL);
        }
        if self.leaf_fill == fill {
            let (first, last) = (inserted[0] as usize, inserted[inserted.len() - 1] as usize);
            self.layout_from(first, inserted.len() as u32, last);
        } else {
            self.relayout_leaves();
        }
        self.inserted = Some(inserted);
        match dup {
            Some(k) => Err(k),
            None => Ok(()),
        }
    }

    /// The leaf holding (or that would hold) `key` for `row`, in the
    /// current layout: the block a change of that entry reads in current mode.
    pub fn leaf_for(&self, key: &[Value], row: u32) -> u32 {
        let mut pos = self.lower_bound(key);
        while pos < self.entries.len() && cmp_keys(&self.entries[pos].0, key) == Ordering::Equal {
            if self.entries[pos].1 >= row {
                break;
            }
            pos += 1;
        }
        self.leaf_block(self.leaf_of(pos.min(self.entries.len().saturating_sub(1))))
    }

    /// How leaves are filled: the fill factor and whether every insert so
    /// far came in ascending order. A rollback puts them back as they were.
    pub fn fill_state(&self) -> (f64, bool) {
        (self.leaf_fill, self.ascending_only)
    }

    pub fn set_fill_state(&mut self, (fill, ascending): (f64, bool)) {
        if (fill, ascending) != (self.leaf_fill, self.ascending_only) {
            self.leaf_fill = fill;
            self.ascending_only = ascending;
            self.relayout();
        }
    }

    /// Remove the entries of these rows (DML, rollback). The layout is
    /// recomputed by the next merge or [`Self::relayout`].
    pub fn remove_rows(&mut self, rows: &std::collections::HashSet<u32>) {
        if rows.is_empty() {
            return;
        }
        let mut keep = Vec::with_capacity(self.entries.len());
        let mut sizes = Vec::with_capacity(self.entries.len());
        for (e, s) in std::mem::take(&mut self.entries).into_iter().zip(std::mem::take(&mut self.sizes)) {
            if !rows.contains(&e.1) {
                keep.push(e);
                sizes.push(s);
            }
        }
        // `first`, `nums` and the leaves still describe the old entries.
        self.stale |= keep.len() != self.entries.len();
        self.entries = keep;
        self.sizes = sizes;
    }

    /// Drop pending entries (statement rollback).
    pub fn discard_pending(&mut self) {
        self.pending.clear();
        self.pending_sizes.clear();
    }

    /// Remove entries for rows >= `first_row` (statement rollback after merge).
    pub fn remove_rows_from(&mut self, first_row: u32) {
        let mut i = 0;
        self.entries.retain(|_| true);
        let (entries, sizes): (Vec<_>, Vec<_>) = std::mem::take(&mut self.entries)
            .into_iter()
            .zip(std::mem::take(&mut self.sizes))
            .filter(|(e, _)| {
                i += 1;
                e.1 < first_row
            })
            .unzip();
        self.entries = entries;
        self.sizes = sizes;
        self.relayout();
    }

    /// Build the index over existing entries (CREATE INDEX): leaves packed
    /// to 1 - PCTFREE.
    pub fn build(&mut self, mut entries: Vec<SizedEntry>) -> Result<(), Key> {
        sort_entries(&mut entries);
        // The sizes first; the entries then reuse the list's own memory
        // (no second copy of a million entries).
        self.sizes = entries.iter().map(|e| e.1).collect();
        self.entries = entries.into_iter().map(|e| e.0).collect();
        self.leaf_fill = 1.0 - self.pctfree as f64 / 100.0;
        self.ascending_only = true;
        self.relayout();
        if self.unique {
            if let Some(w) = self
                .entries
                .windows(2)
                .find(|w| !w[0].0.iter().any(|v| v.is_null()) && cmp_keys(&w[0].0, &w[1].0) == Ordering::Equal)
            {
                return Err(w[0].0.clone());
            }
        }
        Ok(())
    }

    /// Pack entries into leaves and compute the branch levels.
    pub fn relayout(&mut self) {
        self.stale = false;
        self.inserted = None;
        self.blocks_valid = false;
        // Keys a double stands for exactly (in value and order) search
        // as doubles (and need no `first`); any other key leaves `nums`
        // empty.
        self.numeric = self.entries.iter().all(|e| e.0.first().and_then(num_key).is_some());
        if self.numeric {
            self.first = Vec::new();
            self.nums = Vec::with_capacity(self.entries.len());
            self.nums.extend(self.entries.iter().map(|e| NumEntry {
                key: e.0.first().and_then(num_key).unwrap_or(0.0),
                row: e.1,
                block: NO_BLOCK,
            }));
        } else {
            self.nums = Vec::new();
            self.first = self.first_keys();
        }
        self.relayout_leaves();
    }

    /// Pack every leaf again.
    fn relayout_leaves(&mut self) {
        self.leaf_start = vec![0];
        self.sep_bytes = vec![0];
        self.branch_key_bytes = 0;
        self.layout_from(0, 0, 0);
    }

    /// Pack the leaves again from the leaf holding entry `from` on (the
    /// leaves before it hold the same entries as before), after `added`
    /// entries went in at `from` or later; then compute the branch levels.
    /// Leaves are packed greedily to the fill factor, so once a leaf starts
    /// at an entry that started a leaf before and no added entry follows,
    /// every later leaf is the one it was (shifted by `added`).
    fn layout_from(&mut self, from: usize, added: u32, last_added: usize) {
        let usable = (self.block_size - INDEX_BLOCK_OVERHEAD) as f64;
        let cap = (usable * self.leaf_fill).max(64.0) as u32;
        // Keep the leaves that start before `from`; pack again from the
        // last of them.
        let keep = self.leaf_start.partition_point(|&s| (s as usize) < from).max(1);
        let old_starts = self.leaf_start.split_off(keep);
        let old_seps = self.sep_bytes.split_off(keep);
        self.branch_key_bytes -= old_seps.iter().map(|&b| b as u64).sum::<u64>();
        let start = self.leaf_start[keep - 1] as usize;
        let mut used = 0u32;
        let mut i = start;
        while i < self.sizes.len() {
            let s = self.sizes[i];
            if used + s > cap && used > 0 {
                if added > 0 && i > last_added {
                    if let Ok(k) = old_starts.binary_search(&(i as u32 - added)) {
                        for (&o, &b) in old_starts[k..].iter().zip(&old_seps[k..]) {
                            self.leaf_start.push(o + added);
                            self.sep_bytes.push(b);
                            self.branch_key_bytes += b as u64;
                        }
                        break;
                    }
                }
                let b = self.entries[i].0.iter().map(|v| v.column_len() as u64).sum::<u64>() as u32;
                self.leaf_start.push(i as u32);
                self.sep_bytes.push(b);
                self.branch_key_bytes += b as u64;
                used = 0;
            }
            used += s;
            i += 1;
        }
        let leaves = self.leaf_start.len() as u32;
        // Branch entries hold a separator key prefix and a child address.
        let avg_sep = if leaves > 1 { (self.branch_key_bytes / (leaves as u64 - 1)) as u32 } else { 4 };
        let branch_entry = INDEX_ENTRY_HEADER + avg_sep + BRANCH_CHILD_DBA + ROW_DIRECTORY;
        let branch_cap = (usable * (1.0 - self.pctfree as f64 / 100.0)) as u32;
        self.fanout = (branch_cap / branch_entry.max(1)).max(2);
        let mut levels = vec![leaves];
        let mut n = leaves;
        while n > 1 {
            n = n.div_ceil(self.fanout);
            levels.push(n);
        }
        levels.reverse();
        self.level_counts = levels;
        let n = self.level_counts.len();
        self.level_first = (0..n).map(|l| 1 + self.level_counts[..l].iter().sum::<u32>()).collect();
        self.level_span = (0..n).map(|l| self.fanout.saturating_pow((n - 1 - l) as u32).max(1)).collect();
    }

    /// Height in blocks from root to leaf (BLEVEL + 1).
    pub fn height(&self) -> u32 {
        self.level_counts.len() as u32
    }

    pub fn blevel(&self) -> u32 {
        self.height() - 1
    }

    pub fn leaf_count(&self) -> u32 {
        self.leaf_start.len() as u32
    }

    /// First block number of each level (root first). Block 0 is the
    /// segment header; the root is block 1.
    pub fn level_first_block(&self, level: usize) -> u32 {
        self.level_first[level]
    }

    /// Total blocks including the segment header.
    pub fn blocks(&self) -> u32 {
        1 + self.level_counts.iter().sum::<u32>()
    }

    /// Whether leaf `l` (in key order) holds entry `p`.
    #[inline]
    fn leaf_holds(&self, l: usize, p: u32) -> bool {
        self.leaf_start.get(l).is_some_and(|&s| s <= p) && self.leaf_start.get(l + 1).is_none_or(|&n| p < n)
    }

    /// Leaf (in key order) holding entry `pos`.
    #[inline]
    pub fn leaf_of(&self, pos: usize) -> u32 {
        let p = pos as u32;
        let starts = &self.leaf_start;
        let leaves = starts.len();
        // Leaves hold about the same number of entries: try the leaf the
        // position falls in proportionally, and its neighbours.
        if leaves > 1 && !self.entries.is_empty() {
            let g = ((pos as u64 * leaves as u64) / self.entries.len() as u64).min(leaves as u64 - 1) as usize;
            for l in [g, g.saturating_sub(1), (g + 1).min(leaves - 1)] {
                if self.leaf_holds(l, p) {
                    return l as u32;
                }
            }
        }
        (starts.partition_point(|&s| s <= p) - 1) as u32
    }

    /// The block visited at `level` on the way to leaf `leaf`.
    #[inline]
    pub fn path_block(&self, level: usize, leaf: u32) -> u32 {
        let node = leaf / self.level_span[level];
        self.level_first[level] + node.min(self.level_counts[level] - 1)
    }

    /// Block number of a leaf.
    #[inline]
    pub fn leaf_block(&self, leaf: u32) -> u32 {
        self.level_first[self.level_first.len() - 1] + leaf
    }

    /// The first key column of every entry.
    fn first_keys(&self) -> Vec<Value> {
        self.entries.iter().map(|e| e.0.first().cloned().unwrap_or(Value::Null)).collect()
    }

    /// First key column of the entry at `pos` (sorted order).
    #[inline]
    pub fn first_at(&self, pos: usize) -> &Value {
        if self.numeric {
            self.entries[pos].0.first().unwrap_or(&Value::Null)
        } else {
            &self.first[pos]
        }
    }

    /// Smallest and largest first-column values.
    pub fn first_range(&self) -> Option<(&Value, &Value)> {
        let n = self.entries.len();
        if n == 0 {
            return None;
        }
        Some((self.first_at(0), self.first_at(n - 1)))
    }

    /// Entries from `from` on whose first key column is at most `k0`
    /// (`or_equal`) or equal to it (not `or_equal`), counted from `from`.
    fn first_run(&self, from: usize, k0: &Value, or_equal: bool) -> usize {
        let keep = |v: &Value| {
            let o = v.cmp_sql(k0);
            if or_equal {
                o != Ordering::Greater
            } else {
                o == Ordering::Equal
            }
        };
        if self.numeric {
            self.entries[from..].partition_point(|e| keep(e.0.first().unwrap_or(&Value::Null)))
        } else {
            self.first[from..].partition_point(keep)
        }
    }

    #[inline]
    fn has_nums(&self) -> bool {
        self.numeric
    }

    /// Table row of the entry at `pos`.
    #[inline]
    pub fn row_at(&self, pos: usize) -> u32 {
        match self.nums.get(pos) {
            Some(n) if self.has_nums() => n.row,
            _ => self.entries[pos].1,
        }
    }

    /// Block of the rowid in the entry at `pos`, or [`NO_BLOCK`] when the
    /// table's locations were not recorded.
    #[inline]
    pub fn rowid_block_at(&self, pos: usize) -> u32 {
        if self.has_nums() {
            self.nums.get(pos).map(|n| n.block).unwrap_or(NO_BLOCK)
        } else {
            NO_BLOCK
        }
    }

    /// Record the block of every entry's rowid (index entries hold rowids:
    /// file, block, slot), and the clustering factor: how many times, in
    /// key order, the next entry points into a different table block.
    pub fn set_rowid_blocks(&mut self, loc: &[RowLoc]) {
        for n in &mut self.nums {
            n.block = loc.get(n.row as usize).map(|l| l.block).unwrap_or(NO_BLOCK);
        }
        let mut last = NO_BLOCK;
        let mut cf = 0u64;
        for (_, row) in &self.entries {
            let b = loc.get(*row as usize).map(|l| l.block).unwrap_or(NO_BLOCK);
            if b != last {
                cf += 1;
                last = b;
            }
        }
        self.clustering_factor = cf;
        self.blocks_valid = true;
        self.inserted = None;
    }

    /// [`Self::set_rowid_blocks`] after an insert that moved no existing
    /// row (a heap or cluster table: `loc` changed only for the new rows):
    /// when the last merge put its entries in place, only their blocks are
    /// set and the clustering factor is corrected around each run of new
    /// entries (the transitions between the old neighbours replaced by
    /// those through the run); otherwise every entry is visited.
    pub fn set_rowid_blocks_after_insert(&mut self, loc: &[RowLoc]) {
        let Some(ins) = self.inserted.take().filter(|_| self.blocks_valid) else {
            self.set_rowid_blocks(loc);
            return;
        };
        let nums = self.has_nums();
        let block = |t: &Self, p: usize| loc.get(t.entries[p].1 as usize).map(|l| l.block).unwrap_or(NO_BLOCK);
        if nums {
            for &p in &ins {
                self.nums[p as usize].block = block(self, p as usize);
            }
        }
        let mut cf = self.clustering_factor as i64;
        let n = self.entries.len();
        let mut k = 0;
        while k < ins.len() {
            // A run of consecutive new entries p..=q.
            let p = ins[k] as usize;
            let mut q = p;
            while k + 1 < ins.len() && ins[k + 1] as usize == q + 1 {
                k += 1;
                q += 1;
            }
            k += 1;
            let a = if p > 0 { block(self, p - 1) } else { NO_BLOCK };
            let mut last = a;
            for i in p..=q {
                let b = block(self, i);
                cf += (b != last) as i64;
                last = b;
            }
            if q + 1 < n {
                let c = block(self, q + 1);
                cf += (last != c) as i64 - (a != c) as i64;
            }
        }
        self.clustering_factor = cf.max(0) as u64;
    }

    /// First position whose number is >= x. Numeric keys are often dense
    /// (1..n), so one interpolation guess usually lands on the answer; a
    /// binary search covers every other case.
    #[inline]
    fn num_lower_bound(&self, x: f64) -> usize {
        let v = &self.nums;
        let n = v.len();
        if n > 2 {
            let (a, b) = (v[0].key, v[n - 1].key);
            if b > a && x > a && x <= b {
                let g = (((x - a) / (b - a)) * (n - 1) as f64) as usize;
                let g = g.min(n - 1);
                if v[g].key >= x && (g == 0 || v[g - 1].key < x) {
                    return g;
                }
                if g + 1 < n && v[g + 1].key >= x && v[g].key < x {
                    return g + 1;
                }
            }
        }
        v.partition_point(|y| y.key < x)
    }

    /// Whether the entry at `pos` has exactly `key`.
    #[inline]
    pub fn key_equals(&self, pos: usize, key: &[Value]) -> bool {
        if pos >= self.entries.len() || key.iter().any(|v| v.is_null()) {
            return false;
        }
        if key.len() == 1 && self.has_nums() && self.entries.first().is_some_and(|e| e.0.len() == 1) {
            if let Some(x) = num_key(&key[0]) {
                return self.nums[pos].key == x;
            }
        }
        cmp_keys(&self.entries[pos].0[..key.len().min(self.entries[pos].0.len())], key) == Ordering::Equal
    }

    /// `lower_bound`, trying the positions at and after `finger` first:
    /// workloads that probe keys in order find them in O(1).
    #[inline]
    pub fn lower_bound_from(&self, key: &[Value], finger: usize) -> usize {
        if key.len() == 1 {
            if let (Some(x), true) = (num_key(&key[0]), self.has_nums()) {
                for p in [finger, finger + 1] {
                    if p < self.nums.len() && self.nums[p].key == x && (p == 0 || self.nums[p - 1].key < x) {
                        return p;
                    }
                }
            }
        }
        self.lower_bound(key)
    }

    /// `leaf_of`, trying the leaf `hint` first.
    #[inline]
    pub fn leaf_of_from(&self, pos: usize, hint: u32) -> u32 {
        let p = pos as u32;
        if self.leaf_holds(hint as usize, p) {
            return hint;
        }
        self.leaf_of(pos)
    }

    /// Position of the first entry >= key.
    pub fn lower_bound(&self, key: &[Value]) -> usize {
        let Some(k0) = key.first() else { return 0 };
        let lo = match num_key(k0) {
            Some(x) if self.has_nums() => self.num_lower_bound(x),
            _ if self.numeric => {
                self.entries.partition_point(|e| e.0.first().unwrap_or(&Value::Null).cmp_sql(k0) == Ordering::Less)
            }
            _ => self.first.partition_point(|v| v.cmp_sql(k0) == Ordering::Less),
        };
        if key.len() == 1 {
            return lo;
        }
        let hi = lo + self.first_run(lo, k0, true);
        lo + self.entries[lo..hi].partition_point(|e| cmp_keys(&e.0[..key.len().min(e.0.len())], key) == Ordering::Less)
    }

    /// Position of the first entry whose first key column is >= `v`
    /// (`or_equal`) or > `v`: where a range bounded below by `v` starts, and
    /// (with `or_equal` negated) where one bounded above by `v` ends.
    pub fn first_bound(&self, v: &Value, or_equal: bool) -> usize {
        let p = self.lower_bound(std::slice::from_ref(v));
        if or_equal {
            return p;
        }
        p + self.first_run(p, v, false)
    }

    /// Entries per leaf on average.
    pub fn entries_per_leaf(&self) -> u32 {
        (self.entries.len() as u32).div_ceil(self.leaf_count().max(1)).max(1)
    }
}

#[cfg(test)]
#[path = "tests_in_place.rs"]
mod tests_in_place;
