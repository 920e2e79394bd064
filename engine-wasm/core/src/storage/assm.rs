//! An ASSM segment's own blocks: where the bitmap blocks and the segment
//! header sit among a heap segment's blocks, and so how many blocks are
//! below its high water mark (issue 32).
//!
//! Oracle's automatic segment space management keeps a three-level bitmap
//! of the blocks' free space. The first extent starts with a level-1
//! bitmap block (L1), the level-2 one (L2) and the segment header (which
//! holds the level-3 map and the high water mark), so the header is the
//! third block and data start at the fourth: DBA_SEGMENTS' HEADER_BLOCK is
//! the first extent's BLOCK_ID + 2 (Oracle forums, "segment header",
//! 2012: first extent at block 296, header 298; a Chinese 11.2 page on
//! ZLM1: "header_block is always 2 more than block_id"). Each L1 maps a
//! run of blocks and sits at the start of the extent holding the run's
//! first block: with 64 KB extents an L1 maps 16 blocks, so every other
//! extent starts with one (the same forum trace's full scan reads the
//! header, then 5 blocks, 8, skips block 312, the third extent's L1, and
//! reads 7 and 8). An L1 maps more blocks as the segment grows (the
//! lab's reading of Oracle's ASSM notes: 16 blocks below 1 MB, 64 below
//! 32 MB, 256 below 1 GB, 1,024 beyond).
//!
//! The high water mark counts every block below it, the bitmap blocks and
//! the header included: USER_TABLES.BLOCKS plus EMPTY_BLOCKS is the
//! segment's size (heiqu.com's 11.2 TEST01: 28 + 4 = 32 blocks; ZLM1: 1,101
//! + 51 = 1,152, DBMS_SPACE.UNUSED_SPACE's unused blocks 51).
//!
//! Not modelled: the high water mark moving several blocks at a time
//! (blocks below it not yet formatted, the low and high HWM), more than
//! one L2, and uniform extents.

/// The sizes (blocks) of a segment's extents in order under system
/// allocation (AUTOALLOCATE): 16 of 64 KB, 63 of 1 MB, 120 of 8 MB, then
/// 64 MB each.
pub fn extent_sizes(block_size: u64) -> impl Iterator<Item = u64> {
    let kb = (block_size / 1024).max(1);
    [(16u64, 64u64), (63, 1024), (120, 8192), (u64::MAX, 65536)]
        .into_iter()
        .flat_map(move |(count, size_kb)| std::iter::repeat_n((size_kb / kb).max(1), count as usize))
}

/// Blocks one L1 bitmap block maps in a segment of `bytes` bytes so far.
fn l1_span(bytes: u64) -> u64 {
    const MB: u64 = 1 << 20;
    match bytes {
        b if b < MB => 16,
        b if b < 32 * MB => 64,
        b if b < 1024 * MB => 256,
        _ => 1024,
    }
}

/// The bitmap and header blocks at the start of the extent of `len`
/// blocks beginning at segment block `start`: an L1 for each run of
/// blocks that starts in it, and in the first extent the L2 and the
/// segment header as well.
pub fn meta_blocks(start: u64, len: u64, block_size: u64) -> u64 {
    let span = l1_span(start * block_size);
    let l1 = (start + len).div_ceil(span) - start.div_ceil(span);
    l1 + if start == 0 { 2 } else { 0 }
}

/// Blocks of a new segment before its first data block: L1, L2, header.
pub const FIRST_DATA_BLOCK: u64 = 3;

/// The segment blocks below the high water mark of an ASSM segment whose
/// first `data` data blocks are in use: up to and including the last of
/// them, with the bitmap blocks and the header among them (3 for an
/// empty segment).
pub fn hwm_blocks(data: u64, block_size: u64) -> u64 {
    let (mut start, mut left) = (0u64, data);
    for len in extent_sizes(block_size) {
        let meta = meta_blocks(start, len, block_size).min(len);
        let room = len - meta;
        if left <= room {
            return start + meta + left;
        }
        left -= room;
        start += len;
    }
    start
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_extent_holds_l1_l2_and_header_then_five_data_blocks() {
        assert_eq!(hwm_blocks(0, 8192), 3);
        assert_eq!(hwm_blocks(1, 8192), 4);
        assert_eq!(hwm_blocks(5, 8192), 8);
        // The second extent has no L1 (the first maps 16 blocks).
        assert_eq!(hwm_blocks(6, 8192), 9);
        assert_eq!(hwm_blocks(13, 8192), 16);
        // The third starts with the L1 of blocks 16-31.
        assert_eq!(hwm_blocks(14, 8192), 18);
        // The forum's four extents: 32 blocks, 28 data blocks.
        assert_eq!(hwm_blocks(28, 8192), 32);
        assert_eq!(hwm_blocks(29, 8192), 34);
    }

    #[test]
    fn a_one_mb_extent_starts_with_two_l1s() {
        // 128 blocks of 64 KB extents: 3 + 7 more L1s, 118 data blocks.
        assert_eq!(hwm_blocks(118, 8192), 128);
        assert_eq!(hwm_blocks(119, 8192), 131);
        assert_eq!(meta_blocks(128, 128, 8192), 2);
    }
}
