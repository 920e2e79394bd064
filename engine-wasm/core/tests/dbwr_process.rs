//! Issue 30: DBWR is a process on the engine's scheduler (`Process::Dbwr`,
//! `bg/dbwr.rs`). A post wakes it: idle, it runs at the post's time and
//! submits its batch's writes to the device queue then, while the
//! foreground that posted it goes on; busy, it sleeps until its writes
//! complete, and its turn then (on the scheduler, in time order with the
//! sessions) completes the batch and starts the one it was posted for.
//!
//! The device in these tests is one FIFO server whose every request takes
//! S = 100 us: a request submitted at `t` starts at max(t, when the one
//! before it completes) and completes S later, so each figure below is
//! worked out by hand in the comments.

mod common;
use common::*;
use lio_core::io::device::{BlockDevice, DeviceCounters, DeviceType};
use lio_core::io::{FixedLatency, IoKind, IoRequest};
use lio_core::sga::cache::{BufferCache, GetKind};
use lio_core::sim::scheduler::{Process, Scheduler};
use lio_core::sim::SimTime;

const S: f64 = 100.0;

/// One FIFO server, S per request; it logs (write?, block, submitted,
/// completed) in submission order.
#[derive(Debug)]
struct Fifo {
    inner: FixedLatency,
    busy_until: f64,
    log: Vec<(bool, u32, f64, f64)>,
}

impl Fifo {
    fn new() -> Self {
        Fifo { inner: FixedLatency::new("FIFO", S), busy_until: 0.0, log: Vec::new() }
    }
}

impl BlockDevice for Fifo {
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn submit(&mut self, r: &IoRequest, now: SimTime) -> SimTime {
        let done = now.us().max(self.busy_until) + S;
        self.busy_until = done;
        self.log.push((r.kind == IoKind::Write, r.block, now.us(), done));
        SimTime(done)
    }
    fn counters(&self) -> &DeviceCounters {
        self.inner.counters()
    }
    fn set_param(&mut self, name: &str, value: f64) -> bool {
        self.inner.set_param(name, value)
    }
    fn device_type(&self) -> &'static DeviceType {
        self.inner.device_type()
    }
    fn param(&self, name: &str) -> Option<f64> {
        self.inner.param(name)
    }
}

/// A 64-buffer cache: never within a scan depth of full here, so no
/// free buffer search posts DBWR; only the checkpoints below do.
fn cache() -> BufferCache {
    BufferCache::new(8192, 64 * 8192, 0, &lio_core::instance::version::V18, true)
}

/// Blocks 1-4 of segment 1 changed at 0, 1000, 2000, 3000 us: each is
/// read (no queue: done S later) and left dirty.
fn four_dirty(c: &mut BufferCache, d: &mut Fifo) {
    for b in 1..=4u32 {
        let t = SimTime(1000.0 * (b - 1) as f64);
        let m = c.consistent_get(1, b, GetKind::Current, d, t).miss.expect("a miss");
        assert_eq!(m.done, t.after(S));
    }
    assert_eq!(c.segment_buffers(1), (4, 4));
}

/// A log switch's checkpoint at 4000 wakes DBWR (idle) then: its four
/// writes go to the queue at 4000 (block order: 4000-4100, -4200, -4300,
/// -4400), and the foreground that goes on at 4050 reads block 5 behind
/// them (4400-4500): DBWR's batch started while the foreground was still
/// running, and it sleeps until 4400, when its writes complete.
#[test]
fn a_post_runs_dbwr_at_once_and_its_writes_queue_ahead_of_the_foreground() {
    let (mut c, mut d) = (cache(), Fifo::new());
    four_dirty(&mut c, &mut d);
    c.background_checkpoint(SimTime(4000.0), &mut d);
    assert_eq!(c.dbwr.next_turn(), Some(SimTime(4400.0)), "asleep until its writes complete");
    let m = c.consistent_get(1, 5, GetKind::Normal, &mut d, SimTime(4050.0)).miss.expect("a miss");
    assert_eq!(m.done, SimTime(4500.0), "queued behind DBWR's 4 writes");
    let writes: Vec<_> = d.log.iter().filter(|x| x.0).map(|x| (x.1, x.2, x.3)).collect();
    assert_eq!(writes, vec![(1, 4000.0, 4100.0), (2, 4000.0, 4200.0), (3, 4000.0, 4300.0), (4, 4000.0, 4400.0)]);
    assert_eq!(c.dbwr.stats.background_checkpoints_started, 1);
    // Not complete before its turn: the buffers are still being written.
    assert_eq!(c.segment_buffers(1).1, 4);
    assert_eq!(c.dbwr.stats.background_checkpoints_completed, 0);
}

