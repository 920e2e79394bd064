//! Segments and blocks: how rows and index entries are laid out in 8 KB
//! blocks. Sizes follow Oracle's formats closely enough that block counts,
//! B-tree heights and cluster chains come out of the data, not a table.

use crate::value::Value;
use std::cmp::Ordering;

/// Block layout constants (bytes). Chosen from Oracle's block dump
/// structure: cache header (20) + transaction header (24) + 2 ITL slots
/// (2 x 24) + data header (14) + table directory (4) + tail (4).
pub const DATA_BLOCK_OVERHEAD: u32 = 114;
/// Index block: cache header + transaction header + 2 ITLs + kdxco/kdxle
/// header (~32) + tail.
pub const INDEX_BLOCK_OVERHEAD: u32 = 128;
/// Row directory entry per row.
pub const ROW_DIRECTORY: u32 = 2;
/// Row header: flag, lock byte, column count.
pub const ROW_HEADER: u32 = 3;
/// Index entry header: flag and lock bytes.
pub const INDEX_ENTRY_HEADER: u32 = 2;
/// A rowid in an index entry: 6 bytes plus its length byte.
pub const INDEX_ROWID: u32 = 7;
/// A branch entry's child block address.
pub const BRANCH_CHILD_DBA: u32 = 4;
/// Average leaf fill after random-order inserts (50/50 leaf splits): ln 2
/// (Yao's result for B-trees under random insertion).
pub const RANDOM_INSERT_LEAF_FILL: f64 = std::f64::consts::LN_2;

/// Size of a row in a heap block (excluding its row directory entry).
pub fn row_size(row: &[Value]) -> u32 {
    ROW_HEADER + row.iter().map(|v| v.column_len() as u32).sum::<u32>()
}

/// No block recorded for a rowid.
pub const NO_BLOCK: u32 = u32::MAX;

/// An index entry (key, table row) with its size in bytes.
pub type SizedEntry = ((Key, u32), u32);

/// An index entry's key. A one-column key (most indexes) is held inline,
/// as big as the value itself: no allocation per entry (a million-entry
/// index held a million boxed one-value keys, 32 bytes each on the heap
/// besides the pointer to them). A longer key is boxed.
#[derive(Debug, Clone, PartialEq)]
pub enum Key {
    One(Value),
    Many(Box<[Value]>),
}

impl std::ops::Deref for Key {
    type Target = [Value];
    #[inline(always)]
    fn deref(&self) -> &[Value] {
        match self {
            Key::One(v) => std::slice::from_ref(v),
            Key::Many(b) => b,
        }
    }
}

impl From<Box<[Value]>> for Key {
    fn from(b: Box<[Value]>) -> Key {
        if b.len() == 1 {
            Key::One(b.into_vec().pop().expect("one value"))
        } else {
            Key::Many(b)
        }
    }
}

impl From<&Key> for Box<[Value]> {
    fn from(k: &Key) -> Box<[Value]> {
        k.to_vec().into_boxed_slice()
    }
}

impl FromIterator<Value> for Key {
    fn from_iter<I: IntoIterator<Item = Value>>(it: I) -> Key {
        let mut it = it.into_iter();
        match (it.next(), it.next()) {
            (Some(a), None) => Key::One(a),
            (None, _) => Key::Many(Box::new([])),
            (Some(a), Some(b)) => Key::Many([a, b].into_iter().chain(it).collect()),
        }
    }
}

/// Block ids are segment-relative; block 0 is the segment header.
pub const SEGMENT_HEADER_BLOCK: u32 = 0;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RowLoc {
    pub block: u32,
    pub slot: u16,
}

/// The slot of a row that was deleted (or whose insert was rolled back):
/// scans skip it; no index entry or cluster bucket points to it.
pub const DEAD_SLOT: u16 = u16::MAX;
/// Slot flag: the row was migrated; its head stays in `block`, its body
/// lives in another block (a fetch by rowid reads both).
pub const MIGRATED: u16 = 0x8000;
/// A migrated row's head: the forwarding address left in the old block.
pub const MIGRATED_HEAD_BYTES: u32 = 9;

impl RowLoc {
    #[inline(always)]
    pub fn is_dead(self) -> bool {
        self.slot == DEAD_SLOT
    }
    #[inline(always)]
    pub fn is_migrated(self) -> bool {
        self.slot != DEAD_SLOT && self.slot & MIGRATED != 0
    }
}

/// Compare two keys column by column.
pub fn cmp_keys(a: &[Value], b: &[Value]) -> Ordering {
    for (x, y) in a.iter().zip(b.iter()) {
        let o = x.cmp_sql(y);
        if o != Ordering::Equal {
            return o;
        }
    }
    a.len().cmp(&b.len())
}

mod btree;
mod hash_cluster;
mod heap;
#[cfg(test)]
mod tests;

pub use btree::BTree;
pub use hash_cluster::{next_prime, HashCluster};
pub use heap::HeapSegment;
