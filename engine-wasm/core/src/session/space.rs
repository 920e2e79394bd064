//! The space of a tablespace: its datafile's SIZE holds the segments
//! placed in it (locally managed, system-allocated extents). A heap
//! table that would grow past it is refused as Oracle refuses it
//! (ORA-01653, or ORA-01658 for its first extent), on INSERT and on an
//! UPDATE whose rows grow; AUTOEXTEND ON is not modelled (refused when
//! parsed).
//!
//! Modelled: heap tables placed with `TABLESPACE ts`, their blocks rounded
//! up to whole extents (16 of 64 KB, then 63 of 1 MB, 120 of 8 MB, then
//! 64 MB), after the file's space-management header (64 KB up to 11.1,
//! 1 MB from 11.2: Jonathan Lewis, "LMT Headers",
//! https://jonathanlewis.wordpress.com/2012/05/31/lmt-headers/). Index
//! and IOT segments in the tablespace count too (their B-tree's blocks,
//! in whole extents), and an index created with `TABLESPACE ts` (or
//! `USING INDEX TABLESPACE ts`) that an INSERT would grow past the file
//! is refused as Oracle refuses it (ORA-01654), the statement rolled
//! back. Cluster segments are not counted.

use super::*;
use crate::catalog::TableStorage;
use crate::storage;

/// Blocks of a locally managed file's header (space-management bitmap).
pub(super) fn header_blocks(profile: &crate::instance::version::VersionProfile, block_size: u64) -> u64 {
    let mut v = profile.name.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
    let (major, minor) = (v.next().unwrap_or(0), v.next().unwrap_or(0));
    let bytes = if (major, minor) >= (11, 2) { 1 << 20 } else { 64 << 10 };
    bytes / block_size.max(1)
}

/// The sizes (blocks) of a segment's extents in order under system
/// allocation: 16 of 64 KB, 63 of 1 MB, 120 of 8 MB, then 64 MB.
fn extents(block_size: u64) -> impl Iterator<Item = u64> {
    storage::assm::extent_sizes(block_size)
}

/// Blocks allocated to a segment of `blocks` blocks (whole extents).
pub(super) fn allocated(blocks: u64, block_size: u64) -> u64 {
    let mut total = 0;
    for e in extents(block_size) {
        if total >= blocks {
            break;
        }
        total += e;
    }
    total
}

/// Extents of a segment of `allocated` blocks (a sum of whole extents).
pub(super) fn extent_count(allocated: u64, block_size: u64) -> u64 {
    let mut total = 0;
    extents(block_size)
        .take_while(|e| {
            let more = total < allocated;
            total += e;
            more
        })
        .count() as u64
}

