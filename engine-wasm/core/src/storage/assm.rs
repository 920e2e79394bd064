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
//! The high water mark: while the extents are of 64 KB it covers the
//! whole extent of the last block in use (blocks between the low and the
//! high HWM are not formatted until used, and a full scan skips them); in
//! larger extents it follows the last block in use. The segment's extents
//! hold the blocks below it (USER_SEGMENTS). USER_TABLES.BLOCKS is, in
//! the published cases, the data blocks below it, the bitmap blocks and
//! the header not counted (`blocks_statistic`; the lab's BLOCKS does not
//! use it yet), and ANALYZE's EMPTY_BLOCKS the segment's other blocks: heiqu.com's
//! 11.2 TEST01, 21 blocks in use, is 4 extents of 32 blocks with BLOCKS 28
//! and EMPTY_BLOCKS 4; Dell'Era's four rows (10g) cost a full scan 3, so 4
//! to 7 blocks (5); a cppentry.com page's 1,000 one-row blocks have BLOCKS
//! 1,000 and its full scan the CPU cost of 1,000 blocks, and Randolf
//! Geist's 10,000-block T2 (11.2.0.1) costs 2,720, within 2 blocks of its
//! data blocks (the first MB's 118 data blocks and 126 in each 1 MB
//! extent put 1,000 blocks exactly at the end of the eighth MB).
//!
//! Not modelled: the high HWM's moves in larger extents (the lab's mark
//! follows the last block in use there), more than one L2, uniform
//! extents. ZLM1's BLOCKS + EMPTY_BLOCKS = its 1,152 blocks (a Chinese
//! page, 1,101 + 51, DBMS_SPACE.UNUSED_SPACE's 51 unused) counts the
//! bitmap blocks in BLOCKS, which the cases above do not.

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

/// The high water mark of an ASSM segment whose first `data` data blocks
/// are in use, as (segment blocks below it, the bitmap blocks and header
/// among them; data blocks below it). While the extents are of 64 KB the
/// mark covers the whole extent of the last block in use; in larger ones
/// it follows that block. An empty segment's mark is after its header.
pub fn hwm(data: u64, block_size: u64) -> (u64, u64) {
    if data == 0 {
        return (FIRST_DATA_BLOCK, 0);
    }
    let small = (64 * 1024 / block_size.max(1)).max(1);
    let (mut start, mut left, mut below) = (0u64, data, 0u64);
    for len in extent_sizes(block_size) {
        let meta = meta_blocks(start, len, block_size).min(len);
        let room = len - meta;
        if left <= room {
            return if len <= small { (start + len, below + room) } else { (start + meta + left, below + left) };
        }
        left -= room;
        below += room;
        start += len;
    }
    (start, below)
}

/// The segment blocks below the high water mark (bitmap blocks and
/// header included): what its extents must hold.
pub fn hwm_blocks(data: u64, block_size: u64) -> u64 {
    hwm(data, block_size).0
}

/// The data blocks an ASSM segment's first extents hold when they make
/// `allocated` blocks (whole extents): each extent less its bitmap blocks
/// (and, in the first, the L2 and the header). The inverse of
/// [`hwm_blocks`] on whole extents: `hwm_blocks(data_blocks_in(a)) <= a`.
pub fn data_blocks_in(allocated: u64, block_size: u64) -> u64 {
    let (mut start, mut data) = (0u64, 0u64);
    for len in extent_sizes(block_size) {
        if start + len > allocated {
            break;
        }
        data += len - meta_blocks(start, len, block_size).min(len);
        start += len;
    }
    data
}

/// USER_TABLES.BLOCKS: the data blocks below the high water mark (the
/// bitmap blocks and the header are not counted).
pub fn blocks_statistic(data: u64, block_size: u64) -> u64 {
    hwm(data, block_size).1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_64_kb_extent_is_below_the_mark_whole() {
        assert_eq!(hwm(0, 8192), (3, 0));
        // L1, L2, header and 5 data blocks.
        assert_eq!(hwm(1, 8192), (8, 5));
        assert_eq!(hwm(5, 8192), (8, 5));
        // The second extent has no L1 (the first maps 16 blocks).
        assert_eq!(hwm(6, 8192), (16, 13));
        // The third starts with the L1 of blocks 16-31.
        assert_eq!(hwm(14, 8192), (24, 20));
        // heiqu's 21 data blocks: 4 extents, 28 data blocks below the mark.
        assert_eq!(hwm(21, 8192), (32, 28));
    }

    #[test]
    fn a_one_mb_extent_starts_with_two_l1s_and_the_mark_follows_its_last_block() {
        // 128 blocks of 64 KB extents: 3 + 7 more L1s, 118 data blocks.
        assert_eq!(hwm(118, 8192), (128, 118));
        assert_eq!(hwm(119, 8192), (131, 119));
        assert_eq!(meta_blocks(128, 128, 8192), 2);
        // cppentry's 1,000 one-row blocks: 118 + 7 x 126, 8 MB exactly.
        assert_eq!(hwm(1000, 8192), (1024, 1000));
    }

    #[test]
    fn the_data_blocks_whole_extents_hold() {
        // One 64 KB extent: L1, L2, header and 5 data blocks.
        assert_eq!(data_blocks_in(8, 8192), 5);
        assert_eq!(data_blocks_in(15, 8192), 5);
        // Sixteen 64 KB extents: 3 + 7 more L1s, 118 data blocks.
        assert_eq!(data_blocks_in(128, 8192), 118);
        assert_eq!(data_blocks_in(1024, 8192), 1000);
        for a in [8, 16, 24, 128, 256, 1024] {
            assert_eq!(hwm_blocks(data_blocks_in(a, 8192), 8192), a);
        }
    }
}
