//! The MemOptimized RowStore (18c+): the memoptimize pool, split into a
//! buffer area (copies of table blocks) and a hash index (primary key ->
//! block in the buffer area), populated by a background task.

use crate::catalog::TableId;
use std::collections::BTreeMap;

/// Share of MEMOPTIMIZE_POOL_SIZE used by the buffer area; the rest is
/// the hash index.
pub const BUFFER_AREA_SHARE: f64 = 0.75;
/// Bytes one primary key takes in the hash index (bucket entry with key
/// hash, block pointer and slot: modelled, not published).
pub const HASH_INDEX_ENTRY_BYTES: u64 = 128;

#[derive(Debug, Clone, Default)]
pub struct MemoptTable {
    pub populated: bool,
    /// Rows (by table row number) covered by the last population.
    pub rows_populated: u64,
    pub blocks: u64,
    /// Population was refused because the table does not fit.
    pub does_not_fit: bool,
    /// Rows changed since the population (no longer served from the pool).
    pub invalid: std::collections::HashSet<u32>,
}

#[derive(Debug, Clone, Default)]
pub struct MemoptPool {
    pub size: u64,
    pub tables: BTreeMap<TableId, MemoptTable>,
    pending: Vec<TableId>,
}

impl MemoptPool {
    pub fn new(size: u64) -> Self {
        MemoptPool { size, ..Default::default() }
    }

    pub fn buffer_area_bytes(&self) -> u64 {
        (self.size as f64 * BUFFER_AREA_SHARE) as u64
    }

    pub fn hash_index_bytes(&self) -> u64 {
        self.size - self.buffer_area_bytes()
    }

    fn used(&self, block_size: u64) -> (u64, u64) {
        let mut buf = 0;
        let mut hash = 0;
        for t in self.tables.values().filter(|t| t.populated) {
            buf += t.blocks * block_size;
            hash += t.rows_populated * HASH_INDEX_ENTRY_BYTES;
        }
        (buf, hash)
    }

    /// `dbms_memoptimize.populate`: accept a population task (it runs in
    /// the background, see [`MemoptPool::run_background`]). The calling
    /// session counts `memopt r populate tasks accepted`.
    pub fn request_populate(&mut self, table: TableId) {
        if !self.pending.contains(&table) {
            self.pending.push(table);
        }
    }

    pub fn has_pending(&self) -> bool {
        !self.pending.is_empty()
    }

    /// The background worker loads pending tables that fit the pool.
    /// `sizes(table) -> (rows, blocks)`. Returns the rows populated
    /// (`memopt r rows populated`).
    pub fn run_background(&mut self, block_size: u64, mut sizes: impl FnMut(TableId) -> Option<(u64, u64)>) -> u64 {
        let mut populated = 0;
        for t in std::mem::take(&mut self.pending) {
            let Some((rows, blocks)) = sizes(t) else { continue };
            self.tables.remove(&t);
            let (buf, hash) = self.used(block_size);
            let fits = buf + blocks * block_size <= self.buffer_area_bytes()
                && hash + rows * HASH_INDEX_ENTRY_BYTES <= self.hash_index_bytes();
            let entry = if fits {
                populated += rows;
                MemoptTable {
                    populated: true,
                    rows_populated: rows,
                    blocks,
                    does_not_fit: false,
                    invalid: Default::default(),
                }
            } else {
                MemoptTable {
                    populated: false,
                    rows_populated: 0,
                    blocks,
                    does_not_fit: true,
                    invalid: Default::default(),
                }
            };
            self.tables.insert(t, entry);
        }
        populated
    }

    /// Whether row `row` of `table` is in the buffer area.
    #[inline]
    pub fn has_row(&self, table: TableId, row: u32) -> bool {
        self.tables.get(&table).is_some_and(|t| {
            t.populated && (row as u64) < t.rows_populated && (t.invalid.is_empty() || !t.invalid.contains(&row))
        })
    }

    /// A changed row leaves the hash index until the table is populated again.
    pub fn invalidate(&mut self, table: TableId, row: u32) {
        if let Some(t) = self.tables.get_mut(&table) {
            if t.populated {
                t.invalid.insert(row);
            }
        }
    }

    /// The table's rows leave the pool (DROP, NO MEMOPTIMIZE FOR READ).
    pub fn evict(&mut self, table: TableId) {
        self.tables.remove(&table);
        self.pending.retain(|t| *t != table);
    }

    /// `SHUTDOWN`: the pool is emptied (counters are session-level and stay).
    pub fn restart(&mut self, size: u64) {
        self.size = size;
        self.tables.clear();
        self.pending.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pool_split_and_fit_check() {
        let mut p = MemoptPool::new(100 << 20);
        assert_eq!(p.buffer_area_bytes(), 78_643_200);
        p.request_populate(0);
        assert!(!p.has_row(0, 0));
        assert_eq!(p.run_background(8192, |_| Some((100_000, 400))), 100_000);
        assert!(p.has_row(0, 99_999));
        // A table far larger than the buffer area is refused.
        p.request_populate(1);
        p.run_background(8192, |_| Some((1_000, 20_000)));
        assert!(!p.has_row(1, 0));
        assert!(p.tables[&1].does_not_fit);
    }
}
