//! LGWR, the log writer: one background process with at most one write
//! in flight to the current log's device and a queued one behind it (the
//! log buffer, the redo stream and the log groups are in `io/redo.rs`;
//! see its module docs for when LGWR writes). Sessions that run one at a
//! time wait for it synchronously ([`IoLayer::redo_sync`]); with
//! `SESSIONS n` the scheduler (`sim/scheduler.rs`) runs it as a process
//! ([`IoLayer::lgwr_post`], [`IoLayer::lgwr_write`], `Redo::complete_front`).

use crate::io::redo::{Flight, LgwrTiming, LOG_FILE_BASE, REDO_BLOCK_HEADER};
use crate::io::{IoKind, IoLayer, IoPurpose, IoRequest};
use crate::sim::scheduler::{Process, Scheduler};
use crate::sim::SimTime;
use crate::stats::{wait_bucket_ms, wait_bucket_us};

impl IoLayer {
    /// Redo copied into the log buffer at `now`. Returns when LGWR will
    /// complete a write it started because the unwritten redo reached the
    /// threshold (LGWR was idle), if it did.
    pub fn redo_generate(&mut self, bytes: u64, now: SimTime, t: &LgwrTiming) -> Option<SimTime> {
        let r = &mut self.redo;
        r.generated += bytes;
        if r.generated - r.handed < r.flush_threshold() {
            return None;
        }
        if !r.deferred {
            r.advance(now);
        }
        if !r.flights.is_empty() {
            return None;
        }
        self.redo.lgwr.threshold_writes += 1;
        self.lgwr_write(now, t).map(|f| f.done)
    }

    /// A commit at `now` whose record ends at `upto`, in a session that
    /// waits here: when it runs again (`now` when the redo is already
    /// written: no wait).
    pub fn redo_sync(&mut self, now: SimTime, upto: u64, t: &LgwrTiming) -> Option<SimTime> {
        self.redo.advance(now);
        if self.redo.written >= upto {
            return None;
        }
        if let Some(f) = self.redo.flights.iter().find(|f| f.upto >= upto) {
            return Some(f.done.after(t.wakeup_us));
        }
        // LGWR is posted; if it is writing, it takes this commit (and
        // everything else in the buffer) in its next write.
        let start = self.redo.busy_until().unwrap_or(now.after(t.post_us));
        self.lgwr_write(start, t).map(|f| f.done.after(t.wakeup_us))
    }

    /// LGWR, idle, is posted by a commit at `now` (scheduler mode): it
    /// starts a write. Returns its flight.
    pub fn lgwr_post(&mut self, now: SimTime, t: &LgwrTiming) -> Option<Flight> {
        if !self.redo.flights.is_empty() {
            return None;
        }
        self.lgwr_write(now.after(t.post_us), t)
    }

    /// LGWR writes everything handed to it at `at` (after the write in
    /// flight, if any). Splits at log switches; returns the last flight.
    pub fn lgwr_write(&mut self, at: SimTime, t: &LgwrTiming) -> Option<Flight> {
        let r = &self.redo;
        if r.generated <= r.handed {
            return None;
        }
        let mut at = at.max(r.busy_until().unwrap_or(SimTime::ZERO)).after(t.write_cpu_us);
        let start = at;
        let mut left = r.generated - r.handed;
        let upto = r.generated;
        let mut blocks_total = 0;
        let mut wasted = 0;
        // Each pass writes what fits in the current log; a log holds at
        // least MIN_LOG_BYTES, so the passes are bounded by the redo's size.
        while left > 0 {
            let g = &self.redo.groups[self.redo.current];
            let bs = g.block_size as u64;
            let payload = bs - REDO_BLOCK_HEADER;
            let room = g.blocks().saturating_sub(self.redo.used_blocks);
            let need = left.div_ceil(payload);
            if room == 0 || (need > room && self.redo.used_blocks > 1) {
                at = self.switch_log(at);
                continue;
            }
            let blocks = need.min(room);
            let bytes = (blocks * payload).min(left);
            let dev = self.log_device(g);
            let req = IoRequest::at(
                IoKind::Write,
                LOG_FILE_BASE + g.group,
                self.redo.used_blocks as u32,
                blocks as u32,
                bs as u32,
                IoPurpose::Redo,
            );
            self.frame(at);
            at = self.devices[dev].submit(&req, at);
            self.redo.used_blocks += blocks;
            blocks_total += blocks;
            wasted += blocks * payload - bytes;
            left -= bytes;
        }
        let r = &mut self.redo;
        r.handed = upto;
        let us = at.since(start);
        let l = &mut r.lgwr;
        l.writes += 1;
        l.blocks_written += blocks_total;
        l.wastage += wasted;
        l.write_us += us;
        l.hist_us[wait_bucket_us(us)] += 1;
        l.hist[wait_bucket_ms(us)] += 1;
        let f = Flight { upto, done: at };
        r.flights.push_back(f);
        Some(f)
    }

