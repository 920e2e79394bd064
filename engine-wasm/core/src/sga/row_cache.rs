//! The data dictionary behind a hard parse: the row cache (dictionary
//! cache) and the recursive SQL that fills it.
//!
//! Model (docs/MODEL.md, "Recursive SQL and the row cache"):
//! - To optimise a statement, a hard parse needs, for every table it
//!   references: the table's object (`dc_objects`: its OBJ$ row, then its
//!   TAB$ row), each of the table's indexes (`dc_objects`: OBJ$, then
//!   IND$), the statistics header of each of the table's columns
//!   (`dc_histogram_defs`: HIST_HEAD$), and the table's segment
//!   (`dc_segments`: SEG$); and the parsing user (`dc_users`: USER$).
//! - An entry already in the row cache costs no buffer get. A missing one
//!   is read by one recursive SQL statement per dictionary row: a unique
//!   probe of the base table's index, root to leaf, then (when the row
//!   exists) one table or cluster block, all examination gets. Each such
//!   statement counts one `recursive calls`; its gets are the session's
//!   gets like any other.
//! - DDL on a table and gathering its statistics invalidate its entries; an
//!   instance restart empties the row cache.
//! - The heights of the dictionary indexes follow from their entry counts:
//!   the rows a new database holds (`seed_rows` below, model values of the
//!   order of an 18c seed database) plus the lab's own objects; their
//!   blocks are the seed database's until the lab's objects add a level
//!   (`probe_shape`).

use crate::catalog::{Catalog, IndexId, SegId, SegmentKind, TableId};
use crate::kernel::{Kernel, OpStacks};
use crate::sga::cache::PoolKind;
use crate::trace::{GetKind, NO_LINE};
use std::collections::HashSet;

/// A dictionary base table with the unique index recursive SQL probes.
#[derive(Debug, Clone, Copy)]
struct Base {
    table: &'static str,
    index: &'static str,
    /// Rows (or cluster keys) in a newly created database.
    seed_rows: u64,
    /// Index entry bytes: key columns, rowid, entry header.
    entry_bytes: u32,
    /// Rows (or cluster keys) per table block.
    rows_per_block: u64,
}

const USER: usize = 0;
const OBJ: usize = 1;
const OBJ_CLUSTER: usize = 2;
const HIST_HEAD: usize = 3;
const SEG: usize = 4;

const BASES: [Base; 5] = [
    // USER$ (cluster C_USER#) through I_USER1 (name).
    Base { table: "SYS.USER$", index: "SYS.I_USER1", seed_rows: 120, entry_bytes: 24, rows_per_block: 20 },
    // OBJ$ through I_OBJ2 (owner#, name, namespace, ... obj#).
    Base { table: "SYS.OBJ$", index: "SYS.I_OBJ2", seed_rows: 73_000, entry_bytes: 64, rows_per_block: 70 },
    // TAB$ and IND$ live in cluster C_OBJ#, keyed by object number, found
    // through the cluster index I_OBJ#.
    Base { table: "SYS.C_OBJ#", index: "SYS.I_OBJ#", seed_rows: 25_000, entry_bytes: 16, rows_per_block: 4 },
    // HIST_HEAD$ through I_HH_OBJ#_INTCOL# (obj#, intcol#).
    Base {
        table: "SYS.HIST_HEAD$",
        index: "SYS.I_HH_OBJ#_INTCOL#",
        seed_rows: 30_000,
        entry_bytes: 22,
        rows_per_block: 60,
    },
    // SEG$ (cluster C_FILE#_BLOCK#) through I_FILE#_BLOCK#.
    Base {
        table: "SYS.C_FILE#_BLOCK#",
        index: "SYS.I_FILE#_BLOCK#",
        seed_rows: 8_000,
        entry_bytes: 20,
        rows_per_block: 60,
    },
];

/// Usable bytes of an index block for entries (8 KB block, block and
/// transaction headers, PCTFREE 10).
const INDEX_BLOCK_USABLE: u64 = 7_200;

/// A row cache entry, keyed by catalog ids so that checking the cache
/// allocates nothing (a re-created object gets a new id, and its old
/// entries are dropped with it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Entry {
    User(&'static str),
    Table(TableId),
    Index(IndexId),
    Column(TableId, usize),
    Segment(TableId),
}

#[derive(Debug, Clone, Default)]
pub struct Dictionary {
    cached: HashSet<Entry>,
    /// (table, index) segments of each base, created on first use.
    segs: Vec<(SegId, SegId)>,
}

/// Shape of one dictionary index at its current size.
struct Shape {
    /// Index levels, root first: (first block, blocks). Block 0 is the
    /// segment header; the levels follow it.
    levels: Vec<(u64, u64)>,
    table_blocks: u64,
}

