//! DBWR, the database writer: a process on the engine's scheduler
//! (`sim/scheduler.rs`, [`Process::Dbwr`]) that writes dirty buffers of
//! the buffer cache to their segments' devices. A post wakes it: idle, it
//! runs at the post's time and submits its batch's writes to the device
//! queues then; busy, it sleeps until its writes complete
//! ([`Dbwr::next_turn`]), and its turn then completes the batch and starts
//! the one it was posted for. Its turns run in time order with the other
//! processes': the scheduler runs them between sessions' turns (and
//! steps), and a session that is running (a whole call is one turn) lets
//! DBWR's turns due by its clock run first when it searches a pool within
//! a scan depth of full for a free buffer or checkpoints
//! ([`Dbwr::run_until`]), and when its call ends. It sees the buffers through
//! [`Buffers`]' methods (which are dirty; a write started, done).

use crate::io::{BlockDevice, IoKind, IoPurpose, IoRequest};
use crate::sga::lru::Buffers;
use crate::sim::scheduler::{Process, Scheduler};
use crate::sim::SimTime;

/// DBWR looks at most this many buffers from a pool's cold end for a batch.
pub const DBWR_SCAN_MAX: u32 = 4096;
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

/// The database writer: a process on the scheduler. It writes one batch
/// at a time: the batch's writes are submitted together (asynchronous
/// I/O) at its turn's time and it waits for all of them (`db file
/// parallel write`); the buffers are clean when the batch is, at its next
/// turn.
#[derive(Debug, Clone, Default)]
pub struct Dbwr {
    /// The block size of the buffers it writes.
    pub block_size: u32,
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
    /// The time of its wake-up on the scheduler (None: none queued), so a
    /// batch's completion is queued once.
    scheduled: Option<f64>,
}

impl Dbwr {
    /// DBWR for buffers of `block_size` bytes, idle.
    pub fn new(block_size: u32) -> Self {
        Dbwr { block_size, ..Dbwr::default() }
    }

    /// When the batch in flight completes (None: DBWR is idle).
    #[inline]
    pub fn busy_until(&self) -> Option<f64> {
        self.done
    }

    /// When DBWR's next turn is due: its batch in flight completes (None:
    /// idle, it sleeps until posted).
    #[inline]
    pub fn next_turn(&self) -> Option<SimTime> {
        self.done.map(SimTime)
    }

    /// Queue DBWR's next turn on `sched` (once per batch in flight).
    pub fn schedule(&mut self, sched: &mut Scheduler) {
        if let Some(done) = self.done {
            if self.scheduled != Some(done) {
                sched.wake(Process::Dbwr, SimTime(done));
                self.scheduled = Some(done);
            }
        }
    }

    /// DBWR's turns due by `now`, in order: each batch done by then is
    /// complete (its buffers clean), and a post that came while it was
    /// busy starts the next batch at the completion's time (its writes
    /// reach the device queues then). A turn not yet due does nothing, so
    /// a wake-up the foreground already ran is harmless.
    pub fn run_until(&mut self, bufs: &mut Buffers, now: f64, device: &mut dyn BlockDevice) {
        // At most two rounds: a completed batch may start one posted batch.
        for _ in 0..2 {
            let Some(done) = self.done else { return };
            if done > now {
                return;
            }
            self.complete_batch(bufs);
            if std::mem::take(&mut self.checkpoint_posted) {
                // Every dirty buffer: the pool's request too.
                self.posted = None;
                self.start_background_checkpoint(bufs, done, device);
            } else if let Some(p) = self.posted.take() {
                self.start_batch(bufs, Some(p), None, done, device);
            }
        }
    }

    fn complete_batch(&mut self, bufs: &mut Buffers) {
        for &i in &self.batch {
            bufs.write_done(i);
        }
        self.batch.clear();
        self.done = None;
        if std::mem::take(&mut self.background) {
            self.stats.background_checkpoints_completed += 1;
        }
    }

    /// A foreground met dirty buffers at the cold end of pool `p`: the post
    /// wakes DBWR, which, idle, runs at once (at `now`) and submits a
    /// batch; busy, it takes the post at its next turn, when its writes
    /// complete.
    pub fn post(&mut self, bufs: &mut Buffers, p: u8, now: f64, device: &mut dyn BlockDevice) {
        if self.done.is_some() {
            if self.posted.is_none() {
                self.stats.make_free_requests += 1;
            }
            self.posted = Some(p);
        } else {
            self.start_batch(bufs, Some(p), None, now, device);
            if self.done.is_some() {
                self.stats.make_free_requests += 1;
            }
        }
    }

