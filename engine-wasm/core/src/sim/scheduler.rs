//! The scheduler: one per engine (the instance's), running processes on
//! the simulated clock in order of (time, sequence). The engine wakes the
//! script's session for each step, running DBWR's turns (`bg/dbwr.rs`)
//! that come before it; `LAB RUN ... SESSIONS n` enqueues its sessions and
//! [`Scheduler::run`] runs them with LGWR (`bg/lgwr.rs`) and DBWR between
//! them, each session's turn on one of the instance's CPUs ([`Cpus`]) or
//! in the run queue.

use super::SimTime;
use std::cmp::Ordering;
use std::collections::VecDeque;

/// Something the scheduler runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Process {
    /// A user session, by its number in the script (`LAB SESSION n`).
    Session(u32),
    /// The log writer: it runs when its write completes.
    Lgwr,
    /// The database writer: it runs when posted and when its batch's
    /// writes complete.
    Dbwr,
}

/// Runs processes in order of (time, sequence). A process is woken at a
/// time; [`Scheduler::run_next`] hands out the earliest and moves the clock to
/// it. The clock never goes backwards.
#[derive(Debug, Clone, Default)]
pub struct Scheduler {
    now: SimTime,
    seq: u64,
    /// Wake-ups in (time, sequence) order, earliest first. Sessions that
    /// take turns wake later than every waiting one, mostly: a wake-up
    /// usually goes at the back (one compare), else where a binary search
    /// puts it; the earliest leaves from the front.
    ready: VecDeque<Wake>,
    /// Of `ready`, DBWR's wake-ups: they do not keep [`Scheduler::run`]
    /// going (a background process waits for the next step's session).
    background: usize,
}

/// A wake-up: its time as [`f64::total_cmp`] orders it (an unsigned key,
/// see [`time_key`]), its sequence and its process. One heap operation per
/// session switch compares these a few times; integers compare cheaply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Wake {
    at: u64,
    seq: u64,
    process: Process,
}

/// `t`'s bits mapped so that unsigned order is [`f64::total_cmp`]'s order
/// (the map is its own inverse up to the sign flip: see [`key_time`]).
#[inline(always)]
fn time_key(t: SimTime) -> u64 {
    let b = t.0.to_bits();
    (b ^ ((((b as i64) >> 63) as u64) >> 1)) ^ (1 << 63)
}

/// The time [`time_key`] made `k` of.
#[inline(always)]
fn key_time(k: u64) -> SimTime {
    let b = k ^ (1 << 63);
    SimTime(f64::from_bits(b ^ ((((b as i64) >> 63) as u64) >> 1)))
}

impl Ord for Wake {
    /// The earliest (time, sequence) first.
    #[inline(always)]
    fn cmp(&self, other: &Self) -> Ordering {
        (self.at, self.seq).cmp(&(other.at, other.seq))
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
        super::clock_check(at.0);
        let at = at.max(self.now);
        self.seq += 1;
        self.background += (process == Process::Dbwr) as usize;
        let w = Wake { at: time_key(at), seq: self.seq, process };
        // The sequence is the newest: equal times keep their order.
        match self.ready.back() {
            Some(last) if *last > w => {
                let i = self.ready.partition_point(|x| *x < w);
                self.ready.insert(i, w);
            }
            _ => self.ready.push_back(w),
        }
    }

    /// The next process to run and the time it runs at; the clock moves there.
    pub fn run_next(&mut self) -> Option<(SimTime, Process)> {
        let w = self.ready.pop_front()?;
        self.background -= (w.process == Process::Dbwr) as usize;
        self.now = self.now.max(key_time(w.at));
        Some((self.now, w.process))
    }

    /// A process ran until `t`: the clock follows it.
    pub fn ran_until(&mut self, t: SimTime) {
        super::clock_check(t.0);
        self.now = self.now.max(t);
    }

    pub fn pending(&self) -> usize {
        self.ready.len()
    }

    /// Run woken processes until only DBWR's wake-ups are left: each
    /// session's turn, LGWR's and DBWR's in time order. DBWR's later
    /// wake-ups stay queued: they run in time order with what comes next
    /// (the next step's session), which they must not hold up. A session's
    /// error ends the run (the sessions and LGWR still queued are dropped).
    pub fn run<P: Processes>(&mut self, procs: &mut P) -> Result<(), P::Error> {
        while self.ready.len() > self.background {
            let Some((t, p)) = self.run_next() else { break };
            procs.before_turn();
            let r = match p {
                Process::Session(k) => procs.session_turn(self, k as usize, t),
                Process::Lgwr => {
                    procs.lgwr_turn(self, t);
                    Ok(())
                }
                Process::Dbwr => {
                    procs.dbwr_turn(self, t);
                    Ok(())
                }
            };
            if let Err(e) = r {
                // DBWR's wake-ups stay: its batch in flight completes.
                self.ready.retain(|w| w.process == Process::Dbwr);
                return Err(e);
            }
        }
        Ok(())
    }
}

