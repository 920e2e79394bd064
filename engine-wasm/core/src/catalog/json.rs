//! The catalog as the UI draws it (docs/ENGINE-API.md, `Catalog`),
//! declared once: the structs below serialise it and describe it, and the
//! renderer's `renderer/src/engine/catalog.gen.ts` is generated from them
//! by [`typescript`] (`tests/catalog_contract.rs` fails when that file is
//! stale and rewrites it with `LIO_UPDATE_CONTRACT=1`).
//!
//! Every struct's fields are in alphabetical order: the JSON's keys come
//! out sorted, as they did when this was built with `serde_json::json!`.

use crate::catalog::partition::IndexPart;
use crate::catalog::{Catalog, IndexKind, SegmentInfo, SegmentKind, TableStorage};
use crate::sga::Sga;
use crate::tsdecl::contract;
use serde::Serialize;

/// `SegmentKind::name` of every kind.
const SEGMENT_KINDS: &[&str] = &["TABLE", "INDEX", "IOT", "CLUSTER"];
/// `PoolKind::name` of every buffer pool.
const POOLS: &[&str] = &["DEFAULT", "KEEP"];

fn is_false(b: &bool) -> bool {
    !*b
}

contract! {
    /// The catalog after a script: its segments, the buffer cache and the
    /// MemOptimized pool (`Engine.catalog()`).
    #[derive(Debug, Clone, Serialize)]
    pub struct CatalogOut as Catalog {
        pub block_size: u32,
        pub cache: CacheOut,
        pub memopt: MemoptOut,
        pub segments: Vec<SegmentOut>,
        /// The Oracle version profile's name, e.g. `18.0.0`.
        pub version: String,
    }

    /// One segment (dropped ones left out). Block numbers are
    /// segment-relative: 0 is the segment header of heap tables and
    /// clusters; a B-tree's root is `levels[0].first_block`.
    #[derive(Debug, Clone, Serialize)]
    pub struct SegmentOut as Segment {
        /// Blocks below the high-water mark, the segment header included
        /// (absent when the object owning the segment is not found).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub blocks: Option<u64>,
        /// An index's (or IOT's) B-tree.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub btree: Option<BtreeOut>,
        /// A bitmap index's pieces (its B-tree's leaves hold them).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub bitmap: Option<BitmapOut>,
        /// A hash cluster's buckets and overflow chains.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub cluster: Option<ClusterOut>,
        /// A data dictionary (SYS) segment that recursive SQL reads.
        #[serde(skip_serializing_if = "is_false")]
        pub dictionary: bool,
        /// Block number of the segment header.
        pub header_block: u32,
        /// The trace's `segment` column names segments by this.
        pub id: u32,
        @SEGMENT_KINDS
        pub kind: &'static str,
        /// A heap table's MEMOPTIMIZE FOR READ attribute.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub memoptimize_read: Option<bool>,
        pub name: String,
        @POOLS
        pub pool: &'static str,
        /// A table or index partition's segment: its place in its
        /// partitioned object.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub partition: Option<PartitionOut>,
        /// Rows (a B-tree's entries; a cluster's rows of all its tables).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub rows: Option<u64>,
        /// The table an index (or IOT) belongs to; a cluster's first table.
        pub table: Option<String>,
    }

    /// A B-tree's shape: its levels, root first.
    #[derive(Debug, Clone, Serialize)]
    pub struct BtreeOut as BtreeInfo {
        pub entries_per_leaf: u64,
        /// 1: the root is the leaf.
        pub height: u64,
        /// Root first.
        pub levels: Vec<LevelOut>,
        pub unique: bool,
    }

    /// A B-tree level: `count` blocks from `first_block`.
    #[derive(Debug, Clone, Serialize)]
    pub struct LevelOut as BtreeLevel {
        pub count: u64,
        pub first_block: u64,
    }

    /// A partition's segment in its partitioned table or index.
    #[derive(Debug, Clone, Serialize)]
    pub struct PartitionOut as SegmentPartition {
        /// Partitions of the object.
        pub count: u32,
        /// The bound as USER_TAB_PARTITIONS.HIGH_VALUE shows it (empty for hash).
        pub high_value: String,
        /// LOCAL (an index partitioned as its table; false for a table's own).
        pub local: bool,
        /// RANGE, LIST or HASH (the table's; a global index's own).
        pub method: String,
        /// The partition's name.
        pub name: String,
        /// The partitioned table or index.
        pub of: String,
        /// 1 for the first partition: DBMS_XPLAN's Pstart / Pstop number it.
        pub position: u32,
    }

    /// A bitmap index's pieces: each leaf row is a key, a start and an end
    /// rowid and the compressed bitmap of the rows between.
    #[derive(Debug, Clone, Serialize)]
    pub struct BitmapOut as BitmapInfo {
        /// Distinct keys.
        pub keys: u64,
        /// Pieces (leaf rows) in all.
        pub pieces: u64,
        /// The first pieces in key order (at most 64): the picture's.
        pub sample: Vec<PieceOut>,
    }

    /// One bitmap piece: a leaf row.
    #[derive(Debug, Clone, Serialize)]
    pub struct PieceOut as BitmapPiece {
        /// Bytes of its compressed bitmap.
        pub bitmap_bytes: u32,
        /// Table block of its end rowid.
        pub end_block: u32,
        /// The key, as SQL*Plus shows the value.
        pub key: String,
        /// The index leaf block holding it.
        pub leaf: u32,
        /// Rows (bits set) it holds.
        pub rows: u32,
        /// Table block of its start rowid.
        pub start_block: u32,
    }

    /// A hash cluster's shape.
    #[derive(Debug, Clone, Serialize)]
    pub struct ClusterOut as ClusterInfo {
        /// Blocks preallocated for the HASHKEYS buckets.
        pub bucket_blocks: u32,
        /// Only the buckets with overflow blocks.
        pub chains: Vec<ChainOut>,
        pub hashkeys: u64,
        pub keys_per_block: u32,
        pub overflow_blocks: u32,
        pub size: u32,
    }

    /// A bucket block and its overflow chain.
    #[derive(Debug, Clone, Serialize)]
    pub struct ChainOut as ClusterChain {
        pub block: u64,
        pub overflow: Vec<u32>,
    }

    /// The buffer cache.
    #[derive(Debug, Clone, Serialize)]
    pub struct CacheOut as CacheInfo {
        pub cbc_latch_children: u64,
        pub hash_buckets: u32,
        pub pools: Vec<PoolOut>,
    }

    /// A buffer pool: its buffers and those holding a block.
    #[derive(Debug, Clone, Serialize)]
    pub struct PoolOut as BufferPool {
        pub buffers: u64,
        @POOLS
        pub name: &'static str,
        pub used: u64,
    }

    /// The MemOptimized pool (all zero while MEMOPTIMIZE_POOL_SIZE is 0).
    #[derive(Debug, Clone, Serialize)]
    pub struct MemoptOut as MemoptInfo {
        pub buffer_area_bytes: u64,
        pub hash_index_bytes: u64,
        /// Heap tables declared MEMOPTIMIZE FOR READ, populated or not.
        pub memoptimize_read_tables: Vec<String>,
        pub pool_bytes: u64,
        /// The tables in the pool.
        pub tables: Vec<MemoptTableOut>,
    }

    /// A table in the MemOptimized pool.
    #[derive(Debug, Clone, Serialize)]
    pub struct MemoptTableOut as MemoptTable {
        pub blocks: u64,
        pub name: String,
        pub populated: bool,
        pub rows_populated: u64,
    }
}

