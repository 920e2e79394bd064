//! A session's time ledger: where its simulated time went. The statistics
//! (`DB time`, `CPU used by this session`), V$SQL's CPU_TIME, a step's
//! waits, V$SESSION_EVENT and the timeline's lanes all read it; CPU is the
//! time the ledger does not book to a wait, the run queue or idleness.

use super::waits::{WaitEvent, LANES, WAIT_LANES};
use std::rc::Rc;

/// `SQL*Net message to client`: handing the reply to the network layer
/// (microseconds per round trip; no time on the session's clock).
pub const NET_TO_CLIENT_US: f64 = 1.0;

/// A session's waits per [`WaitEvent`]: how many and their time (every
/// `CallCounters::note_wait`). The session holds them behind an `Rc`, and a
/// [`TimeMark`] shares the session's: a mark costs a count, not a copy of
/// the arrays; the session copies them (`Rc::make_mut`) at its first wait
/// after a mark, so no more often than marks are taken.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct WaitArrays {
    pub count: [u64; WaitEvent::COUNT],
    pub us: [f64; WaitEvent::COUNT],
}

/// A reading of the ledger: a [`TimeMark`] (kept at a mark) or a
/// [`LedgerNow`] (the session's ledger read in place, for the reading a
/// mark is differenced against).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ledger<A> {
    /// The session's simulated clock.
    pub now_us: f64,
    /// Waits and their time per [`WaitEvent`] (`CallCounters::note_wait`).
    pub waits: A,
    /// Waits noted other than SQL*Net's (`CallCounters::waits_noted`).
    pub waits_noted: u64,
    /// Round trips, and the time the network and the client took in them
    /// (`SQL*Net message from client`).
    pub roundtrips: u64,
    pub net_us: f64,
    pub client_us: f64,
    /// Idle waits outside calls (`DBMS_SESSION.SLEEP`).
    pub idle_us: f64,
    /// Time in the CPU run queue (no wait event: DB time that is not CPU).
    pub run_queue_us: f64,
}

/// A reading of the ledger, kept at a mark and differenced after (its
/// per-event arrays shared with the session's until the session's next wait).
pub type TimeMark = Ledger<Rc<WaitArrays>>;

/// The ledger as it is now, its per-event arrays borrowed from the session.
pub type LedgerNow<'a> = Ledger<&'a Rc<WaitArrays>>;

impl TimeMark {
    /// The ledger of a session that has done nothing.
    pub fn zero() -> TimeMark {
        TimeMark {
            now_us: 0.0,
            waits: Rc::default(),
            waits_noted: 0,
            roundtrips: 0,
            net_us: 0.0,
            client_us: 0.0,
            idle_us: 0.0,
            run_queue_us: 0.0,
        }
    }
}

impl LedgerNow<'_> {
    /// A mark to keep: the per-event arrays are shared, not copied.
    #[inline]
    pub fn mark(&self) -> TimeMark {
        Ledger {
            now_us: self.now_us,
            waits: Rc::clone(self.waits),
            waits_noted: self.waits_noted,
            roundtrips: self.roundtrips,
            net_us: self.net_us,
            client_us: self.client_us,
            idle_us: self.idle_us,
            run_queue_us: self.run_queue_us,
        }
    }
}

impl<A: AsRef<WaitArrays>> Ledger<A> {
    /// Waits of `e` since `before` (the SQL*Net events: one per round trip).
    #[inline]
    pub fn count_since(&self, e: WaitEvent, before: &TimeMark) -> u64 {
        match e {
            WaitEvent::SqlNetMessageToClient | WaitEvent::SqlNetMessageFromClient => {
                self.roundtrips - before.roundtrips
            }
            _ => self.waits.as_ref().count[e as usize] - before.waits.count[e as usize],
        }
    }

    /// Time in wait `e` since `before`: `SQL*Net message from client` is
    /// the network's and the client's time, `SQL*Net message to client`
    /// [`NET_TO_CLIENT_US`] a round trip.
    #[inline]
    pub fn wait_since(&self, e: WaitEvent, before: &TimeMark) -> f64 {
        match e {
            WaitEvent::SqlNetMessageFromClient => (self.net_us - before.net_us) + (self.client_us - before.client_us),
            WaitEvent::SqlNetMessageToClient => (self.roundtrips - before.roundtrips) as f64 * NET_TO_CLIENT_US,
            _ => self.waits.as_ref().us[e as usize] - before.waits.us[e as usize],
        }
    }

    /// Time in each lane's waits since `before` (by lane index; CPU and
    /// the run queue are not waits and stay 0).
    #[inline]
    pub fn lanes_since(&self, before: &TimeMark) -> [f64; LANES.len()] {
        let mut lanes = [0.0; LANES.len()];
        for e in WaitEvent::ALL {
            if let Some(l) = e.lane() {
                lanes[l as usize] += self.wait_since(e, before);
            }
        }
        lanes
    }

    /// CPU in `span_us` of the session's time since `before`: the span
    /// less the waits of every lane, the run queue and idle time.
    #[inline]
    pub fn cpu_in(&self, span_us: f64, before: &TimeMark) -> f64 {
        // No wait but SQL*Net's since `before` (the usual execution): every
        // other event's difference is exactly 0, so the lanes are those the
        // walk over every event gives, without the walk (V$SQL's CPU_TIME
        // is worked out once an execution).
        let lanes = if self.waits_noted == before.waits_noted {
            self.net_lanes_since(before)
        } else {
            self.lanes_since(before)
        };
        self.cpu_in_lanes(span_us, before, &lanes)
    }

    /// [`Self::lanes_since`] when only the SQL*Net events moved.
    #[inline]
    fn net_lanes_since(&self, before: &TimeMark) -> [f64; LANES.len()] {
        let mut lanes = [0.0; LANES.len()];
        for e in [WaitEvent::SqlNetMessageToClient, WaitEvent::SqlNetMessageFromClient] {
            if let Some(l) = e.lane() {
                lanes[l as usize] += self.wait_since(e, before);
            }
        }
        lanes
    }

    /// [`Self::cpu_in`] with the lanes' waits since `before` already
    /// worked out ([`Self::lanes_since`]): one wait breakdown per turn.
    #[inline]
    pub fn cpu_in_lanes(&self, span_us: f64, before: &TimeMark, lanes: &[f64; LANES.len()]) -> f64 {
        let waited: f64 = lanes[WAIT_LANES.start as usize..].iter().sum();
        (span_us - waited - (self.run_queue_us - before.run_queue_us) - (self.idle_us - before.idle_us)).max(0.0)
    }

    /// DB time so far: the clock less the time waiting for the client, the
    /// network or idle.
    pub fn db_time_us(&self) -> f64 {
        (self.now_us - self.net_us - self.client_us - self.idle_us).max(0.0)
    }

    /// DB time since `before`: the clock's span less the time waiting for
    /// the client, the network (`SQL*Net message from client`, idle) or
    /// idle. V$SQL's ELAPSED_TIME, the database time of the cursor's calls.
    pub fn db_time_since(&self, before: &TimeMark) -> f64 {
        let idle =
            (self.net_us - before.net_us) + (self.client_us - before.client_us) + (self.idle_us - before.idle_us);
        (self.now_us - before.now_us - idle).max(0.0)
    }

    /// CPU so far.
    pub fn cpu_us(&self) -> f64 {
        self.cpu_in(self.now_us, &TimeMark::zero())
    }
}
