//! ITL slots (issue 32). A transaction's first change to a heap block
//! takes one of the block's ITL slots (the table's INITRANS, two at
//! least: `storage/heap.rs`). When the open transactions of other sessions
//! hold every slot, the block grows another from its free space (24
//! bytes, PCTFREE's reserve included, for good: Oracle never gives a slot
//! back); with no room, Oracle's session waits on `enq: TX - allocate ITL
//! entry` (TX in mode 4) until one of them ends. The lab runs one
//! statement at a time, so that statement is refused (LAB-00038), as a
//! locked row is (LAB-00036).
//!
//! *Simplified:* an INSERT takes its slot in the block it fills without
//! this check (Oracle's ASSM sends concurrent inserters to different
//! blocks, which the lab does not model); index leaves keep their two
//! slots (a leaf short of one splits in Oracle: not modelled).

use super::*;
use crate::catalog::TableStorage;

impl Run<'_> {
    /// The transaction's ITL slot in the block of row `r` of `table`:
    /// held already, free, or grown; LAB-00038 when none can be had.
    pub(super) fn take_itl(&mut self, table: TableId, r: u32, pos: Pos) -> Result<(), LabError> {
        let sid = self.s.sid;
        // No other session's transaction is open: every slot is free (the
        // common case, checked once a row).
        if self.inst.txns.keys().all(|s| *s == sid) {
            return Ok(());
        }
        let Some(key) = super::txn::row_block(&self.inst.cat, table, r) else { return Ok(()) };
        if self.inst.txns.get(&sid).is_some_and(|t| t.changed_seen.contains(&key)) {
            return Ok(());
        }
        let mut holders: Vec<u32> = (self.inst.txns.iter())
            .filter(|(s, t)| **s != sid && t.changed_seen.contains(&key))
            .map(|(s, _)| *s)
            .collect();
        let t = &mut self.inst.cat.tables[table];
        // A partition's blocks keep their two slots (partitions are not laid
        // out with INITRANS: refused above 2).
        let TableStorage::Heap { heap, .. } = &mut t.storage else { return Ok(()) };
        if t.part.is_some() {
            return Ok(());
        }
        if (holders.len() as u32) < heap.block_itls(key.1) || heap.grow_itl(key.1) {
            return Ok(());
        }
        holders.sort_unstable();
        let sids = holders.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        Err(LabError::with_args(ora::LAB_ITL_WAIT, &[&key.1, &format_args!("LAB.{}", t.name), &sids], pos))
    }
}

/// An index's INITRANS: each leaf formatted with n ITL slots (two at
/// least), 24 bytes each past two taken from its entries' space.
/// CREATE INDEX and ALTER INDEX ... REBUILD lay the leaves out with them.
impl Run<'_> {
    /// CREATE INDEX's options applied once the index is built: visibility,
    /// and INITRANS above 2 (the leaves laid out again with the slots).
    pub(super) fn index_options(&mut self, iid: usize, c: &lio_sql::ast::CreateIndex) {
        self.inst.cat.indexes[iid].visible = !c.invisible;
        let itls = c.physical.initrans.map_or(1, |(n, _)| n).max(crate::storage::DEFAULT_ITLS);
        let ix = &mut self.inst.cat.indexes[iid];
        if itls == ix.btree.itls {
            return;
        }
        ix.btree.itls = itls;
        let t = &self.inst.cat.tables[ix.table];
        let (holds_rows, unique) = (ix.btree.holds_rows, ix.btree.unique);
        let _ = ix.btree.rebuild(|key, r| {
            crate::storage::BTree::leaf_entry_size(holds_rows, unique, key, &t.rows.row(r as usize).to_vec())
        });
        ix.btree.set_rowid_blocks(&t.loc);
    }

    /// ALTER INDEX ... REBUILD INITRANS n: the rebuilt leaves get n slots;
    /// a partitioned index's are refused above 2 (LAB-00001 at n).
    pub(super) fn rebuild_initrans(&mut self, iid: usize, a: &lio_sql::ast::AlterIndex) -> Result<(), LabError> {
        let Some((n, at)) = a.physical.initrans else { return Ok(()) };
        let ix = &mut self.inst.cat.indexes[iid];
        if n > crate::storage::DEFAULT_ITLS && (ix.part.is_some() || ix.btree.bitmap) {
            return Err(LabError::unsupported(format!("INITRANS {n} for a partitioned or bitmap index"), at));
        }
        ix.btree.itls = n.max(crate::storage::DEFAULT_ITLS);
        Ok(())
    }
}
