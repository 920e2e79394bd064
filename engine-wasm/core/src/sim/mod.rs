//! Simulated time. Nothing sleeps: every process (a session, LGWR; DBWR
//! is advanced lazily on the same clock) has a position on one simulated
//! clock, and the [`Scheduler`] (`sim/scheduler.rs`) runs the process
//! whose next step is earliest, ties broken by the order in which they
//! were scheduled, so the same script always interleaves the same way.

pub mod cost;
pub mod scheduler;

use std::cmp::Ordering;

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