/// Posted again while busy (a second log switch at 4200, block 5 changed
/// at 4100 in between): DBWR takes the post at its turn, when its writes
/// complete (4400), on the scheduler before a foreground that runs at
/// 4450. The queue's order is the processes' time order: the checkpoint's
/// write of block 5 goes in at 4400 behind block 5's own read (submitted
/// at 4100: 4400-4500), 4500-4600; the foreground's read of block 6 at
/// 4450 then waits for it, 4600-4700. (Advanced lazily, by the next free
/// buffer search, DBWR would have submitted its write after the
/// foreground's read: the read done at 4600, the write at 4700.)
#[test]
fn a_post_while_busy_runs_at_the_batch_completion_in_time_order() {
    let (mut c, mut d) = (cache(), Fifo::new());
    four_dirty(&mut c, &mut d);
    c.background_checkpoint(SimTime(4000.0), &mut d);
    let m = c.consistent_get(1, 5, GetKind::Current, &mut d, SimTime(4100.0)).miss.expect("a miss");
    assert_eq!(m.done, SimTime(4500.0));
    c.background_checkpoint(SimTime(4200.0), &mut d);
    assert_eq!(c.dbwr.stats.background_checkpoints_started, 1, "busy: the second waits for its turn");
    let mut sched = Scheduler::default();
    c.dbwr.schedule(&mut sched);
    c.dbwr.schedule(&mut sched);
    sched.wake(Process::Session(0), SimTime(4450.0));
    assert_eq!(sched.pending(), 2, "DBWR is queued once per batch");
    // DBWR's turn first (4400 < 4450).
    assert_eq!(sched.run_next(), Some((SimTime(4400.0), Process::Dbwr)));
    c.dbwr_run_until(4400.0, &mut d);
    assert_eq!(c.dbwr.stats.background_checkpoints_completed, 1);
    assert_eq!(c.dbwr.stats.background_checkpoints_started, 2);
    assert_eq!(c.segment_buffers(1), (5, 1), "blocks 1-4 clean, block 5 being written");
    assert_eq!(c.dbwr.next_turn(), Some(SimTime(4600.0)));
    c.dbwr.schedule(&mut sched);
    assert_eq!(sched.run_next(), Some((SimTime(4450.0), Process::Session(0))));
    let m = c.consistent_get(1, 6, GetKind::Normal, &mut d, SimTime(4450.0)).miss.expect("a miss");
    assert_eq!(m.done, SimTime(4700.0), "behind the checkpoint's write");
    let tail: Vec<_> = d.log[d.log.len() - 2..].to_vec();
    assert_eq!(tail, vec![(true, 5, 4400.0, 4600.0), (false, 6, 4450.0, 4700.0)]);
    // DBWR's next turn completes the second checkpoint.
    assert_eq!(sched.run_next(), Some((SimTime(4600.0), Process::Dbwr)));
    c.dbwr_run_until(4600.0, &mut d);
    assert_eq!((c.dbwr.stats.background_checkpoints_completed, c.dbwr.next_turn()), (2, None));
    assert_eq!(c.segment_buffers(1), (6, 0));
    assert_eq!(sched.run_next(), None);
}

