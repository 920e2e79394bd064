//! Redo: the log buffer and the online redo log groups; LGWR, which
//! writes them, is in `bg/lgwr.rs`.
//!
//! - **Log buffer.** Every change's redo record is copied into the log
//!   buffer (`generate`); the redo stream is a byte address that only grows.
//!   `written` is how far LGWR has made it durable.
//! - **LGWR** is one process with at most one write in flight to the
//!   current log's device, and a queued one behind it. A write takes
//!   everything in the buffer not yet handed to LGWR, in redo blocks of the
//!   log's block size (512 or 4,096 bytes, each with a 16-byte header; the
//!   unused tail of the last block is `redo wastage`), written at the log's
//!   next block: consecutive writes are sequential on the device.
//! - **Why LGWR writes.** A commit posts LGWR (`lgwr_post_us` until it runs)
//!   and waits in `log file sync` until a write covering its commit record
//!   completes, then wakes (`commit_wakeup_us`). A commit that finds a
//!   write in flight that does not cover it waits for that write, and for
//!   the next one, which takes every commit that arrived meanwhile (group
//!   commit). LGWR also writes on its own when the unwritten redo reaches a
//!   third of the log buffer or 1 MB, whichever is less, so a large
//!   transaction's commit finds most of its redo already written.
//! - **Log switch.** A write that does not fit in the current log switches
//!   to the next group (in group order): LGWR writes the new log's header
//!   block first. The old current log becomes ACTIVE, the one before it
//!   INACTIVE (the lab's checkpoints complete at once, as far as the logs'
//!   status goes). The switch starts a checkpoint: DBWR writes every dirty
//!   buffer in the background (after the batch it has in flight), so a
//!   switch sends a burst of datafile writes to the devices (and redo on
//!   the same disks may queue behind it).
//! - **LGWR's own figures** (`redo writes`, `redo blocks written`, `redo
//!   wastage`, `redo write time`, `log file parallel write`) are the
//!   background process's, not a session's.
//!
//! Sessions that run one at a time wait synchronously (`sync`). With
//! `SESSIONS n` the scheduler runs LGWR as a process (`bg/lgwr.rs`'s
//! `LgwrProcess`, with `complete_front`): commits park until the write
//! covering them completes.

use crate::sim::SimTime;
use crate::stats::{WAIT_BUCKETS, WAIT_BUCKETS_US};
use std::collections::VecDeque;

/// Log files' file numbers on their device: group n is `LOG_FILE_BASE + n`.
pub const LOG_FILE_BASE: u32 = 0x4000_0000;
/// Each redo block starts with a 16-byte header.
pub const REDO_BLOCK_HEADER: u64 = 16;
/// The flush threshold's cap: LGWR writes once 1 MB is unwritten.
pub const FLUSH_CAP: u64 = 1 << 20;
/// At most this many log groups (MAXLOGFILES).
pub const MAX_LOG_GROUPS: usize = 32;
/// A log file must hold at least this many bytes (Oracle: 4 MB minimum in
/// 11.2 and later).
pub const MIN_LOG_BYTES: u64 = 4 << 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogStatus {
    Unused,
    Current,
    Active,
    Inactive,
}

impl LogStatus {
    pub fn name(self) -> &'static str {
        match self {
            LogStatus::Unused => "UNUSED",
            LogStatus::Current => "CURRENT",
            LogStatus::Active => "ACTIVE",
            LogStatus::Inactive => "INACTIVE",
        }
    }
}

/// One online redo log group (one member).
#[derive(Debug, Clone, PartialEq)]
pub struct LogGroup {
    pub group: u32,
    /// The device (ASM disk group) holding the member.
    pub device: String,
    pub bytes: u64,
    pub block_size: u32,
    pub sequence: u64,
    pub status: LogStatus,
}

impl LogGroup {
    pub fn blocks(&self) -> u64 {
        self.bytes / self.block_size as u64
    }

    /// The member's name as V$LOGFILE shows it.
    pub fn member(&self) -> String {
        format!("+{}/lab/onlinelog/group_{}.log", self.device, self.group)
    }
}

/// The timing of LGWR and of the sessions it posts (lab parameters).
#[derive(Debug, Clone, Copy)]
pub struct LgwrTiming {
    /// From a commit's post (semaphore) to LGWR running.
    pub post_us: f64,
    /// LGWR's CPU to gather a write from the log buffer, before the I/O.
    pub write_cpu_us: f64,
    /// From the write's completion to the committing session running again.
    pub wakeup_us: f64,
}

/// LGWR's counters (the background process's V$SESSTAT and waits).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LgwrCounters {
    pub writes: u64,
    pub blocks_written: u64,
    pub wastage: u64,
    /// Time in `log file parallel write`.
    pub write_us: f64,
    pub switches: u64,
    /// Writes started because the unwritten redo reached the threshold.
    pub threshold_writes: u64,
    pub hist_us: [u64; WAIT_BUCKETS_US],
    pub hist: [u64; WAIT_BUCKETS],
}

