//! Segments and blocks: how rows and index entries are laid out in 8 KB
//! blocks. Sizes follow Oracle's formats closely enough that block counts,
//! B-tree heights and cluster chains come out of the data, not a table.

use crate::value::Value;
use std::cmp::Ordering;

/// Block layout constants (bytes). Chosen from Oracle's block dump
/// structure: cache header (20) + transaction header (24) + 2 ITL slots
/// (2 x 24) + data header (14) + table directory (4) + tail (4).
pub const DATA_BLOCK_OVERHEAD: u32 = 114;
/// Index block: cache header + transaction header + 2 ITLs + kdxco/kdxle
/// header (~32) + tail.
pub const INDEX_BLOCK_OVERHEAD: u32 = 128;
/// Row directory entry per row.
pub const ROW_DIRECTORY: u32 = 2;
/// Row header: flag, lock byte, column count.
pub const ROW_HEADER: u32 = 3;
/// Index entry header: flag and lock bytes.
pub const INDEX_ENTRY_HEADER: u32 = 2;
/// A rowid in an index entry: 6 bytes plus its length byte.
pub const INDEX_ROWID: u32 = 7;
/// A branch entry's child block address.
pub const BRANCH_CHILD_DBA: u32 = 4;
/// Average leaf fill after random-order inserts (50/50 leaf splits): ln 2
/// (Yao's result for B-trees under random insertion).
pub const RANDOM_INSERT_LEAF_FILL: f64 = std::f64::consts::LN_2;

/// Size of a row in a heap block (excluding its row directory entry).
pub fn row_size(row: &[Value]) -> u32 {
    ROW_HEADER + row.iter().map(|v| v.column_len() as u32).sum::<u32>()
}

/// A numeric index entry in compact form.
#[derive(Debug, Clone, Copy)]
struct NumEntry {
    key: f64,
    row: u32,
    block: u32,
}

/// No block recorded for a rowid.
pub const NO_BLOCK: u32 = u32::MAX;

/// An index entry (key, table row) with its size in bytes.
pub type SizedEntry = ((Box<[Value]>, u32), u32);

/// Block ids are segment-relative; block 0 is the segment header.
pub const SEGMENT_HEADER_BLOCK: u32 = 0;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowLoc {
    pub block: u32,
    pub slot: u16,
}

/// A heap segment: rows appended in arrival order into blocks that fill up
/// to `PCTFREE`.
#[derive(Debug, Clone)]
pub struct HeapSegment {
    pub block_size: u32,
    pub pctfree: u32,
    /// Bytes used in each data block (index 0 is the first data block,
    /// block number 1).
    pub used: Vec<u32>,
    pub rows_in_block: Vec<u16>,
}

impl HeapSegment {
    pub fn new(block_size: u32, pctfree: u32) -> Self {
        HeapSegment { block_size, pctfree: pctfree.min(99), used: Vec::new(), rows_in_block: Vec::new() }
    }

    /// Bytes available for rows before PCTFREE stops inserts.
    pub fn insert_limit(&self) -> u32 {
        let usable = self.block_size - DATA_BLOCK_OVERHEAD;
        usable - self.block_size * self.pctfree / 100
    }

    /// Place a row of `size` bytes; returns its location and whether a new
    /// block was formatted.
    pub fn insert(&mut self, size: u32) -> (RowLoc, bool) {
        let need = size + ROW_DIRECTORY;
        let limit = self.insert_limit();
        if let Some(last) = self.used.last_mut() {
            if *last + need <= limit || *self.rows_in_block.last().unwrap_or(&0) == 0 {
                *last += need;
                let i = self.used.len() - 1;
                let slot = self.rows_in_block[i];
                self.rows_in_block[i] += 1;
                return (RowLoc { block: i as u32 + 1, slot }, false);
            }
        }
        self.used.push(need);
        self.rows_in_block.push(1);
        (RowLoc { block: self.used.len() as u32, slot: 0 }, true)
    }

    /// Data blocks (below the high water mark, excluding the header).
    pub fn data_blocks(&self) -> u32 {
        self.used.len() as u32
    }

    pub fn truncate_to(&mut self, blocks: usize) {
        self.used.truncate(blocks);
        self.rows_in_block.truncate(blocks);
    }
}

