//! Heap segments: rows appended into blocks that fill up to PCTFREE.

use super::*;

/// A heap segment: rows appended in arrival order into blocks that fill up
/// to `PCTFREE`.
#[derive(Debug, Clone)]
pub struct HeapSegment {
    pub block_size: u32,
    pub pctfree: u32,
    /// Bytes used in each data block (index 0 is the first data block,
    /// block number 1).
    pub used: Vec<u32>,
    pub rows_in_block: Vec<u16>,
    /// A direct-path load begins: the next row goes into a new block above
    /// the high water mark, not into the last block's free space.
    fresh: bool,
    /// The last blocks below the high water mark that are formatted and
    /// empty (a statement that failed for want of space and was rolled
    /// back left them): inserts fill them before formatting new ones.
    spare: u32,
    /// ITL slots each new block is formatted with: the table's INITRANS,
    /// at least two (a table's INITRANS 1 still gets two from 9i).
    pub itls: u32,
    /// ITL slots a block has grown beyond `itls` (block -> slots): a
    /// transaction that finds every slot taken adds one from the block's
    /// free space; a slot is never given back.
    pub grown_itls: std::collections::BTreeMap<u32, u32>,
}

impl HeapSegment {
    pub fn new(block_size: u32, pctfree: u32) -> Self {
        let (used, rows_in_block) = (Vec::new(), Vec::new());
        let grown_itls = Default::default();
        HeapSegment {
            block_size,
            pctfree: pctfree.min(99),
            used,
            rows_in_block,
            fresh: false,
            spare: 0,
            itls: DEFAULT_ITLS,
            grown_itls,
        }
    }

    /// Its blocks are formatted with `initrans` ITL slots (two at least).
    pub fn with_initrans(mut self, initrans: u32) -> Self {
        self.itls = initrans.max(DEFAULT_ITLS);
        self
    }

    /// An empty segment laid out as this one (TRUNCATE, an exchange).
    pub fn emptied(&self) -> Self {
        HeapSegment::new(self.block_size, self.pctfree).with_initrans(self.itls)
    }

    /// A block's own bytes: [`DATA_BLOCK_OVERHEAD`] with its two ITL slots,
    /// and 24 bytes for each further slot INITRANS formats it with.
    pub fn overhead(&self) -> u32 {
        DATA_BLOCK_OVERHEAD + ITL_ENTRY * self.itls.saturating_sub(DEFAULT_ITLS)
    }

    /// The ITL slots of data block `block`.
    pub fn block_itls(&self, block: u32) -> u32 {
        self.itls + self.grown_itls.get(&block).copied().unwrap_or(0)
    }

    /// Another ITL slot in `block`, 24 bytes of its free space (PCTFREE's
    /// reserve included), up to MAXTRANS' 255. False when there is no room.
    pub fn grow_itl(&mut self, block: u32) -> bool {
        let limit = self.update_limit();
        let Some(used) = self.used.get_mut(block.wrapping_sub(1) as usize) else { return false };
        if *used + ITL_ENTRY > limit || self.itls + self.grown_itls.get(&block).copied().unwrap_or(0) >= MAX_ITLS {
            return false;
        }
        *used += ITL_ENTRY;
        *self.grown_itls.entry(block).or_insert(0) += 1;
        true
    }

    /// Bytes available for rows before PCTFREE stops inserts.
    pub fn insert_limit(&self) -> u32 {
        let usable = self.block_size.saturating_sub(self.overhead());
        usable.saturating_sub(self.block_size * self.pctfree / 100)
    }

    /// Place a row of `size` bytes; returns its location and whether a new
    /// block was formatted.
    pub fn insert(&mut self, size: u32) -> (RowLoc, bool) {
        let need = size + ROW_DIRECTORY;
        let limit = self.insert_limit();
        if std::mem::take(&mut self.fresh) {
            // Above the mark: the empty blocks below it are no longer last.
            self.spare = 0;
            self.used.push(need);
            self.rows_in_block.push(1);
            return (RowLoc { block: self.used.len() as u32, slot: 0 }, true);
        }
        // The last block in use, then the formatted empty ones after it.
        let current = self.used.len() - self.spare as usize;
        let fits = |i: usize| self.used[i] + need <= limit || self.rows_in_block[i] == 0;
        let at = match current.checked_sub(1) {
            Some(i) if fits(i) => Some(i),
            _ if self.spare > 0 => {
                self.spare -= 1;
                Some(current)
            }
            _ => None,
        };
        if let Some(i) = at {
            self.used[i] += need;
            let slot = self.rows_in_block[i];
            self.rows_in_block[i] += 1;
            return (RowLoc { block: i as u32 + 1, slot }, false);
        }
        self.used.push(need);
        self.rows_in_block.push(1);
        (RowLoc { block: self.used.len() as u32, slot: 0 }, true)
    }