/// The renderer's catalog types (`renderer/src/engine/catalog.gen.ts`).
pub fn typescript() -> String {
    let mut s = String::from(
        "// Generated from engine-wasm/core/src/catalog/json.rs by its test\n\
         // (LIO_UPDATE_CONTRACT=1 cargo test -p lio-core --test catalog_contract). Do not edit.\n\
         // The catalog JSON of Engine.catalog() (docs/ENGINE-API.md).\n\n",
    );
    s.push_str(&crate::tsdecl::interfaces(<CatalogOut as crate::tsdecl::Described>::decl));
    s.truncate(s.trim_end().len());
    s.push('\n');
    s
}

/// The catalog, its segments' residence in the SGA's cache and pools,
/// and the version's name (`profile_name`).
pub fn catalog_json(cat: &Catalog, sga: &Sga, profile_name: &str) -> String {
    serde_json::to_string(&catalog_out(cat, sga, profile_name)).unwrap_or_else(|_| "{}".to_string())
}

/// The catalog as [`catalog_json`] serialises it.
pub fn catalog_out(cat: &Catalog, sga: &Sga, profile_name: &str) -> CatalogOut {
    let dict = sga.row_cache.segments(cat);
    let mut segments = Vec::new();
    for s in cat.segments.iter().filter(|s| !s.dropped) {
        let mut seg = SegmentOut {
            bitmap: None,
            blocks: None,
            btree: None,
            cluster: None,
            dictionary: false,
            header_block: 0,
            id: s.id,
            kind: s.kind.name(),
            memoptimize_read: None,
            name: s.name.clone(),
            partition: None,
            pool: s.pool.name(),
            rows: None,
            table: s.table.clone(),
        };
        if let Some(d) = dict.iter().find(|d| d.table_seg == s.id || d.index_seg == s.id) {
            // Data dictionary segments read by recursive SQL.
            seg.dictionary = true;
            seg.rows = Some(d.rows);
            if d.index_seg == s.id {
                let levels = d.levels.iter().map(|&(first_block, count)| LevelOut { count, first_block }).collect();
                let leaves = d.levels.last().map_or(1, |l| l.1).max(1);
                seg.table = Some(d.table.to_string());
                seg.blocks = Some(1 + d.levels.iter().map(|l| l.1).sum::<u64>());
                seg.btree = Some(BtreeOut {
                    entries_per_leaf: d.rows.div_ceil(leaves),
                    height: d.levels.len() as u64,
                    levels,
                    unique: true,
                });
            } else {
                seg.blocks = Some(1 + d.table_blocks);
            }
            segments.push(seg);
            continue;
        }
        segment_shape(cat, s, &mut seg);
        segments.push(seg);
    }
    let mut keep_used = 0;
    let mut default_used = 0;
    for s in cat.segments.iter().filter(|s| !s.dropped) {
        let n = sga.cache.resident_blocks(s.id);
        match s.pool {
            crate::sga::cache::PoolKind::Keep => keep_used += n,
            crate::sga::cache::PoolKind::Default => default_used += n,
        }
    }
    let tables = sga
        .memopt
        .tables
        .iter()
        .map(|(t, m)| MemoptTableOut {
            blocks: m.blocks,
            name: cat.tables[*t].name.clone(),
            populated: m.populated,
            rows_populated: m.rows_populated,
        })
        .collect();
    let memoptimize_read_tables = cat
        .tables
        .iter()
        .filter(|t| !t.dropped && t.memoptimize_read && matches!(t.storage, TableStorage::Heap { .. }))
        .map(|t| t.name.clone())
        .collect();
    CatalogOut {
        block_size: sga.cache.block_size,
        cache: CacheOut {
            cbc_latch_children: sga.cache.latches.children() as u64,
            hash_buckets: sga.cache.hash_buckets,
            pools: vec![
                PoolOut { buffers: sga.cache.default_buffers, name: "DEFAULT", used: default_used },
                PoolOut { buffers: sga.cache.keep_buffers, name: "KEEP", used: keep_used },
            ],
        },
        memopt: MemoptOut {
            buffer_area_bytes: sga.memopt.buffer_area_bytes(),
            hash_index_bytes: sga.memopt.hash_index_bytes(),
            memoptimize_read_tables,
            pool_bytes: sga.memopt.size,
            tables,
        },
        segments,
        version: profile_name.to_string(),
    }
}

