//! The redo and undo of an index leaf split (docs/MODEL.md, "Leaf splits
//! and deleted leaf rows").
//!
//! Oracle splits a leaf in a recursive transaction of its own, committed at
//! once whatever becomes of the statement that caused it; the 50-50 and
//! the 90-10 split do the same work (Jonathan Lewis, "Index splits", 2018,
//! https://jonathanlewis.wordpress.com/2018/10/29/index-splits/, and
//! "Index Splits - 2": "save the old block into the undo, prepare a new
//! leaf block, 'share' the data between the old and new leaf blocks, sort
//! out pointers"; his test finds the undo and redo of the two "nearly
//! identical"). The vectors are those a redo reader names (Julian Dyke,
//! "Redo Level 10", http://juliandyke.com/Internals/Redo/Redo10.php: 10.8
//! kdxlne "initialize newly allocated leaf block", 10.11 kdxlpr "set
//! pointer to previous leaf block", 10.15 kdxbin "insert branch block
//! row"; OpenLogReplicator's `OpCode0A08` reads 10.8 in its two forms,
//! "init header of newly allocated leaf block" and "init leaf block being
//! split", each with the block's row index and rows). The lab writes, per
//! split:
//!
//! | record | vectors | db block gets | db block changes |
//! |---|---|---|---|
//! | the old leaf saved and rewritten | 5.2 (the recursive transaction's slot), 5.1 (ktudb, ktubl, KTB, kdilk, the leaf's row directory and entries), 10.8 of the leaf being split (the entries it keeps) | 2 (undo header, undo block) | 3 |
//! | the new leaf | 10.8 of a new leaf (the entries moved: none in a 90-10 split) | 1 | 1 |
//! | the branch | 10.15 (the separator and the new leaf's address) and its 5.1 | 1 | 2 |
//! | the right neighbour, when there is one | 10.11 and its 5.1 | 1 | 2 |
//! | the recursive transaction's commit | 5.4 | 1 | 1 |
//!
//! The entry that caused the split then goes in as the statement's own
//! change (a 10.2, or its share of an array's record), as before. Its
//! transaction, if IMU, flushes (`IMU recursive-transaction flush`) and
//! writes public redo from there on. Not published, so not exact: how
//! Oracle groups these vectors into records (the lab: one record each, as
//! above), the saved image's bytes besides the entries and their slots,
//! and the branch row's own header; a root leaf's split (Oracle
//! reinitialises the root as a branch, 10.12) and a branch block's split
//! are written as the leaf split above alone.

use super::txn::REDO_RECORD_HEADER;
use super::Run;
use crate::storage::SplitWork;

impl Run<'_> {
    /// The redo and undo of the leaf splits an index statement caused.
    pub(super) fn count_splits(&mut self, work: Vec<SplitWork>) {
        if work.is_empty() {
            return;
        }
        self.imu_recursive();
        for w in work {
            self.count_split(w);
        }
    }

    fn count_split(&mut self, w: SplitWork) {
        let layout = self.layout();
        let (rows, bytes) = (u64::from(w.old_rows), u64::from(w.old_bytes));
        let (moved, moved_bytes) = (u64::from(w.moved_rows), u64::from(w.moved_bytes));
        let kept = (rows.saturating_sub(moved), bytes.saturating_sub(moved_bytes));
        let (leaf, saved) = layout.split_saved_leaf(rows, bytes, kept.0, kept.1);
        self.split_record(layout.txn_slot() + leaf, saved, 2, 3);
        self.split_record(layout.split_new_leaf(moved, moved_bytes), 0, 1, 1);
        let (branch, branch_undo) = layout.split_branch_row(u64::from(w.sep_bytes));
        self.split_record(branch, branch_undo, 1, 2);
        if w.neighbour {
            let (prev, prev_undo) = layout.split_prev_pointer();
            self.split_record(prev, prev_undo, 1, 2);
        }
        self.split_record(layout.commit(), 0, 1, 1);
    }

    /// One redo record of the split's recursive transaction: its data
    /// vectors (`redo` bytes) and its undo vector (`undo`), with the gets
    /// and block changes it takes.
    fn split_record(&mut self, redo: u64, undo: u64, gets: u64, changes: u64) {
        let c = &mut self.s.stats.calls;
        c.db_block_gets += gets;
        c.db_block_changes += changes;
        c.redo_entries += 1;
        c.undo_change_vector_size += undo;
        let bytes = REDO_RECORD_HEADER + redo + undo;
        self.gen_redo(bytes);
        let us = bytes as f64 * self.inst.cost_params.redo_byte_us;
        let st = self.change_stacks("oracle;opitsk;opiodr;opiexe;insexe;kdisle;kdxisp");
        self.s.cost.charge(st.redo, us);
    }
}
