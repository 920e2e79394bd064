//! Datafile extents: where a segment's blocks are in its tablespace's
//! datafile, as Oracle's locally managed tablespaces give them out.
//!
//! A block's address (Oracle's DBA) is `(file#, block#)`: the datafile's
//! number and the block's place in that file. The segment's own block `b`
//! is in one of its extents, runs of contiguous file blocks the tablespace
//! gave it, in order. Each permanent tablespace has one datafile:
//! SYSTEM is file 1, SYSAUX 2, UNDOTBS1 3, USERS 4, and a tablespace
//! created later takes the next number. The file starts with its
//! space-management header (64 KB up to 11.1, 1 MB from 11.2: Jonathan
//! Lewis, "LMT Headers",
//! https://jonathanlewis.wordpress.com/2012/05/31/lmt-headers/); the
//! extents follow it.
//!
//! Allocation is system-allocated (AUTOALLOCATE): a segment's extents are
//! 16 of 64 KB, 63 of 1 MB, 120 of 8 MB, then 64 MB each; each is placed in
//! the first free run of the file that holds it (first fit). A segment gets
//! its first extent when it is created, the next when a block past its last
//! extent is first used. DROP frees its extents (the lab has no recycle
//! bin: a drop is a purge), and the next extent the file gives out reuses
//! the first free run: a table created after N others were created and
//! dropped gets the addresses a fresh database gives it.
//!
//! On its device, a datafile starts at `slot * file_stride_mb` (the
//! device's parameter), `slot` being the number of datafiles created on
//! that device before it: a disk group's first file starts at its start,
//! whatever other devices hold.
//!
//! Not modelled: uniform extent sizes, the alignment of large extents,
//! extents trimmed to the free space left, more than one file per
//! tablespace, AUTOEXTEND; a multiblock read is addressed from its first
//! block even where it runs into the next extent.

/// A tablespace: its one file is on a device (`'+NAME'`).
#[derive(Debug, Clone, PartialEq)]
pub struct Tablespace {
    pub name: String,
    /// The device (ASM disk group) holding its file.
    pub device: String,
    /// A temporary tablespace (TEMPFILE): sorts and hash joins spill there.
    pub temporary: bool,
    pub bytes: u64,
}

/// One extent: `blocks` blocks of the segment from `seg_block`, at
/// `file_block` of the datafile's data area (after its header).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Extent {
    pub seg_block: u32,
    pub file_block: u32,
    pub blocks: u32,
}

/// Where one block is: its DBA (`file`, `block`) and the datafile's slot on
/// its device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlockAddress {
    /// The datafile's number (Oracle's file#).
    pub file: u32,
    /// The block's number in the file (header blocks included).
    pub block: u32,
    /// The datafile's place on its device (files created on it before).
    pub slot: u32,
}

/// A segment's space: its tablespace and extents.
#[derive(Debug, Clone, Default)]
struct SegSpace {
    /// Tablespace index (in the I/O layer's list).
    ts: usize,
    file: u32,
    slot: u32,
    live: bool,
    extents: Vec<Extent>,
    /// Blocks in the extents.
    allocated: u32,
    /// Placed with an explicit TABLESPACE: its datafile's SIZE bounds it.
    sized: bool,
}

impl SegSpace {
    #[inline(always)]
    fn find(&self, block: u32) -> &Extent {
        let i = self.extents.partition_point(|e| e.seg_block <= block);
        &self.extents[i.saturating_sub(1)]
    }
}

/// The extents of every segment, and each datafile's free space.
#[derive(Debug, Clone)]
pub struct Extents {
    /// By segment id.
    segs: Vec<SegSpace>,
    /// By tablespace index: the free runs of its data area, `(first, blocks)`,
    /// in order (the last runs to the end of the address space).
    free: Vec<Vec<(u32, u32)>>,
    /// Blocks of a datafile's header.
    header: u32,
    block_size: u32,
}

impl Default for Extents {
    fn default() -> Self {
        Extents { segs: Vec::new(), free: Vec::new(), header: 128, block_size: 8192 }
    }
}

/// Bytes of a locally managed file's header under version `name`
/// ("11.2.0.1", "19c"...): 64 KB up to 11.1, 1 MB from 11.2.
pub fn header_bytes(name: &str) -> u64 {
    let mut v = name.split('.').map(|p| p.trim_end_matches(|c: char| !c.is_ascii_digit()).parse::<u32>().unwrap_or(0));
    let (major, minor) = (v.next().unwrap_or(0), v.next().unwrap_or(0));
    if (major, minor) >= (11, 2) {
        1 << 20
    } else {
        64 << 10
    }
}

/// Segment ids beyond this are not segments (no catalog numbers so many).
const MAX_SEGMENTS: usize = 1 << 24;

/// The tablespace a segment goes to when none is named: USERS.
const DEFAULT_TABLESPACE: &str = "USERS";

