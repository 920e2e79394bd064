//! The buffer cache: DEFAULT and KEEP pools, hash buckets protected by
//! `cache buffers chains` child latches, and the kinds of consistent get.
//!
//! A get takes the child latch that covers the block's hash bucket:
//! once for an examination get, twice (pin, unpin) for a normal or pin get.
//! Pinned revisits and MemOptimized reads take no CBC latch.
//!
//! The cache is shared by every session: it reports what happened (the
//! latch child, and for a block not in the cache when the device read of
//! it completes) and the session's kernel counts the get and pays its time
//! (`session/kernel.rs`).

use crate::instance::version::VersionProfile;
use crate::io::{BlockDevice, IoRequest};
use crate::sga::latch::{LatchChild, LatchMap, LatchSet};
use crate::sim::SimTime;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PoolKind {
    Default,
    Keep,
}

impl PoolKind {
    pub fn name(self) -> &'static str {
        match self {
            PoolKind::Default => "DEFAULT",
            PoolKind::Keep => "KEEP",
        }
    }
}

/// The kind of buffer visit. Every visit is exactly one of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum GetKind {
    /// Read under the `cache buffers chains` latch, no pin: 1 latch get.
    Examination = 0,
    /// Latch, pin, release; read; latch, unpin, release: 2 latch gets.
    Normal = 1,
    /// A pinned get for cluster-key access (`consistent gets pin`): 2 latch gets.
    Pin = 2,
    /// The row source already holds the pin: no get, no latch.
    PinnedRevisit = 3,
    /// A MemOptimized RowStore hash-index probe or buffer-area read: no
    /// buffer-cache get, no CBC latch.
    Memopt = 4,
    /// A current-mode get (`db block gets`, kcbgcur) of a block about to be
    /// changed: pinned exclusive, 2 latch gets.
    Current = 5,
}

impl GetKind {
    pub const NONE: u8 = 255;

    /// `cache buffers chains` latch gets this visit takes.
    pub fn cbc_latch_gets(self) -> u8 {
        match self {
            GetKind::Examination => 1,
            GetKind::Normal | GetKind::Pin | GetKind::Current => 2,
            GetKind::PinnedRevisit | GetKind::Memopt => 0,
        }
    }
}

#[derive(Debug, Clone)]
pub struct BufferCache {
    pub block_size: u32,
    /// `_db_block_hash_buckets`: a power of two, about twice the buffers.
    pub hash_buckets: u32,
    /// `_db_block_hash_latches`: the CBC children (consecutive buckets share one).
    pub latches: LatchSet,
    pub default_buffers: u64,
    pub keep_buffers: u64,
    /// Normal gets use the 11g+ fastpath (version and `_fastpin_enable`).
    pub fastpath: bool,
    /// Examination gets are also counted as fastpath (12c+).
    pub fastpath_examination: bool,
    /// Blocks in the cache, per segment (bit per block).
    resident: Vec<Vec<u64>>,
    /// Blocks holding uncommitted changes: (segment, block) -> (the
    /// changing session's SID, undo records for the block). A reader from
    /// another session builds a consistent-read clone of such a block.
    pub active: crate::fasthash::FxMap<(u32, u32), Vec<(u32, u32)>>,
    /// While other sessions of a workload run (until this simulated time,
    /// µs), a unique-index shortcut get of a table block takes the RowCR
    /// path (versions with RowCR and `_row_cr` on); 0 otherwise.
    pub row_cr_until: f64,
    /// Buffers pinned exclusive by a current-mode get while sessions run
    /// at once: (segment, block) -> (from, until, SID). Another session's
    /// get in between waits until then (`buffer busy waits`).
    pub exclusive_pins: std::collections::HashMap<(u32, u32), (f64, f64, u32)>,
}

/// What a get did, for the session to count and pay.
#[derive(Debug, Clone, Copy)]
pub struct GetOutcome {
    pub latch_child: u16,
    /// The block was not in the cache: the device read it, completing then.
    pub read_done: Option<SimTime>,
}

/// `v[outer][inner]` of a dense per-segment, per-block table, growing it
/// with zeros as needed (the slow path of the residency bitmap and the
/// trace's heat map).
pub(crate) fn grown_slot<T: Clone + Default>(v: &mut Vec<Vec<T>>, outer: usize, inner: usize) -> &mut T {
    if outer >= v.len() {
        v.resize_with(outer + 1, Vec::new);
    }
    let row = &mut v[outer];
    if inner >= row.len() {
        row.resize(inner + 1, T::default());
    }
    &mut row[inner]
}

