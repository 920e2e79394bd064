//! ALTER TABLE ... EXCHANGE PARTITION p WITH TABLE t: the partition's
//! segment and the table's trade places (DATA_OBJECT_IDs and blocks: no
//! row is copied, each keeps its block and slot), as Oracle documents it:
//! - `t` must be a heap table that is neither partitioned nor clustered
//!   (ORA-14095), with as many columns (ORA-14096) of the same types and
//!   sizes (ORA-14097). `WITH VALIDATION` (the default) checks that each
//!   of its rows maps to the partition (ORA-14099); `WITHOUT VALIDATION`
//!   takes them as they are (a row that does not belong is then where
//!   pruning does not look, as in Oracle).
//! - `INCLUDING INDEXES`: each local index partition trades with the
//!   matching index of `t` (same columns, uniqueness; one for one, else
//!   ORA-14098), each keeping its entries' keys (the lab builds the two
//!   trees again over their new rows); `EXCLUDING INDEXES` (the default):
//!   the local index partitions and `t`'s indexes are left UNUSABLE.
//! - The table's global indexes lose the partition's rows and gain `t`'s
//!   with `UPDATE [GLOBAL] INDEXES`; without, they are UNUSABLE when
//!   either side held rows.

use super::*;
use crate::catalog::{RowStore, TableStorage};
use lio_sql::ast::{IndexUpkeep, Reorganize};
use std::collections::HashSet;