impl Run<'_> {
    /// A heap row must fit in one block. Oracle chains a longer row's
    /// pieces over several blocks (each fetch of it a `table fetch
    /// continued row`, `ANALYZE`'s CHAIN_CNT); the lab places a row in one
    /// block only, so such a row is refused (LAB-00001) rather than
    /// counted as one block's gets. `size`: the row's bytes (storage::row_size).
    pub(super) fn check_row_fits_block(&self, tid: TableId, size: u32, pos: Pos) -> Result<(), LabError> {
        let TableStorage::Heap { heap, .. } = &self.inst.cat.tables[tid].storage else { return Ok(()) };
        if size + storage::ROW_DIRECTORY > heap.block_size.saturating_sub(heap.overhead()) {
            return Err(LabError::unsupported("a row longer than a block (a chained row over several blocks)", pos));
        }
        Ok(())
    }

    /// Refuse rows that would grow table `tid` past its tablespace's file.
    pub(super) fn check_tablespace_space(
        &self,
        tid: TableId,
        rows: &crate::catalog::RowStore,
        pos: Pos,
    ) -> Result<(), LabError> {
        let t = &self.inst.cat.tables[tid];
        let Some(ts_name) = &t.tablespace else { return Ok(()) };
        if self.inst.io.tablespace(ts_name).is_none() {
            return Ok(());
        }
        let TableStorage::Heap { heap, seg } = &t.storage else { return Ok(()) };
        let bs = heap.block_size as u64;
        // The blocks the table will have: the rows appended as HeapSegment
        // does, into its formatted empty last blocks before new ones.
        let limit = heap.insert_limit();
        let mut spare = heap.spare_blocks();
        let current = heap.used.len() - spare as usize;
        let mut last = current.checked_sub(1).map(|i| heap.used[i]);
        let mut last_rows = current.checked_sub(1).map_or(0, |i| heap.rows_in_block[i]);
        let mut blocks = heap.data_blocks() as u64;
        for r in rows {
            let need = r.row_size() + storage::ROW_DIRECTORY;
            match last {
                Some(l) if l + need <= limit || last_rows == 0 => {
                    last = Some(l + need);
                    last_rows += 1;
                }
                _ => {
                    last = Some(need);
                    last_rows = 1;
                    if spare > 0 {
                        spare -= 1;
                    } else {
                        blocks += 1;
                    }
                }
            }
        }
        // The blocks below the HWM, the ASSM bitmap blocks and header too.
        let hwm = |d: u64| storage::assm::hwm_blocks(d, bs);
        let before = if seg.is_some() { allocated(hwm(heap.data_blocks() as u64), bs) } else { 0 };
        self.check_extents(tid, before, hwm(blocks), pos)
    }

    /// After an UPDATE of table `tid`, which had `before` blocks: rows that
    /// grew (or migrated) into new blocks must fit in its tablespace's file
    /// as an INSERT's must (ORA-01653; the caller rolls the statement back).
    pub(super) fn check_grown_table(&self, tid: TableId, before: u64, pos: Pos) -> Result<(), LabError> {
        let t = &self.inst.cat.tables[tid];
        let TableStorage::Heap { heap, .. } = &t.storage else { return Ok(()) };
        if t.tablespace.is_none() || before == 0 {
            return Ok(());
        }
        let bs = heap.block_size as u64;
        self.check_extents(tid, allocated(before, bs), self.inst.cat.segment_blocks(t), pos)
    }

    /// Table `tid`'s tablespace: the blocks its other segments hold, the
    /// blocks its file holds for segments, and the block size.
    fn room(&self, tid: TableId) -> Option<(u64, u64, u64)> {
        let t = &self.inst.cat.tables[tid];
        let name = t.tablespace.as_deref()?;
        let ts = self.inst.io.tablespaces.iter().position(|x| x.name.eq_ignore_ascii_case(name))?;
        let TableStorage::Heap { heap, .. } = &t.storage else { return None };
        let bs = heap.block_size as u64;
        Some((self.held_by_others(ts, Some(tid), None, bs), self.capacity(ts, bs), bs))
    }

    /// Blocks of tablespace `ts`'s file that hold segments (the file less
    /// its header).
    fn capacity(&self, ts: usize, bs: u64) -> u64 {
        (self.inst.io.tablespaces[ts].bytes / bs).saturating_sub(header_blocks(&self.inst.profile, bs))
    }

    /// Blocks tablespace `ts` (an index in the I/O layer's list) gives the
    /// segments other than table `table`'s and index `index`'s: the heap
    /// tables placed there with TABLESPACE, and the indexes (IOTs too)
    /// whose segments are there, each in whole extents.
    fn held_by_others(&self, ts: usize, table: Option<TableId>, index: Option<usize>, bs: u64) -> u64 {
        let name = &self.inst.io.tablespaces[ts].name;
        let cat = &self.inst.cat;
        let tables: u64 = cat
            .tables
            .iter()
            .filter(|o| Some(o.id) != table && !o.dropped)
            .filter(|o| o.tablespace.as_deref().is_some_and(|n| n.eq_ignore_ascii_case(name)))
            .filter(|o| matches!(o.storage, TableStorage::Heap { seg: Some(_), .. }))
            .map(|o| allocated(cat.segment_blocks(o), bs))
            .sum();
        let indexes: u64 = cat
            .indexes
            .iter()
            .filter(|i| Some(i.id) != index && !i.dropped)
            .filter(|i| self.inst.io.extents.tablespace_of(i.seg) == Some(ts))
            .map(|i| allocated(i.btree.blocks() as u64, bs))
            .sum();
        tables + indexes
    }

    /// After an INSERT into its table: index `iid`, of `before` blocks, must
    /// fit in the tablespace it was created in with TABLESPACE (ORA-01654;
    /// the caller rolls the statement back).
    fn check_index_space(&self, iid: usize, before: u64, pos: Pos) -> Result<(), LabError> {
        let ix = &self.inst.cat.indexes[iid];
        let Some(ts) = self.inst.io.extents.sized_tablespace_of(ix.seg) else { return Ok(()) };
        let bs = self.inst.params.current.db_block_size as u64;
        let (others, capacity) = (self.held_by_others(ts, None, Some(iid), bs), self.capacity(ts, bs));
        let before = if before == 0 { 0 } else { allocated(before, bs) };
        match first_extent_short(before, ix.btree.blocks() as u64, others, capacity, bs) {
            None => Ok(()),
            Some(0) => Err(LabError::with_args(ora::UNABLE_TO_CREATE_INITIAL_EXTENT, &[&self.ts_name(ts)], pos)),
            Some(ext) => Err(LabError::with_args(
                ora::UNABLE_TO_EXTEND_INDEX,
                &[&format_args!("{}.{}", self.inst.cat.schema, ix.name), &ext, &self.ts_name(ts)],
                pos,
            )),
        }
    }

    /// Table `tid`'s indexes placed with TABLESPACE (the ones checked) and
    /// their blocks now; empty (no allocation) when it has none.
    pub(super) fn index_blocks(&self, tid: TableId) -> Vec<(usize, u64)> {
        let cat = &self.inst.cat;
        let ext = &self.inst.io.extents;
        cat.tables[tid]
            .indexes
            .iter()
            .filter(|&&i| ext.sized_tablespace_of(cat.indexes[i].seg).is_some())
            .map(|&i| (i, cat.indexes[i].btree.blocks() as u64))
            .collect()
    }

    /// After a change to a table: each of its indexes, of the blocks
    /// [`Self::index_blocks`] gave before, must fit in its tablespace
    /// (ORA-01654).
    pub(super) fn check_grown_indexes(&self, before: &[(usize, u64)], pos: Pos) -> Result<(), LabError> {
        before.iter().try_for_each(|&(i, b)| self.check_index_space(i, b, pos))
    }

    fn ts_name(&self, ts: usize) -> &str {
        &self.inst.io.tablespaces[ts].name
    }

    /// After a statement on table `tid` (of `before` segment blocks) failed
    /// for want of space and was rolled back: the extents it allocated stay
    /// (Oracle allocates them in recursive transactions), those it could
    /// not allocate do not. The blocks past the last extent that fits,
    /// empty again, leave the segment: it keeps the data blocks its
    /// extents hold, less their ASSM bitmap blocks and header (a SYS
    /// table's MANUAL segment: the header only).
    pub(super) fn trim_to_tablespace(&mut self, tid: TableId, before: u64) {
        let Some((others, capacity, bs)) = self.room(tid) else { return };
        let mut fit = 0;
        for ext in extents(bs) {
            if others + fit + ext > capacity {
                break;
            }
            fit += ext;
        }
        let extents_kept = allocated(before, bs).max(fit);
        let t = &mut self.inst.cat.tables[tid];
        let keep = if t.sys { extents_kept.saturating_sub(1) } else { storage::assm::data_blocks_in(extents_kept, bs) }
            as usize;
        let TableStorage::Heap { heap, .. } = &mut t.storage else { return };
        heap.keep_formatted(keep);
    }

    /// An INSERT into heap table `tid` failed for want of space (ORA-01653)
    /// before the lab placed its rows: Oracle had placed them until the
    /// extent that did not fit, so the segment (created now if deferred)
    /// keeps the extents that fit, their data blocks formatted and empty
    /// below the mark (its rows rolled back); later inserts fill them.
    pub(super) fn keep_failed_insert_extents(&mut self, tid: TableId) {
        let t = &self.inst.cat.tables[tid];
        if t.part.is_some() || t.temp.is_some() || !matches!(t.storage, TableStorage::Heap { .. }) {
            return;
        }
        if matches!(t.storage, TableStorage::Heap { seg: None, .. }) {
            let name = t.name.clone();
            self.create_deferred_segment(tid, &name);
        }
        let before = self.inst.cat.segment_blocks(&self.inst.cat.tables[tid]);
        self.trim_to_tablespace(tid, before);
    }

    /// Table `tid`'s segment, `before` blocks allocated, grows to `need`
    /// blocks: the extents it adds, in order, must fit beside the other
    /// segments of its tablespace; the first that does not fails.
    fn check_extents(&self, tid: TableId, before: u64, need: u64, pos: Pos) -> Result<(), LabError> {
        if need <= before {
            return Ok(());
        }
        let Some((others, capacity, bs)) = self.room(tid) else { return Ok(()) };
        let t = &self.inst.cat.tables[tid];
        let ts = t.tablespace.as_deref().and_then(|n| self.inst.io.tablespace(n)).map_or("", |x| x.name.as_str());
        match first_extent_short(before, need, others, capacity, bs) {
            None => Ok(()),
            Some(0) => Err(LabError::with_args(ora::UNABLE_TO_CREATE_INITIAL_EXTENT, &[&ts], pos)),
            Some(ext) => Err(LabError::with_args(
                ora::UNABLE_TO_EXTEND_TABLE,
                &[&format_args!("{}.{}", self.inst.cat.schema, t.name), &ext, &ts],
                pos,
            )),
        }
    }
}

/// A segment of `before` blocks allocated grows to `need` blocks beside
/// `others` in a file of `capacity` blocks: the extents it adds, in order;
/// the size of the first that does not fit (0: its first extent), if one
/// does not.
fn first_extent_short(before: u64, need: u64, others: u64, capacity: u64, bs: u64) -> Option<u64> {
    let mut total = 0;
    for ext in extents(bs) {
        if total >= need {
            return None;
        }
        if total >= before && others + total + ext > capacity {
            return Some(if total == 0 { 0 } else { ext });
        }
        total += ext;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn system_allocated_extents() {
        assert_eq!(allocated(0, 8192), 0);
        assert_eq!(allocated(1, 8192), 8);
        assert_eq!(allocated(128, 8192), 128);
        assert_eq!(allocated(129, 8192), 256);
        assert_eq!(allocated(1200, 8192), 1152 + 128);
    }
}
