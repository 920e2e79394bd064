//! Block layout: the sizes of Oracle's block and row formats, and where a
//! row is (its block and slot).

use crate::value::Value;

/// Block layout constants (bytes). Chosen from Oracle's block dump
/// structure: cache header (20) + transaction header (24) + 2 ITL slots
/// (2 x 24) + data header (14) + table directory (4) + tail (4).
pub const DATA_BLOCK_OVERHEAD: u32 = 114;
/// An ITL slot (transaction id, undo address, flags, lock count, SCN):
/// `v$type_size`'s TRANSACTION VARIABLE HEADER, 24 bytes.
pub const ITL_ENTRY: u32 = 24;
/// ITL slots a table block gets at least (INITRANS 1 still formats two).
pub const DEFAULT_ITLS: u32 = 2;
/// ITL slots a block may have (MAXTRANS, fixed at 255 from 10g).
pub const MAX_ITLS: u32 = 255;
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
/// A prefix-compressed leaf block (`COMPRESS n`) adds to its header the
/// prefix table's row and column counts (kdxlepnro, kdxlepnco).
pub const COMPRESSED_LEAF_HEADER: u32 = 4;
/// Each prefix entry of a compressed leaf: its flag and lock bytes (as an
/// entry), its row directory slot and its count of rows (prc); the prefix
/// columns come on top. Rows refer to the prefix before them (psno is not
/// stored). Fitted to Richard Foote's leaf block dumps (10g and 12c): with
/// one prefix the row directory starts 44 bytes after the header's start
/// (36 uncompressed) beyond its 2 bytes a row; a prefix entry of an 8-byte
/// column is `len=11` (2 + 1 + 8), a row of a 3-byte number and a rowid
/// `len=13` (2 + 4 + 7).
pub const PREFIX_ENTRY_OVERHEAD: u32 = 6;
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
