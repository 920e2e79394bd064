//! The rows of the dynamic performance views (`V$...`), built from the
//! engine's own counters when a statement that reads them executes: the
//! running session's live figures, the other sessions' as of their last
//! step, and what ended sessions left to the instance totals.

use super::*;
use crate::exec::fixed::FixedView;
pub use crate::exec::hash::sql_id;
use crate::stats::{Stat, WaitEvent};

pub use crate::instance::figures::{SessionFigures, WaitTotal};
pub use crate::instance::shared_pool::{SqlAreaEntry, SqlWorkarea};

mod ash;
mod cs;
mod events;
mod instance;
mod latch;
mod redo;
mod sql;
mod stats;

/// The first character of a cursor key that is not a SQL text (static
/// SQL in PL/SQL, the query of an INSERT ... SELECT): not in V$SQL.
pub(crate) const INTERNAL_CURSOR: char = '\u{1}';

/// SQL texts V$SQL keeps before the oldest age out (a model value).
pub(crate) const SQL_AREA_ENTRIES: usize = 10_000;

/// Bytes one V$SQL entry holds besides its text, held twice (the entry's
/// and its index key): counted in the memory budget
/// ([`crate::catalog::Catalog::sql_area_bytes`]).
pub(crate) const SQL_AREA_ENTRY_BYTES: u64 = 256;

/// Bytes V$SQL holds for `text`.
fn sql_area_bytes(text: &str) -> u64 {
    SQL_AREA_ENTRY_BYTES + 2 * text.len() as u64
}

/// Figures at the start of an execution (V$SQL counts the difference).
pub(crate) struct SqlMark {
    pub(crate) counts: SqlCounts,
    /// The session's time ledger (V$SQL's elapsed and CPU time).
    pub(crate) time: crate::stats::TimeMark,
}

/// The session's counters V$SQL differences per execution.
pub(crate) struct SqlCounts {
    /// Work area executions: optimal, one-pass, multi-pass.
    workareas: [u64; 3],
    pub(crate) gets: u64,
    reads: u64,
    sorts: u64,
    /// Read requests (SQL Monitor's Read Reqs) and fetch calls.
    pub(crate) read_reqs: u64,
    pub(crate) fetches: u64,
}

/// V$SQL's BUFFER_GETS, DISK_READS, ELAPSED_TIME and CPU_TIME of the work
/// since `m` (the counters `after` and the ledger `now`), added to `e`.
fn credit(e: &mut SqlAreaEntry, after: &SqlCounts, now: &crate::stats::LedgerNow<'_>, m: &SqlMark) {
    e.buffer_gets += after.gets - m.counts.gets;
    e.disk_reads += after.reads - m.counts.reads;
    // ELAPSED_TIME is DB time: the round trips' idle time between the
    // cursor's calls (the client's, the network's) is not in it.
    e.elapsed_us += now.db_time_since(&m.time);
    e.cpu_us += now.cpu_in(now.now_us - m.time.now_us, &m.time);
}

pub(super) fn num(n: impl Into<f64>) -> Value {
    Value::from_f64(n.into())
}

pub(super) fn text(s: &str) -> Value {
    if s.is_empty() {
        Value::Null
    } else {
        Value::str(s)
    }
}