    /// The rows that follow go above the high water mark (a direct-path
    /// load formats its own blocks).
    pub fn start_above_hwm(&mut self) {
        self.fresh = true;
    }

    /// Data blocks (below the high water mark, excluding the header).
    pub fn data_blocks(&self) -> u32 {
        self.used.len() as u32
    }

    pub fn truncate_to(&mut self, blocks: usize) {
        let gone = self.used.len().saturating_sub(blocks);
        self.spare = self.spare.saturating_sub(gone as u32);
        self.used.truncate(blocks);
        self.rows_in_block.truncate(blocks);
        self.grown_itls.retain(|&b, _| b as usize <= blocks);
    }

    /// The formatted empty blocks at the end, which inserts fill first.
    pub fn spare_blocks(&self) -> u32 {
        self.spare
    }

    /// After a statement that failed for want of space was rolled back:
    /// the segment keeps `blocks` data blocks below its mark, formatted
    /// (its empty last blocks beyond them leave; a block holding a row
    /// never does), and inserts fill its empty last blocks first.
    pub fn keep_formatted(&mut self, blocks: usize) {
        let mut n = self.used.len();
        while n > blocks && self.rows_in_block[n - 1] == 0 {
            n -= 1;
        }
        self.truncate_to(n);
        self.used.resize(n.max(blocks), 0);
        self.rows_in_block.resize(n.max(blocks), 0);
        let empty = self.rows_in_block.iter().rev().take_while(|&&r| r == 0).count();
        self.spare = empty as u32;
    }

    /// Bytes a row may take in its block: updates may use the PCTFREE
    /// space that inserts leave free.
    pub fn update_limit(&self) -> u32 {
        self.block_size.saturating_sub(self.overhead())
    }

    /// A row in `block` changes from `old` to `new` bytes. Returns false
    /// when it no longer fits: the caller migrates it (see [`Self::migrate`]).
    pub fn resize(&mut self, block: u32, old: u32, new: u32) -> bool {
        let limit = self.update_limit();
        let Some(used) = self.used.get_mut(block.wrapping_sub(1) as usize) else { return true };
        let after = (*used).saturating_sub(old) + new;
        if after > limit {
            return false;
        }
        *used = after;
        true
    }

    /// Move a row of `old` bytes out of `block` into a block with room for
    /// `new` bytes; a forwarding head stays behind. Returns the new block
    /// and whether it was newly formatted.
    pub fn migrate(&mut self, block: u32, old: u32, new: u32) -> (u32, bool) {
        if let Some(used) = self.used.get_mut(block.wrapping_sub(1) as usize) {
            *used = (*used).saturating_sub(old) + MIGRATED_HEAD_BYTES;
        }
        let (loc, fresh) = self.insert(new);
        (loc.block, fresh)
    }

    /// A migrated row's body leaves the block it was placed in (rollback).
    pub fn unplace(&mut self, block: u32, size: u32) {
        let i = block.wrapping_sub(1) as usize;
        if let (Some(used), Some(rows)) = (self.used.get_mut(i), self.rows_in_block.get_mut(i)) {
            *used = used.saturating_sub(size + ROW_DIRECTORY);
            *rows = rows.saturating_sub(1);
        }
    }

    /// A row of `size` bytes leaves (`delta` < 0) or returns to its block.
    pub fn adjust(&mut self, block: u32, size: u32, back: bool) {
        if let Some(used) = self.used.get_mut(block.wrapping_sub(1) as usize) {
            *used = if back { *used + size } else { (*used).saturating_sub(size) };
        }
    }
}