impl BufferCache {
    pub fn new(
        block_size: u32,
        default_bytes: u64,
        keep_bytes: u64,
        profile: &VersionProfile,
        fastpin_enable: bool,
    ) -> Self {
        let default_buffers = (default_bytes / block_size as u64).max(1000);
        let keep_buffers = keep_bytes / block_size as u64;
        let buffers = default_buffers + keep_buffers;
        let hash_buckets = (buffers * 2).next_power_of_two().clamp(1 << 10, 1 << 24) as u32;
        // One child latch per 32 buckets, at least 1024 (Oracle's default scale).
        let latch_count = (hash_buckets / 32).max(1024).min(hash_buckets);
        BufferCache {
            block_size,
            hash_buckets,
            latches: LatchSet::new(hash_buckets, latch_count),
            default_buffers,
            keep_buffers,
            fastpath: profile.fastpath_gets && fastpin_enable,
            fastpath_examination: profile.fastpath_examination && fastpin_enable,
            resident: Vec::new(),
            active: Default::default(),
            row_cr_until: 0.0,
            exclusive_pins: Default::default(),
        }
    }

    /// Which child latch covers a block.
    pub fn latch_map(&self) -> LatchMap {
        self.latches.map
    }

    /// The CBC child latch covering a block's hash bucket.
    #[inline]
    pub fn latch_child(&self, segment: u32, block: u32) -> u16 {
        self.latches.map.child(segment, block)
    }

    /// A consistent get of one block at `now`: the child latch is taken
    /// as often as the kind of get needs, and a block that is not in the
    /// cache is read from `device`.
    #[inline(always)]
    pub fn consistent_get(
        &mut self,
        segment: u32,
        block: u32,
        kind: GetKind,
        device: &mut dyn BlockDevice,
        now: SimTime,
    ) -> GetOutcome {
        let latch_child = self.latches.get(segment, block, kind.cbc_latch_gets() as u64);
        let read_done =
            if self.mark_resident(segment, block) { None } else { Some(self.read(segment, block, device, now)) };
        GetOutcome { latch_child, read_done }
    }

    #[cold]
    #[inline(never)]
    fn read(&mut self, segment: u32, block: u32, device: &mut dyn BlockDevice, now: SimTime) -> SimTime {
        device.submit(&IoRequest::single_block_read(segment, block, self.block_size), now)
    }

    /// Mark a block as in the cache; returns whether it already was.
    #[inline(always)]
    pub fn mark_resident(&mut self, segment: u32, block: u32) -> bool {
        let mask = 1u64 << (block % 64);
        match self.resident.get_mut(segment as usize).and_then(|b| b.get_mut((block / 64) as usize)) {
            Some(w) => {
                let was = *w & mask != 0;
                *w |= mask;
                was
            }
            None => self.mark_resident_grow(segment, block),
        }
    }

    #[cold]
    #[inline(never)]
    fn mark_resident_grow(&mut self, segment: u32, block: u32) -> bool {
        *grown_slot(&mut self.resident, segment as usize, (block / 64) as usize) |= 1u64 << (block % 64);
        false
    }

    /// Blocks formatted in the cache by inserts are resident without a read.
    pub fn new_block(&mut self, segment: u32, block: u32) {
        self.mark_resident(segment, block);
    }

    /// Forget a segment's buffers (DROP).
    pub fn invalidate_segment(&mut self, segment: u32) {
        if let Some(bits) = self.resident.get_mut(segment as usize) {
            bits.clear();
        }
    }

    /// Buffers in use per pool, given each segment's pool.
    pub fn resident_blocks(&self, segment: u32) -> u64 {
        self.resident.get(segment as usize).map(|b| b.iter().map(|w| w.count_ones() as u64).sum()).unwrap_or(0)
    }

    pub fn latch_totals(&self) -> LatchChild {
        self.latches.totals()
    }

    /// `SHUTDOWN`: the cache is emptied.
    pub fn flush(&mut self) {
        self.resident.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instance::version;
    use crate::io::FixedLatency;

    #[test]
    fn latch_gets_follow_get_kinds_and_misses_go_to_the_device() {
        let mut c = BufferCache::new(8192, 64 << 20, 0, &version::V18, true);
        let mut d = FixedLatency::new("DATA", 100.0);
        let t = SimTime(5.0);
        assert_eq!(c.consistent_get(1, 10, GetKind::Examination, &mut d, t).read_done, Some(SimTime(105.0)));
        c.consistent_get(1, 11, GetKind::Normal, &mut d, t);
        c.consistent_get(1, 12, GetKind::Pin, &mut d, t);
        assert_eq!(c.latch_totals().gets, 1 + 2 + 2);
        assert_eq!(d.counters().read_requests, 3);
        assert_eq!(c.consistent_get(1, 10, GetKind::Examination, &mut d, t).read_done, None);
        assert_eq!(d.counters().read_requests, 3);
        let child = c.latch_child(1, 10);
        assert_eq!(c.latches.child_gets(child), 2);
    }
}
