//! Direct-path INSERT: `insert /*+ append */ into t select ...` and, from
//! 11.2, `insert /*+ append_values */ into t values (...)`.
//!
//! The rows go into new blocks above the high water mark (the free space
//! below it is not reused), formatted by the session itself and written
//! to the datafile with `direct path write` (`physical writes direct`),
//! not through the buffer cache: a query afterwards reads them from disk.
//! The load writes no undo and no redo for its rows, only for the space it
//! takes: the lab database runs in NOARCHIVELOG mode, where a direct-path
//! load is not logged whatever the table's LOGGING attribute (in
//! ARCHIVELOG mode a LOGGING table's loaded blocks would be logged whole;
//! the lab has no ARCHIVELOG mode). The indexes are maintained as by a
//! conventional insert (with their undo and redo). Until the transaction
//! ends, the session that loaded the table may not read or change it
//! again (ORA-12838); a rollback lowers the high water mark again.
//!
//! Oracle ignores the hint (a conventional insert) for an index-organized
//! or clustered table, and the lab does the same.
//!
//! The space redo, per range of [`BLOCKS_PER_WRITE`] blocks the load
//! formats: one redo record with the ASSM level-1 bitmap block's change
//! (the range marked full) and its undo; at the end one record for the
//! segment header's high water mark and its undo. Their fields are sized
//! as the lab's other change vectors are (session/redo_layout.rs).

use super::*;
use crate::catalog::TableStorage;
use crate::io::{BlockDevice, IoKind, IoPurpose, IoRequest};

/// Blocks a direct-path load formats and writes at a time: the range of
/// one level-1 bitmap block of a small ASSM segment.
const BLOCKS_PER_WRITE: u32 = 16;

/// A bitmap block's change: the range's first block address and count,
/// and its new state, each field 16 bytes after alignment.
const BITMAP_FIELDS: [u64; 2] = [16, 16];

/// The undo of a space change: ktudb (20), ktubu (24), the old state (16).
const SPACE_UNDO_FIELDS: [u64; 3] = [20, 24, 16];

impl Run<'_> {
    /// Whether INSERT `i` into table `tid` runs by direct path.
    pub(super) fn direct_path(&self, i: &Insert, tid: TableId) -> bool {
        let hinted = |name: &str| i.hints.iter().any(|h| matches!(h, Hint::Other(n) if n.eq_ignore_ascii_case(name)));
        let wanted = match i.source {
            InsertSource::Query(_) => hinted("APPEND"),
            InsertSource::Values(_) => self.inst.profile.append_values && hinted("APPEND_VALUES"),
        };
        wanted && !hinted("NOAPPEND") && matches!(self.inst.cat.tables[tid].storage, TableStorage::Heap { .. })
    }

    /// ORA-12838 when this session's open transaction loaded one of
    /// `tables` by direct path.
    pub(super) fn check_direct_loaded(&self, tables: &[TableId], pos: Pos) -> Result<(), LabError> {
        let me = Some(self.s.sid);
        if tables.iter().any(|&t| self.inst.cat.tables[t].load.direct_loader == me) {
            return Err(LabError::new(ora::READ_AFTER_DIRECT_LOAD, pos));
        }
        Ok(())
    }

    /// After a direct-path load into table `tid` whose heap had `before`
    /// data blocks: its new blocks written to disk, the space redo, and
    /// the table held by this session's transaction.
    pub(super) fn direct_write(&mut self, tid: TableId, before: u32, parts_before: &[usize]) {
        let t = &self.inst.cat.tables[tid];
        let segs: Vec<(u32, u32, u32)> = match (&t.part, t.heap_seg(), &t.storage) {
            (Some(p), _, _) => p
                .parts
                .iter()
                .zip(parts_before)
                .filter_map(|(q, &b)| Some((q.seg?, b as u32, q.heap.data_blocks())))
                .filter(|&(_, b, a)| a > b)
                .collect(),
            (None, Some(seg), TableStorage::Heap { heap, .. }) => vec![(seg, before, heap.data_blocks())],
            _ => return,
        };
        for (seg, before, after) in segs {
            self.direct_write_segment(seg, before, after);
        }
        self.inst.cat.tables[tid].load.direct_loader = Some(self.s.sid);
    }

    /// A direct-path load's new blocks `before + 1..=after` of segment
    /// `seg` written to disk, with the space redo.
    fn direct_write_segment(&mut self, seg: u32, before: u32, after: u32) {
        let bs = self.inst.params.current.db_block_size;
        let stack = self.s.cost.stack("oracle;opitsk;opiodr;opiexe;insexe;kdblLoad;kcblwr;direct path write");
        let layout = self.layout();
        let bitmap = layout.vector(BITMAP_FIELDS) + layout.vector(SPACE_UNDO_FIELDS);
        let mut block = before + 1;
        while block <= after {
            let n = BLOCKS_PER_WRITE.min(after + 1 - block);
            let now = self.s.cost.now;
            let req = IoRequest::at(IoKind::Write, seg, block, n, bs, IoPurpose::Data);
            let done = self.inst.io.submit(&req, now);
            let us = done.since(now).max(0.0);
            self.s.stats.calls.note_wait(crate::stats::WaitEvent::DirectPathWrite, us);
            self.s.cost.charge_wait(stack, us, crate::stats::WaitEvent::DirectPathWrite as u8);
            let w = &mut self.s.stats.workarea;
            w.load_blocks_written += n as u64;
            w.load_write_requests += 1;
            self.space_change(bitmap);
            block += n;
        }
        // The segment header: the high water mark moved.
        if after > before {
            self.space_change(layout.vector(BITMAP_FIELDS) + layout.vector(SPACE_UNDO_FIELDS));
        }
    }

    /// One space-management change: a current get and change of the space
    /// block and of the undo block, one redo record.
    fn space_change(&mut self, vectors: u64) {
        // The transaction's first change: its slot's 5.2 vector rides here.
        let slot = self.begin_change();
        // A direct-path load writes public redo: an IMU transaction flushes.
        self.imu_flush();
        let undo = self.layout().vector(SPACE_UNDO_FIELDS);
        let c = &mut self.s.stats.calls;
        c.db_block_gets += 1;
        c.db_block_changes += 2;
        c.redo_entries += 1;
        c.undo_change_vector_size += undo;
        self.gen_redo(super::txn::REDO_RECORD_HEADER + slot + vectors);
    }
}