fn shape(b: &Base, rows: u64) -> Shape {
    let per_leaf = (INDEX_BLOCK_USABLE / b.entry_bytes as u64).max(2);
    // Branch entries carry a truncated key and a block address.
    let per_branch = (INDEX_BLOCK_USABLE / (b.entry_bytes as u64 / 2 + 8)).max(2);
    let mut counts = vec![rows.div_ceil(per_leaf).max(1)];
    while counts[0] > 1 {
        counts.insert(0, counts[0].div_ceil(per_branch));
    }
    let mut first = 1u64;
    let levels = counts
        .into_iter()
        .map(|n| {
            first += n;
            (first - n, n)
        })
        .collect();
    Shape { levels, table_blocks: rows.div_ceil(b.rows_per_block).max(1) }
}

/// The shape a probe walks: the installed dictionary's (its seed rows)
/// while the lab's own objects fit in it, the grown one once they add an
/// index level. Dictionary blocks are far from full (PCTFREE, leaves
/// half-empty after their splits): a few hundred of the user's objects
/// go into free space, moving no other key to another block. So which
/// blocks a probe reads, and whether two probes share one, does not
/// depend on how many unrelated objects (live or dropped) exist: a script
/// reads the same dictionary blocks whatever ran before it in the
/// instance (issue 28's order/DDL test).
fn probe_shape(b: &Base, rows: u64) -> Shape {
    let grown = shape(b, rows);
    let seed = shape(b, b.seed_rows);
    if grown.levels.len() > seed.levels.len() {
        grown
    } else {
        seed
    }
}

fn key_hash(s: &str, salt: u64) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64 ^ salt;
    for b in s.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
    }
    h ^ (h >> 29)
}

/// Rows the lab's own objects add to a dictionary base.
fn user_rows(cat: &Catalog, base: usize) -> u64 {
    match base {
        USER => 0,
        OBJ => (cat.tables.len() + cat.indexes.len() + cat.clusters.len()) as u64,
        OBJ_CLUSTER => (cat.tables.len() + cat.indexes.len()) as u64,
        HIST_HEAD => cat.tables.iter().filter(|t| t.stats.gathered).map(|t| t.columns.len() as u64).sum(),
        _ => (cat.tables.len() + cat.indexes.len() + cat.clusters.len()) as u64,
    }
}

/// A dictionary base table and its index, as drawn (see [`Dictionary::segments`]).
#[derive(Debug, Clone)]
pub struct DictSegment {
    pub table: &'static str,
    pub index: &'static str,
    pub table_seg: SegId,
    pub index_seg: SegId,
    /// Rows (or cluster keys) in the base table, and index entries.
    pub rows: u64,
    /// Index levels, root first: (first block, blocks).
    pub levels: Vec<(u64, u64)>,
    /// Table blocks after the segment header (blocks 1..=table_blocks).
    pub table_blocks: u64,
}

impl Dictionary {
    /// An instance restart: the row cache starts empty.
    pub fn restart(&mut self) {
        self.cached.clear();
    }

    /// DDL or new statistics on `table`: its entries (and its indexes',
    /// columns' and segment's) are no longer valid.
    pub fn invalidate_table(&mut self, cat: &Catalog, table: &str) {
        let named = |t: TableId| cat.tables.get(t).is_some_and(|t| t.name == table);
        self.cached.retain(|e| match *e {
            Entry::Table(t) | Entry::Column(t, _) | Entry::Segment(t) => !named(t),
            Entry::Index(i) => !cat.indexes.get(i).is_some_and(|i| named(i.table)),
            Entry::User(_) => true,
        });
    }

