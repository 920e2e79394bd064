//! Array inserts: the rows one INSERT execution adds (INSERT ... SELECT,
//! a JDBC/OCI batch of bind rows) go into each block as arrays, one redo
//! record per block and array rather than one per row (docs/MODEL.md, "The
//! write path").
//!
//! Oracle writes an array insert into a table block as one change vector
//! (op 11.11, QMI "insert row array": the rows, each with its 2-byte entry
//! in the vector's row table) whose undo is one record (op 11.12, QMD
//! "delete row array": the block address and the rows' slots), in one redo
//! record with one current get and two block changes. An array holds at
//! most 255 rows (Jonathan Lewis, "Quiz night", 2014:
//! https://jonathanlewis.wordpress.com/2014/11/07/quiz-night-27/); one that
//! reaches a block boundary continues in the next block as another record.
//! The entries the rows add to an index leaf go the same way (the array's
//! entries for one leaf in one record). Hemant Chitale's 1,000-row insert
//! into a table with a unique index: 52 redo entries as an array insert,
//! 2,043 row at a time (https://hemantoracledba.blogspot.com/2015/01/
//! inserting-into-table-with-potentially.html).
//!
//! Oracle falls back to a row at a time (11.2 IRP per row, and an index
//! entry per row) when the table's potential row length, the sum of its
//! columns' maximum lengths, exceeds a block's space (Nikolay Savvinov,
//! 2014, Oracle Support's answer: "if the estimated column size exceeds the
//! size of the block, then Oracle switches to row-by-row processing",
//! https://savvinov.com/2014/12/). UPDATE and DELETE change the table a
//! row at a time here: each row is its own 11.5 URP or 11.3 DRP with its
//! undo record (11.12 QMD appears only as the undo of an array insert,
//! Julian Dyke, http://juliandyke.com/Internals/Redo/Redo11.php; Oracle's
//! array update, 11.19, groups rows by a rule not found yet: docs/MODEL.md).
//!
//! Deferred index maintenance: an UPDATE or DELETE driven by an index range
//! or full scan changes the table's rows first and keeps each index entry
//! it must delete or insert; at the statement's end the entries are sorted
//! by index and key and applied a leaf block at a time, one redo record
//! and one undo record per leaf (Jonathan Lewis, "Massive Deletes", part
//! 3, 2016: "Oracle sorts all the data that it has accumulated by index,
//! by key, and uses bulk updates ... one undo record and one redo change
//! vector per block updated (rather than one per row updated)";
//! Alexander Anokhin, "Deferred index maintenance", which names the paths:
//! INDEX RANGE SCAN and INDEX FULL SCAN, not a tablescan or an index fast
//! full scan, where each row's entries follow the row).

use super::txn::{ChangeSize, ChangeStacks, ROW_ADDRESS_BYTES};
use super::Run;
use crate::catalog::{Table, TableStorage};
use crate::exec::row_source::OpKind;
use crate::storage::ROW_HEADER;
use lio_sql::ast::DataType;
use std::collections::BTreeMap;

/// The most rows Oracle inserts as one array.
pub const ARRAY_INSERT_MAX_ROWS: u32 = 255;
/// Bytes per row in an array change vector's row table (the row's offset
/// in the QMI vector; its slot in the QMD undo).
pub const ARRAY_ROW_ENTRY_BYTES: u64 = 2;

/// The rows (or index entries) of one array going into one block.
#[derive(Debug, Clone, Copy)]
pub(super) struct ArrayRun {
    chunk: u32,
    seg: u32,
    block: u32,
    rows: u64,
    bytes: u64,
}

impl ArrayRun {
    /// The QMI change vector's payload and its QMD undo record's.
    pub(super) fn size(&self) -> ChangeSize {
        ChangeSize::payload(
            self.bytes + ARRAY_ROW_ENTRY_BYTES * self.rows,
            ROW_ADDRESS_BYTES + ARRAY_ROW_ENTRY_BYTES * self.rows,
        )
    }
}

/// The open run of each target of an array insert: the table (0) and its
/// indexes (1..).
#[derive(Debug, Default)]
pub(super) struct ArrayRuns {
    open: Vec<Option<ArrayRun>>,
}

impl ArrayRuns {
    fn new(targets: usize) -> Self {
        ArrayRuns { open: vec![None; targets] }
    }

    /// A row (or entry) of `bytes` for `block` of `seg` from array `chunk`
    /// into target `i`: the run it ends, when it starts a new one.
    pub(super) fn add(&mut self, i: usize, chunk: u32, seg: u32, block: u32, bytes: u64) -> Option<ArrayRun> {
        let slot = &mut self.open[i];
        match slot {
            Some(r) if r.chunk == chunk && r.seg == seg && r.block == block => {
                r.rows += 1;
                r.bytes += bytes;
                None
            }
            _ => slot.replace(ArrayRun { chunk, seg, block, rows: 1, bytes }),
        }
    }

