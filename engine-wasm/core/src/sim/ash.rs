//! Active Session History's probe on a session's clock: what the session
//! is doing (on CPU, or in which wait; at which plan line and object),
//! and the samples taken when its clock passes a sampling instant.
//!
//! Oracle's MMNL samples every active session once a second
//! (`_ash_sampling_interval`, 1,000 ms). Here the instants are the
//! multiples of the interval on the shared simulated clock, and a session
//! is sampled when one of its charges covers an instant: what was being
//! charged then is the sample (a wait's event, or ON CPU). Time waiting
//! for the client or the network (`SQL*Net message from client`, Idle) and
//! time between calls are not sampled, as ASH samples active sessions
//! only; the CPU run queue is sampled ON CPU (ASH cannot tell them apart).
//! Nothing is allocated or formatted on the charge path: a charge compares
//! the clock with the next instant; a crossing appends a fixed-size tick.

/// The trace's sentinels (`trace::NO_LINE`, `trace::NO_SEGMENT`), here
/// without importing the trace (the clock is below it).
const NO_LINE: u16 = u16::MAX;
const NO_SEGMENT: u32 = u32::MAX;

/// No wait: the session is on CPU.
pub const ON_CPU: u8 = u8::MAX;

/// Oracle's default sampling interval (`_ash_sampling_interval` = 1000 ms).
pub const DEFAULT_INTERVAL_US: f64 = 1_000_000.0;

/// Ticks a session keeps before they are drained into the instance's
/// store (a drain follows every step and every workload turn; a statement
/// that runs longer keeps its last ticks only: a model bound, 1 MB).
pub const MAX_PENDING: usize = 32_768;

/// One sample of one session, as its clock passed a sampling instant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AshTick {
    /// The sampling instant (us on the simulated clock).
    pub t_us: f64,
    /// The V$SQL entry running (its slot and id), if any.
    pub sql: Option<(usize, u64)>,
    /// SQL_EXEC_ID (Oracle's start at 16,777,216 on instance 1).
    pub exec_id: u64,
    pub line: u16,
    pub obj: u32,
    pub block: u32,
    /// A [`crate::stats::WaitEvent`] index, or [`ON_CPU`].
    pub wait: u8,
    /// TIME_WAITED (us): the whole wait on the wait's last sample, else 0.
    pub time_waited_us: f64,
}

/// The probe: the next instant and what a sample would record now.
#[derive(Debug, Clone)]
pub struct AshProbe {
    /// The next sampling instant; infinite while the session is not armed.
    pub next_us: f64,
    pub interval_us: f64,
    pub sql: Option<(usize, u64)>,
    pub exec_id: u64,
    pub line: u16,
    pub obj: u32,
    pub block: u32,
    pub wait: u8,
    /// Charges that are the client's or the network's (not sampled).
    pub idle: bool,
    pub taken: Vec<AshTick>,
    /// Ticks dropped past [`MAX_PENDING`] before a drain.
    pub dropped: u64,
}

impl Default for AshProbe {
    fn default() -> Self {
        AshProbe {
            next_us: f64::INFINITY,
            interval_us: DEFAULT_INTERVAL_US,
            sql: None,
            exec_id: 0,
            line: NO_LINE,
            obj: NO_SEGMENT,
            block: 0,
            wait: ON_CPU,
            idle: false,
            taken: Vec::new(),
            dropped: 0,
        }
    }
}

impl AshProbe {
    /// Sample every `interval_us` from the first instant after `now_us`.
    pub fn arm(&mut self, interval_us: f64, now_us: f64) {
        if interval_us.is_nan() || interval_us <= 0.0 {
            self.next_us = f64::INFINITY;
            return;
        }
        if interval_us != self.interval_us || !self.next_us.is_finite() || self.next_us <= now_us {
            self.interval_us = interval_us;
            self.next_us = ((now_us / interval_us).floor() + 1.0) * interval_us;
        }
    }

    /// The clock moved from `from` to `to` in the probe's current state:
    /// one tick per instant in (from, to]. `sampled`: false for idle time
    /// (the instants pass, nothing is recorded). A wait's last tick in the
    /// charge carries the wait's whole time.
    #[cold]
    #[inline(never)]
    pub fn cross(&mut self, from: f64, to: f64, sampled: bool) {
        // NaN-safe: nothing to do unless an instant is reached.
        if to.is_nan() || self.next_us.is_nan() || to < self.next_us {
            return;
        }
        // The instants in [next_us, to], counted rather than stepped: a
        // charge of years (or one past f64's precision) is one call.
        let first = self.next_us;
        let n = ((to - first) / self.interval_us).floor() + 1.0;
        let record = sampled && !self.idle;
        let room = MAX_PENDING.saturating_sub(self.taken.len()) as f64;
        let k = if record { n.min(room).max(0.0) as usize } else { 0 };
        let mut last = None;
        for i in 0..k {
            self.taken.push(AshTick {
                t_us: first + i as f64 * self.interval_us,
                sql: self.sql,
                exec_id: self.exec_id,
                line: self.line,
                obj: self.obj,
                block: self.block,
                wait: self.wait,
                time_waited_us: 0.0,
            });
            last = Some(self.taken.len() - 1);
        }
        if record {
            self.dropped = self.dropped.saturating_add((n - k as f64).max(0.0) as u64);
        }
        self.next_us = first + n * self.interval_us;
        if self.next_us <= to {
            // (Past f64's precision the sum does not move: the next instant
            // is then one interval after `to`.)
            self.next_us = to + self.interval_us;
        }
        if let (Some(i), true) = (last, self.wait != ON_CPU) {
            self.taken[i].time_waited_us = to - from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_tick_per_instant_and_the_wait_on_its_last() {
        let mut p = AshProbe::default();
        p.arm(10.0, 3.0);
        assert_eq!(p.next_us, 10.0);
        p.cross(3.0, 9.0, true);
        assert!(p.taken.is_empty());
        p.wait = 0;
        p.cross(9.0, 35.0, true);
        let t: Vec<(f64, f64)> = p.taken.iter().map(|t| (t.t_us, t.time_waited_us)).collect();
        assert_eq!(t, vec![(10.0, 0.0), (20.0, 0.0), (30.0, 26.0)]);
        p.idle = true;
        p.cross(35.0, 55.0, true);
        assert_eq!(p.taken.len(), 3);
        assert_eq!(p.next_us, 60.0);
    }
}