impl Extents {
    /// The block size and the version's header size (a restart, LAB VERSION).
    pub fn set_geometry(&mut self, block_size: u32, header_bytes: u64) {
        self.block_size = block_size.max(1);
        self.header = (header_bytes / self.block_size as u64).max(1) as u32;
    }

    /// The `n`th extent's size in blocks (system allocation).
    fn extent_blocks(&self, n: usize) -> u32 {
        let kb = match n {
            0..16 => 64,
            16..79 => 1024,
            79..199 => 8192,
            _ => 65536,
        };
        ((kb as u64 * 1024 / self.block_size as u64).max(1)) as u32
    }

    /// Put segment `seg` in tablespace `ts` (an index of `tablespaces`)
    /// with its first extent; a segment placed in another before (ALTER
    /// TABLE MOVE) gives its old extents back first.
    pub fn place(&mut self, seg: u32, ts: usize, tablespaces: &[Tablespace]) {
        if self.segs.get(seg as usize).is_some_and(|s| s.live && s.ts == ts) {
            return;
        }
        self.drop_segment(seg);
        let Some(t) = tablespaces.get(ts) else { return };
        if seg as usize >= MAX_SEGMENTS {
            return;
        }
        let file = 1 + tablespaces[..ts].iter().filter(|x| !x.temporary).count() as u32;
        let slot = tablespaces[..ts].iter().filter(|x| x.device.eq_ignore_ascii_case(&t.device)).count() as u32;
        let i = seg as usize;
        if i >= self.segs.len() {
            self.segs.resize_with(i + 1, SegSpace::default);
        }
        self.segs[i] = SegSpace { ts, file, slot, live: true, extents: Vec::new(), allocated: 0, sized: false };
        self.grow(seg);
    }

    /// The tablespace (its index) of live segment `seg`.
    pub fn tablespace_of(&self, seg: u32) -> Option<usize> {
        self.segs.get(seg as usize).filter(|s| s.live).map(|s| s.ts)
    }

    /// Segment `seg` was placed with an explicit TABLESPACE clause.
    pub fn mark_sized(&mut self, seg: u32) {
        if let Some(s) = self.segs.get_mut(seg as usize).filter(|s| s.live) {
            s.sized = true;
        }
    }

    /// The tablespace of live segment `seg` if it was placed there with an
    /// explicit TABLESPACE clause (as a table's `TABLESPACE` is checked).
    pub fn sized_tablespace_of(&self, seg: u32) -> Option<usize> {
        self.segs.get(seg as usize).filter(|s| s.live && s.sized).map(|s| s.ts)
    }

    /// DROP: the segment's extents go back to its file's free space. Its
    /// own list stays (the blocks it had keep their addresses in traces).
    pub fn drop_segment(&mut self, seg: u32) {
        let Some(s) = self.segs.get_mut(seg as usize) else { return };
        if !s.live {
            return;
        }
        s.live = false;
        let ts = s.ts;
        let extents = std::mem::take(&mut s.extents);
        for e in &extents {
            self.release(ts, e.file_block, e.blocks);
        }
        self.segs[seg as usize].extents = extents;
    }

    /// Where block `block` of segment `seg` is. A segment never placed goes
    /// to USERS; a block past the segment's extents gets the next extents.
    #[inline(always)]
    pub fn locate(&mut self, seg: u32, block: u32, tablespaces: &[Tablespace]) -> BlockAddress {
        if let Some(s) = self.segs.get(seg as usize) {
            if block < s.allocated {
                let e = s.find(block);
                return BlockAddress {
                    file: s.file,
                    block: self.header + e.file_block + (block - e.seg_block),
                    slot: s.slot,
                };
            }
        }
        self.locate_cold(seg, block, tablespaces)
    }

    #[cold]
    #[inline(never)]
    fn locate_cold(&mut self, seg: u32, block: u32, tablespaces: &[Tablespace]) -> BlockAddress {
        if seg as usize >= MAX_SEGMENTS {
            // Not a segment (no catalog numbers this far): where it names.
            return BlockAddress { file: seg, block, slot: seg };
        }
        let placed = self.segs.get(seg as usize).is_some_and(|s| s.live || !s.extents.is_empty());
        if !placed {
            let ts = tablespaces.iter().position(|t| t.name == DEFAULT_TABLESPACE).unwrap_or(0);
            self.place(seg, ts, tablespaces);
        }
        // Bounded: each extent is at least one block; a dropped segment
        // (its extents freed) is addressed past its last extent.
        while self.segs[seg as usize].live && block >= self.segs[seg as usize].allocated {
            self.grow(seg);
        }
        let s = &self.segs[seg as usize];
        let (base, first) = match s.extents.last() {
            Some(e) if block >= s.allocated => (e.file_block + e.blocks, s.allocated),
            Some(_) => {
                let e = s.find(block);
                (e.file_block, e.seg_block)
            }
            None => (0, 0),
        };
        BlockAddress {
            file: s.file,
            block: self.header.saturating_add(base).saturating_add(block - first),
            slot: s.slot,
        }
    }

