//! B-trees: index entries (or IOT rows) packed into leaves under branch levels.

mod bitmap;
mod compress_stats;
mod layout;
mod leaf_state;
mod packed;
mod prefix_range;
mod search;
mod split;

use leaf_state::Deleted;
pub use leaf_state::{SplitWork, Splits};

impl BTree {
    /// After a batch of inserts at `inserted` (positions, ascending): a
    /// random insert lowers the leaf fill; the leaves from the first
    /// inserted entry are laid out again, or all of them when the fill
    /// changed (`fill`: the fill before the batch).
    fn lay_out_inserted(&mut self, fill: f64, inserted: Vec<u32>, order: &[u32]) {
        if self.holds_leaves() {
            self.split_for(order);
            self.inserted = Some(inserted);
            return;
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
    }
}

#[cfg(test)]
mod tests_in_place;
#[cfg(test)]
mod tests_packed;
#[cfg(test)]
mod tests_split;

use super::*;

/// One leaf row of a bitmap index: entries `start..end` (positions in key
/// order, one key), their rowids' first and last block, and the leaf
/// row's bytes (row directory included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    pub start: u32,
    pub end: u32,
    pub first_block: u32,
    pub last_block: u32,
    pub bytes: u32,
    /// The compressed bitmap's bytes alone.
    pub bitmap_bytes: u32,
}

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
    /// A non-unique index that enforces a primary key or unique constraint
    /// (created before the key, or for a DEFERRABLE one): its leading
    /// `key_cols` columns are kept unique, as a unique index's whole key
    /// is; 0 for none.
    pub key_cols: u16,
    /// Whether leaf entries hold whole rows (IOT).
    pub holds_rows: bool,
    /// Prefix compression (`COMPRESS n`): the leading key columns each
    /// leaf block holds once per distinct value, in its prefix table; 0
    /// for an uncompressed index. See [`Self::layout_from`].
    pub prefix_cols: u32,
    /// A reverse key index: its keys are stored reversed
    /// ([`super::key::reversed`]); an entry takes the bytes of the key it
    /// reverses.
    pub reverse: bool,
    /// A bitmap index: the leaves hold [`Piece`]s (see bitmap.rs).
    pub bitmap: bool,
    /// A bitmap index's pieces, in key then rowid order (empty otherwise).
    pieces: Vec<Piece>,
    /// Sorted entries: key and row number in the table; empty while
    /// `packed` (then `nums` holds every entry).
    entries: Vec<(Key, u32)>,
    /// Whether every entry is one number a double holds exactly: then the
    /// entries live only in `nums`, 16 bytes each (key, row, rowid block),
    /// their keys rebuilt as values when asked for (a million-entry index
    /// held 52 bytes an entry: the boxed-value key and row, `nums` and the
    /// size).
    packed: bool,
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
    /// Entries of changed or deleted rows were removed since the index was
    /// built: Oracle keeps them in their leaves, marked deleted, until the
    /// space is reused (INDEX_STATS' DEL_LF_ROWS); the lab drops them.
    pub purged: bool,
    /// Leaf fill factor: 1 - PCTFREE after CREATE INDEX; full after
    /// ascending loads (90/10 splits); ln 2 after random loads.
    pub leaf_fill: f64,
    /// ITL slots each leaf is formatted with: the index's INITRANS, two
    /// at least (see [`Self::leaf_overhead`]).
    pub itls: u32,
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
    // ---- leaves split one by one (split.rs; empty for a tree laid out
    // by fill)
    /// Bytes each leaf holds, its deleted entries' included (parallel to
    /// `leaf_start`).
    leaf_used: Vec<u32>,
    /// Deleted entries each leaf holds (parallel to `leaf_start`).
    leaf_del: Vec<Deleted>,
    /// Splits not yet taken by the session, and what each changed.
    splits: Splits,
    split_work: Vec<SplitWork>,
    /// Set while a rollback brings the entries back.
    pub undoing: bool,
    /// The rows whose entries the rollback took out (sorted): they come
    /// back as they were, not as deleted entries unmarked.
    undo_removed: Vec<u32>,
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