    /// Start a batch at `at`: the dirty buffers within pool `pool`'s scan
    /// depth of the cold end (coldest first, at most
    /// `_db_writer_max_writes`, looking at most `DBWR_SCAN_MAX`), or for a
    /// checkpoint (`pool` None) every dirty buffer, of `only` segment when
    /// given. The writes go out together in block order; the batch is
    /// done when the last completes.
    fn start_batch(
        &mut self,
        bufs: &mut Buffers,
        pool: Option<u8>,
        only: Option<u32>,
        at: f64,
        device: &mut dyn BlockDevice,
    ) -> f64 {
        let mut batch = std::mem::take(&mut self.batch);
        batch.clear();
        let limit = if self.max_writes == 0 || pool.is_none() { u32::MAX } else { self.max_writes };
        match pool {
            Some(p) => bufs.cold_dirty(p, limit, DBWR_SCAN_MAX, &mut batch),
            None => bufs.all_dirty(only, &mut batch),
        }
        if batch.is_empty() {
            self.batch = batch;
            return at;
        }
        bufs.sort_by_block(&mut batch);
        let mut done = at;
        for &i in &batch {
            let (file, block) = bufs.start_write(i);
            let req = IoRequest::at(IoKind::Write, file, block, 1, self.block_size, IoPurpose::Data);
            done = done.max(device.submit(&req, SimTime(at)).0);
        }
        let n = batch.len() as u64;
        let s = &mut self.stats;
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
        self.batch = batch;
        self.done = Some(done);
        done
    }

    /// A checkpoint at `now`: DBWR finishes the batch in flight, then
    /// writes every dirty buffer (of `segment` only, for a direct read's
    /// fast object checkpoint). Returns when the last write completes.
    pub fn checkpoint(
        &mut self,
        bufs: &mut Buffers,
        segment: Option<u32>,
        device: &mut dyn BlockDevice,
        now: SimTime,
    ) -> SimTime {
        self.run_until(bufs, now.0, device);
        let mut at = now.0;
        if let Some(done) = self.done {
            at = at.max(done);
            self.complete_batch(bufs);
        }
        self.posted = None;
        if segment.is_none() {
            self.checkpoint_posted = false;
            self.stats.checkpoints += 1;
        }
        let done = self.start_batch(bufs, None, segment, at, device);
        if self.done.is_some() {
            self.complete_batch(bufs);
        }
        SimTime(done)
    }

    /// A log switch's checkpoint at `at`: DBWR writes every dirty buffer in
    /// the background, now or after the batch in flight. Nobody waits for
    /// it; its writes occupy the devices.
    pub fn background_checkpoint(&mut self, bufs: &mut Buffers, at: SimTime, device: &mut dyn BlockDevice) {
        self.run_until(bufs, at.0, device);
        if self.done.is_some() {
            self.checkpoint_posted = true;
        } else {
            self.start_background_checkpoint(bufs, at.0, device);
        }
    }

    fn start_background_checkpoint(&mut self, bufs: &mut Buffers, at: f64, device: &mut dyn BlockDevice) {
        self.stats.background_checkpoints_started += 1;
        self.start_batch(bufs, None, None, at, device);
        if self.done.is_some() {
            self.background = true;
        } else {
            // Nothing dirty: done at once.
            self.stats.background_checkpoints_completed += 1;
        }
    }

    /// A segment's buffers were dropped: they leave the batch in flight.
    pub fn forget_segment(&mut self, bufs: &Buffers, segment: u32) {
        self.batch.retain(|&i| bufs.segment_of(i) != segment);
    }

    /// The cache was emptied: nothing in flight, nothing posted.
    pub fn flush(&mut self) {
        self.batch.clear();
        self.done = None;
        self.posted = None;
        self.checkpoint_posted = false;
        self.scheduled = None;
        if std::mem::take(&mut self.background) {
            // Its buffers are gone: nothing left for it to write.
            self.stats.background_checkpoints_completed += 1;
        }
    }
}
