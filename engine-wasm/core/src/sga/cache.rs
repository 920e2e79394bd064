//! The buffer cache: DEFAULT and KEEP pools, hash buckets protected by
//! `cache buffers chains` child latches, and the kinds of consistent get.
//!
//! A get takes the child latch that covers the block's hash bucket:
//! once for an examination get, twice (pin, unpin) for a normal or pin get.
//! Pinned revisits and MemOptimized reads take no CBC latch.
//!
//! Pools are sized (`db_cache_size`, `db_keep_cache_size`) and each is an
//! LRU list with a mid-point and touch counts, after Oracle's: a block
//! read enters at the head of the cold half; a visit raises its touch
//! count at most once per 3 s of simulated time; the search for a free
//! buffer goes from the cold end (at most 40% of the pool), moves buffers
//! with touch count 2 or more to the hot end, passes over dirty ones and
//! reuses the first clean one. A current-mode get or a formatted block
//! leaves its buffer dirty; DBWR ([`Dbwr`]), a process on the engine's
//! scheduler (a session lets its turns due run before it uses the cache),
//! writes batches of dirty buffers from the cold end to their segment's
//! device, and a session that finds no clean
//! buffer waits for DBWR's batch (`free buffer waits`). A full scan's miss
//! reads ahead (multiblock); checkpoints write every dirty buffer, or a
//! segment's before a direct read. docs/MODEL.md, "The buffer cache on
//! devices", has the parameters and what is not modelled.
//!
//! The cache is shared by every session: it reports what happened (the
//! latch child, and for a block not in the cache what the miss did and
//! when the device read of it completes: [`GetOutcome::miss`]) and
//! the session's kernel counts the get and pays its time
//! (`kernel/mod.rs`). A get of a cached block allocates nothing.

pub use crate::bg::dbwr::{Dbwr, DbwrStats, DBWR_SCAN_MAX};
use crate::instance::version::VersionProfile;
use crate::io::{BlockDevice, IoRequest};
pub use crate::sga::get_kind::GetKind;
use crate::sga::holds::BufferHolds;
use crate::sga::latch::{LatchChild, LatchMap, LatchSet};
use crate::sga::lru::{Buf, Buffers, HitTag, Lru, EMPTY_BUF, EMPTY_TAG, NIL, NO_CHILD};
pub use crate::sga::lru::{COOL_COUNT, HOT_CRITERIA, MAX_SCAN_PCT, PERCENT_HOT, TOUCH_TIME_US};
use crate::sim::SimTime;

/// `free buffer waits` times out after 1 s (Oracle Database Reference,
/// "free buffer waits": "Wait Time: 1 second"); the session then looks for
/// a free buffer again.
pub const FREE_BUFFER_WAIT_TIMEOUT_US: f64 = 1_000_000.0;

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

/// `_small_table_threshold` as a share of the DEFAULT pool (%).
pub const SMALL_TABLE_PCT: u64 = 2;
/// A multiblock read takes at most this share of a pool's buffers (%), so
/// a scan's read never evicts its own blocks.
pub const MAX_READ_PCT: u64 = 25;

/// What the last miss did before its read, for the session to count and
/// pay (read by `kernel/mod.rs` on a miss only).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct MissInfo {
    /// Blocks the read brought in (1, or a multiblock read's count).
    pub blocks: u32,
    /// `free buffer waits`: times the session found no clean buffer
    /// within the scan depth and waited for DBWR's writes.
    pub free_waits: u32,
    pub free_wait_us: f64,
    /// Of `free_waits`, those that ended at the wait's 1 s timeout
    /// ([`FREE_BUFFER_WAIT_TIMEOUT_US`]) with DBWR's batch still writing.
    pub free_wait_timeouts: u32,
    /// When the read was issued (after any free buffer wait).
    pub issued: f64,
    /// `free buffer requested`, `free buffer inspected`, `dirty buffers
    /// inspected`, `hot buffers moved to head of LRU`.
    pub requested: u32,
    pub inspected: u32,
    pub dirty_inspected: u32,
    pub hot_moved: u32,
    /// What the device said of the read (a flash cache served it).
    pub note: crate::io::IoNote,
    /// When the read completes.
    pub done: SimTime,
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
    /// The buffer headers and the pools' LRU lists.
    b: Buffers,
    pub dbwr: Dbwr,
    /// Uncommitted changes, exclusive pins and the RowCR window ([`BufferHolds`]).
    pub holds: BufferHolds,
}

