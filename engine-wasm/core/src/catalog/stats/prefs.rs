//! DBMS_STATS' preferences the lab models (`SET_TABLE_PREFS`,
//! `SET_SCHEMA_PREFS`, `SET_GLOBAL_PREFS`, `DELETE_TABLE_PREFS`, ...):
//! TABLE_CACHED_BLOCKS, and the clustering factor DBMS_STATS counts with
//! it ([`clustering_factor`]).
//!
//! TABLE_CACHED_BLOCKS (11.2.0.4 and 12.1+, bug 13262857's enhancement):
//! how many table blocks DBMS_STATS assumes stay cached as it walks an
//! index in key order. The clustering factor then counts an entry only
//! when its table block is not one of the last N *distinct* blocks visited
//! (Lewis, "Clustering_Factor", 23 Oct 2019: the list of the N most
//! recently visited distinct blocks, not the blocks of the last N
//! entries). N = 1 is the classic count of block changes.

use std::collections::BTreeMap;

/// A TABLE_CACHED_BLOCKS value: 1..=255, or AUTO
/// (`DBMS_STATS.AUTO_TABLE_CACHED_BLOCKS`, the NUMBER 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CachedBlocks {
    N(u32),
    Auto,
}

impl CachedBlocks {
    /// From SET_*_PREFS' PVALUE (a VARCHAR2): `1`..`255`, `0` or
    /// `AUTO`/`DBMS_STATS.AUTO_TABLE_CACHED_BLOCKS` for AUTO. None for
    /// anything else (Oracle's ORA-20001).
    pub fn parse(text: &str) -> Option<CachedBlocks> {
        let t = text.trim().to_ascii_uppercase();
        if t == "0" || t == "AUTO" || t == "DBMS_STATS.AUTO_TABLE_CACHED_BLOCKS" || t == "AUTO_TABLE_CACHED_BLOCKS" {
            return Some(CachedBlocks::Auto);
        }
        let n: f64 = t.parse().ok()?;
        (n.fract() == 0.0 && (1.0..=255.0).contains(&n)).then_some(CachedBlocks::N(n as u32))
    }

    /// As DBMS_STATS.GET_PREFS returns it (AUTO is the constant's value 0).
    pub fn text(self) -> String {
        match self {
            CachedBlocks::N(n) => n.to_string(),
            CachedBlocks::Auto => "0".into(),
        }
    }

    /// The number of blocks a gather uses for a table of `table_blocks`
    /// blocks under a buffer cache of `cache_buffers`: AUTO is 1% of the
    /// table's blocks or 0.1% of the buffer cache, whichever is less, at
    /// most 255 and at least 1 (Antognini, Troubleshooting Oracle
    /// Performance 2nd ed., ch. 8).
    pub fn blocks(self, table_blocks: u64, cache_buffers: u64) -> u32 {
        match self {
            CachedBlocks::N(n) => n,
            CachedBlocks::Auto => (table_blocks / 100).min(cache_buffers / 1000).clamp(1, 255) as u32,
        }
    }
}

/// The preferences set: per table (by id; SET_SCHEMA_PREFS and
/// SET_DATABASE_PREFS set each existing table's, as Oracle's do), and
/// globally (SET_GLOBAL_PREFS: tables with none of their own). Unset
/// everywhere, TABLE_CACHED_BLOCKS is Oracle's default 1.
#[derive(Debug, Clone, Default)]
pub struct StatsPrefs {
    pub table: BTreeMap<usize, CachedBlocks>,
    pub global: Option<CachedBlocks>,
}

impl StatsPrefs {
    /// Table `id`'s TABLE_CACHED_BLOCKS as DBMS_STATS resolves it: the
    /// table's, else the global one, else 1.
    pub fn cached_blocks(&self, id: usize) -> CachedBlocks {
        self.table.get(&id).copied().or(self.global).unwrap_or(CachedBlocks::N(1))
    }
}

/// The clustering factor of an index whose entries, in key order, point
/// into `blocks`, counted with `n` blocks cached: an entry counts when its
/// block is not among the `n` distinct blocks most recently visited (a
/// visit to a listed block moves it to the front). `n` = 1 counts every
/// change of block.
pub fn clustering_factor(blocks: impl IntoIterator<Item = u32>, n: u32) -> u64 {
    let n = n.max(1) as usize;
    // Most recent first; at most n blocks.
    let mut recent: Vec<u32> = Vec::with_capacity(n + 1);
    let mut cf = 0u64;
    for b in blocks {
        if recent.first() == Some(&b) {
            continue;
        }
        match recent.iter().position(|&x| x == b) {
            Some(p) => {
                recent.remove(p);
            }
            None => {
                cf += 1;
                if recent.len() == n {
                    recent.pop();
                }
            }
        }
        recent.insert(0, b);
    }
    cf
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_block_cached_counts_changes() {
        assert_eq!(clustering_factor([1, 1, 2, 1, 3, 3, 2], 1), 5);
    }

    #[test]
    fn distinct_blocks_not_entries() {
        // Blocks 1,2 then 2 repeated many times then 1: with n = 2 the
        // list holds {2, 1} (distinct blocks), so 1 is still cached; a
        // list of the last two entries would hold {2, 2} and count it.
        assert_eq!(clustering_factor([1, 2, 2, 2, 2, 1], 2), 2);
        // A revisit moves the block to the front: 1,2,1,3 with n = 2
        // drops 2 (least recent), so 2 counts again, then 1 is cached.
        assert_eq!(clustering_factor([1, 2, 1, 3, 2, 1], 2), 5);
        assert_eq!(clustering_factor([1, 2, 1, 3, 1, 2], 2), 4);
    }

    #[test]
    fn parse_values() {
        assert_eq!(CachedBlocks::parse("42"), Some(CachedBlocks::N(42)));
        assert_eq!(CachedBlocks::parse("0"), Some(CachedBlocks::Auto));
        assert_eq!(CachedBlocks::parse("256"), None);
        assert_eq!(CachedBlocks::parse("1.5"), None);
        assert_eq!(CachedBlocks::parse("x"), None);
        assert_eq!(CachedBlocks::Auto.blocks(244, 100_000), 2);
        assert_eq!(CachedBlocks::Auto.blocks(50, 100_000), 1);
        assert_eq!(CachedBlocks::Auto.blocks(1_000_000, 1_000_000), 255);
    }
}
