//! Bitmap indexes in the session: what CREATE BITMAP INDEX may ask for,
//! and the bitmap pieces DML locks. Oracle locks the piece a changed
//! row's key lives in (the old key's and the new key's), so a second
//! session changing another row covered by the same piece waits on `enq:
//! TX - row lock contention` (TX in mode 4, as MOS's "Waits due to rows
//! being covered by the same BITMAP index fragment" example shows). The
//! lab keeps a lock a piece: the index, the key and the table blocks the
//! piece spans (pieces are laid out again after every change, so a piece
//! is known by its key and blocks); another session's change whose piece
//! overlaps one is not run (LAB-00037), as a locked row is not (LAB-00036).
//!
//! *Assumption:* the piece a change touches is the key's piece spanning
//! the row's block, else the last one starting before it (the piece a new
//! bit extends), else the key's first; a key no piece holds yet is a new
//! piece of the row's block alone.

use super::*;
use crate::catalog::IndexKind;
use crate::instance::row_locks::PieceLock;

/// Bytes a piece lock holds (its key counted as two values).
const PIECE_LOCK_BYTES: u64 = 96;

impl Run<'_> {
    /// The table has a live bitmap index.
    fn has_bitmap(&self, table: TableId) -> bool {
        let cat = &self.inst.cat;
        cat.tables[table].indexes.iter().any(|&i| !cat.indexes[i].dropped && cat.indexes[i].kind == IndexKind::Bitmap)
    }

    /// The pieces a change of row `r` of `table` from `old` (None: an
    /// insert) to `new` (None: a delete) touches, added to `out` unless
    /// there already; LAB-00037 when another session holds one.
    fn pieces_of_change(
        &self,
        table: TableId,
        r: u32,
        (old, new): (Option<&[Value]>, Option<&[Value]>),
        pos: Pos,
        out: &mut Vec<PieceLock>,
    ) -> Result<(), LabError> {
        let cat = &self.inst.cat;
        let t = &cat.tables[table];
        let Some(block) = t.loc.get(r as usize).map(|l| l.block) else { return Ok(()) };
        for &i in &t.indexes {
            let ix = &cat.indexes[i];
            if ix.dropped || ix.kind != IndexKind::Bitmap {
                continue;
            }
            if let (Some(o), Some(n)) = (old, new) {
                if ix.columns.iter().all(|&c| o[c].cmp_sql(&n[c]) == std::cmp::Ordering::Equal || o[c] == n[c]) {
                    continue;
                }
            }
            for row in [old, new].into_iter().flatten() {
                let key = ix.key_of(row);
                let blocks = ix.btree.piece_blocks(&key, block).unwrap_or((block, block));
                if let Some(sid) = self.inst.row_locks.piece_holder(i, &key, blocks, self.s.sid) {
                    return Err(LabError::with_args(
                        ora::LAB_BITMAP_PIECE_LOCKED,
                        &[&format_args!("LAB.{}", ix.name), &sid],
                        pos,
                    ));
                }
                let lock = PieceLock { index: i, key, blocks, sid: self.s.sid, fresh: true };
                // A load's rows fall in few pieces: the last ones taken are
                // looked at, not all.
                if !out.iter().rev().take(16).any(|l| *l == lock) {
                    out.push(lock);
                }
            }
        }
        Ok(())
    }

    /// Lock the pieces an UPDATE of row `r` from `old` to `new` touches
    /// (none unless a bitmap index's key changes); LAB-00037 when another
    /// session holds one. Released when the statement fails or the
    /// transaction ends.
    pub(super) fn lock_update_pieces(
        &mut self,
        table: TableId,
        r: u32,
        old: &[Value],
        new: &[Value],
        pos: Pos,
    ) -> Result<(), LabError> {
        if !self.has_bitmap(table) {
            return Ok(());
        }
        let mut out = Vec::new();
        self.pieces_of_change(table, r, (Some(old), Some(new)), pos, &mut out)?;
        self.inst.row_locks.lock_pieces(out);
        Ok(())
    }

    /// Lock the pieces a DELETE of row `r` touches (its keys' pieces).
    pub(super) fn lock_delete_pieces(&mut self, table: TableId, r: u32, pos: Pos) -> Result<(), LabError> {
        if !self.has_bitmap(table) {
            return Ok(());
        }
        let old = self.inst.cat.tables[table].rows.row(r as usize).to_vec();
        let mut out = Vec::new();
        self.pieces_of_change(table, r, (Some(&old), None), pos, &mut out)?;
        self.inst.row_locks.lock_pieces(out);
        Ok(())
    }

    /// The pieces inserted rows `from..to` of `table` touch (checked
    /// against the pieces before the insert; held against the memory
    /// budget), to lock with [`Self::lock_pieces`] once the insert stands.
    pub(super) fn inserted_pieces(
        &self,
        table: TableId,
        from: u32,
        to: u32,
        pos: Pos,
    ) -> Result<Vec<PieceLock>, LabError> {
        let mut out = Vec::new();
        if !self.has_bitmap(table) {
            return Ok(out);
        }
        let mut row = Vec::new();
        for r in from..to {
            self.inst.cat.tables[table].rows.row(r as usize).decode_into(&mut row);
            self.pieces_of_change(table, r, (None, Some(&row)), pos, &mut out)?;
            if out.len() % 1024 == 1023 {
                self.check_memory(out.len() as u64 * PIECE_LOCK_BYTES)?;
            }
        }
        Ok(out)
    }

    /// Lock `pieces` for the transaction (an INSERT's, which stands).
    pub(super) fn lock_pieces(&mut self, pieces: Vec<PieceLock>) {
        self.inst.row_locks.lock_pieces(pieces.into_iter().map(|l| PieceLock { fresh: false, ..l }));
    }
}

/// The kind CREATE INDEX builds. A bitmap index cannot be compressed
/// (Julian Dyke, "Bitmap Index Internals", 2005): COMPRESS is refused.
pub(super) fn index_kind(c: &lio_sql::ast::CreateIndex) -> Result<crate::catalog::IndexKind, LabError> {
    if !c.bitmap {
        return Ok(crate::catalog::IndexKind::BTree);
    }
    if let (Some(true), Some(at)) = (c.physical.compress, c.physical.compress_at) {
        return Err(LabError::unsupported("a compressed bitmap index (COMPRESS)", at));
    }
    Ok(crate::catalog::IndexKind::Bitmap)
}
