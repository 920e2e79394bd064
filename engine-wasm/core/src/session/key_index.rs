//! The index a primary key or unique constraint creates (CREATE TABLE,
//! ALTER TABLE ... ADD CONSTRAINT).

use super::compress::key_leaf;
use super::*;
use crate::catalog::IndexKind;

impl Run<'_> {
    /// The index enforcing a new key on `cols`: unique, or for a
    /// DEFERRABLE key non-unique with its key columns kept unique
    /// (`BTree::key_cols`), as Oracle's; its `USING INDEX` buffer pool
    /// (else `pool`), fill and tablespace.
    pub(super) fn key_index(
        &mut self,
        tid: TableId,
        name: &str,
        cols: &[usize],
        deferrable: bool,
        pool: PoolKind,
        using: &Physical,
    ) -> Result<usize, LabError> {
        let ipool = if using.buffer_pool.is_some() { pool_of(using) } else { pool };
        let leaf = key_leaf(using, cols.len())?;
        let iid = self.add_index(tid, name, cols.to_vec(), (!deferrable, IndexKind::BTree), ipool, leaf)?;
        if deferrable {
            self.inst.cat.indexes[iid].btree.key_cols = cols.len() as u16;
        }
        self.place(self.inst.cat.indexes[iid].seg, using);
        Ok(iid)
    }
}