    /// `ALTER SYSTEM SWITCH LOGFILE` at `now`: the buffer is written, then
    /// the log switches. Returns when the switch is done.
    pub fn switch_logfile(&mut self, now: SimTime, t: &LgwrTiming) -> SimTime {
        self.redo.advance(now);
        let at = self.lgwr_write(now, t).map(|f| f.done).unwrap_or(now).max(self.redo.busy_until().unwrap_or(now));
        let done = self.switch_log(at);
        self.redo.advance(done);
        done
    }
}

/// A commit parked in `log file sync` while sessions run at once.
#[derive(Debug, Clone, Copy)]
struct Parked {
    /// The session's number in the run.
    who: usize,
    /// Its commit record ends here in the redo stream.
    upto: u64,
    /// Since when it waits (µs).
    since: f64,
}

/// LGWR as a process on the scheduler (`SESSIONS n`): commits park until
/// the write covering them completes. It runs when a write of its
/// completes or a commit posts it (at the commit's time: sessions run
/// whole calls, so a commit is seen after others' later ones).
#[derive(Debug, Clone)]
pub struct LgwrProcess {
    timing: LgwrTiming,
    parked: Vec<Parked>,
    /// When it is woken for its first write in flight (woken once).
    wake: Option<SimTime>,
}

impl LgwrProcess {
    /// LGWR with room for `sessions` parked commits.
    pub fn new(timing: LgwrTiming, sessions: usize) -> Self {
        LgwrProcess { timing, parked: Vec::with_capacity(sessions), wake: None }
    }

    /// Session `who`'s call ended at `t` with a commit whose record ends
    /// at `upto`: unless the redo is written, it parks and LGWR, if idle,
    /// is posted (the post reaches it at the commit's time, in time order
    /// with the other processes' events). True when it parked.
    pub fn commit(&mut self, io: &IoLayer, sched: &mut Scheduler, who: usize, upto: u64, t: f64) -> bool {
        let redo = &io.redo;
        if upto <= redo.written() {
            return false;
        }
        self.parked.push(Parked { who, upto, since: t });
        if redo.busy_until().is_none() {
            sched.wake(Process::Lgwr, SimTime(t));
        }
        true
    }

    /// LGWR's turn at `t`, first half: each write done by then completes
    /// and posts the commits it covers, appended to `posted` as (session,
    /// since, resume). True when a write completed.
    pub fn complete(&mut self, io: &mut IoLayer, t: SimTime, posted: &mut Vec<(usize, f64, f64)>) -> bool {
        if self.wake.is_some_and(|w| w <= t) {
            self.wake = None;
        }
        let mut completed = false;
        while let Some(f) = io.redo.front().filter(|f| f.done <= t) {
            io.redo.complete_front();
            completed = true;
            let written = io.redo.written();
            let back = f.done.after(self.timing.wakeup_us).us();
            let mut i = 0;
            while i < self.parked.len() {
                let p = self.parked[i];
                if p.upto > written {
                    i += 1;
                    continue;
                }
                self.parked.swap_remove(i);
                posted.push((p.who, p.since, back.max(p.since)));
            }
        }
        completed
    }

    /// LGWR's turn, second half (after the posted sessions ran on): idle
    /// with commits waiting, after a write it goes on at once; posted
    /// while asleep, it wakes first. Commits parked at a later time post
    /// it then.
    pub fn write_on(&mut self, io: &mut IoLayer, sched: &mut Scheduler, t: SimTime, completed: bool) {
        if io.redo.busy_until().is_none() && !self.parked.is_empty() {
            let first = self.parked.iter().map(|p| p.since).fold(f64::INFINITY, f64::min);
            if first > t.us() {
                sched.wake(Process::Lgwr, SimTime(first));
            } else if completed {
                io.lgwr_write(t, &self.timing);
            } else {
                io.lgwr_post(t, &self.timing);
            }
        }
        self.wake_for_write(io, sched);
    }

    /// LGWR runs when its first write in flight completes (scheduled once).
    pub fn wake_for_write(&mut self, io: &IoLayer, sched: &mut Scheduler) {
        if self.wake.is_none() {
            if let Some(f) = io.redo.front() {
                sched.wake(Process::Lgwr, f.done);
                self.wake = Some(f.done);
            }
        }
    }
}