impl Run<'_> {
    /// The V$SQL entry of `text` (created on its first parse), counting
    /// the parse call; a hard parse also counts a load.
    pub(crate) fn sql_area_parse(&mut self, text: &str, c: &Compiled, hard: bool) -> Option<(usize, u64)> {
        if text.starts_with(INTERNAL_CURSOR) {
            return None;
        }
        let a = &mut *self.inst;
        let child = c.child as usize;
        let slot = match a.sql_area_index.get(text).and_then(|v| v.get(child)).filter(|&&i| i != usize::MAX) {
            Some(&i) => i,
            None => {
                // The shared pool ages out its cursors (model: all of them)
                // past 10,000 texts, or when this one would take the lab's
                // memory past its budget (10,000 texts of 32 KB held 640 MB
                // the budget did not count). A text that does not fit even
                // then is not kept.
                let need = sql_area_bytes(text);
                let budget = a.limits.memory_bytes();
                if a.sql_area.len() >= SQL_AREA_ENTRIES || a.cat.memory_bytes().saturating_add(need) > budget {
                    a.sql_area.clear();
                    a.sql_area_index.clear();
                    a.cat.sql_area_bytes = 0;
                    if a.cat.memory_bytes().saturating_add(need) > budget {
                        return None;
                    }
                }
                a.cat.sql_area_bytes += need;
                let (sql_id, hash_value) = sql_id(text);
                a.sql_area_next_id += 1;
                a.sql_area.push(SqlAreaEntry {
                    id: a.sql_area_next_id,
                    text: text.to_string(),
                    sql_id,
                    hash_value,
                    plan_hash_value: crate::exec::xplan::plan_hash_of(&c.lines),
                    child: c.child,
                    ..Default::default()
                });
                let slot = a.sql_area.len() - 1;
                let v = a.sql_area_index.entry(text.to_string()).or_default();
                if v.len() <= child {
                    v.resize(child + 1, usize::MAX);
                }
                v[child] = slot;
                slot
            }
        };
        let e = &mut a.sql_area[slot];
        e.parse_calls += 1;
        let id = e.id;
        if hard {
            e.loads += 1;
            e.plan_hash_value = crate::exec::xplan::plan_hash_of(&c.lines);
            let h = e.plan_hash_value;
            self.ash_plan(h, &c.lines);
        }
        Some((slot, id))
    }

    /// The cursor in `slot` was found invalid and is being loaded again.
    pub(crate) fn sql_area_invalidated(&mut self, slot: Option<(usize, u64)>) {
        let Some((i, id)) = slot else { return };
        if let Some(e) = self.inst.sql_area.get_mut(i).filter(|e| e.id == id) {
            e.invalidations += 1;
        }
    }

    /// The mark of now. Inlined so the mark is built in the caller's
    /// (the time ledger's per-event arrays are shared, not copied).
    #[inline(always)]
    pub(crate) fn sql_mark(&self) -> SqlMark {
        SqlMark { counts: self.sql_counts(), time: self.s.time_now().mark() }
    }

    fn sql_counts(&self) -> SqlCounts {
        let g = &self.s.stats;
        SqlCounts {
            workareas: [g.workarea.optimal, g.workarea.onepass, g.workarea.multipass],
            gets: g.gets.consistent_gets() + g.calls.db_block_gets + g.gets.current,
            reads: g.gets.physical_reads + g.workarea.temp_blocks_read,
            sorts: g.access.sorts_memory + g.workarea.sorts_disk,
            read_reqs: g.gets.read_requests,
            fetches: g.calls.fetch_calls,
        }
    }

    /// An execution of the cursor in `slot` starts (V$SQL counts it from
    /// here, as Oracle does: a query of V$SQL sees its own execution).
    /// Returns the plan-line reads counted so far (an enclosing
    /// execution's): this execution counts its own from zero.
    pub(crate) fn sql_area_started(&mut self, slot: Option<(usize, u64)>) -> Vec<(u64, u64)> {
        let outer = std::mem::take(&mut self.s.stats.calls.line_reads);
        let Some((i, id)) = slot else { return outer };
        if let Some(e) = self.inst.sql_area.get_mut(i).filter(|e| e.id == id) {
            e.executions += 1;
            let n = e.executions;
            self.s.last_sql = Some((i, id));
            self.ash_cursor(slot, n);
        }
        outer
    }

    /// One execution of the cursor in `slot` ended: V$SQL's figures.
    pub(crate) fn sql_area_executed(&mut self, slot: Option<(usize, u64)>, m: &SqlMark, rows: u64) {
        let Some((i, id)) = slot else { return };
        self.ash_cursor_done();
        let after = self.sql_counts();
        let (now, c) = (self.s.time_now(), &m.counts);
        if let Some(e) = self.inst.sql_area.get_mut(i).filter(|e| e.id == id) {
            e.rows_processed += rows;
            credit(e, &after, &now, m);
            e.sorts += after.sorts - c.sorts;
            let d: [u64; 3] = std::array::from_fn(|i| after.workareas[i] - c.workareas[i]);
            if d.iter().any(|&n| n > 0) {
                let last = self.s.stats.workarea.last;
                let w = e.workarea.get_or_insert_with(SqlWorkarea::default);
                w.last = last;
                w.max_tempseg = w.max_tempseg.max(last.tempseg);
                w.optimal += d[0];
                w.onepass += d[1];
                w.multipass += d[2];
            }
        }
    }

    /// A DML statement's changes since `m` (its query's end) are counted in
    /// its V$SQL entry: V$SQL's buffer gets, disk reads and times are the
    /// whole statement's, current-mode gets of the changed blocks included.
    pub(crate) fn sql_area_changed(&mut self, slot: Option<(usize, u64)>, m: &SqlMark) {
        let Some((i, id)) = slot else { return };
        let (after, now) = (self.sql_counts(), self.s.time_now());
        if let Some(e) = self.inst.sql_area.get_mut(i).filter(|e| e.id == id) {
            credit(e, &after, &now, m);
        }
    }

    /// One execution of a `LAB RUN` ended (`m`, the mark at its start,
    /// moves to now): its figures go with the step's trace (Compare's
    /// samples). Wait time is the span less CPU, the run queue and idle time.
    pub(crate) fn note_exec_sample(&mut self, m: &mut SqlMark) {
        // The ledger is read in place and the mark moved to now in place
        // (its per-event arrays shared with the session's, not copied).
        let (a, now) = (self.sql_counts(), self.s.time_now());
        let span = now.now_us - m.time.now_us;
        let cpu = now.cpu_in(span, &m.time);
        let other = (now.run_queue_us - m.time.run_queue_us) + (now.idle_us - m.time.idle_us);
        let wait = (span - cpu - other).max(0.0);
        let b = &m.counts;
        let sample = (round3(span), round3(cpu), round3(wait), a.gets - b.gets, a.reads - b.reads);
        m.time = now.mark();
        m.counts = a;
        // To the nanosecond, as the step's figures: repeated executions then
        // print alike and their saved traces compress (saved-traces e2e).
        self.s.trace.samples.push(sample.0, sample.1, sample.2, sample.3, sample.4);
    }

    /// The running session's figures now.
    pub(crate) fn figures(&self) -> SessionFigures {
        figures_of(self.s, self.inst.params.current.db_block_size)
    }

    /// Every live session's figures: this one's now, the others' as of
    /// their last step.
    fn all_sessions(&self) -> Vec<(u32, SessionFigures)> {
        let mut v: Vec<(u32, SessionFigures)> = self
            .inst
            .sessions_seen
            .iter()
            .filter(|(sid, _)| **sid != self.s.sid)
            .map(|(sid, f)| (*sid, f.clone()))
            .collect();
        v.push((self.s.sid, self.figures()));
        v.sort_by_key(|(sid, _)| *sid);
        v
    }

    /// Every session's figures summed, with those of ended sessions.
    pub(crate) fn system_raw(&self) -> SessionFigures {
        let mut total = self.inst.ended_sessions.clone();
        for (_, f) in self.all_sessions() {
            total.add(&f);
        }
        total.add(&lgwr_figures(&self.inst.io.redo.lgwr));
        total.add(&dbwr_figures(&self.inst.sga.cache.dbwr.stats));
        total
    }

    /// Instance totals since STARTUP (V$SYSSTAT, V$SYSTEM_EVENT).
    fn system_figures(&self) -> SessionFigures {
        self.system_raw().since(&self.inst.figures_at_startup)
    }

    /// The rows of each view a statement reads, in `Compiled::fixed` order.
    pub(crate) fn fixed_rows(&self, views: &[FixedView]) -> Vec<crate::exec::fixed::FixedRows> {
        use crate::exec::dictionary::DictView;
        use crate::exec::dictionary_objects::{ObjectsGen, ObjectsShape};
        views
            .iter()
            .map(|v| {
                let mut rows = crate::exec::fixed::FixedRows::of(self.view_rows(*v));
                if *v == FixedView::Dict(DictView::AllObjects) {
                    // The database's own objects first, made as they are read.
                    let p = &self.inst.profile;
                    let shape = ObjectsShape {
                        rows: p.dictionary_objects,
                        created: p.seed_created,
                        release: crate::exec::dictionary_objects::release_of(p.name),
                    };
                    rows.gen = Some((ObjectsGen::new(shape), p.objects_columns as usize));
                }
                rows
            })
            .collect()
    }

    fn view_rows(&self, v: FixedView) -> Vec<Vec<Value>> {
        match v {
            FixedView::Dict(d) => self.dictionary_rows(d),
            FixedView::StatName | FixedView::SysStat | FixedView::MyStat | FixedView::SesStat => self.stat_rows(v),
            FixedView::Log | FixedView::Logfile => self.redo_rows(v),
            FixedView::Latch | FixedView::LatchChildren => self.latch_rows(v),
            FixedView::SessionEvent
            | FixedView::SystemEvent
            | FixedView::EventHistogram
            | FixedView::EventHistogramMicro => self.event_rows(v),
            FixedView::Sql | FixedView::SqlWorkarea => self.sql_rows(v),
            FixedView::SqlCsStatistics | FixedView::SqlCsSelectivity | FixedView::SqlCsHistogram => self.cs_rows(v),
            FixedView::ActiveSessionHistory => self.ash_rows(v),
            FixedView::SqlMonitor | FixedView::SqlPlanMonitor => self.sql_monitor_rows(v),
            FixedView::Parameter | FixedView::Version | FixedView::Session | FixedView::Timer => self.instance_rows(v),
        }
    }
}

