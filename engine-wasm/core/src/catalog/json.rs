//! The catalog as the UI draws it (docs/ENGINE-API.md, `Catalog`).

use crate::catalog::{Catalog, SegmentInfo, SegmentKind, TableStorage};
use crate::sga::Sga;
use serde_json::{json, Value};

/// The catalog, its segments' residence in the SGA's cache and pools,
/// and the version's name (`profile_name`).
pub fn catalog_json(cat: &Catalog, sga: &Sga, profile_name: &str) -> String {
    let dict = sga.row_cache.segments(cat);
    let mut segments: Vec<Value> = Vec::new();
    for s in cat.segments.iter().filter(|s| !s.dropped) {
        let mut seg = json!({
            "id": s.id,
            "name": s.name,
            "kind": s.kind.name(),
            "table": s.table,
            "pool": s.pool.name(),
            "header_block": 0,
        });
        if let Some(d) = dict.iter().find(|d| d.table_seg == s.id || d.index_seg == s.id) {
            // Data dictionary segments read by recursive SQL.
            seg["dictionary"] = json!(true);
            seg["rows"] = json!(d.rows);
            if d.index_seg == s.id {
                let levels: Vec<Value> =
                    d.levels.iter().map(|&(first, count)| json!({ "first_block": first, "count": count })).collect();
                let leaves = d.levels.last().map_or(1, |l| l.1).max(1);
                seg["table"] = json!(d.table);
                seg["blocks"] = json!(1 + d.levels.iter().map(|l| l.1).sum::<u64>());
                seg["btree"] = json!({
                    "height": d.levels.len(),
                    "levels": levels,
                    "entries_per_leaf": d.rows.div_ceil(leaves),
                    "unique": true,
                });
            } else {
                seg["blocks"] = json!(1 + d.table_blocks);
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
    let memopt_tables: Vec<Value> = sga
        .memopt
        .tables
        .iter()
        .map(|(t, m)| json!({ "name": cat.tables[*t].name, "rows_populated": m.rows_populated, "populated": m.populated, "blocks": m.blocks }))
        .collect();
    let memoptimize_tables: Vec<String> = cat
        .tables
        .iter()
        .filter(|t| !t.dropped && t.memoptimize_read && matches!(t.storage, TableStorage::Heap { .. }))
        .map(|t| t.name.clone())
        .collect();
    json!({
        "version": profile_name,
        "block_size": sga.cache.block_size,
        "segments": segments,
        "cache": {
            "pools": [
                { "name": "DEFAULT", "buffers": sga.cache.default_buffers, "used": default_used },
                { "name": "KEEP", "buffers": sga.cache.keep_buffers, "used": keep_used },
            ],
            "hash_buckets": sga.cache.hash_buckets,
            "cbc_latch_children": sga.cache.latches.children(),
        },
        "memopt": {
            "pool_bytes": sga.memopt.size,
            "buffer_area_bytes": sga.memopt.buffer_area_bytes(),
            "hash_index_bytes": sga.memopt.hash_index_bytes(),
            "tables": memopt_tables,
            "memoptimize_read_tables": memoptimize_tables,
        },
    })
    .to_string()
}

/// A segment's blocks, rows and shape (B-tree levels, hash cluster
/// chains) from the object that owns it.
fn segment_shape(cat: &Catalog, s: &SegmentInfo, seg: &mut Value) {
    match s.kind {
        SegmentKind::Table => {
            if let Some(t) = cat.tables.iter().find(|t| !t.dropped && t.heap_seg() == Some(s.id)) {
                seg["blocks"] = json!(cat.table_blocks(t));
                seg["rows"] = json!(t.rows.len());
                seg["memoptimize_read"] = json!(t.memoptimize_read);
            }
        }
        SegmentKind::Index | SegmentKind::Iot => {
            if let Some(ix) = cat.indexes.iter().find(|i| !i.dropped && i.seg == s.id) {
                let bt = &ix.btree;
                let levels: Vec<Value> = (0..bt.level_counts.len())
                    .map(|l| json!({ "first_block": bt.level_first_block(l), "count": bt.level_counts[l] }))
                    .collect();
                seg["blocks"] = json!(bt.blocks());
                seg["rows"] = json!(bt.len());
                seg["btree"] = json!({
                    "height": bt.height(),
                    "levels": levels,
                    "entries_per_leaf": bt.entries_per_leaf(),
                    "unique": ix.unique,
                });
                if s.kind == SegmentKind::Iot {
                    seg["table"] = json!(cat.tables[ix.table].name);
                }
            }
        }
        SegmentKind::Cluster => {
            if let Some(c) = cat.clusters.iter().find(|c| !c.dropped && c.seg == s.id) {
                let h = &c.hash;
                let chains: Vec<Value> = h
                    .chains
                    .iter()
                    .enumerate()
                    .filter(|(_, ch)| !ch.is_empty())
                    .map(|(i, ch)| json!({ "block": i + 1, "overflow": ch }))
                    .collect();
                let rows: usize = c.tables.iter().map(|t| cat.tables[*t].rows.len()).sum();
                seg["blocks"] = json!(h.blocks());
                seg["rows"] = json!(rows);
                seg["table"] = json!(c.tables.first().map(|t| cat.tables[*t].name.clone()));
                seg["cluster"] = json!({
                    "hashkeys": h.hashkeys,
                    "size": h.size,
                    "keys_per_block": h.keys_per_block,
                    "bucket_blocks": h.bucket_blocks,
                    "overflow_blocks": h.overflow_blocks(),
                    "chains": chains,
                });
            }
        }
    }
}
