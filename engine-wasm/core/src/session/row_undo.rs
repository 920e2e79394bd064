//! A change undone in the shared structures (ROLLBACK, a consistent-read
//! version) and a row's slot freed.

use super::*;
use crate::catalog::{Catalog, TableStorage};
use crate::instance::txn_table::Undo;
use crate::storage;

/// Undo one change in the shared structures (not the indexes: the caller
/// re-indexes the rows it touched). Returns the row.
pub(crate) fn apply_undo(cat: &mut Catalog, rec: Undo) -> Option<u32> {
    Some(match rec {
        Undo::IndexFill { index, state, .. } => {
            cat.indexes[index].btree.set_fill_state(state);
            return None;
        }
        Undo::Insert { table, row } => {
            kill_row(cat, table, row);
            row
        }
        // Callers apply records through `expand` (one per row); a range
        // applied whole still undoes every row, newest first.
        Undo::Inserts { table, from, to } => {
            for row in (from..to).rev() {
                kill_row(cat, table, row);
            }
            return None;
        }
        Undo::Delete { table, row, slot } => {
            let t = &mut cat.tables[table];
            let loc = &mut t.loc[row as usize];
            loc.slot = slot;
            let block = loc.block;
            t.dead_rows -= 1;
            t.stats_memo.forget();
            let size = t.rows.row(row as usize).row_size();
            let body = t.migrated.get(&row).copied().unwrap_or(block);
            match &mut t.storage {
                _ if t.part.is_some() => {
                    if let Some(h) = t.row_heap_mut(row) {
                        h.adjust(body, size + storage::ROW_DIRECTORY, true);
                    }
                }
                TableStorage::Heap { heap, .. } => heap.adjust(body, size + storage::ROW_DIRECTORY, true),
                TableStorage::Cluster { cluster, key_cols } => {
                    let key = t.rows.row(row as usize).value(key_cols[0]);
                    cat.clusters[*cluster].hash.restore(&key, row, block, size);
                }
                TableStorage::Iot { .. } => {}
            }
            row
        }
        Undo::Update { table, row, old, old_loc, old_body } => {
            let t = &mut cat.tables[table];
            let now_size = t.rows.row(row as usize).row_size();
            let old_size = storage::row_size(&old);
            let now_body = t.migrated.get(&row).copied();
            if let TableStorage::Heap { heap, .. } = &mut t.storage {
                match (now_body, old_body) {
                    // Migrated by this change: the body leaves its new block
                    // and the row is whole again in its head block.
                    (Some(nb), None) => {
                        heap.unplace(nb, now_size);
                        heap.adjust(old_loc.block, storage::MIGRATED_HEAD_BYTES, false);
                        heap.adjust(old_loc.block, old_size, true);
                    }
                    (Some(nb), Some(_)) | (None, Some(nb)) => {
                        heap.adjust(nb, now_size, false);
                        heap.adjust(nb, old_size, true);
                    }
                    (None, None) => {
                        heap.adjust(old_loc.block, now_size, false);
                        heap.adjust(old_loc.block, old_size, true);
                    }
                }
            }
            match old_body {
                Some(b) => {
                    t.migrated.insert(row, b);
                }
                None => {
                    t.migrated.remove(&row);
                }
            }
            t.loc[row as usize] = old_loc;
            t.rows.set_row(row as usize, &old);
            row
        }
    })
}

/// A row leaves its block and bucket; its slot dies (DELETE, or the
/// rollback of its INSERT).
pub(super) fn kill_row(cat: &mut Catalog, table: TableId, row: u32) -> u16 {
    let t = &mut cat.tables[table];
    let loc = t.loc[row as usize];
    if loc.is_dead() {
        return loc.slot;
    }
    t.loc[row as usize].slot = storage::DEAD_SLOT;
    t.dead_rows += 1;
    t.stats_memo.forget();
    let size = t.rows.row(row as usize).row_size();
    let body = t.migrated.get(&row).copied().unwrap_or(loc.block);
    match &mut t.storage {
        _ if t.part.is_some() => {
            if let Some(h) = t.row_heap_mut(row) {
                h.adjust(body, size + storage::ROW_DIRECTORY, false);
            }
        }
        TableStorage::Heap { heap, .. } => heap.adjust(body, size + storage::ROW_DIRECTORY, false),
        TableStorage::Cluster { cluster, key_cols } => {
            let key = t.rows.row(row as usize).value(key_cols[0]);
            cat.clusters[*cluster].hash.remove(&key, row, loc.block, size);
        }
        TableStorage::Iot { .. } => {}
    }
    loc.slot
}
