//! Packed entries: an index whose keys are all one number a double holds
//! exactly keeps them only as 16-byte (key, row, rowid block) records,
//! and builds, merges, removes and compares them in that form.

use super::*;

impl BTree {
    /// [`Self::build_from`] for packed keys (sizes in the block field).
    pub(super) fn build_packed(&mut self, mut nums: Vec<NumEntry>) -> Result<(), Key> {
        // (key, row) pairs are distinct; equal ones would be alike.
        nums.sort_unstable_by(|a, b| a.key.total_cmp(&b.key).then(a.row.cmp(&b.row)));
        self.sizes = nums.iter().map(|n| n.block).collect();
        self.entries = Vec::new();
        self.packed = true;
        self.numeric = true;
        self.nums = nums;
        // Packed to the fill again, not split.
        self.leaf_used = Vec::new();
        self.leaf_fill = 1.0 - self.pctfree as f64 / 100.0;
        self.ascending_only = true;
        self.relayout();
        self.check_unique()
    }

    /// Bytes the entries hold, as the memory budget counts them: a packed
    /// entry is its 16-byte record and its 4-byte size; a boxed one its
    /// key and row, its size, the first key column's copy (or numeric
    /// mirror), and the values of a multi-column key's box. Strings are
    /// the table's (shared), and the pending entries of the running
    /// statement are few.
    pub fn held_bytes(&self) -> u64 {
        self.len() as u64 * self.entry_bytes()
    }

    /// A dropped index's entries go (its memory with them); the tree is an
    /// empty one of the same shape.
    pub fn free_entries(&mut self) {
        let (prefix_cols, bitmap, key_cols) = (self.prefix_cols, self.bitmap, self.key_cols);
        *self = BTree::new(self.block_size, self.pctfree, self.unique, self.holds_rows);
        (self.prefix_cols, self.key_cols) = (prefix_cols, key_cols);
        self.bitmap = bitmap;
    }

    /// Bytes one entry holds ([`Self::held_bytes`]): what an entry added
    /// now is charged.
    pub fn entry_bytes(&self) -> u64 {
        use std::mem::size_of;
        let size = size_of::<u32>();
        // A bitmap index holds at most a piece an entry besides.
        let size = size + if self.bitmap { size_of::<super::Piece>() } else { 0 };
        if self.packed {
            return (size_of::<NumEntry>() + size) as u64;
        }
        let mirror = if self.numeric { size_of::<NumEntry>() } else { size_of::<Value>() };
        let boxed = match self.entries.first() {
            Some((Key::Many(k), _)) => k.len() * size_of::<Value>(),
            _ => 0,
        };
        (size_of::<(Key, u32)>() + size + mirror + boxed) as u64
    }

