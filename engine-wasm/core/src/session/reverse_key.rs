//! Reverse key indexes (`CREATE INDEX ... REVERSE`, `ALTER INDEX ...
//! REBUILD REVERSE | NOREVERSE`): the index built again from its table's
//! rows with each key column's bytes reversed (or back), packed to
//! 1 - PCTFREE as any build. Inserts then arrive in the reversed order:
//! a sequence's keys land all over the index, leaves split 50-50 and fill
//! to ln 2 (`BTree::leaf_fill`), where the plain index's ascending keys
//! split 90-10 and fill their leaves.

use super::*;
use crate::storage::{BTree, SizedEntry};

impl Run<'_> {
    /// Make index `iid` a reverse key index (`reverse`) or a plain one,
    /// rebuilding it; nothing to do for a plain index staying plain.
    pub(super) fn set_reverse(&mut self, iid: usize, reverse: bool, pos: Pos) -> Result<(), LabError> {
        let ix = &self.inst.cat.indexes[iid];
        if !reverse && !ix.reverse {
            return Ok(());
        }
        if ix.btree.holds_rows {
            return Err(LabError::unsupported("reverse key index-organized tables", pos));
        }
        let bs = self.inst.params.current.db_block_size;
        let (unique, pctfree, prefix) = (ix.unique, ix.btree.pctfree, ix.btree.prefix_cols);
        let mut bt = BTree::new(bs, pctfree, unique, false);
        bt.prefix_cols = prefix;
        bt.reverse = reverse;
        self.inst.cat.indexes[iid].reverse = reverse;
        let ix = &self.inst.cat.indexes[iid];
        let t = &self.inst.cat.tables[ix.table];
        let entries = t.rows.iter().enumerate().map(|(r, row)| -> SizedEntry {
            let key = ix.key_of_row(row);
            let size = if reverse {
                BTree::reversed_entry_size(unique, &key)
            } else {
                BTree::leaf_entry_size(false, unique, &key, &[])
            };
            ((key.into(), r as u32), size)
        });
        if bt.build_from(entries).is_err() {
            return Err(LabError::new(ora::DUPLICATE_KEYS_FOUND, pos));
        }
        self.check_memory(bt.held_bytes())?;
        bt.set_rowid_blocks(&t.loc);
        let seg = ix.seg;
        for b in 0..bt.blocks() {
            self.format_block(seg, b);
        }
        self.inst.cat.indexes[iid].btree = bt;
        Ok(())
    }
}
