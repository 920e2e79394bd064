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
//! leaves its buffer dirty; DBWR ([`Dbwr`]), a background process advanced
//! lazily on the simulated clock, writes batches of dirty buffers from the
//! cold end to their segment's device, and a session that finds no clean
//! buffer waits for DBWR's batch (`free buffer waits`). A full scan's miss
//! reads ahead (multiblock); checkpoints write every dirty buffer, or a
//! segment's before a direct read. docs/MODEL.md, "The buffer cache on
//! devices", has the parameters and what is not modelled.
//!
//! The cache is shared by every session: it reports what happened (the
//! latch child, and for a block not in the cache when the device read of
//! it completes, with what the miss did in [`BufferCache::last_miss`]) and
//! the session's kernel counts the get and pays its time
//! (`session/kernel.rs`). A get of a cached block allocates nothing.

use crate::instance::version::VersionProfile;
use crate::io::{BlockDevice, IoKind, IoPurpose, IoRequest};
pub use crate::sga::get_kind::GetKind;
use crate::sga::holds::BufferHolds;
use crate::sga::latch::{LatchChild, LatchMap, LatchSet};
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

/// Not a buffer: the end of an LRU list.
const NIL: u32 = u32::MAX;

/// `_db_aging_touch_time` (3 s): a buffer's touch count rises at most
/// once in this much simulated time, however often it is visited.
pub const TOUCH_TIME_US: f64 = 3_000_000.0;
/// `_db_aging_hot_criteria`: a buffer met at the cold end with at least
/// this touch count is moved to the hot end instead of being reused.
pub const HOT_CRITERIA: u32 = 2;
/// `_db_aging_cool_count`: the touch count of a buffer that crosses from
/// the hot half into the cold half.
pub const COOL_COUNT: u32 = 1;
/// `_db_percent_hot_default`: the hot half's share of a pool (%).
pub const PERCENT_HOT: u64 = 50;
/// `_db_block_max_scan_pct`: how much of a pool (%) a foreground scans
/// from the cold end for a free buffer before it gives up and waits.
pub const MAX_SCAN_PCT: u64 = 40;
/// `_small_table_threshold` as a share of the DEFAULT pool (%).
pub const SMALL_TABLE_PCT: u64 = 2;
/// DBWR looks at most this many buffers from a pool's cold end for a batch.
pub const DBWR_SCAN_MAX: u32 = 4096;
/// A multiblock read takes at most this share of a pool's buffers (%), so
/// a scan's read never evicts its own blocks.
pub const MAX_READ_PCT: u64 = 25;

/// One buffer header: the block it holds, its place on its pool's LRU
/// list, its touch count and whether it is dirty.
#[derive(Debug, Clone, Copy)]
struct Buf {
    seg: u32,
    block: u32,
    prev: u32,
    next: u32,
    touch: u32,
    pool: u8,
    hot: bool,
    dirty: bool,
    /// In DBWR's batch in flight.
    writing: bool,
    /// Changed again while DBWR was writing it: still dirty afterwards.
    redirtied: bool,
}

/// A buffer header before its first block.
const EMPTY_BUF: Buf = Buf {
    seg: 0,
    block: 0,
    prev: NIL,
    next: NIL,
    touch: 0,
    pool: 0,
    hot: false,
    dirty: false,
    writing: false,
    redirtied: false,
};

/// A pool's LRU list, hot end (head) to cold end (tail), with the
/// mid-point where the cold half starts.
#[derive(Debug, Clone)]
struct Lru {
    /// Buffers of the pool (`db_cache_size` / block size).
    capacity: u32,
    /// Buffers on the list.
    len: u32,
    head: u32,
    tail: u32,
    /// The first buffer of the cold half (NIL: the cold half is empty).
    mid: u32,
    /// Buffers in the hot half.
    hot: u32,
    /// Dirty buffers on the list.
    dirty: u32,
    /// Buffer headers of this pool not on the list (their segment dropped).
    free: Vec<u32>,
}

impl Lru {
    fn new(capacity: u64) -> Self {
        Lru {
            capacity: capacity.min(u32::MAX as u64 - 1) as u32,
            len: 0,
            head: NIL,
            tail: NIL,
            mid: NIL,
            hot: 0,
            dirty: 0,
            free: Vec::new(),
        }
    }
    fn hot_target(&self) -> u32 {
        (self.capacity as u64 * PERCENT_HOT / 100) as u32
    }
    fn scan_depth(&self) -> u32 {
        ((self.capacity as u64 * MAX_SCAN_PCT / 100) as u32).max(1)
    }
}

