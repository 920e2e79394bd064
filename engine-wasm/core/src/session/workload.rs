//! `LAB RUN ... SESSIONS n`: one workload run by n sessions at once.
//!
//! The script's session is the first; the others are the instance's
//! workload sessions (new SIDs, kept for later workloads and V$ views).
//! With `BIND a TO b` the range is split evenly and session i takes the
//! i-th slice; without it every session runs the statement once.
//!
//! The sessions share one simulated clock: the run enqueues them on the
//! instance's scheduler (`sim/scheduler.rs`), which runs the session whose
//! next execution starts earliest (ties in session order), one execution
//! at a time, and LGWR (`bg/lgwr.rs`) between them, so the same script
//! always interleaves the same way.
//! With `LAB SET cpu_count = k` an execution needs one of k CPUs; a
//! session that finds them all busy waits in the run queue (no wait event:
//! DB time that is not CPU). While sessions run at once, the latch set
//! remembers each child's holder (misses, spins, sleeps), current-mode
//! gets pin their buffer exclusive (`buffer busy waits`), and versions with
//! RowCR take the RowCR path for unique-index shortcut gets while another
//! session of the workload is still running.

use super::*;
use crate::bg::lgwr::LgwrProcess;
use crate::result::{SessionOut, TimelineOut, WaitHistogramOut};
use crate::sim::scheduler::{Cpus, Processes};
use crate::sim::scheduler::{Process, Scheduler};
use crate::sim::SimTime;
use crate::stats::waits::{lane, WAIT_LANES};

/// Segments kept per session lane before neighbours are merged.
const MAX_LANE_SEGMENTS: usize = 4096;

/// One session's part of the workload.
struct Worker {
    /// Its bind values, `next` the one it runs next.
    next: i64,
    hi: i64,
    done: bool,
    cursor: Option<Box<Compiled>>,
    binds: Vec<Value>,
    before: Snapshot,
    /// The session's CPU (unrounded) when the run started.
    cpu_before_us: f64,
    waits: TimeMark,
    hist: crate::stats::WaitHistUs,
    end_us: f64,
    rows: u64,
    executions: u64,
    lane: Vec<(f64, f64, u8)>,
    /// Its session's call stacks (interned at its first turn).
    stacks: Option<CallStacks>,
}

impl Worker {
    /// The execution (and its commit's wait) ended at `t`: the worker runs
    /// its next bind value then, or is done. True when it is done.
    fn end_turn(&mut self, t: f64, sched: &mut Scheduler, k: usize) -> bool {
        self.end_us = t;
        if self.next >= self.hi {
            self.done = true;
            true
        } else {
            self.next += 1;
            sched.wake(Process::Session(k as u32), SimTime(t));
            false
        }
    }
}

/// Append a lane segment, merged with the last one when it continues it.
/// Inlined: most of a turn's states took no time (a compare each).
#[inline(always)]
fn push_lane(lane: &mut Vec<(f64, f64, u8)>, from: f64, to: f64, state: u8) {
    if to <= from {
        return;
    }
    push_segment(lane, from, to, state);
}

#[inline(never)]
fn push_segment(lane: &mut Vec<(f64, f64, u8)>, from: f64, to: f64, state: u8) {
    if let Some(last) = lane.last_mut() {
        if last.2 == state && (from - last.1).abs() < 1e-9 {
            last.1 = to;
            return;
        }
    }
    lane.push((from, to, state));
    if lane.len() > MAX_LANE_SEGMENTS {
        coarsen(lane);
    }
}

/// Halve a lane: each pair of neighbours becomes one segment spanning both,
/// in the state that took longer (as ASH keeps one sample per interval).
/// In place: the segments written so far never pass the pair being read.
#[cold]
#[inline(never)]
fn coarsen(lane: &mut Vec<(f64, f64, u8)>) {
    let n = lane.len();
    let mut out = 0;
    for i in (0..n).step_by(2) {
        let (a, b) = (lane[i], lane[(i + 1).min(n - 1)]);
        let state = if b.1 - b.0 > a.1 - a.0 { b.2 } else { a.2 };
        if out > 0 && lane[out - 1].2 == state {
            lane[out - 1].1 = b.1;
        } else {
            lane[out] = (a.0, b.1, state);
            out += 1;
        }
    }
    lane.truncate(out);
}

