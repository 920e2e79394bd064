//! `ALTER TABLE t SHRINK SPACE [COMPACT] [CASCADE]` (10g on, ASSM segments).
//!
//! Oracle compacts a heap segment by row movement: it walks the segment
//! from its last block backwards and moves each row (a delete and an
//! insert, so its ROWID changes) into the first block from the start whose
//! free space takes it as an insert would (its rows in slot order) (up to PCTFREE), until no earlier
//! block has room for the row it is at; then it moves the high water mark
//! down to the last block that still holds a row and frees the extents
//! above it. `COMPACT` moves the rows and leaves the high water mark where
//! it was. The rows in the front blocks keep their ROWIDs; a moved row
//! takes the lowest free slot of its new block (deleted rows' slots are
//! reused). Indexes stay usable: their entries follow the rows.
//!
//! Worked by hand (core/tests/shrink_space.rs): eleven rows of a CHAR(2000)
//! table are 2,011 bytes each with their directory entry, three to a block
//! (3 x 2,011 = 6,033 <= 8,192 - 114 - 819 = 7,259 < 4 x 2,011); after a
//! delete leaves ids 1 | 5 | 6 | 9, 10 in blocks 1 to 4, the shrink moves
//! 9 and 10 into block 1 (slots 1 and 2) and 6 into block 2 (slot 0), stops
//! at 5 (no block before block 2 has room), and leaves two data blocks.
//!
//! Not modelled: the moves' undo and redo and their current-mode gets (the
//! ALTER's own statistics), ASSM's free-space buckets (the lab takes the
//! first block with room, not the first whose bitmap bucket says so), and
//! the shrink of indexes (CASCADE of a table with indexes is refused), of
//! migrated rows and of IOTs, clusters, partitions and compressed tables.

use super::*;
use crate::catalog::TableStorage;
use crate::storage::{RowLoc, DEAD_SLOT, MIGRATED, NO_BLOCK, ROW_DIRECTORY};

impl Run<'_> {
    /// SHRINK SPACE of heap table `tid`: (compact, cascade).
    pub(super) fn shrink_space(
        &mut self,
        tid: TableId,
        (compact, cascade): (bool, bool),
        pos: Pos,
    ) -> Result<(), LabError> {
        let t = &self.inst.cat.tables[tid];
        if t.sys {
            return Err(LabError::new(ora::SHRINK_INVALID_SEGMENT, pos));
        }
        if !matches!(t.storage, TableStorage::Heap { .. }) {
            return Err(LabError::unsupported("SHRINK SPACE of an index-organized or clustered table", pos));
        }
        if !t.load.row_movement {
            return Err(LabError::new(ora::SHRINK_NEEDS_ROW_MOVEMENT, pos));
        }
        if t.compress {
            return Err(LabError::unsupported("SHRINK SPACE of a compressed table", pos));
        }
        if !t.migrated.is_empty() {
            return Err(LabError::unsupported("SHRINK SPACE of a table with migrated rows", pos));
        }
        if cascade && !t.indexes.is_empty() {
            return Err(LabError::unsupported(
                "SHRINK SPACE CASCADE of a table with indexes (the indexes' shrink)",
                pos,
            ));
        }
        if t.heap_seg().is_none() {
            return Ok(());
        }
        self.inst.sga.memopt.evict(tid);
        let t = &mut self.inst.cat.tables[tid];
        let sizes: Vec<u32> = (0..t.rows.len()).map(|r| t.rows.row(r).row_size() + ROW_DIRECTORY).collect();
        let TableStorage::Heap { heap, .. } = &mut t.storage else { return Ok(()) };
        let (mut h, mut loc) = (heap.clone(), t.loc.clone());
        let moved = compact_rows(&mut h, &mut loc, &sizes, compact).ok_or_else(|| {
            LabError::unsupported("SHRINK SPACE COMPACT that empties more blocks than the table has deleted rows", pos)
        })?;
        *heap = h;
        t.loc = loc;
        if moved || !compact {
            t.load.reordered = true;
        }
        if !compact {
            t.load.kept_blocks = 0;
        }
        let t = &self.inst.cat.tables[tid];
        let (loc, indexes) = (t.loc.clone(), t.indexes.clone());
        for iid in indexes {
            self.inst.cat.indexes[iid].btree.set_rowid_blocks(&loc);
        }
        self.inst.change_seq += 1;
        self.inst.cat.tables[tid].changed_at = self.inst.change_seq;
        let tname = self.inst.cat.tables[tid].name.clone();
        self.inst.sga.row_cache.invalidate_table(&self.inst.cat, &tname);
        Ok(())
    }
}

