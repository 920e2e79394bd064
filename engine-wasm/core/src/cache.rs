//! The buffer cache: DEFAULT and KEEP pools, hash buckets protected by
//! `cache buffers chains` child latches, and the kinds of consistent get.
//!
//! A get takes the child latch that covers the block's hash bucket:
//! once for an examination get, twice (pin, unpin) for a normal or pin get.
//! Pinned revisits and MemOptimized reads take no CBC latch.

use crate::stats::{Counters, Snapshot, Stat};
use crate::trace::GetKind;
use crate::version::VersionProfile;

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

#[derive(Debug, Clone, Default)]
pub struct CacheCounters {
    pub examination: u64,
    pub examination_fastpath: u64,
    pub normal: u64,
    pub normal_fastpath: u64,
    pub no_work: u64,
    pub physical_reads: u64,
}

impl CacheCounters {
    pub fn consistent_gets(&self) -> u64 {
        self.examination + self.normal
    }
}

/// One `cache buffers chains` child latch.
#[derive(Debug, Clone, Copy, Default)]
pub struct LatchChild {
    pub gets: u64,
    pub misses: u64,
    pub sleeps: u64,
}

#[derive(Debug, Clone)]
pub struct BufferCache {
    pub block_size: u32,
    /// `_db_block_hash_buckets`: a power of two, about twice the buffers.
    pub hash_buckets: u32,
    /// `_db_block_hash_latches`: gets per CBC child latch (consecutive
    /// buckets share a child). Misses and sleeps need concurrency, which
    /// this single-session model does not have: they stay zero.
    pub latch_gets: Vec<u64>,
    /// Which child latch covers a block.
    pub latch_map: LatchMap,
    pub default_buffers: u64,
    pub keep_buffers: u64,
    pub counters: CacheCounters,
    /// Normal gets use the 11g+ fastpath (version and `_fastpin_enable`).
    pub fastpath: bool,
    /// Examination gets are also counted as fastpath (12c+).
    pub fastpath_examination: bool,
    /// Blocks in the cache, per segment (bit per block).
    resident: Vec<Vec<u64>>,
}

/// Per-get outcome the caller needs for trace and cost.
#[derive(Debug, Clone, Copy)]
pub struct GetOutcome {
    pub latch_child: u16,
    pub physical_read: bool,
}

/// The bucket-to-child-latch mapping of one cache configuration: which
/// `cache buffers chains` child covers a block. Copied into each trace so
/// its latch column can be derived instead of stored per event.
#[derive(Debug, Clone, Copy, Default)]
pub struct LatchMap {
    /// Hash buckets - 1 (bucket counts are powers of two).
    bucket_mask: u32,
    /// log2 of the buckets per child latch (a power of two too).
    latch_shift: u32,
}

impl LatchMap {
    #[inline(always)]
    pub fn child(&self, segment: u32, block: u32) -> u16 {
        let dba = ((segment as u64) << 32) | block as u64;
        let bucket = (mix64(dba) as u32) & self.bucket_mask;
        (bucket >> self.latch_shift) as u16
    }
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

fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
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
        debug_assert!(hash_buckets.is_power_of_two() && latch_count.is_power_of_two());
        BufferCache {
            block_size,
            hash_buckets,
            latch_gets: vec![0; latch_count as usize],
            latch_map: LatchMap {
                bucket_mask: hash_buckets - 1,
                latch_shift: (hash_buckets / latch_count).trailing_zeros(),
            },
            default_buffers,
            keep_buffers,
            counters: CacheCounters::default(),
            fastpath: profile.fastpath_gets && fastpin_enable,
            fastpath_examination: profile.fastpath_examination && fastpin_enable,
            resident: Vec::new(),
        }
    }

    /// The CBC child latch covering a block's hash bucket.
    #[inline]
    pub fn latch_child(&self, segment: u32, block: u32) -> u16 {
        self.latch_map.child(segment, block)
    }

    /// A consistent get of one block. `no_work`: the buffer needed no
    /// consistent-read work (counted in `no work - consistent read gets`
    /// for normal gets).
    #[inline(always)]
    pub fn consistent_get(&mut self, segment: u32, block: u32, kind: GetKind, no_work: bool) -> GetOutcome {
        let child = self.latch_child(segment, block);
        let latch_gets = kind.cbc_latch_gets() as u64;
        self.latch_gets[child as usize] += latch_gets;
        match kind {
            GetKind::Examination => {
                self.counters.examination += 1;
                if self.fastpath_examination {
                    self.counters.examination_fastpath += 1;
                }
            }
            GetKind::Normal | GetKind::Pin => {
                self.counters.normal += 1;
                if self.fastpath {
                    self.counters.normal_fastpath += 1;
                }
                if no_work {
                    self.counters.no_work += 1;
                }
            }
            GetKind::PinnedRevisit | GetKind::Memopt => {}
        }
        let physical_read = !self.mark_resident(segment, block);
        if physical_read {
            self.counters.physical_reads += 1;
        }
        GetOutcome { latch_child: child, physical_read }
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
        LatchChild { gets: self.latch_gets.iter().sum(), misses: 0, sleeps: 0 }
    }

    /// `SHUTDOWN`: the cache is emptied.
    pub fn flush(&mut self) {
        self.resident.clear();
    }
}

impl Counters for BufferCache {
    fn fill(&self, s: &mut Snapshot) {
        let c = &self.counters;
        let gets = c.consistent_gets();
        s.add(Stat::ConsistentGets, gets);
        s.add(Stat::ConsistentGetsFromCache, gets);
        s.add(Stat::SessionLogicalReads, gets);
        s.add(Stat::LogicalReadBytesFromCache, gets * self.block_size as u64);
        s.add(Stat::ConsistentGetsExamination, c.examination);
        s.add(Stat::ConsistentGetsExaminationFastpath, c.examination_fastpath);
        s.add(Stat::ConsistentGetsNormal, c.normal);
        s.add(Stat::ConsistentGetsNormalFastpath, c.normal_fastpath);
        s.add(Stat::NoWorkConsistentReadGets, c.no_work);
        s.add(Stat::PhysicalReads, c.physical_reads);
        s.add(Stat::PhysicalReadsCache, c.physical_reads);
        s.add(Stat::PhysicalReadIoRequests, c.physical_reads);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::version;

    #[test]
    fn latch_gets_follow_get_kinds() {
        let mut c = BufferCache::new(8192, 64 << 20, 0, &version::V18, true);
        c.consistent_get(1, 10, GetKind::Examination, false);
        c.consistent_get(1, 11, GetKind::Normal, true);
        c.consistent_get(1, 12, GetKind::Pin, true);
        assert_eq!(c.latch_totals().gets, 1 + 2 + 2);
        assert_eq!(c.counters.consistent_gets(), 3);
        assert_eq!(c.counters.physical_reads, 3);
        c.consistent_get(1, 10, GetKind::Examination, false);
        assert_eq!(c.counters.physical_reads, 3);
    }

    #[test]
    fn fastpin_off_keeps_totals() {
        let mut c = BufferCache::new(8192, 64 << 20, 0, &version::V11_2_0_1, false);
        c.consistent_get(1, 1, GetKind::Normal, true);
        assert_eq!(c.counters.normal, 1);
        assert_eq!(c.counters.normal_fastpath, 0);
        assert_eq!(c.latch_totals().gets, 2);
    }
}