/// A segment's buffers: which buffer holds each block, its pool, and how
/// many of its blocks are cached and dirty.
#[derive(Debug, Clone, Default)]
struct SegBufs {
    /// Block -> buffer + 1 (0: not cached).
    map: Vec<u32>,
    pool: u8,
    cached: u32,
    dirty: u32,
}

/// What the last miss did before its read, for the session to count and
/// pay (read by `session/kernel.rs` on a miss only).
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
}

/// DBWR's instance-wide statistics (V$SYSSTAT: the background process's,
/// not a session's) and its wait.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct DbwrStats {
    /// `physical writes` (= `physical writes from cache`): blocks written.
    pub physical_writes: u64,
    /// `physical write IO requests`.
    pub write_requests: u64,
    /// `DBWR lru scans`: batches written to make buffers free.
    pub lru_scans: u64,
    /// `DBWR make free requests`: foregrounds that posted DBWR.
    pub make_free_requests: u64,
    /// `DBWR checkpoint buffers written`.
    pub checkpoint_buffers_written: u64,
    /// `DBWR checkpoints`: full checkpoints (`ALTER SYSTEM CHECKPOINT`).
    pub checkpoints: u64,
    /// `background checkpoints started` / `completed`: log switches'
    /// checkpoints.
    pub background_checkpoints_started: u64,
    pub background_checkpoints_completed: u64,
    /// `db file parallel write`: DBWR waiting for a batch's writes.
    pub parallel_writes: u64,
    pub parallel_write_us: f64,
    pub parallel_write_hist: [u64; crate::stats::WAIT_BUCKETS],
    pub parallel_write_hist_us: [u64; crate::stats::WAIT_BUCKETS_US],
}

impl DbwrStats {
    /// The statistics under their V$SYSSTAT names, then the wait.
    pub fn named(&self) -> [(&'static str, u64); 9] {
        [
            ("physical writes", self.physical_writes),
            ("physical writes from cache", self.physical_writes),
            ("physical write IO requests", self.write_requests),
            ("DBWR lru scans", self.lru_scans),
            ("DBWR make free requests", self.make_free_requests),
            ("DBWR checkpoint buffers written", self.checkpoint_buffers_written),
            ("DBWR checkpoints", self.checkpoints),
            ("background checkpoints started", self.background_checkpoints_started),
            ("background checkpoints completed", self.background_checkpoints_completed),
        ]
    }
}

/// The database writer: a background process on the simulated clock,
/// advanced lazily (when a session next needs the cache) rather than by
/// events of its own. It writes one batch at a time: the batch's writes
/// are submitted together (asynchronous I/O) and it waits for all of them
/// (`db file parallel write`); the buffers are clean when the batch is.
#[derive(Debug, Clone, Default)]
pub struct Dbwr {
    batch: Vec<u32>,
    /// When the batch in flight completes (None: DBWR is idle).
    done: Option<f64>,
    /// Posted while busy: the pool to write for when the batch completes.
    posted: Option<u8>,
    /// A log switch's checkpoint came while busy: it starts when the batch
    /// in flight completes.
    checkpoint_posted: bool,
    /// The batch in flight is a log switch's checkpoint.
    background: bool,
    /// `_db_writer_max_writes`: most buffers in one batch (0: no limit).
    pub max_writes: u32,
    pub stats: DbwrStats,
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
    /// Buffer headers, both pools (allocated as the pools fill).
    bufs: Vec<Buf>,
    /// Per buffer: from when a get raises its touch count again.
    next_touch: Vec<f64>,
    /// Per segment: which buffer holds each block.
    segs: Vec<SegBufs>,
    /// The LRU lists: DEFAULT, then KEEP.
    pools: [Lru; 2],
    pub dbwr: Dbwr,
    /// What the last miss did (see [`MissInfo`]).
    pub last_miss: MissInfo,
    /// Uncommitted changes, exclusive pins and the RowCR window ([`BufferHolds`]).
    pub holds: BufferHolds,
}

/// What a get did, for the session to count and pay.
#[derive(Debug, Clone, Copy)]
pub struct GetOutcome {
    pub latch_child: u16,
    /// The block was not in the cache: the device read it, completing
    /// then ([`BufferCache::last_miss`] says what else happened).
    pub read_done: Option<SimTime>,
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
            bufs: Vec::new(),
            next_touch: Vec::new(),
            segs: Vec::new(),
            pools: [Lru::new(default_buffers), Lru::new(keep_buffers)],
            dbwr: Dbwr::default(),
            last_miss: MissInfo::default(),
            holds: BufferHolds::default(),
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

