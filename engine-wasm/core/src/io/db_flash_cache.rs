//! The 11gR2 Database Smart Flash Cache (`db_flash_cache_file`,
//! `db_flash_cache_size`): a second-level cache of clean buffers in a file
//! on a flash device, managed by the instance, not by the storage.
//!
//! - A buffer aged out of the buffer cache is written to the flash file by
//!   DBWR ([`DbFlashCache::age_out`]; the session does not wait for it).
//!   The flash file is filled in ring order (the slot after the last one
//!   written; the block it held leaves the flash cache).
//! - A buffer-cache miss of a block held in the flash file is read from
//!   there: `db flash cache single block physical read`, at the flash
//!   device's speed, instead of a read from the block's own device.
//! - A block written to its datafile (DBWR) leaves the flash cache (its
//!   copy there is stale).
//!
//! The flash cache sits in front of the device behind it
//! ([`DbFlashCache::serve`]): the I/O layer hands it each request with the
//! devices and the way to the device serving the request's segment.
//!
//! The aging hook: the buffer cache calls [`super::IoLayer::age_out`] for
//! each clean buffer it replaces. Until the buffer cache is sized (LRU
//! replacement, another part of issue 16), nothing ages out on its own and
//! the flash cache is only filled through that call (as the device tests
//! do). `ALTER SYSTEM FLUSH BUFFER_CACHE` does not populate it (Oracle's
//! flush discards buffers; it does not age them).

use super::device::{BlockDevice, IoKind, IoNote, IoPurpose, IoRequest};
use crate::fasthash::FxMap;
use crate::sim::SimTime;

/// The flash file's address on its device: a file number no segment uses.
pub const FLASH_CACHE_FILE: u32 = u32::MAX - 1;

/// At most this many blocks in the flash file (16 GB of 8 KB blocks).
pub const MAX_SLOTS: u64 = 1 << 21;

#[derive(Debug, Clone)]
pub struct DbFlashCache {
    /// The device index in the I/O layer holding the flash file.
    pub device: usize,
    slots: Vec<Option<(u32, u32)>>,
    map: FxMap<(u32, u32), u32>,
    hand: u32,
    pub block_size: u32,
    /// Buffers written to the flash file, and misses served from it.
    pub inserts: u64,
    pub hits: u64,
}

impl DbFlashCache {
    /// A flash cache of `bytes` on `device`: at least one block, at most
    /// [`MAX_SLOTS`] (the lab's directory takes 12 bytes a slot).
    pub fn new(device: usize, bytes: u64, block_size: u32) -> Self {
        let n = (bytes / block_size.max(1) as u64).clamp(1, MAX_SLOTS) as usize;
        DbFlashCache { device, slots: vec![None; n], map: FxMap::default(), hand: 0, block_size, inserts: 0, hits: 0 }
    }

    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The slot holding a block, if any.
    pub fn slot_of(&self, file: u32, block: u32) -> Option<u32> {
        self.map.get(&(file, block)).copied()
    }

    /// A buffer aged out: the write of it into the flash file.
    pub fn age_out(&mut self, file: u32, block: u32) -> IoRequest {
        let s = match self.map.get(&(file, block)) {
            Some(&s) => s,
            None => {
                let s = self.hand;
                self.hand = (self.hand + 1) % self.slots.len() as u32;
                if let Some(old) = self.slots[s as usize].take() {
                    self.map.remove(&old);
                }
                self.slots[s as usize] = Some((file, block));
                self.map.insert((file, block), s);
                s
            }
        };
        self.inserts += 1;
        self.request(IoKind::Write, s)
    }

    /// The block's copy is stale (its datafile was written).
    pub fn invalidate(&mut self, file: u32, block: u32) {
        if let Some(s) = self.map.remove(&(file, block)) {
            self.slots[s as usize] = None;
        }
    }

    /// The request reading or writing slot `s` of the flash file.
    pub fn request(&self, kind: IoKind, s: u32) -> IoRequest {
        IoRequest::at(kind, FLASH_CACHE_FILE, s, 1, self.block_size, IoPurpose::Data)
    }

    /// A request through the flash cache: a single-block data read of a
    /// block it holds is served from its flash device (`devices[device]`,
    /// noted as a hit); a write of such a block makes the copy stale and,
    /// like every other request, goes to `behind` (the device serving the
    /// request's segment).
    pub fn serve(
        &mut self,
        r: &IoRequest,
        now: SimTime,
        devices: &mut [Box<dyn BlockDevice>],
        behind: impl FnOnce(&mut [Box<dyn BlockDevice>], &IoRequest, SimTime) -> (SimTime, IoNote),
    ) -> (SimTime, IoNote) {
        if r.purpose == IoPurpose::Data && r.blocks == 1 {
            if let Some(s) = self.slot_of(r.file, r.block) {
                if r.kind == IoKind::Read {
                    self.hits += 1;
                    let q = self.request(IoKind::Read, s);
                    let done = devices[self.device].submit(&q, now);
                    return (done, IoNote { db_flash_cache_hit: true, ..IoNote::default() });
                }
                self.invalidate(r.file, r.block);
            }
        }
        behind(devices, r, now)
    }
}