/// What [`Scheduler::run`] runs: the turns of sessions (by their number
/// in the run), of LGWR and of DBWR. A turn wakes whatever runs next.
pub trait Processes {
    type Error;
    /// Before any turn (a log switch's checkpoint is handed to DBWR).
    fn before_turn(&mut self);
    /// Session `k`'s turn at `t`.
    fn session_turn(&mut self, sched: &mut Scheduler, k: usize, t: SimTime) -> Result<(), Self::Error>;
    /// LGWR's turn at `t`.
    fn lgwr_turn(&mut self, sched: &mut Scheduler, t: SimTime);
    /// DBWR's turn at `t`.
    fn dbwr_turn(&mut self, sched: &mut Scheduler, t: SimTime);
}

/// The instance's CPUs (`LAB SET cpu_count = k`; none: no limit): when
/// each is next free. A session's turn takes the one free first; finding
/// it busy, the session waits in the run queue.
#[derive(Debug, Clone)]
pub struct Cpus {
    free: Vec<f64>,
}

impl Cpus {
    /// `n` CPUs, all free from `start` µs.
    pub fn new(n: usize, start: f64) -> Self {
        Cpus { free: vec![start; n] }
    }

    pub fn count(&self) -> usize {
        self.free.len()
    }

    /// The CPU free first and when it is free (None: no CPU limit).
    pub fn first_free(&self) -> Option<(usize, f64)> {
        (0..self.free.len()).min_by(|&a, &b| self.free[a].total_cmp(&self.free[b])).map(|c| (c, self.free[c]))
    }

    /// CPU `c` is busy until `t` µs.
    pub fn busy_until(&mut self, c: usize, t: f64) {
        self.free[c] = t;
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
    fn time_keys_order_as_total_cmp_and_invert() {
        let ts = [-1e300, -2.5, -0.0, 0.0, 1e-310, 0.5, 1.0, 1.0 + f64::EPSILON, 3e9, f64::INFINITY];
        for a in ts {
            assert_eq!(key_time(time_key(SimTime(a))).0.to_bits(), a.to_bits());
            for b in ts {
                assert_eq!(time_key(SimTime(a)).cmp(&time_key(SimTime(b))), a.total_cmp(&b), "{a} {b}");
            }
        }
    }

    #[test]
    fn wakes_in_any_order_run_in_time_then_sequence_order() {
        let mut s = Scheduler::default();
        let mut expect = Vec::new();
        let mut x = 7u64;
        for k in 0..200u32 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let t = ((x >> 33) % 50) as f64;
            s.wake(Process::Session(k), SimTime(t));
            expect.push((t, k));
        }
        expect.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        for (t, k) in expect {
            assert_eq!(s.run_next(), Some((SimTime(t), Process::Session(k))));
        }
        assert_eq!(s.run_next(), None);
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

    /// Sessions that take turns until each has run `left` times; LGWR
    /// turns are counted. A session with no turns left fails the run.
    struct Turns {
        left: Vec<u32>,
        order: Vec<(f64, Process)>,
        fail_at: Option<usize>,
    }

    impl Processes for Turns {
        type Error = usize;
        fn before_turn(&mut self) {}
        fn session_turn(&mut self, sched: &mut Scheduler, k: usize, t: SimTime) -> Result<(), usize> {
            self.order.push((t.us(), Process::Session(k as u32)));
            if self.fail_at == Some(self.order.len()) {
                return Err(k);
            }
            self.left[k] -= 1;
            if self.left[k] > 0 {
                sched.wake(Process::Session(k as u32), t.after(10.0 * (k + 1) as f64));
            }
            if k == 0 {
                sched.wake(Process::Lgwr, t.after(5.0));
            }
            Ok(())
        }
        fn lgwr_turn(&mut self, _: &mut Scheduler, t: SimTime) {
            self.order.push((t.us(), Process::Lgwr));
        }
        fn dbwr_turn(&mut self, _: &mut Scheduler, t: SimTime) {
            self.order.push((t.us(), Process::Dbwr));
        }
    }

    #[test]
    fn run_interleaves_sessions_and_lgwr_in_time_order() {
        let mut s = Scheduler::default();
        s.wake(Process::Session(0), SimTime(0.0));
        s.wake(Process::Session(1), SimTime(0.0));
        let mut p = Turns { left: vec![2, 2], order: Vec::new(), fail_at: None };
        assert_eq!(s.run(&mut p), Ok(()));
        let (l, s0, s1) = (Process::Lgwr, Process::Session(0), Process::Session(1));
        assert_eq!(p.order, vec![(0.0, s0), (0.0, s1), (5.0, l), (10.0, s0), (15.0, l), (20.0, s1)]);
    }

    #[test]
    fn a_failed_turn_ends_the_run_and_empties_the_queue() {
        let mut s = Scheduler::default();
        s.wake(Process::Session(0), SimTime(0.0));
        s.wake(Process::Session(1), SimTime(0.0));
        let mut p = Turns { left: vec![3, 3], order: Vec::new(), fail_at: Some(2) };
        assert_eq!(s.run(&mut p), Err(1));
        assert_eq!(s.pending(), 0);
    }

    #[test]
    fn the_cpu_free_first_is_taken() {
        let mut c = Cpus::new(2, 100.0);
        assert_eq!(c.first_free(), Some((0, 100.0)));
        c.busy_until(0, 150.0);
        assert_eq!(c.first_free(), Some((1, 100.0)));
        c.busy_until(1, 120.0);
        assert_eq!(c.first_free(), Some((1, 120.0)));
        assert_eq!(Cpus::new(0, 0.0).first_free(), None);
    }
}
