//! A B-tree's shape: entries laid out into leaves and branch levels, and
//! the blocks a path from the root to a leaf visits.

use super::*;

impl BTree {
    /// Pack entries into leaves and compute the branch levels; a tree
    /// whose leaves split keeps them (split.rs) and settles the levels.
    pub fn relayout(&mut self) {
        let before = self.shape();
        self.refresh_mirrors();
        if self.holds_leaves() {
            self.settle(before);
        } else {
            self.relayout_leaves();
        }
    }

    /// The search mirrors of the entries (`nums`, `first`) again; every
    /// rowid block unknown.
    pub(super) fn refresh_mirrors(&mut self) {
        self.stale = false;
        self.inserted = None;
        self.blocks_valid = false;
        if self.packed {
            // `nums` holds the entries: only their rowid blocks are unknown.
            for n in &mut self.nums {
                n.block = NO_BLOCK;
            }
            return;
        }
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
            if self.entries.iter().all(|e| e.0.len() == 1) {
                // Every key one exact number: `nums` alone holds them.
                self.entries = Vec::new();
                self.packed = true;
            }
        } else {
            self.nums = Vec::new();
            self.first = self.first_keys();
        }
    }

    /// Pack every leaf again.
    pub(super) fn relayout_leaves(&mut self) {
        self.leaf_start = vec![0];
        self.sep_bytes = vec![0];
        self.branch_key_bytes = 0;
        self.layout_from(0, 0, 0);
        self.note_packed();
    }

    /// Pack the leaves again from the leaf holding entry `from` on (the
    /// leaves before it hold the same entries as before), after `added`
    /// entries went in at `from` or later; then compute the branch levels.
    /// Leaves are packed greedily to the fill factor, so once a leaf starts
    /// at an entry that started a leaf before and no added entry follows,
    /// every later leaf is the one it was (shifted by `added`).
    pub(super) fn layout_from(&mut self, from: usize, added: u32, last_added: usize) {
        let usable = self.block_size.saturating_sub(self.leaf_overhead()) as f64;
        let compressed = self.prefix_cols > 0;
        let header = if compressed { COMPRESSED_LEAF_HEADER } else { 0 };
        let cap = ((usable * self.leaf_fill) as u32).saturating_sub(header).max(64);
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
            // A compressed entry leaves its prefix columns to the leaf's
            // prefix table: a new prefix (the leaf's first entry, or a
            // prefix unlike the entry before) adds a prefix entry.
            let (mut s, lead) = if compressed { self.compressed_cost(i) } else { (self.sizes[i], self.sizes[i]) };
            if used == 0 {
                s = lead;
            }
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
                let b = self.key_bytes(i);
                self.leaf_start.push(i as u32);
                self.sep_bytes.push(b);
                self.branch_key_bytes += b as u64;
                used = 0;
                s = lead;
            }
            used += s;
            i += 1;
        }
        self.branch_levels();
    }

    /// The branch levels above the leaves (`leaf_start`, `sep_bytes`).
    pub(super) fn branch_levels(&mut self) {
        let usable = (self.block_size - INDEX_BLOCK_OVERHEAD) as f64;
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

    /// A compressed entry's bytes in a leaf (`prefix_cols` > 0): after an
    /// entry of the same prefix, and as a leaf's first entry or the first
    /// of its prefix (its prefix entry with it). The entry's size (as if
    /// uncompressed) less its prefix columns; the prefix entry is
    /// [`PREFIX_ENTRY_OVERHEAD`] and the prefix columns.
    fn compressed_cost(&self, i: usize) -> (u32, u32) {
        let n = self.prefix_cols as usize;
        let (prefix, same) = if self.packed {
            let k = self.nums[i].key;
            (num_value(k).column_len() as u32, i > 0 && self.nums[i - 1].key == k)
        } else {
            let k = &self.entries[i].0;
            let p = &k[..n.min(k.len())];
            let same = i > 0 && {
                let q = &self.entries[i - 1].0;
                cmp_keys(&q[..n.min(q.len())], p) == Ordering::Equal
            };
            (p.iter().map(|v| v.column_len() as u32).sum(), same)
        };
        let suffix = self.sizes[i].saturating_sub(prefix);
        let lead = suffix + PREFIX_ENTRY_OVERHEAD + prefix;
        (if same { suffix } else { lead }, lead)
    }

    /// Bytes of the key of entry `i` (its columns with their length bytes).
    pub(super) fn key_bytes(&self, i: usize) -> u32 {
        if self.packed {
            num_value(self.nums[i].key).column_len() as u32
        } else {
            self.entries[i].0.iter().map(|v| v.column_len() as u64).sum::<u64>() as u32
        }
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
    pub(super) fn leaf_holds(&self, l: usize, p: u32) -> bool {
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
        if leaves > 1 && !self.is_empty() {
            let g = ((pos as u64 * leaves as u64) / self.len() as u64).min(leaves as u64 - 1) as usize;
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

    /// Entries per leaf on average.
    pub fn entries_per_leaf(&self) -> u32 {
        (self.len() as u32).div_ceil(self.leaf_count().max(1)).max(1)
    }
}

/// What `ANALYZE INDEX ... VALIDATE STRUCTURE` reads off the tree
/// (INDEX_STATS).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Structure {
    pub height: u32,
    pub lf_rows: u64,
    pub lf_blks: u64,
    pub lf_rows_len: u64,
    pub br_rows: u64,
    pub br_blks: u64,
    pub br_rows_len: u64,
    pub distinct_keys: u64,
    pub most_repeated_key: u64,
    /// Deleted entries still in their leaves, and their bytes.
    pub del_lf_rows: u64,
    pub del_lf_rows_len: u64,
}

impl BTree {
    /// The tree as VALIDATE STRUCTURE walks it: every leaf row and its
    /// bytes (row directory entry included), and the branch rows, each a
    /// separator, a child address and its header: a branch block holds one
    /// row fewer than its children (the first child is in its header), so
    /// the branch rows are the leaves less one.
    pub fn structure(&self) -> Structure {
        if self.bitmap {
            return self.bitmap_structure();
        }
        let (del_lf_rows, del_lf_rows_len) = self.deleted();
        let live = self.len() as u64;
        let lf_rows = live + del_lf_rows;
        let leaves = if lf_rows == 0 { 1 } else { self.leaf_count() as u64 };
        let br_blks = self.level_counts.iter().map(|&c| c as u64).sum::<u64>() - leaves;
        let br_rows = if br_blks == 0 { 0 } else { leaves - 1 };
        let avg_sep = if leaves > 1 { self.branch_key_bytes / (leaves - 1) } else { 0 };
        let branch_entry = (INDEX_ENTRY_HEADER + BRANCH_CHILD_DBA + ROW_DIRECTORY) as u64 + avg_sep;
        let (mut most, mut run) = (0u64, 0u64);
        for p in 0..live as usize {
            run = if p > 0 && self.same_key(p - 1, p) { run + 1 } else { 1 };
            most = most.max(run);
        }
        Structure {
            height: self.height(),
            lf_rows,
            lf_blks: leaves,
            lf_rows_len: self.sizes.iter().map(|&s| s as u64).sum::<u64>() + del_lf_rows_len,
            br_rows,
            br_blks,
            br_rows_len: br_rows * branch_entry,
            distinct_keys: self.distinct_keys() as u64,
            most_repeated_key: most,
            del_lf_rows,
            del_lf_rows_len,
        }
    }

    pub(super) fn same_key(&self, a: usize, b: usize) -> bool {
        if self.packed {
            self.nums[a].key == self.nums[b].key
        } else {
            cmp_keys(&self.entries[a].0, &self.entries[b].0) == Ordering::Equal
        }
    }
}