    /// Number of entries.
    #[inline]
    pub fn len(&self) -> usize {
        if self.packed {
            self.nums.len()
        } else {
            self.entries.len()
        }
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The key of the entry at `pos` (sorted order).
    pub fn key_at(&self, pos: usize) -> Key {
        if self.packed {
            Key::One(num_value(self.nums[pos].key))
        } else {
            self.entries[pos].0.clone()
        }
    }

    /// The entry at `pos`'s key compared with `key` (column by column,
    /// then by length), as [`cmp_keys`] does.
    #[inline]
    pub fn cmp_key_at(&self, pos: usize, key: &[Value]) -> Ordering {
        if !self.packed {
            return cmp_keys(&self.entries[pos].0, key);
        }
        let x = self.nums[pos].key;
        match packable(key) {
            Some(y) => x.total_cmp(&y),
            None => cmp_keys(std::slice::from_ref(&num_value(x)), key),
        }
    }

    /// DISTINCT_KEYS: the number of different keys.
    pub fn distinct_keys(&self) -> usize {
        let n = self.len();
        if n == 0 {
            return 0;
        }
        if self.packed {
            return 1 + self.nums.windows(2).filter(|w| w[0].key != w[1].key).count();
        }
        1 + self.entries.windows(2).filter(|w| cmp_keys(&w[0].0, &w[1].0) != Ordering::Equal).count()
    }

    /// ALTER INDEX ... REBUILD: every entry's size again (`size_of` the
    /// key and row), leaves packed to 1 - PCTFREE.
    pub fn rebuild(&mut self, size_of: impl Fn(&[Value], u32) -> u32) -> Result<(), Key> {
        self.purged = false;
        if self.packed {
            let sizes: Vec<u32> = self.nums.iter().map(|n| size_of(&[num_value(n.key)], n.row)).collect();
            let mut nums = std::mem::take(&mut self.nums);
            for (n, s) in nums.iter_mut().zip(sizes) {
                n.block = s;
            }
            return self.build_packed(nums);
        }
        let entries: Vec<SizedEntry> = std::mem::take(&mut self.entries)
            .into_iter()
            .map(|e| {
                let s = size_of(&e.0, e.1);
                (e, s)
            })
            .collect();
        self.build(entries)
    }

    /// Keep the packed entries (and their sizes) `keep` accepts.
    pub(super) fn retain_packed(&mut self, keep: impl Fn(&NumEntry) -> bool) {
        let mut w = 0;
        for i in 0..self.nums.len() {
            if keep(&self.nums[i]) {
                self.nums[w] = self.nums[i];
                self.sizes[w] = self.sizes[i];
                w += 1;
            }
        }
        self.nums.truncate(w);
        self.sizes.truncate(w);
    }

    /// Hold the entries as boxed keys (before a key that is not one exact
    /// number joins them); `nums` stays their mirror.
    pub(super) fn unpack(&mut self) {
        if !self.packed {
            return;
        }
        self.entries = self.nums.iter().map(|n| (Key::One(num_value(n.key)), n.row)).collect();
        self.packed = false;
    }

    /// [`Self::merge_pending`] when the index and every pending key are
    /// packed: a few entries go in at their place, more are merged with
    /// one pass; the same tree the boxed merge gives.
    pub(super) fn merge_pending_packed(&mut self) -> Result<(), Key> {
        // Each entry with its place in the statement (splits follow it).
        let mut add: Vec<(NumEntry, u32, u32)> = self
            .pending
            .drain(..)
            .zip(self.pending_sizes.drain(..))
            .zip(0u32..)
            .map(|(((k, row), size), seq)| {
                (NumEntry { key: packable(&k).unwrap_or(0.0), row, block: NO_BLOCK }, size, seq)
            })
            .collect();
        add.sort_by(|a, b| a.0.key.total_cmp(&b.0.key).then(a.0.row.cmp(&b.0.row)));
        if !self.stale && add.len() <= IN_PLACE_MAX {
            return self.insert_in_place_packed(add);
        }
        self.inserted = None;
        let old_n = std::mem::take(&mut self.nums);
        let old_s = std::mem::take(&mut self.sizes);
        let mut nums = Vec::with_capacity(old_n.len() + add.len());
        let mut sizes = Vec::with_capacity(old_n.len() + add.len());
        let mut order = vec![0u32; add.len()];
        let mut a = old_n.into_iter().zip(old_s).peekable();
        let mut b = add.into_iter().peekable();
        loop {
            let take_a = match (a.peek(), b.peek()) {
                (Some(x), Some(y)) => x.0.key.total_cmp(&y.0.key).then(x.0.row.cmp(&y.0.row)) != Ordering::Greater,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => break,
            };
            let (e, s) = if take_a {
                a.next().expect("peeked")
            } else {
                let (e, s, seq) = b.next().expect("peeked");
                order[seq as usize] = nums.len() as u32;
                (e, s)
            };
            nums.push(e);
            sizes.push(s);
        }
        let dup = if self.unique_cols().is_some() {
            nums.windows(2).find(|w| w[0].key == w[1].key).map(|w| w[0].key)
        } else {
            None
        };
        self.nums = nums;
        self.sizes = sizes;
        self.lay_out_merged(&order);
        match dup {
            Some(k) => Err(Key::One(num_value(k))),
            None => Ok(()),
        }
    }

    /// [`Self::insert_in_place`] for packed entries.
    pub(super) fn insert_in_place_packed(&mut self, add: Vec<(NumEntry, u32, u32)>) -> Result<(), Key> {
        if self.inserted.is_some() {
            self.blocks_valid = false;
        }
        let fill = self.leaf_fill;
        let mut dup: Option<f64> = None;
        let mut inserted = Vec::with_capacity(add.len());
        let mut order = vec![0u32; add.len()];
        for (e, size, seq) in add {
            let after = |x: &NumEntry| x.key.total_cmp(&e.key).then(x.row.cmp(&e.row)) != Ordering::Greater;
            let p = if self.nums.last().is_none_or(after) { self.nums.len() } else { self.nums.partition_point(after) };
            if self.unique_cols().is_some() && dup.is_none() {
                let before = p.checked_sub(1).map(|q| self.nums[q].key);
                let next = self.nums.get(p).map(|n| n.key);
                if before == Some(e.key) || next == Some(e.key) {
                    dup = Some(e.key);
                }
            }
            self.nums.insert(p, e);
            self.sizes.insert(p, size);
            inserted.push(p as u32);
            order[seq as usize] = p as u32;
        }
        self.lay_out_inserted(fill, inserted, &order);
        match dup {
            Some(k) => Err(Key::One(num_value(k))),
            None => Ok(()),
        }
    }
}