/// What a get did, for the session to count and pay.
#[derive(Debug, Clone, Copy)]
pub struct GetOutcome {
    pub latch_child: u16,
    /// The block was not in the cache: what the miss did, and when the
    /// device's read of it completes.
    pub miss: Option<MissInfo>,
}

impl GetOutcome {
    /// When the read of a block that was not cached completes.
    pub fn read_done(&self) -> Option<SimTime> {
        self.miss.map(|m| m.done)
    }
}

/// `v[outer][inner]` of a dense per-segment, per-block table, growing it
/// with zeros as needed (the trace's heat map).
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
        // db_cache_size = 0 (sized automatically in Oracle): 1,000 buffers.
        let default_buffers = if default_bytes == 0 { 1000 } else { (default_bytes / block_size as u64).max(1) };
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
            b: Buffers::new(default_buffers, keep_buffers),
            dbwr: Dbwr::new(block_size),
            holds: BufferHolds::default(),
        }
    }

    /// Which child latch covers a block.
    pub fn latch_map(&self) -> LatchMap {
        self.latches.map
    }

    /// The CBC child latch covering the hash bucket of the block at
    /// address (`file`#, `block`#).
    #[inline]
    pub fn latch_child(&self, file: u32, block: u32) -> u16 {
        self.latches.map.child(file, block)
    }

    /// `_small_table_threshold`: 2% of the DEFAULT pool, in blocks.
    pub fn small_table_threshold(&self) -> u64 {
        self.default_buffers * SMALL_TABLE_PCT / 100
    }

    /// The segment's blocks go to `pool` (KEEP only when it has buffers).
    pub fn set_pool(&mut self, segment: u32, pool: PoolKind) {
        let p = (pool == PoolKind::Keep && self.keep_buffers > 0) as u8;
        let s = grown_slot_one(&mut self.b.segs, segment as usize);
        s.pool = p;
    }

    /// A consistent get of one block at `now`: the child latch is taken
    /// as often as the kind of get needs, and a block that is not in the
    /// cache is read from `device`. A current-mode get leaves the buffer dirty.
    #[inline(always)]
    pub fn consistent_get(
        &mut self,
        segment: u32,
        block: u32,
        kind: GetKind,
        device: &mut dyn BlockDevice,
        now: SimTime,
    ) -> GetOutcome {
        self.get_ahead(segment, block, kind, 1, device, now)
    }

    /// A get that, on a miss, reads up to `ahead` blocks from `block` (a
    /// full scan's multiblock read: the run of blocks not already cached).
    /// The child latch is the one covering the block's address (file#,
    /// block#): the device gives it on a miss and on the first get of a
    /// block in its buffer, the buffer keeps it for the next gets.
    #[inline(always)]
    pub fn get_ahead(
        &mut self,
        segment: u32,
        block: u32,
        kind: GetKind,
        ahead: u32,
        device: &mut dyn BlockDevice,
        now: SimTime,
    ) -> GetOutcome {
        let n = kind.cbc_latch_gets() as u64;
        let slot = self.b.slot(segment, block);
        if slot == 0 {
            let dba = device.dba(segment, block);
            let latch_child = self.latches.get(dba.0, dba.1, n);
            let miss = Some(self.miss(segment, block, latch_child, kind, ahead, device, now));
            return GetOutcome { latch_child, miss };
        }
        let i = slot - 1;
        let tag = self.b.hit[i as usize];
        let child = if tag.child != NO_CHILD { tag.child } else { self.note_child(i, segment, block, device) };
        let latch_child = self.latches.get_child(child, n);
        // The touch count rises at most once per `_db_aging_touch_time`:
        // when a get comes after the buffer's next touch time.
        if now.0 >= tag.next_touch {
            self.touch(i, now.0);
        }
        if kind == GetKind::Current {
            self.b.mark_dirty(i);
        }
        GetOutcome { latch_child, miss: None }
    }

    /// The first get of a block in buffer `i` (read ahead by another's
    /// miss): its child latch, from its address, noted in the buffer.
    #[cold]
    #[inline(never)]
    fn note_child(&mut self, i: u32, segment: u32, block: u32, device: &mut dyn BlockDevice) -> u16 {
        let dba = device.dba(segment, block);
        let child = self.latches.map.child(dba.0, dba.1);
        self.b.hit[i as usize].child = child;
        child
    }

    #[cold]
    #[inline(never)]
    fn touch(&mut self, i: u32, now: f64) {
        self.b.bufs[i as usize].touch += 1;
        self.b.hit[i as usize].next_touch = now + TOUCH_TIME_US;
    }

    /// Whether a block is in the cache.
    pub fn is_cached(&self, segment: u32, block: u32) -> bool {
        self.b.slot(segment, block) != 0
    }

    /// A miss: free buffers for the run of uncached blocks from `block`
    /// (at most `ahead`), then one read of them.
    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn miss(
        &mut self,
        segment: u32,
        block: u32,
        child: u16,
        kind: GetKind,
        ahead: u32,
        device: &mut dyn BlockDevice,
        now: SimTime,
    ) -> MissInfo {
        let mut m = MissInfo::default();
        let p = self.b.segs.get(segment as usize).map_or(0, |s| s.pool) as usize;
        let cap = ((self.b.pools[p].capacity as u64 * MAX_READ_PCT / 100) as u32).max(1);
        let mut n = 1;
        while n < ahead.min(cap) && !self.is_cached(segment, block + n) {
            n += 1;
        }
        let mut t = now;
        for j in 0..n {
            let (i, at) = self.free_buffer(p, t, device, &mut m);
            t = at;
            self.install(i, p as u8, segment, block + j, if j == 0 { child } else { NO_CHILD }, t.0);
        }
        if kind == GetKind::Current {
            if let Some(i) = self.b.slot(segment, block).checked_sub(1) {
                self.b.mark_dirty(i);
            }
        }
        m.blocks = n;
        m.issued = t.0;
        let req = IoRequest { blocks: n, ..IoRequest::single_block_read(segment, block, self.block_size) };
        (m.done, m.note) = device.serve(&req, t);
        m
    }

    /// Blocks formatted in the cache (an insert's new block) take a buffer
    /// without a read, dirty. When it took a buffer: what the search did
    /// (a session that found none clean waited for DBWR).
    pub fn new_block(
        &mut self,
        segment: u32,
        block: u32,
        device: &mut dyn BlockDevice,
        now: SimTime,
    ) -> Option<MissInfo> {
        // The block's extent, when it is the segment's first past them.
        let dba = device.dba(segment, block);
        if let Some(i) = self.b.slot(segment, block).checked_sub(1) {
            self.b.mark_dirty(i);
            return None;
        }
        let mut m = MissInfo::default();
        let p = self.b.segs.get(segment as usize).map_or(0, |s| s.pool) as usize;
        let (i, t) = self.free_buffer(p, now, device, &mut m);
        self.install(i, p as u8, segment, block, self.latches.map.child(dba.0, dba.1), t.0);
        self.b.mark_dirty(i);
        m.issued = t.0;
        Some(m)
    }

    /// Put block `(segment, block)` in buffer `i` at the pool's mid-point.
    /// `child`: its child latch ([`NO_CHILD`]: the first get notes it).
    fn install(&mut self, i: u32, pool: u8, segment: u32, block: u32, child: u16, now: f64) {
        self.b.bufs[i as usize] = Buf {
            seg: segment,
            block,
            prev: NIL,
            next: NIL,
            touch: 1,
            pool,
            hot: false,
            dirty: false,
            writing: false,
            redirtied: false,
        };
        self.b.hit[i as usize] = HitTag { next_touch: now + TOUCH_TIME_US, child };
        let s = grown_slot_one(&mut self.b.segs, segment as usize);
        if s.map.len() <= block as usize {
            s.map.resize(block as usize + 1, 0);
        }
        s.map[block as usize] = i + 1;
        s.cached += 1;
        self.b.insert_mid(pool as usize, i);
    }

    /// A free buffer of pool `p` at `now`: a new one while the pool is not
    /// full, else the coldest clean buffer within the scan depth. Buffers
    /// met on the way with a touch count of 2 or more go to the hot end;
    /// dirty ones are passed over and DBWR is posted to write them. With
    /// none clean, the session waits for DBWR's batch (`free buffer
    /// waits`) and scans again. Returns the buffer and when it was free.
    fn free_buffer(
        &mut self,
        p: usize,
        now: SimTime,
        device: &mut dyn BlockDevice,
        m: &mut MissInfo,
    ) -> (u32, SimTime) {
        m.requested += 1;
        let lru = &self.b.pools[p];
        if lru.len + lru.scan_depth() >= lru.capacity {
            // Within a scan depth of full: DBWR, when idle, is posted
            // while the pool has dirty buffers, to keep the cold end clean
            // ahead of the foregrounds (it writes those near the cold end).
            self.dbwr_run_until(now.0, device);
            if self.dbwr.busy_until().is_none() && self.b.pools[p].dirty > 0 {
                self.dbwr_post(p as u8, now.0, device);
            }
        }
        if let Some(i) = self.b.pools[p].free.pop() {
            return (i, now);
        }
        let lru = &self.b.pools[p];
        if lru.len < lru.capacity {
            self.b.bufs.push(Buf { pool: p as u8, ..EMPTY_BUF });
            self.b.hit.push(EMPTY_TAG);
            return ((self.b.bufs.len() - 1) as u32, now);
        }
        let mut t = now;
        // Each round finds a buffer, waits for a batch that cleans at
        // least one, or moves one to the hot end (touch count 0: once):
        // bounded by the pool's buffers.
        for _ in 0..=self.b.pools[p].capacity.min(1 << 20) {
            let moved = m.hot_moved;
            let (found, saw_dirty) = self.scan(p, m);
            if saw_dirty {
                self.dbwr_post(p as u8, t.0, device);
            }
            if let Some(i) = found {
                self.b.evict(i);
                return (i, t);
            }
            match self.dbwr.busy_until() {
                // The wait ends when DBWR's batch completes, or at its
                // timeout: then the session scans again and, with the
                // batch still writing, waits again.
                Some(done) if done > t.0 + FREE_BUFFER_WAIT_TIMEOUT_US => {
                    m.free_waits += 1;
                    m.free_wait_timeouts += 1;
                    m.free_wait_us += FREE_BUFFER_WAIT_TIMEOUT_US;
                    t = t.after(FREE_BUFFER_WAIT_TIMEOUT_US);
                }
                Some(done) if done > t.0 => {
                    m.free_waits += 1;
                    m.free_wait_us += done - t.0;
                    t = SimTime(done);
                    self.dbwr_run_until(done, device);
                }
                Some(done) => self.dbwr_run_until(done, device),
                // Buffers moved to the hot end: the next ones are looked at.
                None if m.hot_moved > moved => {}
                None => break,
            }
        }
        // Nothing DBWR can clean (cannot happen with dirty buffers in the
        // pool): the cold end's buffer is taken as it is.
        let i = self.b.pools[p].tail;
        if i == NIL {
            // No buffer on the list at all (cannot happen: the pool is full).
            self.b.bufs.push(Buf { pool: p as u8, ..EMPTY_BUF });
            self.b.hit.push(EMPTY_TAG);
            return ((self.b.bufs.len() - 1) as u32, t);
        }
        self.b.evict(i);
        (i, t)
    }

    /// Scan pool `p` from the cold end for a clean buffer to reuse.
    fn scan(&mut self, p: usize, m: &mut MissInfo) -> (Option<u32>, bool) {
        let mut i = self.b.pools[p].tail;
        let mut saw_dirty = false;
        for _ in 0..self.b.pools[p].scan_depth() {
            if i == NIL {
                break;
            }
            let b = self.b.bufs[i as usize];
            if b.touch >= HOT_CRITERIA {
                self.b.unlink(p, i);
                self.b.bufs[i as usize].touch = 0;
                self.b.push_hot(p, i);
                m.hot_moved += 1;
                m.inspected += 1;
            } else if b.dirty {
                saw_dirty |= !b.writing;
                m.dirty_inspected += 1;
                m.inspected += 1;
            } else {
                return (Some(i), saw_dirty);
            }
            i = b.prev;
        }
        (None, saw_dirty)
    }

    /// DBWR's turns due by `now` (see [`Dbwr::run_until`]): the
    /// scheduler's, or a running session's before it uses the cache.
    pub fn dbwr_run_until(&mut self, now: f64, device: &mut dyn BlockDevice) {
        self.dbwr.run_until(&mut self.b, now, device);
    }

    fn dbwr_post(&mut self, p: u8, now: f64, device: &mut dyn BlockDevice) {
        self.dbwr.post(&mut self.b, p, now, device);
    }

    /// A checkpoint at `now` (see [`Dbwr::checkpoint`]): returns when
    /// DBWR's last write completes.
    pub fn checkpoint(&mut self, segment: Option<u32>, device: &mut dyn BlockDevice, now: SimTime) -> SimTime {
        self.dbwr.checkpoint(&mut self.b, segment, device, now)
    }

    /// A log switch's checkpoint at `at` (see [`Dbwr::background_checkpoint`]).
    pub fn background_checkpoint(&mut self, at: SimTime, device: &mut dyn BlockDevice) {
        self.dbwr.background_checkpoint(&mut self.b, at, device);
    }

    /// A segment's blocks in the cache, and how many of them are dirty.
    pub fn segment_buffers(&self, segment: u32) -> (u64, u64) {
        self.b.segs.get(segment as usize).map_or((0, 0), |s| (s.cached as u64, s.dirty as u64))
    }

    /// Forget a segment's buffers (DROP, MOVE): they return to their pool's free list.
    pub fn invalidate_segment(&mut self, segment: u32) {
        let Some(s) = self.b.segs.get_mut(segment as usize) else { return };
        let map = std::mem::take(&mut s.map);
        s.cached = 0;
        s.dirty = 0;
        for slot in map.into_iter().filter(|&x| x != 0) {
            let i = slot - 1;
            let b = self.b.bufs[i as usize];
            self.b.unlink(b.pool as usize, i);
            if b.dirty {
                self.b.pools[b.pool as usize].dirty -= 1;
            }
            self.b.bufs[i as usize].dirty = false;
            self.b.bufs[i as usize].writing = false;
            self.b.pools[b.pool as usize].free.push(i);
        }
        self.dbwr.forget_segment(&self.b, segment);
        self.holds.forget_uncleaned(segment);
    }

    /// A cached block changed outside a current-mode get (a cleanout on a
    /// consistent get): dirty, for DBWR to write.
    pub fn dirty(&mut self, segment: u32, block: u32) {
        if let Some(i) = self.b.slot(segment, block).checked_sub(1) {
            self.b.mark_dirty(i);
        }
    }

    /// The segment's blocks moved (placed in another tablespace while
    /// cached): their buffers note their child latch again at their next get.
    pub fn readdress_segment(&mut self, segment: u32) {
        let Some(s) = self.b.segs.get(segment as usize) else { return };
        for &slot in s.map.iter().filter(|&&x| x != 0) {
            self.b.hit[(slot - 1) as usize].child = NO_CHILD;
        }
    }

    /// Buffers holding a segment's blocks.
    pub fn resident_blocks(&self, segment: u32) -> u64 {
        self.segment_buffers(segment).0
    }

    pub fn latch_totals(&self) -> LatchChild {
        self.latches.totals()
    }

    /// `SHUTDOWN`, `FLUSH BUFFER_CACHE`: the cache is emptied (dirty
    /// buffers are dropped unwritten: the lab's blocks live in the catalog).
    pub fn flush(&mut self) {
        self.b.bufs.clear();
        self.b.hit.clear();
        for s in &mut self.b.segs {
            s.map.clear();
            s.cached = 0;
            s.dirty = 0;
        }
        for p in &mut self.b.pools {
            *p = Lru::new(p.capacity as u64);
        }
        self.dbwr.flush();
    }

    /// The LRU list of a pool, hot end first: (segment, block, touch
    /// count, dirty) per buffer (tests and the cache view).
    pub fn lru_order(&self, pool: PoolKind) -> Vec<(u32, u32, u32, bool)> {
        let lru = &self.b.pools[(pool == PoolKind::Keep) as usize];
        let mut out = Vec::with_capacity(lru.len as usize);
        let mut i = lru.head;
        while i != NIL && out.len() < lru.len as usize {
            let b = &self.b.bufs[i as usize];
            out.push((b.seg, b.block, b.touch, b.dirty));
            i = b.next;
        }
        out
    }
}

/// `v[i]`, growing `v` with defaults as needed.
fn grown_slot_one<T: Default>(v: &mut Vec<T>, i: usize) -> &mut T {
    if i >= v.len() {
        v.resize_with(i + 1, T::default);
    }
    &mut v[i]
}

#[cfg(test)]
#[path = "cache_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "cache_address_tests.rs"]
mod address_tests;