impl Run<'_> {
    /// `LAB RUN` with `SESSIONS n`, n > 1.
    pub(super) fn lab_run_sessions(&mut self, r: &LabRun, stmt: &Statement, n: u32) -> Result<Outcome, LabError> {
        if r.runs.unwrap_or(1) > 1 || r.literals || r.batch.unwrap_or(1) > 1 {
            return Err(LabError::with(
                ora::LAB_UNSUPPORTED,
                "LAB RUN ... SESSIONS n with RUNS, BATCH or LITERALS",
                r.sql_pos,
            ));
        }
        let mut peers = std::mem::take(&mut self.s.workload_peers);
        if peers.len() + 1 != n as usize {
            // The engine lends the sessions for a LAB RUN step of its own.
            self.s.workload_peers = peers;
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "SESSIONS n here", r.sql_pos));
        }
        self.inst.io.redo.deferred = true;
        let r = self.drive_sessions(r, stmt, n, &mut peers);
        // Sessions no longer run at once; commits wait for LGWR again.
        self.inst.io.redo.deferred = false;
        self.s.pending_sync = None;
        peers.iter_mut().for_each(|p| p.pending_sync = None);
        let cache = &mut self.inst.sga.cache;
        cache.latches.set_contention(false);
        cache.holds.end_concurrency();
        self.s.workload_peers = peers;
        r
    }

    /// A `Run` of worker `k`: the script's session or a workload peer.
    fn worker<'b>(&'b mut self, peers: &'b mut [Session], k: usize) -> Run<'b> {
        match k {
            0 => Run { inst: &mut *self.inst, s: &mut *self.s, config: self.config },
            _ => Run { inst: &mut *self.inst, s: &mut peers[k - 1], config: self.config },
        }
    }

    fn drive_sessions(
        &mut self,
        r: &LabRun,
        stmt: &Statement,
        n: u32,
        peers: &mut [Session],
    ) -> Result<Outcome, LabError> {
        let n = n as usize;
        let client = Client::from_driver(r.via.unwrap_or(Driver::JdbcThin));
        let (lo, hi) = r.bind.unwrap_or((1, 1));
        if hi < lo || hi.checked_sub(lo).is_none_or(|v| v >= 50_000_000) {
            return Err(LabError::new(ora::LAB_RUN_BIND_RANGE, r.sql_pos));
        }
        // Even slices of the range; without BIND each session runs once.
        let count = (hi - lo + 1) as i128;
        let slice = |i: usize| -> (i64, i64) {
            if r.bind.is_none() {
                return (lo, hi);
            }
            let a = lo as i128 + count * i as i128 / n as i128;
            let b = lo as i128 + count * (i as i128 + 1) / n as i128 - 1;
            (a as i64, b as i64)
        };
        let start = self.s.cost.now.max(peers.iter().map(|p| p.cost.now).fold(SimTime::ZERO, SimTime::max));
        let tracing = self.s.trace.enabled;
        // The other sessions record too, each into its own sink with an
        // even share of the step's trace limit (trace/sessions.rs).
        let share = (self.s.trace.limit / n.saturating_sub(1).max(1)).max(1);
        let mut workers = Vec::with_capacity(n);
        for k in 0..n {
            let w = self.worker(peers, k);
            if k > 0 {
                w.s.start_script();
                w.s.trace.enabled = tracing;
                w.s.trace.limit = share;
                w.s.trace.sid = w.s.sid;
                w.s.work_base.statement = w.s.stats.work_units();
                w.s.cost.ash.arm(w.inst.ash.interval_us, w.s.cost.now_us());
            }
            w.s.cost.idle_until(start);
            let (a, b) = slice(k);
            workers.push(Worker {
                next: a,
                hi: b,
                done: a > b,
                cursor: None,
                binds: Vec::new(),
                before: w.snapshot(),
                cpu_before_us: w.s.time_now().cpu_us(),
                waits: w.waits_now(),
                hist: w.s.stats.calls.wait_hist_us,
                end_us: start.us(),
                rows: 0,
                executions: 0,
                lane: Vec::new(),
                stacks: None,
            });
        }
        self.s.trace.enabled = tracing;
        // Sessions run at once from here: the run only enqueues them; the
        // instance's scheduler runs them, and LGWR between them.
        let row_cr = self.inst.profile.row_cr && self.effective().row_cr;
        self.inst.sga.cache.latches.set_contention(true);
        let mut sched = std::mem::take(&mut self.inst.sched);
        self.inst.sga.cache.dbwr.schedule(&mut sched);
        for (k, w) in workers.iter().enumerate() {
            if !w.done {
                sched.wake(Process::Session(k as u32), start);
            }
        }
        let cpus = Cpus::new(self.inst.cpu_count as usize, start.us());
        let cs0 = self.call_stacks(client);
        let lgwr_before = self.inst.io.redo.lgwr;
        let lgwr = LgwrProcess::new(self.inst.lgwr_timing(), n);
        let running = workers.iter().filter(|w| !w.done).count();
        let executions = workers.iter().filter(|w| !w.done).map(|w| (w.hi - w.next + 1) as u64).sum();
        let mut drive = Drive {
            run: self,
            peers,
            r,
            stmt,
            client,
            cs0,
            workers,
            cpus,
            lgwr,
            posted: Vec::with_capacity(n),
            row_cr,
            running,
            finished_end: start.us(),
            total_work: 0,
            executed: 0,
            executions,
        };
        let ran = sched.run(&mut drive);
        let Drive { workers, cpus, .. } = drive;
        self.inst.sched = sched;
        self.attach_traces(peers);
        ran?;
        self.workload_outcome(stmt, peers, workers, start, (client, cpus.count()), lgwr_before)
    }

    /// The other sessions' events join the step's trace (their sinks
    /// start afresh, idle until the next workload).
    fn attach_traces(&mut self, peers: &mut [Session]) {
        for p in peers.iter_mut() {
            let stacks = if p.trace.is_empty() { Vec::new() } else { p.cost.stack_names() };
            let t = p.trace.take(stacks);
            p.trace.enabled = false;
            self.s.trace.attach(t);
        }
    }

    /// The run's outcome: the statement's plan and columns from the first
    /// session's cursor, each session's figures and lane, and the summary.
    fn workload_outcome(
        &mut self,
        stmt: &Statement,
        peers: &mut [Session],
        mut workers: Vec<Worker>,
        start: SimTime,
        (client, cpus): (Client, usize),
        lgwr_before: crate::io::redo::LgwrCounters,
    ) -> Result<Outcome, LabError> {
        self.ash_drain_all(peers);
        let n = workers.len();
        let mut plan = Vec::new();
        let mut columns = Vec::new();
        for (k, w) in workers.iter_mut().enumerate() {
            if let Some(c) = w.cursor.take() {
                let mut run = self.worker(peers, k);
                if k == 0 {
                    plan = run.plan_out(&c);
                    columns = c.columns.clone();
                }
                let text = stmt.text.clone();
                run.close_cursor(&text, c, true);
            }
        }
        let end = workers.iter().map(|w| w.end_us).fold(start.us(), f64::max);
        let mut sessions = Vec::with_capacity(n);
        let mut rows_processed = 0;
        for (k, w) in workers.iter().enumerate() {
            let run = self.worker(peers, k);
            let mut delta = run.snapshot().delta(&w.before);
            // The run's CPU in centiseconds, rounded once (not the
            // difference of two rounded readings).
            let cpu_us = run.s.time_now().cpu_us() - w.cpu_before_us;
            delta.set(crate::stats::Stat::CpuUsedBySession, (cpu_us / 10_000.0).round().max(0.0) as u64);
            sessions.push(SessionOut {
                sid: run.s.sid,
                start_us: round3(start.us()),
                executions: w.executions,
                stats: named(&delta, &run.inst.profile),
                waits: run.waits_since(&w.waits),
                wait_histograms: WaitHistogramOut::since(&run.s.stats.calls.wait_hist_us, &w.hist),
                elapsed_us: round3(w.end_us - start.us()),
                timeline: w
                    .lane
                    .iter()
                    .map(|&(a, b, s)| TimelineOut(round3(a - start.us()), round3(b - start.us()), s))
                    .collect(),
            });
            rows_processed += w.rows;
        }
        // The script's session waits for the others (as a master script
        // waits for its slaves): the step takes the whole workload's time.
        let wait_end = end - self.s.cost.now.us();
        if wait_end > 0.0 {
            self.s.idle_us += wait_end;
            self.s.cost.idle_until(SimTime(end));
        }
        let total: u64 = workers.iter().map(|w| w.executions).sum();
        let out = self.workload_summary(&sessions, total, (client, cpus), lgwr_before);
        Ok(Outcome {
            columns,
            rows_processed,
            plan,
            output: out,
            sessions: Some(sessions),
            elapsed_us: Some(round3(end - start.us())),
            ..Default::default()
        })
    }

    /// The run's output lines: executions, LGWR's writes, each session's.
    fn workload_summary(
        &self,
        sessions: &[SessionOut],
        total: u64,
        (client, cpus): (Client, usize),
        lgwr_before: crate::io::redo::LgwrCounters,
    ) -> Vec<String> {
        let n = sessions.len();
        let mut out = vec![format!(
            "{total} execution(s) in {n} sessions via {}{}",
            client.name(),
            if cpus > 0 { format!(" on {cpus} CPU(s)") } else { String::new() }
        )];
        let lgwr = self.inst.io.redo.lgwr;
        let writes = lgwr.writes - lgwr_before.writes;
        if writes > 0 {
            let syncs: u64 = sessions.iter().map(|s| s.waits.get("log file sync").map_or(0, |w| w.count)).sum();
            out.push(format!(
                "LGWR: {writes} writes ({} redo blocks) for {syncs} log file syncs, log file parallel write avg {:.1} us",
                lgwr.blocks_written - lgwr_before.blocks_written,
                (lgwr.write_us - lgwr_before.write_us) / writes as f64
            ));
        }
        for s in sessions {
            let gets = s.stats.get("consistent gets").copied().unwrap_or(0);
            let mut line = format!(
                "SID {}: {} execution(s), {:.3} ms, {gets} consistent gets",
                s.sid,
                s.executions,
                s.elapsed_us / 1e3
            );
            for (name, w) in s.waits.iter().filter(|(n, _)| !n.starts_with("SQL*Net")) {
                line.push_str(&format!(", {name} {} ({:.1} us)", w.count, w.time_us));
            }
            out.push(line);
        }
        out
    }

    /// One execution of a workload's statement with bind value `v`.
    fn workload_exec(
        &mut self,
        r: &LabRun,
        stmt: &Statement,
        (cursor, binds): (&mut Option<Box<Compiled>>, &mut Vec<Value>),
        v: i64,
        client: Client,
        cs: &CallStacks,
    ) -> Result<u64, LabError> {
        self.check_work()?;
        match &stmt.kind {
            StatementKind::Query(q) => {
                let text = &stmt.text;
                let c = match cursor {
                    Some(c) => c,
                    None => {
                        let mut c = self.open_cursor_with_binds(q, text, &super::lab::lab_run_binds(), cs)?.0;
                        c.line_stats.iter_mut().for_each(|l| *l = LineStat::default());
                        cursor.insert(c)
                    }
                };
                binds.clear();
                binds.resize(c.bind_names.len(), Value::int(v));
                let fetchsize = r.fetchsize.unwrap_or(match client {
                    Client::SqlPlus => self.s.sqlplus.arraysize,
                    _ => 10,
                });
                let policy = match client {
                    Client::Plsql => FetchPolicy { first: 2, then: 2, round_trips: false },
                    Client::SqlPlus => {
                        FetchPolicy { first: 1, then: super::types::oci_fetch_rows(fetchsize), round_trips: true }
                    }
                    _ => FetchPolicy { first: fetchsize, then: fetchsize, round_trips: true },
                };
                self.execute_fetch(c, text, binds, client, cs, policy, None, None)
            }
            StatementKind::Insert(ins) => {
                let n = self.insert(ins, &[vec![Value::int(v)]], &stmt.text, client)?;
                let sent = net::NET_EXECUTE_REQUEST + stmt.text.len() as u64 + net::NET_BIND_ROW;
                self.roundtrip(client, cs, net::NET_CALL_REPLY, sent);
                if r.autocommit {
                    self.commit();
                }
                Ok(n)
            }
            StatementKind::Update(_) | StatementKind::Delete(_) => self.lab_run_change(r, stmt, client, (v, v), (0, 0)),
            _ => Err(LabError::with(
                ora::LAB_UNSUPPORTED,
                "LAB RUN of statements other than SELECT, INSERT, UPDATE and DELETE",
                r.sql_pos,
            )),
        }
    }
}