/// The NUMBER a packed key stands for (exactly: see [`num_key`]).
#[inline]
fn num_value(x: f64) -> Value {
    Value::from_f64(x)
}

/// A key a packed index can hold: one number a double holds exactly.
#[inline]
/// Whether two keys are the same in their first `n` columns, none of
/// them NULL (entries with a NULL there never collide).
fn same_key(a: &Key, b: &Key, n: usize) -> bool {
    let (a, b): (&[Value], &[Value]) = (a, b);
    let n = n.min(a.len()).min(b.len());
    !a[..n].iter().any(|v| v.is_null()) && cmp_keys(&a[..n], &b[..n]) == Ordering::Equal
}

fn packable(k: &[Value]) -> Option<f64> {
    match k {
        [v] => num_key(v),
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
    /// A leaf block's own bytes: [`INDEX_BLOCK_OVERHEAD`] with two ITL
    /// slots, and 24 bytes for each further slot INITRANS formats it with
    /// (a leaf's `kdxlebksz`, 8,032 with 2 ITLs, was 7,600 with 20:
    /// oracle-l, "Changing initrans", 2008). Branch blocks keep theirs.
    pub fn leaf_overhead(&self) -> u32 {
        INDEX_BLOCK_OVERHEAD + ITL_ENTRY * self.itls.saturating_sub(DEFAULT_ITLS)
    }

    pub fn new(block_size: u32, pctfree: u32, unique: bool, holds_rows: bool) -> Self {
        BTree {
            block_size,
            pctfree: pctfree.min(99),
            unique,
            key_cols: 0,
            holds_rows,
            prefix_cols: 0,
            reverse: false,
            bitmap: false,
            pieces: Vec::new(),
            entries: Vec::new(),
            packed: true,
            first: Vec::new(),
            nums: Vec::new(),
            numeric: true,
            clustering_factor: 0,
            pending: Vec::new(),
            sizes: Vec::new(),
            pending_sizes: Vec::new(),
            purged: false,
            leaf_fill: 1.0,
            itls: DEFAULT_ITLS,
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
            // One empty leaf, with no bytes.
            leaf_used: vec![0],
            leaf_del: vec![Deleted::default()],
            splits: Splits::default(),
            split_work: Vec::new(),
            undoing: false,
            undo_removed: Vec::new(),
        }
    }

    /// Size of a leaf entry for this key (and row, for an IOT).
    pub fn entry_size(&self, key: &[Value], row: &[Value]) -> u32 {
        if self.reverse {
            return Self::reversed_entry_size(self.unique, key);
        }
        Self::leaf_entry_size(self.holds_rows, self.unique, key, row)
    }

    /// [`Self::leaf_entry_size`] of a reverse key index's stored `key`.
    pub fn reversed_entry_size(unique: bool, key: &[Value]) -> u32 {
        let cols: usize = key.iter().map(super::key::reversed_column_len).sum();
        INDEX_ENTRY_HEADER + cols as u32 + INDEX_ROWID - unique as u32 + ROW_DIRECTORY
    }

    /// [`Self::entry_size`] for an index of this kind.
    pub fn leaf_entry_size(holds_rows: bool, unique: bool, key: &[Value], row: &[Value]) -> u32 {
        if holds_rows {
            ROW_HEADER + row.iter().map(|v| v.column_len() as u32).sum::<u32>() + ROW_DIRECTORY
        } else {
            // A unique index stores the rowid as the entry's data, without
            // the length byte it has as the last key column of a
            // non-unique index.
            let rowid = INDEX_ROWID - unique as u32;
            INDEX_ENTRY_HEADER + key.iter().map(|v| v.column_len() as u32).sum::<u32>() + rowid + ROW_DIRECTORY
        }
    }

    /// Queue an entry; the statement's end merges and lays the tree out.
    pub fn insert(&mut self, key: impl Into<Key>, row: u32, size: u32) {
        let key = key.into();
        if self.ascending_only {
            let less = match self.pending.last() {
                Some((m, _)) => cmp_keys(&key, m) == Ordering::Less,
                None => !self.is_empty() && self.cmp_key_at(self.len() - 1, &key) == Ordering::Greater,
            };
            if less {
                self.ascending_only = false;
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
        if self.packed && self.pending.iter().all(|(k, _)| packable(k).is_some()) {
            return self.merge_pending_packed();
        }
        self.unpack();
        // Each entry with its place in the statement (splits follow it).
        let mut add: Vec<(SizedEntry, u32)> =
            self.pending.drain(..).zip(self.pending_sizes.drain(..)).zip(0u32..).collect();
        add.sort_by(|a, b| cmp_keys(&a.0 .0 .0, &b.0 .0 .0).then(a.0 .0 .1.cmp(&b.0 .0 .1)));
        if !self.stale && add.len() <= IN_PLACE_MAX {
            return self.insert_in_place(add);
        }
        self.inserted = None;
        let old_e = std::mem::take(&mut self.entries);
        let old_s = std::mem::take(&mut self.sizes);
        let mut entries = Vec::with_capacity(old_e.len() + add.len());
        let mut sizes = Vec::with_capacity(old_e.len() + add.len());
        let mut order = vec![0u32; add.len()];
        let mut a = old_e.into_iter().zip(old_s).peekable();
        let mut b = add.into_iter().peekable();
        loop {
            let take_a = match (a.peek(), b.peek()) {
                (Some(x), Some(y)) => cmp_keys(&x.0 .0, &y.0 .0 .0).then(x.0 .1.cmp(&y.0 .0 .1)) != Ordering::Greater,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => break,
            };
            let (e, s) = if take_a {
                a.next().expect("peeked")
            } else {
                let (e, seq) = b.next().expect("peeked");
                order[seq as usize] = entries.len() as u32;
                e
            };
            entries.push(e);
            sizes.push(s);
        }
        let dup = self
            .unique_cols()
            .and_then(|n| entries.windows(2).find(|w| same_key(&w[0].0, &w[1].0, n)).map(|w| w[0].0.clone()));
        self.entries = entries;
        self.sizes = sizes;
        self.lay_out_merged(&order);
        match dup {
            Some(k) => Err(k),
            None => Ok(()),
        }
    }

    /// After a full merge: the added entries (at `order`, in the
    /// statement's order) split their leaves, or the leaves are packed
    /// again to the fill (lowered by random inserts).
    fn lay_out_merged(&mut self, order: &[u32]) {
        if self.holds_leaves() {
            self.refresh_mirrors();
            self.split_for(order);
            return;
        }
        if !self.ascending_only {
            self.leaf_fill = self.leaf_fill.min(RANDOM_INSERT_LEAF_FILL);
        }
        self.relayout();
    }

    /// [`Self::merge_pending`] for a few entries: each goes in at its
    /// place (a binary search; appends, the ascending keys of a sequence,
    /// shift nothing), the uniqueness check compares it with its two
    /// neighbours, and the leaves are packed again only from the first
    /// leaf that changed. The result is the one of a full merge and
    /// relayout: same entries, leaves, levels and duplicate verdict.
    fn insert_in_place(&mut self, add: Vec<(SizedEntry, u32)>) -> Result<(), Key> {
        if self.inserted.is_some() {
            // The entries of the previous merge have no rowid blocks yet.
            self.blocks_valid = false;
        }
        let fill = self.leaf_fill;
        let mut dup: Option<Key> = None;
        let mut inserted = Vec::with_capacity(add.len());
        let mut order = vec![0u32; add.len()];
        // Whether `first` is all numbers (so `nums` mirrors it).
        let mut numeric = self.has_nums();
        for (((key, row), size), seq) in add {
            let p = if self.entries.last().is_none_or(|l| cmp_keys(&l.0, &key).then(l.1.cmp(&row)) != Ordering::Greater)
            {
                self.entries.len()
            } else {
                self.entries.partition_point(|x| cmp_keys(&x.0, &key).then(x.1.cmp(&row)) != Ordering::Greater)
            };
            if let (Some(n), None) = (self.unique_cols(), &dup) {
                let before = p.checked_sub(1).map(|q| &self.entries[q].0);
                let after = self.entries.get(p).map(|e| &e.0);
                if before.is_some_and(|b| same_key(b, &key, n)) || after.is_some_and(|a| same_key(&key, a, n)) {
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
            order[seq as usize] = p as u32;
        }
        self.lay_out_inserted(fill, inserted, &order);
        match dup {
            Some(k) => Err(k),
            None => Ok(()),
        }
    }

    /// The leaf holding (or that would hold) `key` for `row`, in the
    /// current layout: the block a change of that entry reads in current mode.
    pub fn leaf_for(&self, key: &[Value], row: u32) -> u32 {
        let mut pos = self.lower_bound(key);
        while pos < self.len() && self.cmp_key_at(pos, key) == Ordering::Equal {
            if self.row_at(pos) >= row {
                break;
            }
            pos += 1;
        }
        self.leaf_block(self.leaf_of(pos.min(self.len().saturating_sub(1))))
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

    /// Drop pending entries (statement rollback).
    pub fn discard_pending(&mut self) {
        self.pending.clear();
        self.pending_sizes.clear();
    }

    /// Build the index over existing entries (CREATE INDEX): leaves packed
    /// to 1 - PCTFREE.
    pub fn build(&mut self, entries: Vec<SizedEntry>) -> Result<(), Key> {
        self.build_from(entries)
    }

    /// [`Self::build`] from the entries as they come: one-number keys are
    /// packed as they arrive (no list of boxed keys first) and sorted in
    /// place; the first other key turns the whole index to boxed keys.
    pub fn build_from(&mut self, entries: impl IntoIterator<Item = SizedEntry>) -> Result<(), Key> {
        self.purged = false;
        let mut it = entries.into_iter();
        // The size rides in the block field until the sort is done.
        let mut nums: Vec<NumEntry> = Vec::with_capacity(it.size_hint().0);
        let mut other: Option<SizedEntry> = None;
        for ((key, row), size) in it.by_ref() {
            match packable(&key) {
                Some(x) => nums.push(NumEntry { key: x, row, block: size }),
                None => {
                    other = Some(((key, row), size));
                    break;
                }
            }
        }
        let Some(first_other) = other else {
            return self.build_packed(nums);
        };
        let mut entries: Vec<SizedEntry> = nums
            .into_iter()
            .map(|n| ((Key::One(num_value(n.key)), n.row), n.block))
            .chain(std::iter::once(first_other))
            .chain(it)
            .collect();
        self.packed = false;
        self.leaf_used = Vec::new();
        sort_entries(&mut entries);
        // The sizes first; the entries then reuse the list's own memory
        // (no second copy of a million entries).
        self.sizes = entries.iter().map(|e| e.1).collect();
        self.entries = entries.into_iter().map(|e| e.0).collect();
        self.leaf_fill = 1.0 - self.pctfree as f64 / 100.0;
        self.ascending_only = true;
        self.relayout();
        self.check_unique()
    }

    /// The leading key columns kept unique: the whole key of a unique
    /// index, a key constraint's columns of a non-unique index enforcing
    /// it, none otherwise.
    fn unique_cols(&self) -> Option<usize> {
        if self.unique {
            Some(usize::MAX)
        } else {
            (self.key_cols > 0).then_some(self.key_cols as usize)
        }
    }

    /// The first duplicate of the entries as they are (a key constraint
    /// added on an existing index checks its rows so: ORA-02437).
    pub fn check_unique(&self) -> Result<(), Key> {
        let Some(n) = self.unique_cols() else { return Ok(()) };
        if self.packed {
            return match self.nums.windows(2).find(|w| w[0].key == w[1].key) {
                Some(w) => Err(Key::One(num_value(w[0].key))),
                None => Ok(()),
            };
        }
        match self.entries.windows(2).find(|w| same_key(&w[0].0, &w[1].0, n)) {
            Some(w) => Err(w[0].0.clone()),
            None => Ok(()),
        }
    }
}