impl Default for LgwrCounters {
    fn default() -> Self {
        LgwrCounters {
            writes: 0,
            blocks_written: 0,
            wastage: 0,
            write_us: 0.0,
            switches: 0,
            threshold_writes: 0,
            hist_us: [0; WAIT_BUCKETS_US],
            hist: [0; WAIT_BUCKETS],
        }
    }
}

/// A write LGWR has issued: it makes the stream durable up to `upto` at `done`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Flight {
    pub upto: u64,
    pub done: SimTime,
}

#[derive(Debug, Clone)]
pub struct Redo {
    pub groups: Vec<LogGroup>,
    /// Index of the CURRENT group in `groups`.
    pub(crate) current: usize,
    /// The log buffer's size in bytes (`log_buffer`).
    pub log_buffer: u64,
    /// The end of the redo generated so far (bytes since startup).
    pub(crate) generated: u64,
    /// Durable up to here.
    pub(crate) written: u64,
    /// Handed to LGWR up to here (written, or in a write in flight).
    pub(crate) handed: u64,
    /// Blocks used in the current log (block 0 is its header).
    pub(crate) used_blocks: u64,
    /// Writes in flight, oldest first (at most two: one on the device, one queued).
    pub(crate) flights: VecDeque<Flight>,
    pub(super) next_sequence: u64,
    pub lgwr: LgwrCounters,
    /// While `SESSIONS n` runs: commits park instead of waiting here.
    pub deferred: bool,
    /// A log switch happened at this time and its checkpoint has not been
    /// handed to DBWR yet (the session or the workload's scheduler does).
    pub switch_checkpoint: Option<SimTime>,
}

impl Default for Redo {
    /// A default database: three groups of 200 MB with 512-byte blocks on
    /// DATA, group 1 current, and a log buffer of 8 MB.
    fn default() -> Self {
        let group = |g: u32| LogGroup {
            group: g,
            device: "DATA".into(),
            bytes: 200 << 20,
            block_size: 512,
            sequence: if g == 1 { 1 } else { 0 },
            status: if g == 1 { LogStatus::Current } else { LogStatus::Unused },
        };
        Redo {
            groups: vec![group(1), group(2), group(3)],
            current: 0,
            log_buffer: 8 << 20,
            generated: 0,
            written: 0,
            handed: 0,
            used_blocks: 1,
            flights: VecDeque::with_capacity(4),
            next_sequence: 2,
            lgwr: LgwrCounters::default(),
            deferred: false,
            switch_checkpoint: None,
        }
    }
}

impl Redo {
    /// A checkpoint completed (`ALTER SYSTEM CHECKPOINT`): the ACTIVE logs'
    /// changes are all in the datafiles, so they become INACTIVE.
    pub fn checkpoint_complete(&mut self) {
        for g in self.groups.iter_mut() {
            if g.status == LogStatus::Active {
                g.status = LogStatus::Inactive;
            }
        }
    }

    /// The end of the redo stream: a commit record ends here.
    pub fn generated(&self) -> u64 {
        self.generated
    }

    pub fn written(&self) -> u64 {
        self.written
    }

    pub fn current_group(&self) -> &LogGroup {
        &self.groups[self.current]
    }

    /// Unwritten redo that makes LGWR write on its own.
    pub fn flush_threshold(&self) -> u64 {
        (self.log_buffer / 3).clamp(1, FLUSH_CAP)
    }

    /// When the last write issued completes (LGWR idle after it).
    pub fn busy_until(&self) -> Option<SimTime> {
        self.flights.back().map(|f| f.done)
    }

    /// The write that completes first, if any.
    pub fn front(&self) -> Option<Flight> {
        self.flights.front().copied()
    }

    /// Writes that have completed by `now` make their redo durable.
    pub fn advance(&mut self, now: SimTime) {
        while let Some(f) = self.flights.front().copied().filter(|f| f.done <= now) {
            self.written = self.written.max(f.upto);
            self.flights.pop_front();
        }
    }

    /// The first write in flight completes: its redo is durable.
    pub fn complete_front(&mut self) -> Option<Flight> {
        let f = self.flights.pop_front()?;
        self.written = self.written.max(f.upto);
        Some(f)
    }