    /// `_small_table_threshold`: 2% of the DEFAULT pool, in blocks.
    pub fn small_table_threshold(&self) -> u64 {
        self.default_buffers * SMALL_TABLE_PCT / 100
    }

    /// The segment's blocks go to `pool` (KEEP only when it has buffers).
    pub fn set_pool(&mut self, segment: u32, pool: PoolKind) {
        let p = (pool == PoolKind::Keep && self.keep_buffers > 0) as u8;
        let s = grown_slot_one(&mut self.segs, segment as usize);
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
        let latch_child = self.latches.get(segment, block, kind.cbc_latch_gets() as u64);
        let slot = self.slot(segment, block);
        let read_done = if slot != 0 {
            // The touch count rises at most once per `_db_aging_touch_time`:
            // when a get comes after the buffer's next touch time (a dense
            // array apart from the headers: one load on the hot path).
            if now.0 >= self.next_touch[(slot - 1) as usize] {
                self.touch(slot - 1, now.0);
            }
            if kind == GetKind::Current {
                self.mark_dirty(slot - 1);
            }
            None
        } else {
            Some(self.miss(segment, block, kind, ahead, device, now))
        };
        GetOutcome { latch_child, read_done }
    }

    #[cold]
    #[inline(never)]
    fn touch(&mut self, i: u32, now: f64) {
        self.bufs[i as usize].touch += 1;
        self.next_touch[i as usize] = now + TOUCH_TIME_US;
    }

    /// The buffer holding a block, + 1 (0: not cached).
    #[inline(always)]
    fn slot(&self, segment: u32, block: u32) -> u32 {
        match self.segs.get(segment as usize) {
            Some(s) => s.map.get(block as usize).copied().unwrap_or(0),
            None => 0,
        }
    }

    /// Whether a block is in the cache.
    pub fn is_cached(&self, segment: u32, block: u32) -> bool {
        self.slot(segment, block) != 0
    }

    fn mark_dirty(&mut self, i: u32) {
        let b = &mut self.bufs[i as usize];
        if b.writing {
            b.redirtied = true;
        }
        if !b.dirty {
            b.dirty = true;
            let (seg, pool) = (b.seg as usize, b.pool as usize);
            self.segs[seg].dirty += 1;
            self.pools[pool].dirty += 1;
        }
    }

    /// A miss: free buffers for the run of uncached blocks from `block`
    /// (at most `ahead`), then one read of them.
    #[cold]
    #[inline(never)]
    fn miss(
        &mut self,
        segment: u32,
        block: u32,
        kind: GetKind,
        ahead: u32,
        device: &mut dyn BlockDevice,
        now: SimTime,
    ) -> SimTime {
        self.last_miss = MissInfo::default();
        let p = self.segs.get(segment as usize).map_or(0, |s| s.pool) as usize;
        let cap = ((self.pools[p].capacity as u64 * MAX_READ_PCT / 100) as u32).max(1);
        let mut n = 1;
        while n < ahead.min(cap) && !self.is_cached(segment, block + n) {
            n += 1;
        }
        let mut t = now;
        for j in 0..n {
            let (i, at) = self.free_buffer(p, t, device);
            t = at;
            self.install(i, p as u8, segment, block + j, t.0);
        }
        if kind == GetKind::Current {
            if let Some(i) = self.slot(segment, block).checked_sub(1) {
                self.mark_dirty(i);
            }
        }
        let m = &mut self.last_miss;
        m.blocks = n;
        m.issued = t.0;
        let req = IoRequest { blocks: n, ..IoRequest::single_block_read(segment, block, self.block_size) };
        let (done, note) = device.serve(&req, t);
        self.last_miss.note = note;
        done
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
        if let Some(i) = self.slot(segment, block).checked_sub(1) {
            self.mark_dirty(i);
            return None;
        }
        self.last_miss = MissInfo::default();
        let p = self.segs.get(segment as usize).map_or(0, |s| s.pool) as usize;
        let (i, t) = self.free_buffer(p, now, device);
        self.install(i, p as u8, segment, block, t.0);
        self.mark_dirty(i);
        self.last_miss.issued = t.0;
        Some(self.last_miss)
    }