/// Compare two keys column by column.
pub fn cmp_keys(a: &[Value], b: &[Value]) -> Ordering {
    for (x, y) in a.iter().zip(b.iter()) {
        let o = x.cmp_sql(y);
        if o != Ordering::Equal {
            return o;
        }
    }
    a.len().cmp(&b.len())
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
    pub entries: Vec<(Box<[Value]>, u32)>,
    /// The first key column of every entry, contiguous, for cache-friendly
    /// binary search (rebuilt whenever `entries` changes).
    first: Vec<Value>,
    /// When every entry's first column is a number: the entries as compact
    /// (number, row, block) records, so a probe touches one cache line for
    /// the key, the row and the rowid's block.
    nums: Vec<NumEntry>,
    /// CLUSTERING_FACTOR as DBMS_STATS computes it (set with the rowid blocks).
    pub clustering_factor: u64,
    /// Entries added by the running statement, merged at its end.
    pending: Vec<(Box<[Value]>, u32)>,
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
        }
    }

    /// Size of a leaf entry for this key (and row, for an IOT).
    pub fn entry_size(&self, key: &[Value], row: &[Value]) -> u32 {
        if self.holds_rows {
            ROW_HEADER + row.iter().map(|v| v.column_len() as u32).sum::<u32>() + ROW_DIRECTORY
        } else {
            INDEX_ENTRY_HEADER + key.iter().map(|v| v.column_len() as u32).sum::<u32>() + INDEX_ROWID + ROW_DIRECTORY
        }
    }

    /// Queue an entry; the statement's end merges and lays the tree out.
    pub fn insert(&mut self, key: Box<[Value]>, row: u32, size: u32) {
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
    pub fn merge_pending(&mut self) -> Result<(), Box<[Value]>> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let mut add: Vec<SizedEntry> = self.pending.drain(..).zip(self.pending_sizes.drain(..)).collect();
        add.sort_by(|a, b| cmp_keys(&a.0 .0, &b.0 .0).then(a.0 .1.cmp(&b.0 .1)));
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
    pub fn build(&mut self, mut entries: Vec<SizedEntry>) -> Result<(), Box<[Value]>> {
        entries.sort_by(|a, b| cmp_keys(&a.0 .0, &b.0 .0).then(a.0 .1.cmp(&b.0 .1)));
        let (e, s): (Vec<_>, Vec<_>) = entries.into_iter().unzip();
        self.entries = e;
        self.sizes = s;
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
        self.first = self.entries.iter().map(|e| e.0.first().cloned().unwrap_or(Value::Null)).collect();
        self.nums = if self.first.iter().all(|v| matches!(v, Value::Num(_))) {
            self.entries
                .iter()
                .zip(self.first.iter())
                .map(|(e, v)| NumEntry { key: v.as_f64().unwrap_or(0.0), row: e.1, block: NO_BLOCK })
                .collect()
        } else {
            Vec::new()
        };
        let usable = (self.block_size - INDEX_BLOCK_OVERHEAD) as f64;
        let cap = (usable * self.leaf_fill).max(64.0) as u32;
        let mut starts = vec![0u32];
        let mut used = 0u32;
        let mut branch_key_bytes = 0u64;
        for (i, s) in self.sizes.iter().enumerate() {
            if used + s > cap && used > 0 {
                starts.push(i as u32);
                used = 0;
                if let Some(e) = self.entries.get(i) {
                    branch_key_bytes += e.0.iter().map(|v| v.column_len() as u64).sum::<u64>();
                }
            }
            used += s;
        }
        self.leaf_start = starts;
        let leaves = self.leaf_start.len() as u32;
        // Branch entries hold a separator key prefix and a child address.
        let avg_sep = if leaves > 1 { (branch_key_bytes / (leaves as u64 - 1)) as u32 } else { 4 };
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

    /// First key column of the entry at `pos` (sorted order).
    #[inline]
    pub fn first_at(&self, pos: usize) -> &Value {
        &self.first[pos]
    }

    /// Smallest and largest first-column values.
    pub fn first_range(&self) -> Option<(&Value, &Value)> {
        Some((self.first.first()?, self.first.last()?))
    }

    #[inline]
    fn has_nums(&self) -> bool {
        self.nums.len() == self.first.len()
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
        if let (1, Value::Num(x)) = (key.len(), &key[0]) {
            if self.has_nums() && self.entries.first().is_some_and(|e| e.0.len() == 1) {
                return self.nums[pos].key == *x;
            }
        }
        cmp_keys(&self.entries[pos].0[..key.len().min(self.entries[pos].0.len())], key) == Ordering::Equal
    }

    /// `lower_bound`, trying the positions at and after `finger` first:
    /// workloads that probe keys in order find them in O(1).
    #[inline]
    pub fn lower_bound_from(&self, key: &[Value], finger: usize) -> usize {
        if key.len() == 1 {
            if let (Value::Num(x), true) = (&key[0], self.has_nums()) {
                for p in [finger, finger + 1] {
                    if p < self.nums.len() && self.nums[p].key == *x && (p == 0 || self.nums[p - 1].key < *x) {
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
        let lo = match k0 {
            Value::Num(x) if self.has_nums() => self.num_lower_bound(*x),
            _ => self.first.partition_point(|v| v.cmp_sql(k0) == Ordering::Less),
        };
        if key.len() == 1 {
            return lo;
        }
        let hi = lo + self.first[lo..].partition_point(|v| v.cmp_sql(k0) != Ordering::Greater);
        lo + self.entries[lo..hi].partition_point(|e| cmp_keys(&e.0[..key.len().min(e.0.len())], key) == Ordering::Less)
    }

    /// Entries per leaf on average.
    pub fn entries_per_leaf(&self) -> u32 {
        (self.entries.len() as u32).div_ceil(self.leaf_count().max(1)).max(1)
    }
}

/// The smallest prime >= n (HASHKEYS rounding).
pub fn next_prime(n: u64) -> u64 {
    fn is_prime(n: u64) -> bool {
        if n < 2 {
            return false;
        }
        if n.is_multiple_of(2) {
            return n == 2;
        }
        let mut d = 3;
        while d * d <= n {
            if n.is_multiple_of(d) {
                return false;
            }
            d += 2;
        }
        true
    }
    let mut c = n.max(2);
    while !is_prime(c) {
        c += 1;
    }
    c
}

/// A single-table hash cluster: HASHKEYS buckets preallocated in blocks of
/// `keys_per_block` buckets; rows go to their bucket's block and overflow
/// into chained blocks when the block is full.
#[derive(Debug, Clone)]
pub struct HashCluster {
    pub block_size: u32,
    pub pctfree: u32,
    pub hashkeys: u64,
    pub size: u32,
    pub keys_per_block: u32,
    /// Preallocated bucket blocks (block numbers 1..=bucket_blocks).
    pub bucket_blocks: u32,
    /// Bytes used per block, bucket blocks first, then overflow blocks.
    pub used: Vec<u32>,
    /// Overflow chain of each bucket block (index = bucket block - 1).
    pub chains: Vec<Vec<u32>>,
    /// Rows (table row numbers) per bucket, in insert order.
    pub bucket_rows: Vec<Vec<u32>>,
    /// Distinct keys seen per bucket (for key-entry space).
    pub bucket_keys: Vec<Vec<Value>>,
    /// `HASH IS expr` with a simple column: bucket = value mod HASHKEYS.
    pub hash_is_column: bool,
    /// The same rows packed per bucket with their numeric cluster key
    /// (NaN when not a number), rebuilt after each insert statement. A
    /// bucket's first (key, row) sits in its head, so most lookups read one
    /// place; the rest are `packed[heads[b].more..heads[b + 1].more]`.
    heads: Vec<PackedHead>,
    packed: Vec<(f64, u32)>,
    /// Inserts since the last `pack` (the packed form is stale when > 0).
    unpacked_inserts: usize,
}

/// A bucket's first row and where its other rows start in `packed`.
#[derive(Debug, Clone, Copy)]
struct PackedHead {
    key: f64,
    row: u32,
    more: u32,
}

const NO_ROW: u32 = u32::MAX;

impl HashCluster {
    pub fn new(block_size: u32, pctfree: u32, hashkeys: u64, size: u32, hash_is_column: bool) -> Self {
        let hashkeys = next_prime(hashkeys.max(2));
        let size = size.clamp(1, block_size);
        // Keys per block are worked out against the whole block (Oracle
        // rounds SIZE into the block this way; the block overhead comes out
        // of the free space, not out of the key count).
        let keys_per_block = (block_size / size).max(1);
        let bucket_blocks = hashkeys.div_ceil(keys_per_block as u64) as u32;
        HashCluster {
            block_size,
            pctfree: pctfree.min(99),
            hashkeys,
            size,
            keys_per_block,
            bucket_blocks,
            used: vec![0; bucket_blocks as usize],
            chains: vec![Vec::new(); bucket_blocks as usize],
            bucket_rows: vec![Vec::new(); hashkeys as usize],
            bucket_keys: vec![Vec::new(); hashkeys as usize],
            hash_is_column,
            heads: Vec::new(),
            packed: Vec::new(),
            unpacked_inserts: 0,
        }
    }

    /// Pack the bucket lists (after an insert statement) so a key lookup
    /// reads one bucket head, and a contiguous run for colliding keys.
    pub fn pack(&mut self, key_of_row: impl Fn(u32) -> f64) {
        self.heads.clear();
        self.packed.clear();
        self.heads.reserve(self.bucket_rows.len() + 1);
        for rows in &self.bucket_rows {
            let more = self.packed.len() as u32;
            match rows.split_first() {
                Some((&r, rest)) => {
                    self.heads.push(PackedHead { key: key_of_row(r), row: r, more });
                    self.packed.extend(rest.iter().map(|&r| (key_of_row(r), r)));
                }
                None => self.heads.push(PackedHead { key: f64::NAN, row: NO_ROW, more }),
            }
        }
        self.heads.push(PackedHead { key: f64::NAN, row: NO_ROW, more: self.packed.len() as u32 });
        self.unpacked_inserts = 0;
    }

    /// Rows of `bucket` whose numeric cluster key is `x`, into `out`; false
    /// when the packed form is stale (the caller then compares values).
    #[inline]
    pub fn packed_rows(&self, bucket: u32, x: f64, out: &mut Vec<u32>) -> bool {
        if self.unpacked_inserts != 0 || self.heads.len() != self.bucket_rows.len() + 1 {
            return false;
        }
        let b = bucket as usize;
        let head = &self.heads[b];
        if head.row == NO_ROW {
            return true;
        }
        if head.key == x {
            out.push(head.row);
        }
        let (from, to) = (head.more as usize, self.heads[b + 1].more as usize);
        out.extend(self.packed[from..to].iter().filter(|(k, _)| *k == x).map(|(_, r)| *r));
        true
    }

    /// Statement rollback: forget rows numbered `first_row` and above.
    pub fn forget_rows_from(&mut self, first_row: u32) {
        for rows in &mut self.bucket_rows {
            rows.retain(|r| *r < first_row);
        }
        self.unpacked_inserts += 1;
    }

    /// Oracle's internal hash of the cluster key, reduced to a bucket.
    pub fn bucket_of(&self, key: &Value) -> u32 {
        if self.hash_is_column {
            if let Value::Num(n) = key {
                return (n.abs() as u64 % self.hashkeys) as u32;
            }
        }
        let bits = match key {
            Value::Num(n) => n.to_bits(),
            Value::Str(s) => {
                s.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
            }
            Value::Null => 0,
        };
        let mut z = bits.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z % self.hashkeys) as u32
    }

    /// Block number of a bucket's home block.
    pub fn home_block(&self, bucket: u32) -> u32 {
        1 + bucket / self.keys_per_block
    }

    fn insert_limit(&self) -> u32 {
        (self.block_size - DATA_BLOCK_OVERHEAD) - self.block_size * self.pctfree / 100
    }

    /// Place a row; returns the block it went to and whether that block was
    /// newly formatted (an overflow block).
    pub fn insert(&mut self, key: &Value, row: u32, row_bytes: u32) -> (u32, bool) {
        let bucket = self.bucket_of(key);
        let home = self.home_block(bucket);
        let mut need = row_bytes + ROW_DIRECTORY;
        let keys = &mut self.bucket_keys[bucket as usize];
        if !keys.iter().any(|k| k.sql_eq(key)) {
            // A new cluster key in the block: key header + key column.
            need += INDEX_ENTRY_HEADER + key.column_len() as u32 + ROW_DIRECTORY;
            keys.push(key.clone());
        }
        self.bucket_rows[bucket as usize].push(row);
        self.unpacked_inserts += 1;
        let limit = self.insert_limit();
        let hi = (home - 1) as usize;
        // Home block first, then the last block of its chain.
        if self.used[hi] + need <= limit {
            self.used[hi] += need;
            return (home, false);
        }
        if let Some(&last) = self.chains[hi].last() {
            let li = (last - 1) as usize;
            if self.used[li] + need <= limit {
                self.used[li] += need;
                return (last, false);
            }
        }
        self.used.push(need);
        let block = self.used.len() as u32;
        self.chains[hi].push(block);
        (block, true)
    }

    /// Blocks a key lookup visits: the home block, then its chain.
    pub fn chain_len(&self, bucket: u32) -> usize {
        self.chains[(self.home_block(bucket) - 1) as usize].len()
    }

    pub fn overflow_blocks(&self) -> u32 {
        self.used.len() as u32 - self.bucket_blocks
    }

    /// All blocks below the HWM including the header.
    pub fn blocks(&self) -> u32 {
        1 + self.used.len() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: f64) -> Box<[Value]> {
        vec![Value::Num(n)].into_boxed_slice()
    }

    #[test]
    fn heap_blocks_fill_to_pctfree() {
        let mut h = HeapSegment::new(8192, 10);
        // 711-byte rows + 2 directory bytes: 10 fit below 8192-114-819.
        for _ in 0..25 {
            h.insert(711);
        }
        assert_eq!(h.rows_in_block, vec![10, 10, 5]);
    }

    #[test]
    fn two_leaf_btree_has_a_root() {
        let mut t = BTree::new(8192, 10, true, false);
        // 100-byte entries: ~71 per leaf at 90% fill.
        let entries = (0..100).map(|i| ((key(i as f64), i), 100)).collect();
        t.build(entries).unwrap();
        assert_eq!(t.leaf_count(), 2);
        assert_eq!(t.height(), 2);
        assert_eq!(t.level_first_block(0), 1);
        assert_eq!(t.leaf_block(0), 2);
        assert_eq!(t.leaf_block(1), 3);
        assert_eq!(t.path_block(0, 1), 1);
        assert_eq!(t.leaf_of(99), 1);
    }

    #[test]
    fn leaf_of_agrees_with_a_search_of_the_leaf_starts_for_uneven_leaves() {
        let mut t = BTree::new(8192, 10, false, false);
        // Entry sizes from 10 to 400 bytes: leaves of very different counts.
        let entries =
            (0..20_000).map(|i| ((key(i as f64), i), 10 + (i * 7919 % 391) as u32 * (1 + (i / 5000) % 3))).collect();
        t.build(entries).unwrap();
        assert!(t.leaf_count() > 100);
        for pos in 0..20_000usize {
            let want = (t.leaf_start.partition_point(|&s| s <= pos as u32) - 1) as u32;
            assert_eq!(t.leaf_of(pos), want, "entry {pos}");
        }
    }

    #[test]
    fn unique_btree_rejects_duplicates() {
        let mut t = BTree::new(8192, 10, true, false);
        t.insert(key(1.0), 0, 20);
        t.insert(key(1.0), 1, 20);
        assert!(t.merge_pending().is_err());
    }

    #[test]
    fn hashkeys_round_up_to_a_prime() {
        assert_eq!(next_prime(100_000), 100_003);
        let c = HashCluster::new(8192, 10, 100_000, 256, false);
        assert_eq!(c.keys_per_block, 32);
        assert_eq!(c.bucket_blocks, 3126);
    }

    #[test]
    fn packed_buckets_find_every_row_of_a_key_and_none_of_the_others() {
        // HASH IS key over 5 buckets: keys 1, 6, 11 share bucket 1.
        let mut c = HashCluster::new(8192, 10, 5, 512, true);
        let keys = [1.0, 6.0, 1.0, 11.0, 2.0, 6.0];
        for (r, k) in keys.iter().enumerate() {
            c.insert(&Value::Num(*k), r as u32, 50);
        }
        c.pack(|r| keys[r as usize]);
        let rows = |b: u32, x: f64| {
            let mut out = Vec::new();
            assert!(c.packed_rows(b, x, &mut out));
            out
        };
        assert_eq!(rows(1, 1.0), vec![0, 2]);
        assert_eq!(rows(1, 6.0), vec![1, 5]);
        assert_eq!(rows(1, 11.0), vec![3]);
        assert_eq!(rows(2, 2.0), vec![4]);
        assert_eq!(rows(3, 3.0), Vec::<u32>::new());
        assert_eq!(rows(1, 16.0), Vec::<u32>::new());
        // After another insert the packed form is stale until packed again.
        c.insert(&Value::Num(1.0), 6, 50);
        assert!(!c.packed_rows(1, 1.0, &mut Vec::new()));
    }

    #[test]
    fn four_bucket_cluster_chains_overflow_in_insert_order() {
        // HASHKEYS 4 -> 5 (prime); SIZE 8192 -> 1 key per block.
        let mut c = HashCluster::new(8192, 10, 4, 8192, true);
        assert_eq!(c.hashkeys, 5);
        assert_eq!(c.bucket_blocks, 5);
        // Key 0 hashes to bucket 0 (HASH IS key): 25 rows of 700 bytes.
        for r in 0..25 {
            c.insert(&Value::Num(0.0), r, 700);
        }
        // 10 rows fit a block below PCTFREE (see heap test), then chain.
        assert_eq!(c.chains[0], vec![6, 7]);
        assert_eq!(c.chain_len(0), 2);
        assert_eq!(c.overflow_blocks(), 2);
    }
}
