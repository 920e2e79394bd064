//! UPDATE and DELETE of a partitioned table's rows: the index entries a
//! row's change touches (each index's, or the index partition holding the
//! row), and an UPDATE of the partition key that moves a row to another
//! partition. Without ROW MOVEMENT that is ORA-14402; with it the row is
//! deleted from its partition and inserted into the new one, as Oracle
//! does it: a new ROWID (a new row number here), a delete's undo and redo
//! and one for each index entry, then an insert's.

use super::array_dml::DeferredLeaves;
use super::txn::{kill_row, ChangeSize, Undo};
use super::types::ChangeStacks;
use super::*;
use std::collections::HashSet;

/// A row an UPDATE moves: its row number and its new values.
pub(super) type Moved = (u32, Box<[Value]>);

impl Run<'_> {
    /// Delete row `r` of `tid` in current mode (it is live and locked by
    /// no other session): its undo and redo, and each index entry's
    /// (deferred to the statement's end through an index scan). Returns
    /// the row's values.
    pub(super) fn delete_row(
        &mut self,
        tid: TableId,
        r: u32,
        st: &ChangeStacks,
        deferred: Option<&mut DeferredLeaves>,
    ) -> Box<[Value]> {
        let t = &self.inst.cat.tables[tid];
        let row: Box<[Value]> = t.rows.row(r as usize).to_vec().into();
        let layout = self.layout();
        let (redo, undo) = layout.delete_row(&row);
        let size = ChangeSize { redo, undo };
        let entries = self.index_entries(tid, r, &row);
        let at = super::txn::row_block(&self.inst.cat, tid, r).filter(|_| !t.is_iot());
        let slot = kill_row(&mut self.inst.cat, tid, r);
        self.txn().undo.push(Undo::Delete { table: tid, row: r, slot });
        self.mark_active(tid, r);
        self.inst.sga.memopt.invalidate(tid, r);
        self.count_change(size, st, at);
        match deferred {
            Some(d) => entries.into_iter().for_each(|(seg, leaf, bytes)| d.add(seg, leaf, false, bytes)),
            None => {
                for (seg, leaf, bytes) in entries {
                    let (redo, undo) = layout.leaf_delete(bytes);
                    self.count_change(ChangeSize { redo, undo }, st, Some((seg, leaf)));
                }
            }
        }
        row
    }

    /// Row `r`'s entries (values `row`): for each of the table's indexes,
    /// the segment, leaf and bytes of its entry in the index or in the
    /// index partition holding it (none in an UNUSABLE partition, which
    /// DML skips).
    pub(super) fn index_entries(&self, tid: TableId, r: u32, row: &[Value]) -> Vec<(u32, u32, u64)> {
        let cat = &self.inst.cat;
        let t = &cat.tables[tid];
        t.indexes
            .iter()
            .filter_map(|&iid| cat.dml_index(iid, t, r, row))
            .map(|i| {
                let ix = &cat.indexes[i];
                let key = ix.key_of(row);
                (ix.seg, ix.btree.leaf_for(&key, r), ix.btree.entry_size(&key, row) as u64)
            })
            .collect()
    }

    /// Whether an UPDATE giving row `r` of partitioned table `tid` the
    /// values `new` moves it to another partition: ORA-14400 for a key no
    /// partition takes, ORA-14402 when the table does not ENABLE ROW
    /// MOVEMENT.
    pub(super) fn moves_partition(&self, tid: TableId, r: u32, new: &[Value], pos: Pos) -> Result<bool, LabError> {
        let t = &self.inst.cat.tables[tid];
        let Some(pt) = t.part.as_deref() else { return Ok(false) };
        let key = &new[pt.key];
        if pt.top().route(key).is_none() && pt.top().interval_seq(key).is_some() {
            // An interval whose partition does not exist yet: another partition.
            if !t.load.row_movement {
                return Err(LabError::new(ora::PARTITION_KEY_UPDATE_MOVES_ROW, pos));
            }
            let what = "an UPDATE moving a row to an interval partition not yet made";
            return Err(LabError::with(ora::LAB_UNSUPPORTED, what, pos));
        }
        let to = pt.route_row(|c| new[c].clone()).ok_or_else(|| LabError::new(ora::PARTITION_KEY_NO_PARTITION, pos))?;
        if pt.row_part.get(r as usize).is_none_or(|&p| p as usize == to) {
            return Ok(false);
        }
        if !t.load.row_movement {
            return Err(LabError::new(ora::PARTITION_KEY_UPDATE_MOVES_ROW, pos));
        }
        Ok(true)
    }

    /// The rows an UPDATE moves: each deleted from its partition (its
    /// entries out of every index), then inserted into its new one as a
    /// new row (a new ROWID), one insert each as Oracle's row movement
    /// does them.
    pub(super) fn move_rows(
        &mut self,
        tid: TableId,
        moved: Vec<Moved>,
        st: &ChangeStacks,
        pos: Pos,
    ) -> Result<(), LabError> {
        if moved.is_empty() {
            return Ok(());
        }
        let mut gone = HashSet::with_capacity(moved.len());
        for &(r, _) in &moved {
            self.delete_row(tid, r, st, None);
            gone.insert(r);
        }
        self.reindex(tid, &gone, false)?;
        let width = self.inst.cat.tables[tid].columns.len();
        for (_, new) in moved {
            let mut rows = crate::catalog::RowStore::new(width);
            rows.push(new);
            self.insert_rows(tid, rows, pos)?;
            self.check_work()?;
        }
        Ok(())
    }
}