    /// Put block `(segment, block)` in buffer `i` at the pool's mid-point.
    fn install(&mut self, i: u32, pool: u8, segment: u32, block: u32, now: f64) {
        self.bufs[i as usize] = Buf {
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
        self.next_touch[i as usize] = now + TOUCH_TIME_US;
        let s = grown_slot_one(&mut self.segs, segment as usize);
        if s.map.len() <= block as usize {
            s.map.resize(block as usize + 1, 0);
        }
        s.map[block as usize] = i + 1;
        s.cached += 1;
        self.insert_mid(pool as usize, i);
    }

    /// A free buffer of pool `p` at `now`: a new one while the pool is not
    /// full, else the coldest clean buffer within the scan depth. Buffers
    /// met on the way with a touch count of 2 or more go to the hot end;
    /// dirty ones are passed over and DBWR is posted to write them. With
    /// none clean, the session waits for DBWR's batch (`free buffer
    /// waits`) and scans again. Returns the buffer and when it was free.
    fn free_buffer(&mut self, p: usize, now: SimTime, device: &mut dyn BlockDevice) -> (u32, SimTime) {
        self.last_miss.requested += 1;
        let lru = &self.pools[p];
        if lru.len + lru.scan_depth() >= lru.capacity {
            // Within a scan depth of full: DBWR, when idle, is posted
            // while the pool has dirty buffers, to keep the cold end clean
            // ahead of the foregrounds (it writes those near the cold end).
            self.dbwr_advance(now.0, device);
            if self.dbwr.done.is_none() && self.pools[p].dirty > 0 {
                self.dbwr_post(p as u8, now.0, device);
            }
        }
        if let Some(i) = self.pools[p].free.pop() {
            return (i, now);
        }
        let lru = &self.pools[p];
        if lru.len < lru.capacity {
            self.bufs.push(Buf { pool: p as u8, ..EMPTY_BUF });
            self.next_touch.push(0.0);
            return ((self.bufs.len() - 1) as u32, now);
        }
        let mut t = now;
        // Each round finds a buffer, waits for a batch that cleans at
        // least one, or moves one to the hot end (touch count 0: once):
        // bounded by the pool's buffers.
        for _ in 0..=self.pools[p].capacity.min(1 << 20) {
            let moved = self.last_miss.hot_moved;
            let (found, saw_dirty) = self.scan(p);
            if saw_dirty {
                self.dbwr_post(p as u8, t.0, device);
            }
            if let Some(i) = found {
                self.evict(i);
                return (i, t);
            }
            match self.dbwr.done {
                // The wait ends when DBWR's batch completes, or at its
                // timeout: then the session scans again and, with the
                // batch still writing, waits again.
                Some(done) if done > t.0 + FREE_BUFFER_WAIT_TIMEOUT_US => {
                    self.last_miss.free_waits += 1;
                    self.last_miss.free_wait_timeouts += 1;
                    self.last_miss.free_wait_us += FREE_BUFFER_WAIT_TIMEOUT_US;
                    t = t.after(FREE_BUFFER_WAIT_TIMEOUT_US);
                }
                Some(done) if done > t.0 => {
                    self.last_miss.free_waits += 1;
                    self.last_miss.free_wait_us += done - t.0;
                    t = SimTime(done);
                    self.dbwr_advance(done, device);
                }
                Some(done) => self.dbwr_advance(done, device),
                // Buffers moved to the hot end: the next ones are looked at.
                None if self.last_miss.hot_moved > moved => {}
                None => break,
            }
        }
        // Nothing DBWR can clean (cannot happen with dirty buffers in the
        // pool): the cold end's buffer is taken as it is.
        let i = self.pools[p].tail;
        if i == NIL {
            // No buffer on the list at all (cannot happen: the pool is full).
            self.bufs.push(Buf { pool: p as u8, ..EMPTY_BUF });
            self.next_touch.push(0.0);
            return ((self.bufs.len() - 1) as u32, t);
        }
        self.evict(i);
        (i, t)
    }

    /// Scan pool `p` from the cold end for a clean buffer to reuse.
    fn scan(&mut self, p: usize) -> (Option<u32>, bool) {
        let mut i = self.pools[p].tail;
        let mut saw_dirty = false;
        for _ in 0..self.pools[p].scan_depth() {
            if i == NIL {
                break;
            }
            let b = self.bufs[i as usize];
            if b.touch >= HOT_CRITERIA {
                self.unlink(p, i);
                self.bufs[i as usize].touch = 0;
                self.push_hot(p, i);
                self.last_miss.hot_moved += 1;
                self.last_miss.inspected += 1;
            } else if b.dirty {
                saw_dirty |= !b.writing;
                self.last_miss.dirty_inspected += 1;
                self.last_miss.inspected += 1;
            } else {
                return (Some(i), saw_dirty);
            }
            i = b.prev;
        }
        (None, saw_dirty)
    }

    /// Take buffer `i` off its list and forget the block it held.
    fn evict(&mut self, i: u32) {
        let b = self.bufs[i as usize];
        self.unlink(b.pool as usize, i);
        let s = &mut self.segs[b.seg as usize];
        s.map[b.block as usize] = 0;
        s.cached -= 1;
        if b.dirty {
            s.dirty -= 1;
            self.pools[b.pool as usize].dirty -= 1;
        }
    }

    fn unlink(&mut self, p: usize, i: u32) {
        let b = self.bufs[i as usize];
        let lru = &mut self.pools[p];
        if lru.mid == i {
            lru.mid = b.next;
        }
        if b.prev == NIL {
            lru.head = b.next;
        } else {
            self.bufs[b.prev as usize].next = b.next;
        }
        if b.next == NIL {
            lru.tail = b.prev;
        } else {
            self.bufs[b.next as usize].prev = b.prev;
        }
        if b.hot {
            lru.hot -= 1;
        }
        lru.len -= 1;
        let b = &mut self.bufs[i as usize];
        b.prev = NIL;
        b.next = NIL;
        b.hot = false;
    }

    /// Link `i` just before `x` (NIL: at the cold end).
    fn link_before(&mut self, p: usize, i: u32, x: u32) {
        let lru = &mut self.pools[p];
        let prev = if x == NIL { lru.tail } else { self.bufs[x as usize].prev };
        if prev == NIL {
            lru.head = i;
        } else {
            self.bufs[prev as usize].next = i;
        }
        if x == NIL {
            lru.tail = i;
        } else {
            self.bufs[x as usize].prev = i;
        }
        lru.len += 1;
        let b = &mut self.bufs[i as usize];
        b.prev = prev;
        b.next = x;
    }

    /// A block read in enters at the mid-point: the head of the cold half.
    fn insert_mid(&mut self, p: usize, i: u32) {
        let mid = self.pools[p].mid;
        self.link_before(p, i, mid);
        self.bufs[i as usize].hot = false;
        self.pools[p].mid = i;
    }

    /// To the hot end; the hot half's coldest buffers cross the mid-point
    /// (touch count `COOL_COUNT`) while it is over its share.
    fn push_hot(&mut self, p: usize, i: u32) {
        let head = self.pools[p].head;
        self.link_before(p, i, head);
        self.bufs[i as usize].hot = true;
        self.pools[p].hot += 1;
        while self.pools[p].hot > self.pools[p].hot_target() {
            let lru = &self.pools[p];
            let last_hot = if lru.mid == NIL { lru.tail } else { self.bufs[lru.mid as usize].prev };
            if last_hot == NIL {
                break;
            }
            let b = &mut self.bufs[last_hot as usize];
            b.hot = false;
            b.touch = COOL_COUNT;
            let lru = &mut self.pools[p];
            lru.hot -= 1;
            lru.mid = last_hot;
        }
    }

    /// DBWR up to `now`: each batch done by then is complete (its buffers
    /// clean), and a post that came while it was busy starts the next.
    pub fn dbwr_advance(&mut self, now: f64, device: &mut dyn BlockDevice) {
        // At most two rounds: a completed batch may start one posted batch.
        for _ in 0..2 {
            let Some(done) = self.dbwr.done else { return };
            if done > now {
                return;
            }
            self.complete_batch();
            if std::mem::take(&mut self.dbwr.checkpoint_posted) {
                // Every dirty buffer: the pool's request too.
                self.dbwr.posted = None;
                self.start_background_checkpoint(done, device);
            } else if let Some(p) = self.dbwr.posted.take() {
                self.start_batch(Some(p), None, done, device);
            }
        }
    }

    fn complete_batch(&mut self) {
        for k in 0..self.dbwr.batch.len() {
            let i = self.dbwr.batch[k] as usize;
            let b = &mut self.bufs[i];
            if !b.writing {
                continue;
            }
            b.writing = false;
            if std::mem::take(&mut b.redirtied) {
                continue;
            }
            b.dirty = false;
            let (seg, pool) = (b.seg as usize, b.pool as usize);
            self.segs[seg].dirty -= 1;
            self.pools[pool].dirty -= 1;
        }
        self.dbwr.batch.clear();
        self.dbwr.done = None;
        if std::mem::take(&mut self.dbwr.background) {
            self.dbwr.stats.background_checkpoints_completed += 1;
        }
    }

    /// A foreground met dirty buffers at the cold end of pool `p`: DBWR
    /// writes a batch now, or after the one in flight.
    fn dbwr_post(&mut self, p: u8, now: f64, device: &mut dyn BlockDevice) {
        if self.dbwr.done.is_some() {
            if self.dbwr.posted.is_none() {
                self.dbwr.stats.make_free_requests += 1;
            }
            self.dbwr.posted = Some(p);
        } else {
            self.start_batch(Some(p), None, now, device);
            if self.dbwr.done.is_some() {
                self.dbwr.stats.make_free_requests += 1;
            }
        }
    }

    /// Start a batch at `at`: the dirty buffers within pool `pool`'s scan
    /// depth of the cold end (coldest first, at most
    /// `_db_writer_max_writes`, looking at most `DBWR_SCAN_MAX`), or for a
    /// checkpoint (`pool` None) every dirty buffer, of `only` segment when
    /// given. The writes go out together in block order; the batch is
    /// done when the last completes.
    fn start_batch(&mut self, pool: Option<u8>, only: Option<u32>, at: f64, device: &mut dyn BlockDevice) -> f64 {
        let mut batch = std::mem::take(&mut self.dbwr.batch);
        batch.clear();
        let limit = if self.dbwr.max_writes == 0 || pool.is_none() { u32::MAX } else { self.dbwr.max_writes };
        match pool {
            Some(p) => {
                let lru = &self.pools[p as usize];
                let mut i = lru.tail;
                for _ in 0..lru.scan_depth().min(DBWR_SCAN_MAX) {
                    if i == NIL || batch.len() as u32 >= limit {
                        break;
                    }
                    let b = self.bufs[i as usize];
                    if b.dirty && !b.writing {
                        batch.push(i);
                    }
                    i = b.prev;
                }
            }
            // A segment's checkpoint looks at its own buffers only.
            None => match only {
                Some(seg) => {
                    let map = self.segs.get(seg as usize).map_or(&[][..], |s| &s.map[..]);
                    for &slot in map.iter().filter(|&&x| x != 0) {
                        let b = &self.bufs[(slot - 1) as usize];
                        if b.dirty && !b.writing {
                            batch.push(slot - 1);
                        }
                    }
                }
                // Buffers off the lists (on a free list) are never dirty.
                None => {
                    for (i, b) in self.bufs.iter().enumerate() {
                        if b.dirty && !b.writing {
                            batch.push(i as u32);
                        }
                    }
                }
            },
        }
        if batch.is_empty() {
            self.dbwr.batch = batch;
            return at;
        }
        let bufs = &self.bufs;
        batch.sort_unstable_by_key(|&i| (bufs[i as usize].seg, bufs[i as usize].block));
        let mut done = at;
        for &i in &batch {
            let b = &mut self.bufs[i as usize];
            b.writing = true;
            let req = IoRequest {
                kind: IoKind::Write,
                file: b.seg,
                block: b.block,
                blocks: 1,
                block_size: self.block_size,
                purpose: IoPurpose::Data,
            };
            done = done.max(device.submit(&req, SimTime(at)).0);
        }
        let n = batch.len() as u64;
        let s = &mut self.dbwr.stats;
        s.physical_writes += n;
        s.write_requests += n;
        s.parallel_writes += 1;
        s.parallel_write_us += done - at;
        s.parallel_write_hist[crate::stats::wait_bucket_ms(done - at)] += 1;
        s.parallel_write_hist_us[crate::stats::wait_bucket_us(done - at)] += 1;
        if pool.is_some() {
            s.lru_scans += 1;
        } else {
            s.checkpoint_buffers_written += n;
        }
        self.dbwr.batch = batch;
        self.dbwr.done = Some(done);
        done
    }

    /// A checkpoint at `now`: DBWR finishes the batch in flight, then
    /// writes every dirty buffer (of `segment` only, for a direct read's
    /// fast object checkpoint). Returns when the last write completes.
    pub fn checkpoint(&mut self, segment: Option<u32>, device: &mut dyn BlockDevice, now: SimTime) -> SimTime {
        self.dbwr_advance(now.0, device);
        let mut at = now.0;
        if let Some(done) = self.dbwr.done {
            at = at.max(done);
            self.complete_batch();
        }
        self.dbwr.posted = None;
        if segment.is_none() {
            self.dbwr.checkpoint_posted = false;
            self.dbwr.stats.checkpoints += 1;
        }
        let done = self.start_batch(None, segment, at, device);
        if self.dbwr.done.is_some() {
            self.complete_batch();
        }
        SimTime(done)
    }

    /// A log switch's checkpoint at `at`: DBWR writes every dirty buffer in
    /// the background, now or after the batch in flight. Nobody waits for
    /// it; its writes occupy the devices.
    pub fn background_checkpoint(&mut self, at: SimTime, device: &mut dyn BlockDevice) {
        self.dbwr_advance(at.0, device);
        if self.dbwr.done.is_some() {
            self.dbwr.checkpoint_posted = true;
        } else {
            self.start_background_checkpoint(at.0, device);
        }
    }

    fn start_background_checkpoint(&mut self, at: f64, device: &mut dyn BlockDevice) {
        self.dbwr.stats.background_checkpoints_started += 1;
        self.start_batch(None, None, at, device);
        if self.dbwr.done.is_some() {
            self.dbwr.background = true;
        } else {
            // Nothing dirty: done at once.
            self.dbwr.stats.background_checkpoints_completed += 1;
        }
    }

    /// A segment's blocks in the cache, and how many of them are dirty.
    pub fn segment_buffers(&self, segment: u32) -> (u64, u64) {
        self.segs.get(segment as usize).map_or((0, 0), |s| (s.cached as u64, s.dirty as u64))
    }

    /// Forget a segment's buffers (DROP, MOVE): they return to their pool's free list.
    pub fn invalidate_segment(&mut self, segment: u32) {
        let Some(s) = self.segs.get_mut(segment as usize) else { return };
        let map = std::mem::take(&mut s.map);
        s.cached = 0;
        s.dirty = 0;
        for slot in map.into_iter().filter(|&x| x != 0) {
            let i = slot - 1;
            let b = self.bufs[i as usize];
            self.unlink(b.pool as usize, i);
            if b.dirty {
                self.pools[b.pool as usize].dirty -= 1;
            }
            self.bufs[i as usize].dirty = false;
            self.bufs[i as usize].writing = false;
            self.pools[b.pool as usize].free.push(i);
        }
        let bufs = &self.bufs;
        self.dbwr.batch.retain(|&i| bufs[i as usize].seg != segment);
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
        self.bufs.clear();
        self.next_touch.clear();
        for s in &mut self.segs {
            s.map.clear();
            s.cached = 0;
            s.dirty = 0;
        }
        for p in &mut self.pools {
            *p = Lru::new(p.capacity as u64);
        }
        self.dbwr.batch.clear();
        self.dbwr.done = None;
        self.dbwr.posted = None;
        self.dbwr.checkpoint_posted = false;
        if std::mem::take(&mut self.dbwr.background) {
            // Its buffers are gone: nothing left for it to write.
            self.dbwr.stats.background_checkpoints_completed += 1;
        }
    }

    /// The LRU list of a pool, hot end first: (segment, block, touch
    /// count, dirty) per buffer (tests and the cache view).
    pub fn lru_order(&self, pool: PoolKind) -> Vec<(u32, u32, u32, bool)> {
        let lru = &self.pools[(pool == PoolKind::Keep) as usize];
        let mut out = Vec::with_capacity(lru.len as usize);
        let mut i = lru.head;
        while i != NIL && out.len() < lru.len as usize {
            let b = &self.bufs[i as usize];
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

    #[test]
    fn lru_mid_point_touch_counts_and_a_free_buffer_wait() {
        // 4 buffers: hot half 2, scan depth 1.
        let mut c = BufferCache::new(8192, 4 * 8192, 0, &version::V18, true);
        let mut d = FixedLatency::new("DATA", 100.0);
        for b in 1..=4 {
            c.consistent_get(1, b, GetKind::Normal, &mut d, SimTime(0.0));
        }
        let order =
            |c: &BufferCache| c.lru_order(PoolKind::Default).iter().map(|x| (x.1, x.2, x.3)).collect::<Vec<_>>();
        // Each read entered at the mid-point (the hot half is empty).
        assert_eq!(order(&c), vec![(4, 1, false), (3, 1, false), (2, 1, false), (1, 1, false)]);
        // Within 3 s a visit does not count; after 3 s it does.
        c.consistent_get(1, 1, GetKind::Normal, &mut d, SimTime(1e6));
        c.consistent_get(1, 1, GetKind::Normal, &mut d, SimTime(3.1e6));
        // Block 5: block 1 (touch 2) goes to the hot end, block 2 is reused.
        c.consistent_get(1, 5, GetKind::Normal, &mut d, SimTime(3.2e6));
        assert_eq!(c.last_miss.hot_moved, 1);
        assert_eq!(order(&c), vec![(1, 0, false), (5, 1, false), (4, 1, false), (3, 1, false)]);
        // Block 3 is changed (3.3 s after its read: touch count 2): dirty,
        // at the cold end. Block 6's search posts DBWR (it writes block 3:
        // 100 us), moves block 3 to the hot end, finds no clean buffer
        // within its depth and waits for the write; then reuses block 4.
        c.consistent_get(1, 3, GetKind::Current, &mut d, SimTime(3.3e6));
        assert_eq!(c.segment_buffers(1), (4, 1));
        let done = c.consistent_get(1, 6, GetKind::Normal, &mut d, SimTime(4e6)).read_done;
        assert_eq!((c.last_miss.free_waits, c.last_miss.free_wait_us), (1, 100.0));
        assert_eq!(done, Some(SimTime(4e6 + 200.0)), "the read starts when the write is done");
        assert_eq!((c.dbwr.stats.physical_writes, d.counters().write_requests), (1, 1));
        assert_eq!(order(&c), vec![(3, 0, false), (1, 0, false), (6, 1, false), (5, 1, false)]);
        // The same with DBWR's write taking 2.5 s: the wait times out at
        // 1 s and the session scans again; block 3 went to the hot end in
        // the first scan, so block 4 is now at the cold end, clean, and
        // is reused without waiting for the write.
        let mut c2 = BufferCache::new(8192, 4 * 8192, 0, &version::V18, true);
        let mut d2 = FixedLatency::new("DATA", 100.0);
        for (b, at) in [(1, 0.0), (2, 0.0), (3, 0.0), (4, 0.0), (1, 1e6), (1, 3.1e6), (5, 3.2e6), (3, 3.3e6)] {
            let kind = if at == 3.3e6 { GetKind::Current } else { GetKind::Normal };
            c2.consistent_get(1, b, kind, &mut d2, SimTime(at));
        }
        assert!(d2.set_param("latency_us", 2_500_000.0));
        let done = c2.consistent_get(1, 6, GetKind::Normal, &mut d2, SimTime(4e6)).read_done;
        let m = c2.last_miss;
        assert_eq!((m.free_waits, m.free_wait_timeouts, m.free_wait_us), (1, 1, 1e6));
        assert_eq!(done, Some(SimTime(5e6 + 2_500_000.0)), "read at the timeout");
        assert_eq!(order(&c2), vec![(3, 0, true), (1, 0, false), (6, 1, false), (5, 1, false)]);
    }
}