/// A segment's blocks, rows and shape (B-tree levels, hash cluster
/// chains) from the object that owns it.
fn segment_shape(cat: &Catalog, s: &SegmentInfo, seg: &mut SegmentOut) {
    match s.kind {
        SegmentKind::Table => {
            if let Some(t) = cat.tables.iter().find(|t| !t.dropped && t.heap_seg() == Some(s.id)) {
                seg.blocks = Some(cat.table_blocks(t));
                seg.rows = Some(t.rows.len() as u64);
                seg.memoptimize_read = Some(t.memoptimize_read);
            }
            // A partition's segment (named TABLE:PARTITION): its blocks and rows.
            for t in cat.tables.iter().filter(|t| !t.dropped) {
                let Some(pt) = t.part.as_deref() else { continue };
                if let Some(i) = pt.parts.iter().position(|p| p.seg == Some(s.id)) {
                    seg.blocks = Some(pt.parts[i].blocks());
                    seg.rows = Some(pt.row_part.iter().filter(|&&p| p as usize == i).count() as u64);
                    seg.table = Some(t.name.clone());
                    seg.partition = Some(PartitionOut {
                        count: pt.parts.len() as u32,
                        high_value: pt.parts[i].high_value.clone(),
                        local: false,
                        method: pt.method.name().to_string(),
                        name: pt.parts[i].name.clone(),
                        of: t.name.clone(),
                        position: i as u32 + 1,
                    });
                }
            }
        }
        SegmentKind::Index | SegmentKind::Iot => {
            if let Some(ix) = cat.indexes.iter().find(|i| !i.dropped && i.seg == s.id) {
                let bt = &ix.btree;
                let levels = (0..bt.level_counts.len())
                    .map(|l| LevelOut { count: bt.level_counts[l] as u64, first_block: bt.level_first_block(l) as u64 })
                    .collect();
                seg.blocks = Some(bt.blocks() as u64);
                seg.rows = Some(bt.len() as u64);
                seg.btree = Some(BtreeOut {
                    entries_per_leaf: bt.entries_per_leaf() as u64,
                    height: bt.height() as u64,
                    levels,
                    unique: ix.unique,
                });
                if s.kind == SegmentKind::Iot {
                    seg.table = Some(cat.tables[ix.table].name.clone());
                }
                seg.partition = index_partition(cat, ix);
                if ix.kind == IndexKind::Bitmap {
                    seg.bitmap = Some(bitmap_out(bt));
                }
            }
        }
        SegmentKind::Cluster => {
            if let Some(c) = cat.clusters.iter().find(|c| !c.dropped && c.seg == s.id) {
                let h = &c.hash;
                let chains = h
                    .chains
                    .iter()
                    .enumerate()
                    .filter(|(_, ch)| !ch.is_empty())
                    .map(|(i, ch)| ChainOut { block: i as u64 + 1, overflow: ch.clone() })
                    .collect();
                let rows: usize = c.tables.iter().map(|t| cat.tables[*t].rows.len()).sum();
                seg.blocks = Some(h.blocks() as u64);
                seg.rows = Some(rows as u64);
                seg.table = c.tables.first().map(|t| cat.tables[*t].name.clone());
                seg.cluster = Some(ClusterOut {
                    bucket_blocks: h.bucket_blocks,
                    chains,
                    hashkeys: h.hashkeys,
                    keys_per_block: h.keys_per_block,
                    overflow_blocks: h.overflow_blocks(),
                    size: h.size,
                });
            }
        }
    }
}