    /// Row cache entries a hard parse of a statement on `tables` needs;
    /// loads the missing ones through recursive SQL. Returns the number of
    /// recursive statements run.
    pub fn hard_parse(
        &mut self,
        k: &mut Kernel,
        cat: &mut Catalog,
        user: &'static str,
        tables: &[TableId],
        st: &OpStacks,
    ) -> u64 {
        let mut calls = 0;
        if self.cached.insert(Entry::User(user)) {
            calls += self.probe(k, cat, USER, user, true, st);
        }
        for &t in tables {
            let (ncols, stats) = (cat.tables[t].columns.len(), cat.tables[t].stats.gathered);
            // The probe keys (which dictionary blocks are read) are names.
            let name = |cat: &Catalog| cat.tables[t].name.clone();
            if self.cached.insert(Entry::Table(t)) {
                let n = name(cat);
                calls += self.probe(k, cat, OBJ, &n, true, st);
                calls += self.probe(k, cat, OBJ_CLUSTER, &n, true, st);
            }
            // A table's indexes are found from the table: IND$ by the
            // table's object number (bo#, the C_OBJ# cluster key its TAB$
            // row has), then each index's OBJ$ row by its own object
            // number, next to its table's. So their keys are the table's
            // and the index's place among its indexes, never the index's
            // name (a SYS_C name carries the database's constraint count:
            // the blocks read would depend on what ran before).
            let mut nth = 0;
            for ix in 0..cat.indexes.len() {
                if cat.indexes[ix].dropped || cat.indexes[ix].table != t {
                    continue;
                }
                nth += 1;
                if !self.cached.insert(Entry::Index(ix)) {
                    continue;
                }
                let n = name(cat);
                calls += self.probe(k, cat, OBJ, &format!("{n}#{nth}"), true, st);
                calls += self.probe(k, cat, OBJ_CLUSTER, &n, true, st);
            }
            for c in 0..ncols {
                if self.cached.insert(Entry::Column(t, c)) {
                    // HIST_HEAD$ has a row only once statistics exist.
                    let key = format!("{}.{c}", name(cat));
                    calls += self.probe(k, cat, HIST_HEAD, &key, stats, st);
                }
            }
            if self.cached.insert(Entry::Segment(t)) {
                let n = name(cat);
                calls += self.probe(k, cat, SEG, &n, true, st);
            }
        }
        k.stats.calls.recursive_calls += calls;
        calls
    }

    /// The dictionary segments created so far, at their current shape, as
    /// the UI draws them.
    pub fn segments(&self, cat: &Catalog) -> Vec<DictSegment> {
        self.segs
            .iter()
            .enumerate()
            .map(|(base, &(table_seg, index_seg))| {
                let b = &BASES[base];
                let rows = b.seed_rows + user_rows(cat, base);
                let sh = probe_shape(b, rows);
                DictSegment {
                    table: b.table,
                    index: b.index,
                    table_seg,
                    index_seg,
                    rows,
                    levels: sh.levels,
                    table_blocks: sh.table_blocks,
                }
            })
            .collect()
    }

    /// One recursive statement: a unique probe of a base table's index for
    /// `key`, and its table (or cluster) block when the row exists.
    fn probe(
        &mut self,
        k: &mut Kernel,
        cat: &mut Catalog,
        base: usize,
        key: &str,
        row_exists: bool,
        st: &OpStacks,
    ) -> u64 {
        if self.segs.is_empty() {
            for b in BASES {
                let kind = if b.table.starts_with("SYS.C_") { SegmentKind::Cluster } else { SegmentKind::Table };
                let t = cat.new_segment(b.table, kind, None, PoolKind::Default);
                let i = cat.new_segment(b.index, SegmentKind::Index, None, PoolKind::Default);
                // In SYSTEM, with the extents of their seeded size: the
                // blocks' addresses do not depend on which is read first.
                let sh = probe_shape(&b, b.seed_rows);
                let index_blocks = sh.levels.iter().map(|l| l.0 + l.1).max().unwrap_or(1);
                for (seg, blocks) in [(t, 1 + sh.table_blocks), (i, index_blocks)] {
                    k.io.place(seg, "SYSTEM");
                    k.io.block_address(seg, blocks.saturating_sub(1).min(u32::MAX as u64) as u32);
                }
                self.segs.push((t, i));
            }
        }
        let b = &BASES[base];
        let sh = probe_shape(b, b.seed_rows + user_rows(cat, base));
        let (tseg, iseg) = self.segs[base];
        let h = key_hash(key, base as u64);
        let leaves = sh.levels.last().map_or(1, |l| l.1);
        let leaf = h % leaves;
        for &(first, n) in &sh.levels {
            let block = first + leaf * n / leaves;
            k.stats.access.buffer_is_not_pinned += 1;
            k.get(iseg, block as u32, GetKind::Examination, false, NO_LINE, st);
        }
        k.stats.access.index_fetch_by_key += 1;
        if row_exists {
            let block = 1 + (h >> 20) % sh.table_blocks;
            k.stats.access.buffer_is_not_pinned += 1;
            k.get(tseg, block as u32, GetKind::Examination, false, NO_LINE, st);
            k.stats.access.table_fetch_by_rowid += 1;
        }
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dictionary_index_heights_follow_their_sizes() {
        let h = |base: usize, rows: u64| shape(&BASES[base], rows).levels.len();
        assert_eq!(h(USER, 120), 1);
        assert_eq!(h(OBJ, 73_000), 3);
        assert_eq!(h(OBJ_CLUSTER, 25_000), 2);
        assert_eq!(h(HIST_HEAD, 30_000), 2);
        assert_eq!(h(SEG, 8_000), 2);
        // A dictionary grown by many user objects gets a level deeper.
        assert_eq!(h(OBJ_CLUSTER, 25_000_000), 3);
    }
}
