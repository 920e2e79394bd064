//! Simulated time. Nothing sleeps: every process (a session today; DBWR
//! and LGWR later) has a position on one simulated clock, and the
//! [`Scheduler`] runs the process whose next step is earliest, ties broken
//! by the order in which they were scheduled, so the same script always
//! interleaves the same way.

pub mod cost;

use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// A point on the simulated clock, in microseconds since instance start.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SimTime(pub f64);

impl SimTime {
    pub const ZERO: SimTime = SimTime(0.0);

    #[inline(always)]
    pub fn us(self) -> f64 {
        self.0
    }

    /// This time plus `us` microseconds.
    #[inline(always)]
    pub fn after(self, us: f64) -> SimTime {
        SimTime(self.0 + us)
    }

    /// Microseconds from `earlier` to this time (0 if it is not later).
    #[inline(always)]
    pub fn since(self, earlier: SimTime) -> f64 {
        (self.0 - earlier.0).max(0.0)
    }

    pub fn max(self, other: SimTime) -> SimTime {
        if other.0 > self.0 {
            other
        } else {
            self
        }
    }
}

impl Eq for SimTime {}

impl PartialOrd for SimTime {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SimTime {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// Something the scheduler runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Process {
    /// A user session, by its number in the script (`LAB SESSION n`).
    Session(u32),
    /// The log writer: it runs when its write completes.
    Lgwr,
}

/// Runs processes in order of (time, sequence). A process is woken at a
/// time; [`Scheduler::run_next`] hands out the earliest and moves the clock to
/// it. The clock never goes backwards.
#[derive(Debug, Clone, Default)]
pub struct Scheduler {
    now: SimTime,
    seq: u64,
    ready: BinaryHeap<Wake>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Wake {
    at: SimTime,
    seq: u64,
    process: Process,
}

impl Ord for Wake {
    // BinaryHeap is a max-heap: the earliest (time, sequence) compares greatest.
    fn cmp(&self, other: &Self) -> Ordering {
        other.at.cmp(&self.at).then(other.seq.cmp(&self.seq))
    }
}

impl PartialOrd for Wake {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Scheduler {
    pub fn now(&self) -> SimTime {
        self.now
    }

    /// Make `process` runnable at `at` (not before the current time).
    pub fn wake(&mut self, process: Process, at: SimTime) {
        let at = at.max(self.now);
        self.seq += 1;
        self.ready.push(Wake { at, seq: self.seq, process });
    }

    /// The next process to run and the time it runs at; the clock moves there.
    pub fn run_next(&mut self) -> Option<(SimTime, Process)> {
        let w = self.ready.pop()?;
        self.now = self.now.max(w.at);
        Some((self.now, w.process))
    }

    /// A process ran until `t`: the clock follows it.
    pub fn ran_until(&mut self, t: SimTime) {
        self.now = self.now.max(t);
    }

    pub fn pending(&self) -> usize {
        self.ready.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn earliest_runs_first_and_ties_keep_their_order() {
        let mut s = Scheduler::default();
        s.wake(Process::Session(2), SimTime(50.0));
        s.wake(Process::Session(0), SimTime(10.0));
        s.wake(Process::Session(1), SimTime(10.0));
        assert_eq!(s.run_next(), Some((SimTime(10.0), Process::Session(0))));
        assert_eq!(s.run_next(), Some((SimTime(10.0), Process::Session(1))));
        assert_eq!(s.run_next(), Some((SimTime(50.0), Process::Session(2))));
        assert_eq!(s.run_next(), None);
        assert_eq!(s.now(), SimTime(50.0));
    }

    #[test]
    fn the_clock_never_goes_back() {
        let mut s = Scheduler::default();
        s.ran_until(SimTime(100.0));
        s.wake(Process::Session(0), SimTime(20.0));
        assert_eq!(s.run_next(), Some((SimTime(100.0), Process::Session(0))));
        s.ran_until(SimTime(90.0));
        assert_eq!(s.now(), SimTime(100.0));
    }
}
