//! The buffer headers and the pools' LRU lists (mid-point insertion,
//! touch counts, hot and cold halves): the state the buffer cache
//! (`sga/cache.rs`) searches and DBWR (`bg/dbwr.rs`) writes. DBWR sees
//! it through the methods at the end (which buffers are dirty, a write
//! started and done), never its fields.

/// Not a buffer: the end of an LRU list.
pub(super) const NIL: u32 = u32::MAX;

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
/// One buffer header: the block it holds, its place on its pool's LRU
/// list, its touch count and whether it is dirty.
#[derive(Debug, Clone, Copy)]
pub(super) struct Buf {
    pub(super) seg: u32,
    pub(super) block: u32,
    pub(super) prev: u32,
    pub(super) next: u32,
    pub(super) touch: u32,
    pub(super) pool: u8,
    pub(super) hot: bool,
    pub(super) dirty: bool,
    /// In DBWR's batch in flight.
    pub(super) writing: bool,
    /// Changed again while DBWR was writing it: still dirty afterwards.
    pub(super) redirtied: bool,
}

/// No child latch noted yet ([`HitTag::child`]).
pub(super) const NO_CHILD: u16 = u16::MAX;

/// What a get of a cached block needs from its buffer: when its touch
/// count rises again, and the `cache buffers chains` child covering its
/// address (file#, block#), noted by the first get of the block once it
/// is in the buffer (the block's address does not change while it is
/// cached: a MOVE forgets the segment's buffers first).
#[derive(Debug, Clone, Copy)]
pub(super) struct HitTag {
    /// From when a get raises the touch count again.
    pub(super) next_touch: f64,
    /// The child latch, or [`NO_CHILD`] (a child numbered `NO_CHILD` is
    /// only looked up again on each get: the same child).
    pub(super) child: u16,
}

/// A buffer's tag before its first block.
pub(super) const EMPTY_TAG: HitTag = HitTag { next_touch: 0.0, child: NO_CHILD };