/// A `SESSIONS n` run on the scheduler: what its processes share between
/// turns.
struct Drive<'d, 'r> {
    run: &'d mut Run<'r>,
    peers: &'d mut [Session],
    r: &'d LabRun,
    stmt: &'d Statement,
    client: Client,
    /// The script's session's call stacks.
    cs0: CallStacks,
    workers: Vec<Worker>,
    cpus: Cpus,
    lgwr: LgwrProcess,
    /// Commits LGWR's turn posted: (session, since, resume).
    posted: Vec<(usize, f64, f64)>,
    row_cr: bool,
    /// Sessions still running, and when the finished ones ended.
    running: usize,
    finished_end: f64,
    total_work: u64,
    /// Executions finished by all the sessions, and in all (the host's progress report).
    executed: u64,
    executions: u64,
}

impl Drive<'_, '_> {
    /// Session `k`'s turn ended at `t`: it runs again, or is done.
    fn end_turn(&mut self, sched: &mut Scheduler, k: usize, t: f64) {
        if self.workers[k].end_turn(t, sched, k) {
            self.running -= 1;
            self.finished_end = self.finished_end.max(t);
        }
    }
}

impl Processes for Drive<'_, '_> {
    type Error = LabError;

    fn before_turn(&mut self) {
        self.run.inst.switch_checkpoint();
    }

