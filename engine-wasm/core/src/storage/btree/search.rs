//! Finding entries in a B-tree: lower bounds (by key, from a finger, on
//! the compact numeric keys), the entry at a position, its row and its
//! rowid's block.

use super::*;

impl BTree {
    /// The first key column of every entry.
    pub(super) fn first_keys(&self) -> Vec<Value> {
        self.entries.iter().map(|e| e.0.first().cloned().unwrap_or(Value::Null)).collect()
    }

    /// First key column of the entry at `pos` (sorted order).
    #[inline]
    pub fn first_at(&self, pos: usize) -> Value {
        if self.packed {
            num_value(self.nums[pos].key)
        } else if self.numeric {
            self.entries[pos].0.first().cloned().unwrap_or(Value::Null)
        } else {
            self.first[pos].clone()
        }
    }

    /// Whether the first key column of the entry at `pos` is NULL.
    #[inline]
    pub fn first_is_null(&self, pos: usize) -> bool {
        // Packed and numeric entries have a number there.
        !self.numeric && self.first[pos].is_null()
    }

    /// The first key column of the entry at `pos` compared with `v` (as
    /// [`Value::cmp_sql`] does).
    #[inline]
    pub fn cmp_first_at(&self, pos: usize, v: &Value) -> Ordering {
        if self.packed {
            if let Some(y) = num_key(v) {
                return self.nums[pos].key.total_cmp(&y);
            }
            return num_value(self.nums[pos].key).cmp_sql(v);
        }
        if self.numeric {
            self.entries[pos].0.first().unwrap_or(&Value::Null).cmp_sql(v)
        } else {
            self.first[pos].cmp_sql(v)
        }
    }

    /// Smallest and largest first-column values.
    pub fn first_range(&self) -> Option<(Value, Value)> {
        let n = self.len();
        if n == 0 {
            return None;
        }
        Some((self.first_at(0), self.first_at(n - 1)))
    }

    /// Entries from `from` on whose first key column is at most `k0`
    /// (`or_equal`) or equal to it (not `or_equal`), counted from `from`.
    pub(super) fn first_run(&self, from: usize, k0: &Value, or_equal: bool) -> usize {
        let keep = |v: &Value| {
            let o = v.cmp_sql(k0);
            if or_equal {
                o != Ordering::Greater
            } else {
                o == Ordering::Equal
            }
        };
        if self.packed {
            match num_key(k0) {
                Some(y) if or_equal => self.nums[from..].partition_point(|e| e.key <= y),
                Some(y) => self.nums[from..].partition_point(|e| e.key == y),
                None => self.nums[from..].partition_point(|e| keep(&num_value(e.key))),
            }
        } else if self.numeric {
            self.entries[from..].partition_point(|e| keep(e.0.first().unwrap_or(&Value::Null)))
        } else {
            self.first[from..].partition_point(keep)
        }
    }

    #[inline]
    pub(super) fn has_nums(&self) -> bool {
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
        for p in 0..self.len() {
            let b = loc.get(self.row_at(p) as usize).map(|l| l.block).unwrap_or(NO_BLOCK);
            if b != last {
                cf += 1;
                last = b;
            }
        }
        self.clustering_factor = cf;
        self.blocks_valid = true;
        self.inserted = None;
        if self.bitmap {
            self.layout_bitmap(loc);
        }
    }

    /// [`Self::set_rowid_blocks`] after an insert that moved no existing
    /// row (a heap or cluster table: `loc` changed only for the new rows):
    /// when the last merge put its entries in place, only their blocks are
    /// set and the clustering factor is corrected around each run of new
    /// entries (the transitions between the old neighbours replaced by
    /// those through the run); otherwise every entry is visited.
    pub fn set_rowid_blocks_after_insert(&mut self, loc: &[RowLoc]) {
        let Some(ins) = self.inserted.take().filter(|_| self.blocks_valid && !self.bitmap) else {
            self.set_rowid_blocks(loc);
            return;
        };
        let nums = self.has_nums();
        let block = |t: &Self, p: usize| loc.get(t.row_at(p) as usize).map(|l| l.block).unwrap_or(NO_BLOCK);
        if nums {
            for &p in &ins {
                self.nums[p as usize].block = block(self, p as usize);
            }
        }
        let mut cf = self.clustering_factor as i64;
        let n = self.len();
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
    pub(super) fn num_lower_bound(&self, x: f64) -> usize {
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
        if pos >= self.len() || key.iter().any(|v| v.is_null()) {
            return false;
        }
        if self.packed {
            return match key {
                [] => true,
                [k] => self.cmp_first_at(pos, k) == Ordering::Equal,
                _ => false,
            };
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
            _ if self.packed => self.nums.partition_point(|e| num_value(e.key).cmp_sql(k0) == Ordering::Less),
            _ if self.numeric => {
                self.entries.partition_point(|e| e.0.first().unwrap_or(&Value::Null).cmp_sql(k0) == Ordering::Less)
            }
            _ => self.first.partition_point(|v| v.cmp_sql(k0) == Ordering::Less),
        };
        if key.len() == 1 {
            return lo;
        }
        let hi = lo + self.first_run(lo, k0, true);
        if self.packed {
            // One-column keys sort before any longer key they begin.
            return hi;
        }
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

    /// The entries with the same first key column as the entry at `at`
    /// (NULL with NULL): one leading value's run, `(start, end)`, as an
    /// INDEX SKIP SCAN probes it.
    pub fn first_group(&self, at: usize) -> (usize, usize) {
        let lead = self.first_at(at);
        let start = self.first_bound(&lead, true).min(at);
        let end = self.first_bound(&lead, false).max(at + 1);
        (start, end)
    }

    /// Within `from..to` (entries of one leading value), the entries
    /// whose columns after the first begin with `rest`: `(first, end)`,
    /// empty when `rest` holds a NULL (an equality never matches it).
    pub fn skip_run(&self, from: usize, to: usize, rest: &[Value]) -> (usize, usize) {
        if self.packed || rest.iter().any(|v| v.is_null()) {
            return (from, from);
        }
        let tail = |k: &Key| {
            let t = k.get(1..).unwrap_or(&[]);
            cmp_keys(&t[..rest.len().min(t.len())], rest)
        };
        let a = from + self.entries[from..to].partition_point(|e| tail(&e.0) == Ordering::Less);
        let b = a + self.entries[a..to].partition_point(|e| tail(&e.0) == Ordering::Equal);
        (a, b)
    }
}