    /// The segment's next extent, from the first free run that holds it.
    fn grow(&mut self, seg: u32) {
        let s = &self.segs[seg as usize];
        let (ts, n, at) = (s.ts, s.extents.len(), s.allocated);
        let blocks = self.extent_blocks(n);
        let file_block = self.take(ts, blocks);
        let s = &mut self.segs[seg as usize];
        s.extents.push(Extent { seg_block: at, file_block, blocks });
        s.allocated = at.saturating_add(blocks);
    }

    fn free_of(&mut self, ts: usize) -> &mut Vec<(u32, u32)> {
        if ts >= self.free.len() {
            self.free.resize_with(ts + 1, Vec::new);
        }
        let f = &mut self.free[ts];
        if f.is_empty() {
            f.push((0, u32::MAX));
        }
        f
    }

    /// Take `blocks` from the first free run of tablespace `ts` holding them.
    fn take(&mut self, ts: usize, blocks: u32) -> u32 {
        let f = self.free_of(ts);
        let i = f.iter().position(|&(_, n)| n >= blocks).unwrap_or(f.len() - 1);
        let (start, n) = f[i];
        if n <= blocks {
            f.remove(i);
            if f.is_empty() {
                f.push((start.saturating_add(n), 0));
            }
        } else {
            f[i] = (start + blocks, n - blocks);
        }
        start
    }

    /// Give `blocks` from `start` back to tablespace `ts`, merged with its
    /// neighbours.
    fn release(&mut self, ts: usize, start: u32, blocks: u32) {
        let f = self.free_of(ts);
        let i = f.partition_point(|&(s, _)| s < start);
        f.insert(i, (start, blocks));
        if i + 1 < f.len() && f[i].0.saturating_add(f[i].1) == f[i + 1].0 {
            f[i].1 = f[i].1.saturating_add(f[i + 1].1);
            f.remove(i + 1);
        }
        if i > 0 && f[i - 1].0.saturating_add(f[i - 1].1) == f[i].0 {
            f[i - 1].1 = f[i - 1].1.saturating_add(f[i].1);
            f.remove(i);
        }
    }

    /// Where an allocated block of a live segment is (None: not allocated).
    pub fn address(&self, seg: u32, block: u32) -> Option<BlockAddress> {
        let s = self.segs.get(seg as usize).filter(|s| s.live && block < s.allocated)?;
        let e = s.find(block);
        Some(BlockAddress { file: s.file, block: self.header + e.file_block + (block - e.seg_block), slot: s.slot })
    }

    /// A live segment's extents: `(file#, first block in the file, blocks)`.
    pub fn extents_of(&self, seg: u32) -> Vec<(u32, u32, u32)> {
        match self.segs.get(seg as usize) {
            Some(s) if s.live => s.extents.iter().map(|e| (s.file, self.header + e.file_block, e.blocks)).collect(),
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spaces() -> Vec<Tablespace> {
        let ts = |name: &str, device: &str, temporary| Tablespace {
            name: name.into(),
            device: device.into(),
            temporary,
            bytes: 1 << 30,
        };
        vec![
            ts("SYSTEM", "DATA", false),
            ts("SYSAUX", "DATA", false),
            ts("UNDOTBS1", "DATA", false),
            ts("USERS", "DATA", false),
            ts("TEMP", "DATA", true),
            ts("FAST", "FLASH", false),
        ]
    }

    #[test]
    fn extents_follow_the_header_and_are_reused_after_a_drop() {
        let t = spaces();
        let mut x = Extents::default();
        x.set_geometry(8192, header_bytes("19.3"));
        // USERS is file 4; its first extent starts after the 1 MB header.
        assert_eq!(x.locate(7, 0, &t), BlockAddress { file: 4, block: 128, slot: 3 });
        // 16 extents of 8 blocks, then 1 MB ones.
        assert_eq!(x.locate(7, 127, &t).block, 255);
        x.place(8, 3, &t);
        assert_eq!(x.locate(8, 0, &t).block, 256);
        assert_eq!(x.locate(7, 128, &t).block, 264, "segment 7's 17th extent follows segment 8's first");
        x.drop_segment(7);
        x.place(9, 3, &t);
        assert_eq!(x.locate(9, 0, &t).block, 128, "the first free run");
        // FAST (after TEMP, a tempfile) is file 5, the first file on FLASH.
        x.place(10, 5, &t);
        assert_eq!(x.locate(10, 3, &t), BlockAddress { file: 5, block: 131, slot: 0 });
        assert_eq!(x.extents_of(10), vec![(5, 128, 8)]);
        // 11.1: 64 KB headers.
        x.set_geometry(8192, header_bytes("11.1.0.7"));
        assert_eq!(x.locate(10, 3, &t).block, 11);
    }
}