    /// The instance restarts: the log buffer is empty and every write done.
    pub fn reset_buffer(&mut self) {
        self.flights.clear();
        self.written = self.generated;
        self.handed = self.generated;
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddLogError {
    TooMany,
    GroupExists(u32),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DropLogError {
    NoSuchGroup,
    Current,
    Active,
    /// A thread needs at least two groups.
    LastTwo,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{FixedLatency, IoLayer};

    fn layer(latency: f64) -> IoLayer {
        let mut io = IoLayer::new(100.0);
        io.devices[0] = Box::new(FixedLatency::new("DATA", latency));
        io
    }

    const T: LgwrTiming = LgwrTiming { post_us: 10.0, write_cpu_us: 5.0, wakeup_us: 20.0 };

    /// One commit: post 10, gather 5, write 100, wake 20 -> 135 after the
    /// commit. 1,000 bytes take 3 blocks of 496 bytes; 488 bytes wasted.
    #[test]
    fn a_lone_commit_waits_for_one_write() {
        let mut io = layer(100.0);
        assert_eq!(io.redo_generate(1_000, SimTime(0.0), &T), None);
        let back = io.redo_sync(SimTime(50.0), io.redo.generated(), &T);
        assert_eq!(back, Some(SimTime(185.0)));
        let l = io.redo.lgwr;
        assert_eq!((l.writes, l.blocks_written, l.wastage), (1, 3, 3 * 496 - 1_000));
        // `log file parallel write` is the I/O alone.
        assert_eq!(l.write_us, 100.0);
        // Written by then: a second sync of the same redo does not wait.
        assert_eq!(io.redo_sync(SimTime(200.0), 1_000, &T), None);
        assert_eq!(io.devices[0].counters().write_requests, 1);
    }

    /// Commits that arrive while a write is in flight ride the next write
    /// together (group commit).
    #[test]
    fn commits_during_a_write_share_the_next_one() {
        let mut io = layer(100.0);
        io.redo_generate(500, SimTime(0.0), &T);
        let a = io.redo_sync(SimTime(0.0), 500, &T).unwrap();
        assert_eq!(a, SimTime(135.0));
        io.redo_generate(500, SimTime(20.0), &T);
        let b = io.redo_sync(SimTime(20.0), 1_000, &T).unwrap();
        io.redo_generate(500, SimTime(30.0), &T);
        // The second commit queued a write after the first (at 115, +5 to
        // gather) with the redo generated by then; a session waiting here
        // cannot join a write already issued, so the third waits for a
        // third write. (Under SESSIONS n the scheduler runs LGWR as a
        // process and every commit that arrived before a write starts rides it.)
        let c = io.redo_sync(SimTime(30.0), 1_500, &T).unwrap();
        assert_eq!(b, SimTime(115.0 + 5.0 + 100.0 + 20.0));
        assert_eq!(c, SimTime(220.0 + 5.0 + 100.0 + 20.0));
        assert_eq!(io.redo.lgwr.writes, 3);
    }

    #[test]
    fn the_threshold_writes_without_a_commit() {
        let mut io = layer(100.0);
        io.redo.log_buffer = 3 << 20;
        assert_eq!(io.redo.flush_threshold(), 1 << 20);
        assert_eq!(io.redo_generate((1 << 20) - 1, SimTime(0.0), &T), None);
        assert_eq!(io.redo_generate(1, SimTime(0.0), &T), Some(SimTime(105.0)));
        assert_eq!(io.redo.lgwr.threshold_writes, 1);
        // The commit finds its redo written.
        assert_eq!(io.redo_sync(SimTime(200.0), 1 << 20, &T), None);
    }

    #[test]
    fn a_full_log_switches_to_the_next_group() {
        let mut io = layer(100.0);
        for g in io.redo.groups.iter_mut() {
            g.bytes = MIN_LOG_BYTES;
        }
        let blocks = MIN_LOG_BYTES / 512;
        // Fill the log but its header and 10 blocks, then write 20 blocks.
        io.redo_generate((blocks - 11) * 496, SimTime(0.0), &T);
        io.redo_sync(SimTime(0.0), io.redo.generated(), &T);
        io.redo_generate(20 * 496, SimTime(1e6), &T);
        io.redo_sync(SimTime(1e6), io.redo.generated(), &T);
        let r = &io.redo;
        assert_eq!(r.lgwr.switches, 1);
        assert_eq!(r.current_group().group, 2);
        assert_eq!(r.current_group().sequence, 2);
        assert_eq!(r.groups[0].status, LogStatus::Active);
        // Header block of group 2 + 20 blocks.
        assert_eq!(io.redo.used_blocks, 21);
        io.switch_logfile(SimTime(2e6), &T);
        assert_eq!(io.redo.current_group().group, 3);
        assert_eq!(io.redo.groups[0].status, LogStatus::Inactive);
        assert_eq!(io.redo.groups[1].status, LogStatus::Active);
    }

    #[test]
    fn groups_are_added_and_dropped_with_oracles_rules() {
        let mut io = layer(100.0);
        assert_eq!(io.add_log_group(Some(9), "DATA", 8 << 20, 4096), Ok(9));
        assert_eq!(io.add_log_group(Some(9), "DATA", 8 << 20, 4096), Err(AddLogError::GroupExists(9)));
        assert_eq!(io.add_log_group(None, "DATA", 8 << 20, 512), Ok(4));
        assert_eq!(io.drop_log_group(1), Err(DropLogError::Current));
        assert_eq!(io.drop_log_group(7), Err(DropLogError::NoSuchGroup));
        assert_eq!(io.drop_log_group(2), Ok(()));
        assert_eq!(io.drop_log_group(3), Ok(()));
        assert_eq!(io.drop_log_group(4), Ok(()));
        assert_eq!(io.drop_log_group(9), Err(DropLogError::LastTwo));
    }
}