/// A buffer header before its first block.
pub(super) const EMPTY_BUF: Buf = Buf {
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
pub(super) struct Lru {
    /// Buffers of the pool (`db_cache_size` / block size).
    pub(super) capacity: u32,
    /// Buffers on the list.
    pub(super) len: u32,
    pub(super) head: u32,
    pub(super) tail: u32,
    /// The first buffer of the cold half (NIL: the cold half is empty).
    pub(super) mid: u32,
    /// Buffers in the hot half.
    pub(super) hot: u32,
    /// Dirty buffers on the list.
    pub(super) dirty: u32,
    /// Buffer headers of this pool not on the list (their segment dropped).
    pub(super) free: Vec<u32>,
}

impl Lru {
    pub(super) fn new(capacity: u64) -> Self {
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
    pub(super) fn hot_target(&self) -> u32 {
        (self.capacity as u64 * PERCENT_HOT / 100) as u32
    }
    pub(super) fn scan_depth(&self) -> u32 {
        ((self.capacity as u64 * MAX_SCAN_PCT / 100) as u32).max(1)
    }
}

/// A segment's buffers: which buffer holds each block, its pool, and how
/// many of its blocks are cached and dirty.
#[derive(Debug, Clone, Default)]
pub(super) struct SegBufs {
    /// Block -> buffer + 1 (0: not cached).
    pub(super) map: Vec<u32>,
    pub(super) pool: u8,
    pub(super) cached: u32,
    pub(super) dirty: u32,
}

/// The buffers of both pools: headers, LRU lists and, per segment, which
/// buffer holds each block.
#[derive(Debug, Clone)]
pub struct Buffers {
    /// Buffer headers, both pools (allocated as the pools fill).
    pub(super) bufs: Vec<Buf>,
    /// Per buffer, what a get of its block reads (a dense array apart
    /// from the headers: one load on the hot path).
    pub(super) hit: Vec<HitTag>,
    /// Per segment: which buffer holds each block.
    pub(super) segs: Vec<SegBufs>,
    /// The LRU lists: DEFAULT, then KEEP.
    pub(super) pools: [Lru; 2],
}

impl Buffers {
    pub(super) fn new(default_buffers: u64, keep_buffers: u64) -> Self {
        Buffers {
            bufs: Vec::new(),
            hit: Vec::new(),
            segs: Vec::new(),
            pools: [Lru::new(default_buffers), Lru::new(keep_buffers)],
        }
    }

    /// The buffer holding a block, + 1 (0: not cached).
    #[inline(always)]
    pub(super) fn slot(&self, segment: u32, block: u32) -> u32 {
        match self.segs.get(segment as usize) {
            Some(s) => s.map.get(block as usize).copied().unwrap_or(0),
            None => 0,
        }
    }

    pub(super) fn mark_dirty(&mut self, i: u32) {
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

    /// Take buffer `i` off its list and forget the block it held.
    pub(super) fn evict(&mut self, i: u32) {
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

    pub(super) fn unlink(&mut self, p: usize, i: u32) {
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
    pub(super) fn link_before(&mut self, p: usize, i: u32, x: u32) {
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
    pub(super) fn insert_mid(&mut self, p: usize, i: u32) {
        let mid = self.pools[p].mid;
        self.link_before(p, i, mid);
        self.bufs[i as usize].hot = false;
        self.pools[p].mid = i;
    }

    /// To the hot end; the hot half's coldest buffers cross the mid-point
    /// (touch count `COOL_COUNT`) while it is over its share.
    pub(super) fn push_hot(&mut self, p: usize, i: u32) {
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

    /// Dirty buffers not being written within pool `p`'s scan depth of
    /// the cold end (coldest first, at most `limit`, looking at most
    /// `scan_max`), appended to `batch`.
    pub fn cold_dirty(&self, p: u8, limit: u32, scan_max: u32, batch: &mut Vec<u32>) {
        let lru = &self.pools[p as usize];
        let mut i = lru.tail;
        for _ in 0..lru.scan_depth().min(scan_max) {
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

    /// Dirty buffers not being written: of `segment`, or all (buffers off
    /// the lists, on a free list, are never dirty), appended to `batch`.
    pub fn all_dirty(&self, segment: Option<u32>, batch: &mut Vec<u32>) {
        match segment {
            // A segment's checkpoint looks at its own buffers only.
            Some(seg) => {
                let map = self.segs.get(seg as usize).map_or(&[][..], |s| &s.map[..]);
                for &slot in map.iter().filter(|&&x| x != 0) {
                    let b = &self.bufs[(slot - 1) as usize];
                    if b.dirty && !b.writing {
                        batch.push(slot - 1);
                    }
                }
            }
            None => {
                for (i, b) in self.bufs.iter().enumerate() {
                    if b.dirty && !b.writing {
                        batch.push(i as u32);
                    }
                }
            }
        }
    }

    /// Buffers in block order (segment, block): a batch's write order.
    pub fn sort_by_block(&self, batch: &mut [u32]) {
        let bufs = &self.bufs;
        batch.sort_unstable_by_key(|&i| (bufs[i as usize].seg, bufs[i as usize].block));
    }

    /// DBWR starts writing buffer `i`: the (segment, block) it writes.
    pub fn start_write(&mut self, i: u32) -> (u32, u32) {
        let b = &mut self.bufs[i as usize];
        b.writing = true;
        (b.seg, b.block)
    }

    /// DBWR's write of buffer `i` completed: clean, unless it was changed
    /// again meanwhile (or dropped: no longer being written).
    pub fn write_done(&mut self, i: u32) {
        let b = &mut self.bufs[i as usize];
        if !b.writing {
            return;
        }
        b.writing = false;
        if std::mem::take(&mut b.redirtied) {
            return;
        }
        b.dirty = false;
        let (seg, pool) = (b.seg as usize, b.pool as usize);
        self.segs[seg].dirty -= 1;
        self.pools[pool].dirty -= 1;
    }

    /// The segment buffer `i` holds.
    pub fn segment_of(&self, i: u32) -> u32 {
        self.bufs[i as usize].seg
    }

    /// Dirty buffers on pool `p`'s list.
    pub fn pool_dirty(&self, p: usize) -> u32 {
        self.pools[p].dirty
    }
}