/// Move rows from the segment's end into the first earlier block with
/// room (see the module comment); unless `compact`, the high water mark
/// goes down to the last block holding a row. Deleted rows' slots are
/// purged (their location leaves the segment). Returns whether any row
/// moved.
fn compact_rows(
    heap: &mut crate::storage::HeapSegment,
    loc: &mut [RowLoc],
    sizes: &[u32],
    compact: bool,
) -> Option<bool> {
    let blocks = heap.used.len();
    let limit = heap.insert_limit();
    // Live rows of each block, in slot order.
    let mut in_block: Vec<Vec<u32>> = vec![Vec::new(); blocks];
    let mut dead: Vec<u32> = Vec::new();
    for (r, l) in loc.iter_mut().enumerate() {
        if l.is_dead() {
            *l = RowLoc { block: NO_BLOCK, slot: DEAD_SLOT };
            dead.push(r as u32);
        } else if let Some(v) = in_block.get_mut(l.block.wrapping_sub(1) as usize) {
            v.push(r as u32);
        }
    }
    let mut live: Vec<usize> = in_block.iter().map(Vec::len).collect();
    // Each block's free slots (deleted rows'), lowest last, for pop().
    let mut free: Vec<Vec<u16>> = Vec::with_capacity(blocks);
    for (k, v) in in_block.iter_mut().enumerate() {
        v.sort_by_key(|&r| loc[r as usize].slot & !MIGRATED);
        let mut taken = vec![false; heap.rows_in_block[k] as usize];
        for &r in v.iter() {
            if let Some(t) = taken.get_mut((loc[r as usize].slot & !MIGRATED) as usize) {
                *t = true;
            }
        }
        free.push((0..taken.len() as u16).rev().filter(|&s| !taken[s as usize]).collect());
    }
    let smallest = sizes.iter().zip(loc.iter()).filter(|(_, l)| !l.is_dead()).map(|(s, _)| *s).min().unwrap_or(0);
    let mut moved = false;
    let mut first = 0usize;
    'src: for src in (0..blocks).rev() {
        for &r in &in_block[src] {
            let need = sizes[r as usize];
            // Blocks that cannot take even the smallest row are passed for good.
            while first < src && heap.used[first] + smallest > limit {
                first += 1;
            }
            let Some(k) = (first..src).find(|&k| heap.used[k] + need <= limit) else { break 'src };
            let slot = free[k].pop().unwrap_or_else(|| {
                heap.rows_in_block[k] += 1;
                heap.rows_in_block[k] - 1
            });
            heap.used[src] = heap.used[src].saturating_sub(need);
            heap.used[k] += need;
            live[src] -= 1;
            live[k] += 1;
            loc[r as usize] = RowLoc { block: k as u32 + 1, slot };
            moved = true;
        }
    }
    let keep = if compact { blocks } else { live.iter().rposition(|&n| n > 0).map_or(0, |i| i + 1) };
    heap.truncate_to(keep);
    // Empty blocks stay below the high water mark (COMPACT's emptied ones):
    // a full scan reaches a block through a row slot, so each keeps a
    // deleted one.
    for (k, _) in live.iter().take(keep).enumerate().filter(|(_, &n)| n == 0) {
        let r = dead.pop()?;
        loc[r as usize] = RowLoc { block: k as u32 + 1, slot: DEAD_SLOT };
    }
    Some(moved)
}
