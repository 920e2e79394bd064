//! Bitmap indexes (`CREATE BITMAP INDEX`): the tree keeps one entry a
//! table row, in key then row order, as a B-tree does (so DML, rollback
//! and the searches are the B-tree's); what the leaves hold is laid out
//! differently: the entries of one key are grouped into *pieces*, each a
//! leaf row of (key, start rowid, end rowid, compressed bitmap), and the
//! leaves pack pieces, never splitting one.
//!
//! A piece's bitmap has a bit for every possible row slot of the blocks
//! from its start rowid's block to its end rowid's: bit `block * hakan +
//! slot`, with `hakan` the table's most rows in a block (Oracle's Hakan
//! factor comes from the table's minimum row length; the lab takes the
//! most rows a block of the table holds: an assumption, it sets only the
//! lengths of the zero gaps between blocks).
//!
//! The compression is the lab's assumption in the spirit of what Julian
//! Dyke's "Bitmap Index Internals" (2005) shows and Lewis names (BBC,
//! one-sided: ones stored, runs of zero bytes compressed): the bitmap is
//! cut into bytes of 8 slots; the non-zero bytes are stored in chunks of
//! at most 8 literal bytes, each behind a header byte; a run of zero bytes
//! before a chunk costs nothing up to 3 bytes (the header says it), else
//! one byte a 7 bits of its length. A piece closes when its bitmap would
//! pass half a block (Lewis: "roughly half a block").

use super::layout::Structure;
use super::*;

/// Header byte, literal bytes and gap bytes of a compressed bitmap, grown
/// one set bit at a time (bits ascending).
#[derive(Debug, Clone, Copy, Default)]
struct Encoder {
    /// Bytes so far.
    bytes: u32,
    /// Byte number of the last literal byte, and the literal bytes in the
    /// open chunk.
    last_byte: Option<u64>,
    in_chunk: u32,
}

impl Encoder {
    /// The bytes setting bit `bit` (relative to the piece's first) adds.
    fn cost(&self, bit: u64) -> u32 {
        let byte = bit / 8;
        match self.last_byte {
            Some(b) if b == byte => 0,
            Some(b) if b + 1 == byte && self.in_chunk < 8 => 1,
            last => {
                let gap = last.map_or(byte, |b| byte - b - 1);
                1 + 1 + gap_bytes(gap)
            }
        }
    }

    fn add(&mut self, bit: u64) {
        let byte = bit / 8;
        let c = self.cost(bit);
        match self.last_byte {
            Some(b) if b == byte => {}
            Some(b) if b + 1 == byte && self.in_chunk < 8 => self.in_chunk += 1,
            _ => self.in_chunk = 1,
        }
        self.last_byte = Some(byte);
        self.bytes += c;
    }
}

/// Bytes a run of `gap` zero bytes before a chunk costs beyond its header.
fn gap_bytes(gap: u64) -> u32 {
    if gap < 4 {
        0
    } else {
        (64 - gap.leading_zeros()).div_ceil(7)
    }
}

/// Bytes of a rowid column in a bitmap leaf row (its length byte and
/// file, block, slot).
const BITMAP_ROWID: u32 = 7;

impl BTree {
    /// The pieces (empty unless a bitmap index).
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The piece holding entry `pos`.
    pub fn piece_of(&self, pos: usize) -> Option<usize> {
        let p = pos as u32;
        let i = self.pieces.partition_point(|x| x.end <= p);
        (i < self.pieces.len()).then_some(i)
    }

    /// The table blocks spanned by the piece of `key` a change of a row in
    /// table block `block` touches: the key's piece spanning that block,
    /// else the last one starting before it (the one a new bit extends),
    /// else the key's first; None when no piece holds the key.
    pub fn piece_blocks(&self, key: &[Value], block: u32) -> Option<(u32, u32)> {
        let p = self.lower_bound(key);
        if p >= self.len() || !self.key_equals(p, key) {
            return None;
        }
        let mut i = self.piece_of(p)?;
        let mut best = (self.pieces[i].first_block, self.pieces[i].last_block);
        while i < self.pieces.len() && self.key_equals(self.pieces[i].start as usize, key) {
            let pc = self.pieces[i];
            if pc.first_block > block {
                break;
            }
            best = (pc.first_block, pc.last_block);
            if pc.last_block >= block {
                break;
            }
            i += 1;
        }
        Some(best)
    }