impl Run<'_> {
    pub(super) fn exchange_partition(&mut self, tid: TableId, r: &Reorganize) -> Result<(), LabError> {
        let Reorganize::Exchange { name, table, including, validation, update } = r else { return Ok(()) };
        let i = {
            let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked");
            pt.position(&name.name).ok_or_else(|| LabError::new(ora::PARTITION_DOES_NOT_EXIST, name.pos))?
        };
        let other = self
            .inst
            .cat
            .table_id(&table.name)
            .ok_or_else(|| LabError::new(ora::TABLE_OR_VIEW_DOES_NOT_EXIST, table.pos))?;
        let o = &self.inst.cat.tables[other];
        let heap = matches!(o.storage, TableStorage::Heap { .. });
        if other == tid || o.part.is_some() || !heap || o.temp.is_some() {
            return Err(LabError::new(ora::EXCHANGE_TABLE_KIND, table.pos));
        }
        self.exchange_columns(tid, other, table.pos)?;
        let pairs = if *including { self.exchange_index_pairs(tid, other, table.pos)? } else { Vec::new() };
        let t = &self.inst.cat.tables[tid];
        let pt = t.part.as_deref().expect("checked");
        let o = &self.inst.cat.tables[other];
        let theirs: Vec<u32> = (0..o.loc.len() as u32).filter(|&r| !o.loc[r as usize].is_dead()).collect();
        if *validation && theirs.iter().any(|&r| pt.route(&o.rows.value(r as usize, pt.key)) != Some(i)) {
            return Err(LabError::new(ora::EXCHANGE_ROWS_DO_NOT_QUALIFY, table.pos));
        }
        let ours: Vec<u32> = (0..t.loc.len() as u32)
            .filter(|&r| !t.loc[r as usize].is_dead() && pt.row_part.get(r as usize).is_some_and(|&q| q as usize == i))
            .collect();
        let any_rows = !ours.is_empty() || !theirs.is_empty();
        let changed = self.trade_rows(tid, other, i, (&ours, &theirs));
        // The table's usable indexes (global ones, and the partition's
        // local ones) lose the partition's rows and take the new ones.
        let undo_len = self.txn().undo.len();
        self.reindex(tid, &changed, false)?;
        self.txn().undo.truncate(undo_len);
        let t = &self.inst.cat.tables[tid];
        let pt = t.part.as_deref().expect("checked");
        let in_part: Vec<bool> =
            (0..t.loc.len()).map(|r| pt.row_part.get(r).is_some_and(|&q| q as usize == i)).collect();
        for iid in self.inst.cat.tables[tid].indexes.clone() {
            let ps = self.inst.cat.indexes[iid].parts().cloned();
            match ps {
                Some(ps) if ps.local => {
                    let pair = pairs.iter().find(|(l, _)| *l == iid).map(|&(_, x)| x);
                    let usable = pair.is_some_and(|x| !self.inst.cat.indexes[x].unusable);
                    self.refill_index(ps.children[i], &|r| in_part[r], usable)?;
                }
                Some(ps) if *update == IndexUpkeep::None && any_rows => {
                    ps.children.iter().for_each(|&c| self.inst.cat.indexes[c].unusable = true);
                }
                Some(_) => {}
                None if *update == IndexUpkeep::None && any_rows => self.inst.cat.indexes[iid].unusable = true,
                None => {}
            }
        }
        // The exchanged table's indexes, over its new rows: USABLE when
        // traded with a local index partition, else UNUSABLE.
        for iid in self.inst.cat.tables[other].indexes.clone() {
            let usable = pairs.iter().any(|&(_, x)| x == iid);
            self.refill_index(iid, &|_| true, usable)?;
        }
        self.invalidate_table(other);
        Ok(())
    }

    /// The two tables' columns: as many (ORA-14096), of the same types and
    /// sizes (ORA-14097); `other` not in use by another transaction.
    pub(super) fn exchange_columns(&self, tid: TableId, other: TableId, pos: Pos) -> Result<(), LabError> {
        let (t, o) = (&self.inst.cat.tables[tid], &self.inst.cat.tables[other]);
        if t.columns.len() != o.columns.len() {
            return Err(LabError::new(ora::EXCHANGE_COLUMN_COUNT, pos));
        }
        if t.columns.iter().zip(&o.columns).any(|(a, b)| !same_type(a, b)) {
            return Err(LabError::new(ora::EXCHANGE_COLUMN_MISMATCH, pos));
        }
        self.check_not_busy(other, pos)
    }

    /// INCLUDING INDEXES: each local index of `tid` and the index of
    /// `other` it trades with (ORA-14098 unless they pair one for one).
    fn exchange_index_pairs(&self, tid: TableId, other: TableId, pos: Pos) -> Result<Vec<(usize, usize)>, LabError> {
        let cat = &self.inst.cat;
        let locals: Vec<usize> = cat.tables[tid]
            .indexes
            .iter()
            .copied()
            .filter(|&x| cat.indexes[x].parts().is_some_and(|p| p.local))
            .collect();
        let theirs: Vec<usize> =
            cat.tables[other].indexes.iter().copied().filter(|&x| !cat.indexes[x].dropped).collect();
        let mut pairs = Vec::new();
        for &l in &locals {
            let (a, taken) = (&cat.indexes[l], |x: usize| pairs.iter().any(|&(_, y)| y == x));
            let m = theirs.iter().copied().find(|&x| {
                let b = &cat.indexes[x];
                !taken(x) && b.columns == a.columns && b.unique == a.unique && b.kind == a.kind
            });
            match m {
                Some(x) => pairs.push((l, x)),
                None => return Err(LabError::new(ora::EXCHANGE_INDEX_MISMATCH, pos)),
            }
        }
        if pairs.len() != theirs.len() {
            return Err(LabError::new(ora::EXCHANGE_INDEX_MISMATCH, pos));
        }
        Ok(pairs)
    }

    /// The rows trade places: partition `i`'s (`ours`) become `other`'s
    /// only rows, `other`'s (`theirs`) join `tid` in partition `i`, each at
    /// its block and slot; the two segments and DATA_OBJECT_IDs trade.
    /// Returns the rows of `tid` that changed (the partition's, now gone,
    /// and the new ones).
    fn trade_rows(&mut self, tid: TableId, other: TableId, i: usize, (ours, theirs): (&[u32], &[u32])) -> HashSet<u32> {
        let leaving = self.take_out(tid, ours);
        let mut changed: HashSet<u32> = ours.iter().copied().collect();
        let first = self.take_in(tid, other, theirs, &mut |_| i as u16);
        changed.extend(first..first + theirs.len() as u32);
        let cat = &mut self.inst.cat;
        let their_id = {
            let o = &cat.tables[other];
            o.load.data_id.unwrap_or(o.stamp.id)
        };
        let (mut seg, mut heap) = match &mut cat.tables[other].storage {
            TableStorage::Heap { seg, heap } => {
                let empty = heap.emptied();
                (seg.take(), std::mem::replace(heap, empty))
            }
            _ => unreachable!("checked: a heap table"),
        };
        let p = &mut cat.tables[tid].part.as_mut().expect("checked").parts[i];
        let our_id = p.data_object_id();
        std::mem::swap(&mut p.seg, &mut seg);
        std::mem::swap(&mut p.heap, &mut heap);
        p.data_id = Some(their_id);
        let o = &mut cat.tables[other];
        o.storage = TableStorage::Heap { seg, heap };
        o.load.data_id = Some(our_id);
        leaving.replace_rows_of(o);
        changed
    }

    /// Rows `ours` of table `tid` leave it (dead where they were), kept
    /// with their places for the table they go to.
    pub(super) fn take_out(&mut self, tid: TableId, ours: &[u32]) -> Leaving {
        let t = &mut self.inst.cat.tables[tid];
        let mut out = Leaving { rows: RowStore::new(t.columns.len()), loc: Vec::new(), migrated: Vec::new(), bytes: 0 };
        for (k, &r) in ours.iter().enumerate() {
            out.rows.push_slice(&t.rows.row(r as usize).to_vec());
            out.loc.push(t.loc[r as usize]);
            if let Some(&m) = t.migrated.get(&r) {
                out.migrated.push((k as u32, m));
            }
            out.bytes += t.rows.row(r as usize).row_size() as u64;
            t.loc[r as usize].slot = crate::storage::DEAD_SLOT;
            t.migrated.remove(&r);
            if let Some(p) = t.part.as_mut() {
                p.row_part[r as usize] = u16::MAX;
            }
        }
        t.dead_rows += ours.len();
        t.stats_memo.forget();
        t.mem_bytes = t.mem_bytes.saturating_sub(out.bytes);
        out
    }

    /// Rows `theirs` of `other` join `tid` at their blocks and slots, each
    /// in the segment `part_of` says (for a partitioned `tid`); returns the
    /// first one's row number.
    pub(super) fn take_in(
        &mut self,
        tid: TableId,
        other: TableId,
        theirs: &[u32],
        part_of: &mut dyn FnMut(u32) -> u16,
    ) -> u32 {
        let cat = &mut self.inst.cat;
        let first = cat.tables[tid].rows.len() as u32;
        let (mut coming, mut coming_loc, mut bytes) = (RowStore::new(cat.tables[tid].columns.len()), Vec::new(), 0u64);
        let mut coming_migrated = Vec::new();
        let o = &cat.tables[other];
        for (k, &r) in theirs.iter().enumerate() {
            coming.push_slice(&o.rows.row(r as usize).to_vec());
            coming_loc.push(o.loc[r as usize]);
            if let Some(&m) = o.migrated.get(&r) {
                coming_migrated.push((first + k as u32, m));
            }
            bytes += o.rows.row(r as usize).row_size() as u64;
        }
        let parts: Vec<u16> = theirs.iter().map(|&r| part_of(r)).collect();
        let t = &mut cat.tables[tid];
        t.rows.append(coming);
        t.loc.extend(coming_loc);
        t.migrated.extend(coming_migrated);
        t.mem_bytes += bytes;
        if let Some(pt) = t.part.as_mut() {
            pt.row_part.extend(parts);
        }
        first
    }

    /// Index (partition) `c`'s tree built again over its table's live
    /// rows that `keep` keeps, USABLE; or emptied and UNUSABLE.
    pub(super) fn refill_index(
        &mut self,
        c: usize,
        keep: &dyn Fn(usize) -> bool,
        usable: bool,
    ) -> Result<(), LabError> {
        let ix = &self.inst.cat.indexes[c];
        let (tid, cols, unique, kind) = (ix.table, ix.columns.clone(), ix.unique, ix.kind);
        let leaf = (ix.btree.pctfree, ix.btree.prefix_cols);
        let t = &self.inst.cat.tables[tid];
        let kept: Vec<bool> = (0..t.loc.len()).map(|r| usable && !t.loc[r].is_dead() && keep(r)).collect();
        let bt = self.index_tree(tid, &cols, (unique, kind), leaf, Some(&|r| kept[r]))?;
        let seg = self.inst.cat.indexes[c].seg;
        self.inst.sga.cache.invalidate_segment(seg);
        for b in 0..bt.blocks() {
            self.format_block(seg, b);
        }
        let ix = &mut self.inst.cat.indexes[c];
        ix.btree.free_entries();
        ix.btree = bt;
        ix.unusable = !usable;
        Ok(())
    }
}

/// Two columns of the same type and size.
pub(super) fn same_type(a: &crate::catalog::Column, b: &crate::catalog::Column) -> bool {
    a.data_type == b.data_type && a.type_text == b.type_text
}

/// Rows taken out of a table ([`Run::take_out`]), with their places.
pub(super) struct Leaving {
    rows: RowStore,
    loc: Vec<crate::storage::RowLoc>,
    migrated: Vec<(u32, u32)>,
    bytes: u64,
}

impl Leaving {
    /// These rows become table `o`'s only ones.
    pub(super) fn replace_rows_of(self, o: &mut crate::catalog::Table) {
        o.rows = self.rows;
        o.loc = self.loc;
        o.migrated.clear();
        o.migrated.extend(self.migrated);
        o.dead_rows = 0;
        o.stats_memo.forget();
        o.mem_bytes = self.bytes;
    }
}
