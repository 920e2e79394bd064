//! The transaction table: each open transaction's undo records, savepoints,
//! undo segment slot and the rows and blocks it holds (`Instance::txns`,
//! by session). The session's change code (`session/txn.rs`) writes it;
//! ROLLBACK and consistent reads (`session/cr.rs`) read it back.

use crate::catalog::TableId;
use crate::storage::RowLoc;
use crate::value::Value;

/// What undoes one change.
#[derive(Debug, Clone)]
pub enum Undo {
    /// The row was inserted: rolled back, its slot dies.
    Insert { table: TableId, row: u32 },
    /// The rows `from..to` were inserted by one statement: one record in
    /// the list (a million-row load holds one, not a million), read as
    /// one [`Undo::Insert`] per row wherever records are applied or
    /// counted (see [`expand`]).
    Inserts { table: TableId, from: u32, to: u32 },
    /// The row was deleted: rolled back, it returns to its slot.
    Delete { table: TableId, row: u32, slot: u16 },
    /// The row's values (and, when it moved, its place) before the change.
    Update { table: TableId, row: u32, old: Box<[Value]>, old_loc: RowLoc, old_body: Option<u32> },
    /// An index's leaves were filled differently after the change (a
    /// non-ascending insert: 50/50 splits).
    IndexFill { table: TableId, index: crate::catalog::IndexId, state: (f64, bool) },
}

impl Undo {
    pub(crate) fn row(&self) -> Option<u32> {
        match self {
            Undo::Insert { row, .. } | Undo::Delete { row, .. } | Undo::Update { row, .. } => Some(*row),
            Undo::IndexFill { .. } | Undo::Inserts { .. } => None,
        }
    }

    pub(crate) fn table(&self) -> TableId {
        match self {
            Undo::Insert { table, .. }
            | Undo::Inserts { table, .. }
            | Undo::Delete { table, .. }
            | Undo::Update { table, .. }
            | Undo::IndexFill { table, .. } => *table,
        }
    }
}

/// Undo records one per row change, as Oracle writes them: a range of
/// inserted rows is that many [`Undo::Insert`] records, in row order.
pub(crate) fn expand(rec: Undo) -> impl Iterator<Item = Undo> {
    let (one, range) = match rec {
        Undo::Inserts { table, from, to } => (None, Some((table, from..to))),
        other => (Some(other), None),
    };
    one.into_iter().chain(range.into_iter().flat_map(|(table, rows)| rows.map(move |row| Undo::Insert { table, row })))
}

/// A session's open transaction.
#[derive(Debug, Clone, Default)]
pub struct Transaction {
    pub undo: Vec<Undo>,
    /// Savepoints: name and the number of undo records when it was set.
    pub savepoints: Vec<(String, usize)>,
    /// Each savepoint's index in `savepoints`: setting one is O(1), not a
    /// scan of all (100,000 distinct savepoints took 100 s).
    pub savepoint_index: crate::fasthash::FxMap<String, usize>,
    /// Whether the transaction has taken its slot in an undo segment header.
    pub started: bool,
    /// Bytes used in the current undo block.
    pub undo_block_used: u64,
    /// Undo blocks the transaction has written.
    pub undo_blocks: u64,
    /// The rows it locked and the blocks it marked active, released at its
    /// end (so a commit costs its own changes, not the size of the maps).
    pub locked: Vec<(TableId, u32)>,
    pub active_blocks: Vec<(u32, u32)>,
    /// The data and index blocks it changed, each once, in the order of
    /// their first change: the blocks its commit cleans out (at most a
    /// tenth of the cache), the rest cleaned by their next reader.
    pub changed_blocks: Vec<(u32, u32)>,
    pub changed_seen: crate::fasthash::FxSet<(u32, u32)>,
    /// Old-value boxes of an ended transaction's update records, kept for
    /// the next ones (a single-row update allocates nothing).
    pub spare_rows: Vec<Box<[crate::value::Value]>>,
    /// In-memory undo and the private redo strand (`session/imu.rs`): Some
    /// while the transaction keeps its redo and undo private, until its
    /// commit or a flush.
    pub imu: Option<Imu>,
    /// A recursive transaction ran inside this one (a deferred segment's
    /// creation): it writes public redo to its end.
    pub imu_barred: bool,
}

impl Transaction {
    /// A change to a data or index block (its first one goes on the
    /// list): whether it is the transaction's first change to the block.
    pub fn note_changed(&mut self, key: (u32, u32)) -> bool {
        let first = self.changed_seen.insert(key);
        if first {
            self.changed_blocks.push(key);
        }
        first
    }

    /// Commit cleanout: the blocks the transaction changed, in the order of
    /// their first change, up to a tenth of the buffer cache, get the
    /// commit SCN in their ITL when they are still cached, without redo.
    /// The others keep the transaction in their ITL until their next get
    /// cleans them out (`Kernel::delayed_cleanout`). Nominally a tenth of
    /// the cache (Jonathan Lewis, "Clean it up", 2009; Tom Kyte, Expert
    /// Oracle Database Architecture, "Block Cleanout"). Returns the blocks
    /// tried (`commit cleanouts`) and cleaned (`commit cleanouts
    /// successfully completed`; the rest are `commit cleanout failures:
    /// block lost`, no longer cached).
    pub fn commit_cleanout(&self, cache: &mut crate::sga::cache::BufferCache) -> (u64, u64) {
        let limit = ((cache.default_buffers + cache.keep_buffers) / 10) as usize;
        let (mut tried, mut done) = (0u64, 0u64);
        for (i, &(seg, block)) in self.changed_blocks.iter().enumerate() {
            if i < limit {
                tried += 1;
                if cache.is_cached(seg, block) {
                    done += 1;
                    // The commit SCN goes into the ITL; the rows' lock
                    // bytes stay for the block's next change to clear.
                    cache.holds.leave_lock_bytes((seg, block));
                    continue;
                }
            }
            cache.holds.leave_uncleaned((seg, block));
        }
        (tried, done)
    }
}

/// What an IMU transaction holds back from the public log buffer until it
/// flushes (`session/imu.rs`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Imu {
    /// Redo change vectors in the private strand (the 5.2 and the data
    /// and index blocks' vectors), bytes.
    pub redo: u64,
    /// Undo change vectors in the IMU pool, bytes (`undo change vector
    /// size` at the flush).
    pub undo: u64,
    /// The pool's bytes allocated (`IMU undo allocation size`): each undo
    /// record and its node.
    pub alloc: u64,
}
