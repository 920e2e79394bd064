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
        let Some(key) = super::txn::row_block(&self.inst.cat, table, r) else { return Ok(()) };
        let sid = self.s.sid;
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