    /// Lay a bitmap index out from its rows' places: the pieces, the
    /// leaves packing them, the branch levels, and CLUSTERING_FACTOR (for
    /// a bitmap index, the number of leaf rows, as Oracle reports it).
    pub(super) fn layout_bitmap(&mut self, loc: &[RowLoc]) {
        let hakan =
            loc.iter().filter(|l| l.slot != DEAD_SLOT).map(|l| (l.slot & !MIGRATED) as u64 + 1).max().unwrap_or(1);
        let half = (self.block_size - INDEX_BLOCK_OVERHEAD) / 2;
        let mut pieces = Vec::new();
        let mut bits: Vec<(u64, u32)> = Vec::new();
        let n = self.len();
        let mut p = 0usize;
        while p < n {
            let mut q = p + 1;
            while q < n && self.same_key(p, q) {
                q += 1;
            }
            let key = self.key_bytes(p);
            bits.clear();
            bits.extend((p..q).map(|i| {
                let l = loc.get(self.row_at(i) as usize).copied().unwrap_or(RowLoc { block: 0, slot: 0 });
                (l.block as u64 * hakan + (l.slot & !MIGRATED) as u64, i as u32)
            }));
            bits.sort_unstable();
            self.cut_pieces(&bits, hakan, key, half, &mut pieces);
            p = q;
        }
        self.pieces = pieces;
        self.clustering_factor = self.pieces.len() as u64;
        self.pack_pieces();
    }

    /// The pieces of one key's bits (ascending, with their entries).
    fn cut_pieces(&self, bits: &[(u64, u32)], hakan: u64, key: u32, half: u32, out: &mut Vec<Piece>) {
        let fixed = INDEX_ENTRY_HEADER + key + 2 * BITMAP_ROWID + ROW_DIRECTORY;
        let mut k = 0;
        while k < bits.len() {
            let base = bits[k].0 / hakan * hakan;
            let mut enc = Encoder::default();
            let (mut lo, mut hi) = (u32::MAX, 0u32);
            let first = k;
            while k < bits.len() {
                let rel = bits[k].0 - base;
                if k > first && enc.bytes + enc.cost(rel) > half {
                    break;
                }
                enc.add(rel);
                lo = lo.min(bits[k].1);
                hi = hi.max(bits[k].1);
                k += 1;
            }
            let len_bytes = if enc.bytes < 250 { 1 } else { 3 };
            out.push(Piece {
                start: lo,
                end: hi + 1,
                first_block: (base / hakan) as u32,
                last_block: (bits[k - 1].0 / hakan) as u32,
                bytes: fixed + len_bytes + enc.bytes,
                bitmap_bytes: enc.bytes,
            });
        }
    }

    /// Pack the pieces into leaves (greedily, to the fill factor).
    fn pack_pieces(&mut self) {
        let usable = (self.block_size - INDEX_BLOCK_OVERHEAD) as f64;
        let cap = ((usable * self.leaf_fill) as u32).max(64);
        self.leaf_start = vec![0];
        self.sep_bytes = vec![0];
        self.branch_key_bytes = 0;
        let mut used = 0u32;
        for i in 0..self.pieces.len() {
            let pc = self.pieces[i];
            let last = self.leaf_start[self.leaf_start.len() - 1];
            if used + pc.bytes > cap && used > 0 && pc.start > last {
                let b = self.key_bytes(pc.start as usize) + BITMAP_ROWID;
                self.leaf_start.push(pc.start);
                self.sep_bytes.push(b);
                self.branch_key_bytes += b as u64;
                used = 0;
            }
            used += pc.bytes;
        }
        self.branch_levels();
    }
}

impl BTree {
    /// VALIDATE STRUCTURE of a bitmap index: its leaf rows are the pieces.
    pub(super) fn bitmap_structure(&self) -> Structure {
        let lf_rows = self.pieces.len() as u64;
        let leaves = self.leaf_count() as u64;
        let br_blks = self.level_counts.iter().map(|&c| c as u64).sum::<u64>() - leaves;
        let br_rows = if br_blks == 0 { 0 } else { leaves - 1 };
        let avg_sep = if leaves > 1 { self.branch_key_bytes / (leaves - 1) } else { 0 };
        let branch_entry = (INDEX_ENTRY_HEADER + BRANCH_CHILD_DBA + ROW_DIRECTORY) as u64 + avg_sep;
        let (mut most, mut run) = (0u64, 0u64);
        for (i, pc) in self.pieces.iter().enumerate() {
            let same = i > 0 && self.same_key(self.pieces[i - 1].start as usize, pc.start as usize);
            run = if same { run + 1 } else { 1 };
            most = most.max(run);
        }
        Structure {
            height: self.height(),
            lf_rows,
            lf_blks: leaves,
            lf_rows_len: self.pieces.iter().map(|p| p.bytes as u64).sum(),
            br_rows,
            br_blks,
            br_rows_len: br_rows * branch_entry,
            distinct_keys: self.distinct_keys() as u64,
            most_repeated_key: most,
            ..Structure::default()
        }
    }
}
