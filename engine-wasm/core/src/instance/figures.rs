//! Sessions' cumulative figures as the instance keeps them (V$SESSTAT,
//! V$SESSION_EVENT, V$SYSSTAT): each live session's as of its last step,
//! what ended sessions left, the totals at STARTUP.

use crate::stats::{Snapshot, WaitEvent, WAIT_BUCKETS, WAIT_BUCKETS_US};

/// A session's cumulative figures (V$SESSTAT, V$SESSION_EVENT).
#[derive(Debug, Clone)]
pub struct SessionFigures {
    pub stats: Snapshot,
    pub waits: [WaitTotal; WaitEvent::COUNT],
    /// The V$SQL entry of the last statement the session ran.
    pub last_sql: Option<(usize, u64)>,
}

impl Default for SessionFigures {
    fn default() -> Self {
        SessionFigures { stats: Snapshot::default(), waits: [WaitTotal::default(); WaitEvent::COUNT], last_sql: None }
    }
}

#[derive(Debug, Clone, Copy)]
pub struct WaitTotal {
    pub count: u64,
    pub us: f64,
    pub hist: [u64; WAIT_BUCKETS],
    pub hist_us: [u64; WAIT_BUCKETS_US],
}

impl Default for WaitTotal {
    fn default() -> Self {
        WaitTotal { count: 0, us: 0.0, hist: [0; WAIT_BUCKETS], hist_us: [0; WAIT_BUCKETS_US] }
    }
}

impl SessionFigures {
    /// Add `o` (sessions summed into instance totals).
    pub fn add(&mut self, o: &SessionFigures) {
        for i in 0..self.stats.values.len() {
            self.stats.values[i] += o.stats.values[i];
        }
        for (a, b) in self.waits.iter_mut().zip(o.waits.iter()) {
            a.count += b.count;
            a.us += b.us;
            for (x, y) in a.hist.iter_mut().zip(b.hist.iter()) {
                *x += y;
            }
            for (x, y) in a.hist_us.iter_mut().zip(b.hist_us.iter()) {
                *x += y;
            }
        }
    }

    /// `self - base`, saturating (instance totals since STARTUP).
    pub fn since(&self, base: &SessionFigures) -> SessionFigures {
        let mut d = self.clone();
        d.stats = self.stats.delta(&base.stats);
        for (a, b) in d.waits.iter_mut().zip(base.waits.iter()) {
            a.count = a.count.saturating_sub(b.count);
            a.us = (a.us - b.us).max(0.0);
            for (x, y) in a.hist.iter_mut().zip(b.hist.iter()) {
                *x = x.saturating_sub(*y);
            }
            for (x, y) in a.hist_us.iter_mut().zip(b.hist_us.iter()) {
                *x = x.saturating_sub(*y);
            }
        }
        d
    }
}
