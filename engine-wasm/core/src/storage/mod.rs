//! Segments and blocks: how rows and index entries are laid out in 8 KB
//! blocks. Sizes follow Oracle's formats closely enough that block counts,
//! B-tree heights and cluster chains come out of the data, not a table.
pub mod assm;
mod block;
mod btree;
mod hash_cluster;
mod heap;
mod key;
#[cfg(test)]
mod tests;

pub use block::{
    row_size, RowLoc, BRANCH_CHILD_DBA, COMPRESSED_LEAF_HEADER, DATA_BLOCK_OVERHEAD, DEAD_SLOT, DEFAULT_ITLS,
    INDEX_BLOCK_OVERHEAD, INDEX_ENTRY_HEADER, INDEX_ROWID, ITL_ENTRY, MAX_ITLS, MIGRATED, MIGRATED_HEAD_BYTES,
    NO_BLOCK, PREFIX_ENTRY_OVERHEAD, RANDOM_INSERT_LEAF_FILL, ROW_DIRECTORY, ROW_HEADER, SEGMENT_HEADER_BLOCK,
};
pub use btree::{BTree, Piece, SplitWork, Splits};
pub use hash_cluster::{next_prime, HashCluster};
pub use heap::HeapSegment;
pub use key::{cmp_keys, reversed_key, Key, SizedEntry};

use crate::value::Value;
use std::cmp::Ordering;