    /// DBWR's batch completes (its buffers clean) and the batch it was
    /// posted for meanwhile starts; it sleeps until that one completes.
    fn dbwr_turn(&mut self, sched: &mut Scheduler, t: SimTime) {
        self.run.inst.dbwr_turn(sched, t);
    }

    /// A completed write posts the sessions it covers (they wait in `log
    /// file sync` until then); then LGWR writes what the others committed
    /// meanwhile.
    fn lgwr_turn(&mut self, sched: &mut Scheduler, t: SimTime) {
        let mut posted = std::mem::take(&mut self.posted);
        posted.clear();
        let completed = self.lgwr.complete(&mut self.run.inst.io, t, &mut posted);
        for &(k, since, resume) in &posted {
            let mut w = self.run.worker(self.peers, k);
            if resume > since {
                w.log_file_sync_wait(resume - since);
            }
            push_lane(&mut self.workers[k].lane, since, resume, lane::LOG_FILE_SYNC);
            self.end_turn(sched, k, resume);
        }
        self.posted = posted;
        self.lgwr.write_on(&mut self.run.inst.io, sched, t, completed);
        self.run.inst.sga.cache.dbwr.schedule(sched);
    }

    /// One execution of session `k` at `t`, on a CPU (or after the run
    /// queue), its time booked in its lane; a commit parks it for LGWR.
    fn session_turn(&mut self, sched: &mut Scheduler, k: usize, t: SimTime) -> Result<(), LabError> {
        // The RowCR window: until the last other session finishes
        // (one that has not finished yet runs on).
        let until = if self.running > 1 { f64::INFINITY } else { self.finished_end };
        self.run.inst.sga.cache.holds.set_row_cr_until(if self.row_cr { until } else { 0.0 });
        let (r, stmt, client) = (self.r, self.stmt, self.client);
        let config = self.run.config;
        let mut w = self.run.worker(self.peers, k);
        let wk = &mut self.workers[k];
        let cs = if k == 0 { self.cs0 } else { *wk.stacks.get_or_insert_with(|| w.call_stacks(client)) };
        // A CPU: the one free first; none free means the run queue.
        let mut t0 = t.us().max(w.s.cost.now.us());
        let cpu = self.cpus.first_free();
        if let Some((_, free)) = cpu {
            if free > t0 {
                push_lane(&mut wk.lane, t0, free, lane::RUN_QUEUE);
                w.s.run_queue_us += free - t0;
                w.s.cost.run_queue_until(SimTime(free));
                t0 = free;
            }
        }
        let mark = w.s.time_mark();
        let work_before = w.s.stats.work_units();
        let v = wk.next;
        w.s.trace.set_exec(wk.executions as u32);
        let got = w.workload_exec(r, stmt, (&mut wk.cursor, &mut wk.binds), v, client, &cs)?;
        let t1 = w.s.cost.now.us();
        self.total_work += w.s.stats.work_units().saturating_sub(work_before);
        let max_total = w.inst.limits.max_script_work;
        if self.total_work > max_total {
            return Err(LabError::with(ora::LAB_SCRIPT_WORK_LIMIT, max_total, r.sql_pos));
        }
        // The slice's time by lane: each wait a session books in its
        // lane (stats/waits.rs), the rest on CPU (the time ledger's).
        let now = w.s.time_now();
        let lanes = now.lanes_since(&mark);
        let on_cpu = now.cpu_in_lanes(t1 - t0, &mark, &lanes);
        if let Some((c, _)) = cpu {
            self.cpus.busy_until(c, t0 + on_cpu);
        }
        push_lane(&mut wk.lane, t0, t0 + on_cpu, lane::CPU);
        let mut at = t0 + on_cpu;
        for state in WAIT_LANES {
            let us = lanes[state as usize];
            push_lane(&mut wk.lane, at, at + us, state);
            at += us;
        }
        wk.rows += got;
        wk.executions += 1;
        w.ash_drain();
        self.executed += 1;
        config.progress.tick(self.executed, self.executions);
        let pending = w.s.pending_sync.take();
        // The commit waits for LGWR: posted if it is idle.
        let parked = pending.is_some_and(|upto| self.lgwr.commit(&self.run.inst.io, sched, k, upto, t1));
        if !parked {
            self.end_turn(sched, k, t1);
        }
        // A write LGWR started (posted, or at the log buffer threshold),
        // a batch DBWR started (posted by the session's free buffer search).
        self.lgwr.wake_for_write(&self.run.inst.io, sched);
        self.run.inst.sga.cache.dbwr.schedule(sched);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_merge_and_coarsen() {
        let mut l = Vec::new();
        push_lane(&mut l, 0.0, 1.0, lane::CPU);
        push_lane(&mut l, 1.0, 2.0, lane::CPU);
        push_lane(&mut l, 2.0, 2.0, lane::LATCH_CBC);
        assert_eq!(l, vec![(0.0, 2.0, lane::CPU)]);
        for i in 0..(MAX_LANE_SEGMENTS as u32 + 1) {
            let t = 2.0 + i as f64;
            push_lane(&mut l, t, t + 1.0, if i % 2 == 0 { lane::LATCH_CBC } else { lane::CPU });
        }
        assert!(l.len() <= MAX_LANE_SEGMENTS);
        assert_eq!(l.first().unwrap().0, 0.0);
        assert!(l.windows(2).all(|w| w[0].1 <= w[1].0 + 1e-9));
    }
}