    /// The runs still open at the statement's end, table first.
    pub(super) fn finish(self) -> impl Iterator<Item = ArrayRun> {
        self.open.into_iter().flatten()
    }
}

/// The potential length of a row of `t`: its header and each column at its
/// maximum length with its length bytes (a NUMBER 22 bytes, a DATE 7, a
/// VARCHAR2(n CHAR) up to 4n bytes in AL32UTF8, at most 4,000).
pub(super) fn potential_row_length(t: &Table) -> u64 {
    let col = |d: &DataType| -> u64 {
        let max = match *d {
            DataType::Number { .. } => 22,
            DataType::Date => 7,
            DataType::Varchar2 { len, char_semantics } => {
                let n = u64::from(len);
                if char_semantics {
                    (n * 4).min(4000)
                } else {
                    n
                }
            }
            DataType::Char { len } => u64::from(len),
        };
        max + if max > 250 { 3 } else { 1 }
    };
    u64::from(ROW_HEADER) + t.columns.iter().map(|c| col(&c.data_type)).sum::<u64>()
}

impl Run<'_> {
    /// How an INSERT of `added` rows into `table` is written: as arrays
    /// (the open runs of the table and its `indexes`), or a row at a time
    /// (one row, a table whose potential row length exceeds its block's
    /// space, or a hash cluster or index-organized table, whose rows the
    /// lab places a row at a time).
    pub(super) fn array_runs(&self, table: usize, added: usize, indexes: usize) -> Option<ArrayRuns> {
        let t = &self.inst.cat.tables[table];
        // A partitioned table's rows go to its partitions' segments.
        let TableStorage::Heap { seg, heap } = &t.storage else { return None };
        if seg.is_none() && t.part.is_none() {
            return None;
        }
        let space = u64::from(heap.block_size.saturating_sub(heap.overhead()));
        (added > 1 && potential_row_length(t) <= space).then(|| ArrayRuns::new(1 + indexes))
    }

    /// Count one array run: a current get and change of its block, one
    /// undo record (QMD) and one redo record.
    pub(super) fn count_array_change(&mut self, run: ArrayRun, st: &ChangeStacks) {
        self.imu_public();
        self.count_change(run.size(), st, Some((run.seg, run.block)));
    }
}

/// Whether a DML statement's rows come through an index range or full scan
/// (under the table access by rowid and filters that read the rows), whose
/// index maintenance Oracle defers to the statement's end.
pub(super) fn index_driven(k: &OpKind) -> bool {
    match k {
        OpKind::IndexRange { .. } => true,
        OpKind::ByRowid { child, .. } | OpKind::Filter { child, .. } | OpKind::BitmapCount(child) => {
            index_driven(&child.kind)
        }
        _ => false,
    }
}

/// The index entries a DML statement driven by an index range or full scan
/// deletes and inserts, by segment, deletes before inserts, and leaf
/// block: how many, and their bytes.
#[derive(Debug, Default)]
pub(super) struct DeferredLeaves {
    runs: BTreeMap<(u32, bool, u32), (u64, u64)>,
}

impl DeferredLeaves {
    /// An entry of `bytes` deleted from (or, `insert`, put into) `leaf` of
    /// index segment `seg`.
    pub(super) fn add(&mut self, seg: u32, leaf: u32, insert: bool, bytes: u64) {
        let e = self.runs.entry((seg, insert, leaf)).or_insert((0, 0));
        e.0 += 1;
        e.1 += bytes;
    }
}

impl Run<'_> {
    /// Deferred index maintenance at a statement's end: each leaf's
    /// entries one change (a current get, one undo record, one redo
    /// record); a leaf with one entry as a single-row leaf change.
    pub(super) fn count_deferred_leaves(&mut self, d: DeferredLeaves, st: &ChangeStacks) {
        let layout = self.layout();
        if !d.runs.is_empty() {
            self.imu_public();
        }
        for ((seg, insert, leaf), (n, bytes)) in d.runs {
            let (redo, undo) = match (insert, n) {
                (false, 1) => layout.leaf_delete(bytes),
                (true, 1) => layout.leaf_insert(bytes),
                (false, _) => layout.leaf_delete_array(n, bytes),
                (true, _) => layout.leaf_insert_array(n, bytes),
            };
            self.count_change(ChangeSize { redo, undo }, st, Some((seg, leaf)));
        }
    }
}