/// LGWR's figures (a background session's V$SESSTAT and waits).
fn lgwr_figures(l: &crate::io::redo::LgwrCounters) -> SessionFigures {
    let mut f = SessionFigures::default();
    f.stats.set(Stat::RedoWrites, l.writes);
    f.stats.set(Stat::RedoBlocksWritten, l.blocks_written);
    f.stats.set(Stat::RedoWastage, l.wastage);
    // Centiseconds, as Oracle counts it.
    f.stats.set(Stat::RedoWriteTime, (l.write_us / 10_000.0).round() as u64);
    f.waits[WaitEvent::LogFileParallelWrite as usize] =
        WaitTotal { count: l.writes, us: l.write_us, hist: l.hist, hist_us: l.hist_us };
    f
}

/// DBWR's figures (a background session's V$SESSTAT and waits).
fn dbwr_figures(d: &crate::sga::cache::DbwrStats) -> SessionFigures {
    let mut f = SessionFigures::default();
    f.stats.set(Stat::PhysicalWrites, d.physical_writes);
    f.stats.set(Stat::PhysicalWritesFromCache, d.physical_writes);
    f.stats.set(Stat::PhysicalWriteIoRequests, d.write_requests);
    f.stats.set(Stat::DbwrCheckpointBuffersWritten, d.checkpoint_buffers_written);
    f.stats.set(Stat::DbwrCheckpoints, d.checkpoints);
    f.stats.set(Stat::DbwrLruScans, d.lru_scans);
    f.stats.set(Stat::DbwrMakeFreeRequests, d.make_free_requests);
    f.stats.set(Stat::BackgroundCheckpointsStarted, d.background_checkpoints_started);
    f.stats.set(Stat::BackgroundCheckpointsCompleted, d.background_checkpoints_completed);
    f.waits[WaitEvent::DbFileParallelWrite as usize] = WaitTotal {
        count: d.parallel_writes,
        us: d.parallel_write_us,
        hist: d.parallel_write_hist,
        hist_us: d.parallel_write_hist_us,
    };
    f
}

/// A session's cumulative figures.
pub(crate) fn figures_of(s: &Session, block_size: u32) -> SessionFigures {
    let mut f = SessionFigures::default();
    figures_into(s, block_size, &mut f);
    f
}

/// [`figures_of`] written over `f` in place (the figures are tens of KB:
/// kept per session and refreshed after every step, they are not moved).
pub(crate) fn figures_into(s: &Session, block_size: u32, f: &mut SessionFigures) {
    let c = &s.stats.calls;
    f.stats = s.snapshot(block_size);
    let t = s.time_now();
    let zero = crate::stats::TimeMark::zero();
    for e in WaitEvent::ALL {
        let (count, us) = (t.count_since(e, &zero), t.wait_since(e, &zero));
        f.waits[e as usize] =
            WaitTotal { count, us, hist: c.wait_hist[e as usize], hist_us: c.wait_hist_us[e as usize] };
    }
    f.last_sql = s.last_sql;
}