/// A turn that is not due does nothing: a wake-up the foreground already
/// ran (its free buffer search lets DBWR's due turns run first) is
/// harmless when the scheduler reaches it.
#[test]
fn a_stale_wake_up_is_harmless() {
    let (mut c, mut d) = (cache(), Fifo::new());
    four_dirty(&mut c, &mut d);
    c.background_checkpoint(SimTime(4000.0), &mut d);
    let mut sched = Scheduler::default();
    c.dbwr.schedule(&mut sched);
    c.dbwr_run_until(5000.0, &mut d);
    assert_eq!(c.dbwr.next_turn(), None);
    let stats = c.dbwr.stats;
    assert_eq!(sched.run_next(), Some((SimTime(4400.0), Process::Dbwr)));
    c.dbwr_run_until(4400.0, &mut d);
    assert_eq!(c.dbwr.stats, stats);
    assert_eq!(d.log.iter().filter(|x| x.0).count(), 4);
}

/// `LAB RUN ... SESSIONS n`: the scheduler's run ends when only DBWR's
/// wake-ups are left; they wait for the next step's session and do not
/// hold it up (the checkpoint after the run starts at the script
/// session's own time and waits for DBWR's batch in flight, as before).
#[test]
fn dbwr_wake_ups_do_not_hold_up_the_next_step() {
    struct Two(Vec<(f64, Process)>);
    impl lio_core::sim::scheduler::Processes for Two {
        type Error = ();
        fn before_turn(&mut self) {}
        fn session_turn(&mut self, s: &mut Scheduler, k: usize, t: SimTime) -> Result<(), ()> {
            self.0.push((t.us(), Process::Session(k as u32)));
            if k == 0 {
                // Its call posted DBWR, whose writes complete at 900.
                s.wake(Process::Dbwr, SimTime(900.0));
            }
            Ok(())
        }
        fn lgwr_turn(&mut self, _: &mut Scheduler, t: SimTime) {
            self.0.push((t.us(), Process::Lgwr));
        }
        fn dbwr_turn(&mut self, _: &mut Scheduler, t: SimTime) {
            self.0.push((t.us(), Process::Dbwr));
        }
    }
    let mut s = Scheduler::default();
    s.wake(Process::Session(0), SimTime(100.0));
    s.wake(Process::Session(1), SimTime(200.0));
    s.wake(Process::Dbwr, SimTime(150.0));
    let mut p = Two(Vec::new());
    assert_eq!(s.run(&mut p), Ok(()));
    let (s0, s1, w) = (Process::Session(0), Process::Session(1), Process::Dbwr);
    assert_eq!(p.0, vec![(100.0, s0), (150.0, w), (200.0, s1)]);
    assert_eq!((s.now(), s.pending()), (SimTime(200.0), 1), "DBWR's 900 waits");
    s.wake(Process::Session(0), SimTime(300.0));
    assert_eq!(s.run_next(), Some((SimTime(300.0), s0)));
}

/// Through the engine: the free-buffer-waits scenario's checkpoint after
/// the 8-session insert waits for DBWR's last batch (the workload's DBWR
/// wake-up did not move the script's session past it).
#[test]
fn the_checkpoint_after_a_workload_waits_for_dbwrs_batch_in_flight() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "alter system set db_cache_size = 4M scope = spfile;\n\
         shutdown immediate\n\
         startup\n\
         LAB DEVICE disk TYPE hdd cache_mb = 0;\n\
         create tablespace disk_ts datafile '+DISK' size 1g;\n\
         create table o (id number, payload varchar2(4000)) tablespace disk_ts;\n\
         LAB RUN 'insert into o values (:1, rpad(''x'', 3000, ''x''))' BIND 1 to 2000 VIA jdbc_thin SESSIONS 4;\n\
         alter system checkpoint;",
    );
    ok(&steps);
    let ck = steps.last().unwrap();
    let ipc = ck.waits.get("rdbms ipc reply").map_or(0.0, |w| w.time_us);
    let write = ck.waits.get("db file parallel write").map_or(0.0, |w| w.time_us);
    assert!(write > 0.0, "{:?}", ck.waits);
    assert!(ipc > write, "the batch in flight, then the checkpoint's: {ipc} vs {write}");
}
