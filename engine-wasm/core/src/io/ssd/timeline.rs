//! A resource that serves one operation at a time, as its busy intervals
//! (see "Time order, not submission order" in the module docs of [`super`]).

use crate::sim::SimTime;
use std::collections::VecDeque;

/// Busy intervals a [`Timeline`] keeps; older ones fold into its floor
/// (time before the floor counts as busy). Requests arrive at most one
/// session's wait out of time order, far fewer operations than this.
pub const TIMELINE_INTERVALS: usize = 64;

/// A resource that serves one operation at a time (a flash channel, the
/// host link, the firmware's merge path), as the busy intervals booked on
/// it: sorted, disjoint, adjacent ones merged.
#[derive(Debug, Clone, Default)]
pub struct Timeline {
    busy: VecDeque<(f64, f64)>,
    floor: f64,
}

impl Timeline {
    /// When the last booked operation ends.
    pub fn end(&self) -> SimTime {
        SimTime(self.busy.back().map_or(self.floor, |b| b.1).max(self.floor))
    }

    /// The earliest start from `at` of an idle stretch of `dur`.
    pub fn earliest(&self, at: SimTime, dur: f64) -> SimTime {
        let dur = crate::sim::quantise(dur);
        let mut s = at.0.max(self.floor);
        let first = self.busy.partition_point(|&(_, e)| e <= s);
        for &(b, e) in self.busy.range(first..) {
            if s + dur <= b {
                break;
            }
            s = s.max(e);
        }
        SimTime(s)
    }

    /// Book `dur` from the earliest idle stretch at or after `at`; returns when it ends.
    pub fn book(&mut self, at: SimTime, dur: f64) -> SimTime {
        let s = self.earliest(at, dur);
        self.occupy(s, dur)
    }

    /// Mark `[s, s + dur)` busy (the caller found it idle).
    fn occupy(&mut self, s: SimTime, dur: f64) -> SimTime {
        let dur = crate::sim::quantise(dur);
        let (s, e) = (s.0, s.0 + dur);
        if dur <= 0.0 {
            return SimTime(e);
        }
        let i = self.busy.partition_point(|&(b, _)| b < s);
        let joins_prev = i > 0 && self.busy[i - 1].1 >= s;
        let joins_next = i < self.busy.len() && self.busy[i].0 <= e;
        match (joins_prev, joins_next) {
            (true, true) => {
                let next_end = self.busy[i].1;
                self.busy[i - 1].1 = next_end.max(e);
                self.busy.remove(i);
            }
            (true, false) => self.busy[i - 1].1 = self.busy[i - 1].1.max(e),
            (false, true) => self.busy[i].0 = s,
            (false, false) => self.busy.insert(i, (s, e)),
        }
        while self.busy.len() > TIMELINE_INTERVALS {
            if let Some((_, e)) = self.busy.pop_front() {
                self.floor = self.floor.max(e);
            }
        }
        SimTime(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A timeline books the first idle stretch long enough, merges
    /// adjacent intervals and keeps at most TIMELINE_INTERVALS of them
    /// (older time counts as busy).
    #[test]
    fn a_timeline_fills_gaps_and_stays_bounded() {
        let mut l = Timeline::default();
        assert_eq!(l.book(SimTime(100.0), 50.0), SimTime(150.0));
        // 60 does not fit in 0-100 from 50: after 150.
        assert_eq!(l.book(SimTime(50.0), 60.0), SimTime(210.0));
        assert_eq!(l.busy.len(), 1, "150-210 joins 100-150");
        // 40 fits before 100.
        assert_eq!(l.book(SimTime(0.0), 40.0), SimTime(40.0));
        assert_eq!(l.end(), SimTime(210.0));
        for k in 0..200 {
            l.book(SimTime(1_000.0 + 10.0 * k as f64), 5.0);
        }
        assert_eq!(l.busy.len(), TIMELINE_INTERVALS);
        let floor = l.floor;
        assert!(floor > 1_000.0, "the oldest intervals folded into the floor");
        assert_eq!(l.book(SimTime(0.0), 1.0).0, floor + 1.0);
        assert_eq!(l.busy.len(), TIMELINE_INTERVALS);
    }
}
