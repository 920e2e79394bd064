//! What ANALYZE INDEX ... VALIDATE STRUCTURE reports of prefix
//! compression (INDEX_STATS' PRE_ROWS, PRE_ROWS_LEN, OPT_CMPR_COUNT and
//! OPT_CMPR_PCTSAVE), from the leaves as they are packed.
//!
//! A compressed leaf holds each distinct prefix once, in its prefix table
//! (a prefix row: [`PREFIX_ENTRY_OVERHEAD`] and the prefix columns), and
//! each entry without its prefix columns (a leaf row): the costs
//! `layout.rs` packs the leaves with. OPT_CMPR_COUNT is the prefix length
//! that would leave the fewest leaf bytes at the same leaf boundaries (a
//! unique index can compress all but its last column, a non-unique one
//! every column: its rowid makes the entry unique), OPT_CMPR_PCTSAVE the
//! share of today's leaf bytes it would save, in whole percent (Oracle
//! Database Reference, INDEX_STATS: "Optimal key compression length" and
//! "Corresponding space savings after an ANALYZE"; Kyte's IOT of
//! ALL_OBJECTS' distinct owner, type and name, 398 leaf blocks: COMPRESS 2
//! "would save about a third", 33).

use super::*;

/// The compression figures of a VALIDATE STRUCTURE.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CompressionStats {
    pub pre_rows: u64,
    pub pre_rows_len: u64,
    /// The leaf rows' bytes (without their prefix columns when compressed).
    pub lf_rows_len: u64,
    pub opt_cmpr_count: u64,
    pub opt_cmpr_pctsave: u64,
}

impl BTree {
    /// Prefix rows, their bytes and the leaf rows' bytes with `k` prefix
    /// columns, at the leaves' current boundaries.
    fn prefix_usage(&self, k: usize) -> (u64, u64, u64) {
        let (mut rows, mut pre_len, mut suffix) = (0u64, 0u64, 0u64);
        let n = self.sizes.len();
        let starts = &self.leaf_start;
        for (l, &s) in starts.iter().enumerate() {
            let end = starts.get(l + 1).map_or(n, |&e| e as usize);
            for i in s as usize..end.min(n) {
                let prefix = self.prefix_bytes(i, k);
                if k > 0 && (i == s as usize || !self.same_prefix(i - 1, i, k)) {
                    rows += 1;
                    pre_len += (PREFIX_ENTRY_OVERHEAD + prefix) as u64;
                }
                suffix += self.sizes[i].saturating_sub(prefix) as u64;
            }
        }
        (rows, pre_len, suffix)
    }

    /// The bytes of entry `i`'s first `k` key columns.
    fn prefix_bytes(&self, i: usize, k: usize) -> u32 {
        if k == 0 {
            return 0;
        }
        if self.packed {
            return num_value(self.nums[i].key).column_len() as u32;
        }
        let key = &self.entries[i].0;
        key[..k.min(key.len())].iter().map(|v| v.column_len() as u32).sum()
    }

    fn same_prefix(&self, a: usize, b: usize, k: usize) -> bool {
        if self.packed {
            return self.nums[a].key == self.nums[b].key;
        }
        let (p, q) = (&self.entries[a].0, &self.entries[b].0);
        cmp_keys(&p[..k.min(p.len())], &q[..k.min(q.len())]) == Ordering::Equal
    }

    /// The key columns prefix compression may take: all but the last of
    /// a unique index's (or of the leading columns that enforce a key),
    /// all of a non-unique index's.
    fn compressible_cols(&self) -> usize {
        let cols = if self.packed { 1 } else { self.entries.first().map_or(0, |e| e.0.len()) };
        match (self.unique, self.key_cols) {
            (true, _) => cols.saturating_sub(1),
            (false, k) if k > 0 => (k as usize).saturating_sub(1).min(cols),
            _ => cols,
        }
    }

    /// INDEX_STATS' compression figures (`None` for a bitmap index).
    pub fn compression_stats(&self) -> Option<CompressionStats> {
        if self.bitmap {
            return None;
        }
        let leaves = self.leaf_start.len() as u64;
        let total = |k: usize| {
            let (_, pre, suf) = self.prefix_usage(k);
            pre + suf + if k > 0 { leaves * COMPRESSED_LEAF_HEADER as u64 } else { 0 }
        };
        let now = self.prefix_cols as usize;
        let (pre_rows, pre_rows_len, lf_rows_len) = self.prefix_usage(now);
        let current = total(now);
        let (best_k, best) =
            (0..=self.compressible_cols()).map(|k| (k, total(k))).min_by_key(|&(k, b)| (b, k)).unwrap_or((0, current));
        let save = if current == 0 {
            0
        } else {
            ((current - best.min(current)) as f64 * 100.0 / current as f64).round() as u64
        };
        Some(CompressionStats {
            pre_rows,
            pre_rows_len,
            lf_rows_len,
            opt_cmpr_count: best_k as u64,
            opt_cmpr_pctsave: save,
        })
    }
}