/// An index partition's place in its partitioned index.
fn index_partition(cat: &Catalog, ix: &crate::catalog::Index) -> Option<PartitionOut> {
    let Some(IndexPart::Child(of)) = ix.part.as_deref() else { return None };
    let parent = cat.indexes.get(of.parent)?;
    let Some(IndexPart::Parent(parts)) = parent.part.as_deref() else { return None };
    let me = cat.indexes.iter().position(|i| std::ptr::eq(i, ix))?;
    let position = parts.children.iter().position(|&c| c == me)? as u32 + 1;
    let method = match &parts.scheme {
        Some(sc) => sc.method.name(),
        None => cat.tables[parent.table].part.as_deref().map_or("RANGE", |p| p.method.name()),
    };
    Some(PartitionOut {
        count: parts.children.len() as u32,
        high_value: of.high_value.clone(),
        local: parts.local,
        method: method.to_string(),
        name: of.name.clone(),
        of: parent.name.clone(),
        position,
    })
}

/// Pieces a bitmap index's picture is given.
const PIECE_SAMPLE: usize = 64;

/// A bitmap index's pieces: the totals and the first in key order.
fn bitmap_out(bt: &crate::storage::BTree) -> BitmapOut {
    let pieces = bt.pieces();
    let leaf0 = bt.level_first_block(bt.height().saturating_sub(1) as usize);
    let mut hint = 0;
    let sample = pieces
        .iter()
        .take(PIECE_SAMPLE)
        .map(|pc| {
            hint = bt.leaf_of_from(pc.start as usize, hint);
            PieceOut {
                bitmap_bytes: pc.bitmap_bytes,
                end_block: pc.last_block,
                key: bt.first_at(pc.start as usize).to_string(),
                leaf: leaf0 + hint,
                rows: pc.end - pc.start,
                start_block: pc.first_block,
            }
        })
        .collect();
    BitmapOut { keys: bt.distinct_keys() as u64, pieces: pieces.len() as u64, sample }
}

#[cfg(test)]
mod tests {
    use super::{POOLS, SEGMENT_KINDS};
    use crate::catalog::SegmentKind;
    use crate::sga::cache::PoolKind;

    #[test]
    fn the_declared_names_are_the_kinds_names() {
        // A kind added to the enum stops this from compiling until it is listed.
        let every = |k: SegmentKind| match k {
            SegmentKind::Table | SegmentKind::Index | SegmentKind::Iot | SegmentKind::Cluster => k,
        };
        for k in [SegmentKind::Table, SegmentKind::Index, SegmentKind::Iot, SegmentKind::Cluster].map(every) {
            assert!(SEGMENT_KINDS.contains(&k.name()), "{}", k.name());
        }
        for p in [PoolKind::Default, PoolKind::Keep] {
            assert!(POOLS.contains(&p.name()), "{}", p.name());
        }
    }
}
