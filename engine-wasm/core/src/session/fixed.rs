//! The rows of the dynamic performance views (`V$...`), built from the
//! engine's own counters when a statement that reads them executes: the
//! running session's live figures, the other sessions' as of their last
//! step, and what ended sessions left to the instance totals.

use super::*;
use crate::exec::fixed::{name_id, FixedView};
pub use crate::exec::hash::sql_id;
use crate::stats::{Stat, WaitEvent};

use super::LAB_USER as LAB_USERNAME;
pub use crate::instance::figures::{SessionFigures, WaitTotal};
pub use crate::instance::shared_pool::{SqlAreaEntry, SqlWorkarea};

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
    /// Work area executions: optimal, one-pass, multi-pass.
    workareas: [u64; 3],
    gets: u64,
    reads: u64,
    sorts: u64,
    /// The session's time ledger (V$SQL's elapsed and CPU time).
    time: crate::stats::TimeMark,
}

fn num(n: impl Into<f64>) -> Value {
    Value::from_f64(n.into())
}

fn text(s: &str) -> Value {
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
        if hard {
            e.loads += 1;
            e.plan_hash_value = crate::exec::xplan::plan_hash_of(&c.lines);
        }
        Some((slot, e.id))
    }

    /// The cursor in `slot` was found invalid and is being loaded again.
    pub(crate) fn sql_area_invalidated(&mut self, slot: Option<(usize, u64)>) {
        let Some((i, id)) = slot else { return };
        if let Some(e) = self.inst.sql_area.get_mut(i).filter(|e| e.id == id) {
            e.invalidations += 1;
        }
    }

    pub(crate) fn sql_mark(&self) -> SqlMark {
        let g = &self.s.stats;
        SqlMark {
            workareas: [g.workarea.optimal, g.workarea.onepass, g.workarea.multipass],
            gets: g.gets.consistent_gets() + g.calls.db_block_gets,
            reads: g.gets.physical_reads + g.workarea.temp_blocks_read,
            sorts: g.access.sorts_memory + g.workarea.sorts_disk,
            time: self.s.time_mark(),
        }
    }

    /// An execution of the cursor in `slot` starts (V$SQL counts it from
    /// here, as Oracle does: a query of V$SQL sees its own execution).
    pub(crate) fn sql_area_started(&mut self, slot: Option<(usize, u64)>) {
        let Some((i, id)) = slot else { return };
        if let Some(e) = self.inst.sql_area.get_mut(i).filter(|e| e.id == id) {
            e.executions += 1;
            self.s.last_sql = Some((i, id));
        }
    }

    /// One execution of the cursor in `slot` ended: V$SQL's figures.
    pub(crate) fn sql_area_executed(&mut self, slot: Option<(usize, u64)>, m: &SqlMark, rows: u64) {
        let after = self.sql_mark();
        let Some((i, id)) = slot else { return };
        if let Some(e) = self.inst.sql_area.get_mut(i).filter(|e| e.id == id) {
            e.rows_processed += rows;
            e.buffer_gets += after.gets - m.gets;
            e.disk_reads += after.reads - m.reads;
            e.sorts += after.sorts - m.sorts;
            // ELAPSED_TIME is DB time: the round trips' idle time between
            // the cursor's calls (the client's, the network's) is not in it.
            let us = after.time.now_us - m.time.now_us;
            e.elapsed_us += after.time.db_time_since(&m.time);
            e.cpu_us += after.time.cpu_in(us, &m.time);
            let d: [u64; 3] = std::array::from_fn(|i| after.workareas[i] - m.workareas[i]);
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
    pub(crate) fn fixed_rows(&self, views: &[FixedView]) -> Vec<Vec<Vec<Value>>> {
        views.iter().map(|v| self.view_rows(*v)).collect()
    }

    fn named_stats(&self) -> Vec<(usize, Stat, &'static str)> {
        Stat::ALL.iter().enumerate().filter_map(|(i, s)| s.name(&self.inst.profile).map(|n| (i, *s, n))).collect()
    }

    fn view_rows(&self, v: FixedView) -> Vec<Vec<Value>> {
        let stats = self.named_stats();
        match v {
            FixedView::Dict(d) => self.dictionary_rows(d),
            FixedView::StatName => stats
                .iter()
                .map(|(i, s, n)| vec![num(*i as u32), text(n), num(Stat::class(*s)), num(name_id(n))])
                .collect(),
            FixedView::SysStat => {
                let sys = self.system_figures();
                stats
                    .iter()
                    .map(|(i, s, n)| {
                        vec![
                            num(*i as u32),
                            text(n),
                            num(Stat::class(*s)),
                            num(sys.stats.get(*s) as f64),
                            num(name_id(n)),
                        ]
                    })
                    .collect()
            }
            FixedView::MyStat => {
                let f = self.figures();
                stats
                    .iter()
                    .map(|(i, s, _)| vec![num(self.s.sid), num(*i as u32), num(f.stats.get(*s) as f64)])
                    .collect()
            }
            FixedView::SesStat => {
                let mut rows = Vec::new();
                for (sid, f) in self.all_sessions() {
                    for (i, s, _) in &stats {
                        rows.push(vec![num(sid), num(*i as u32), num(f.stats.get(*s) as f64)]);
                    }
                }
                rows
            }
            FixedView::Log => self
                .inst
                .io
                .redo
                .groups
                .iter()
                .map(|g| {
                    vec![
                        num(g.group),
                        num(1),
                        num(g.sequence as f64),
                        num(g.bytes as f64),
                        num(g.block_size),
                        num(1),
                        // NOARCHIVELOG: a used log is never archived.
                        text(if g.status == crate::io::redo::LogStatus::Unused { "YES" } else { "NO" }),
                        text(g.status.name()),
                    ]
                })
                .collect(),
            FixedView::Logfile => self
                .inst
                .io
                .redo
                .groups
                .iter()
                .map(|g| vec![num(g.group), Value::Null, text("ONLINE"), text(&g.member()), text("NO")])
                .collect(),
            FixedView::Latch => {
                let t = self.inst.sga.cache.latch_totals();
                vec![vec![
                    num(CBC_LATCH_NUMBER),
                    num(1),
                    text("cache buffers chains"),
                    num(t.gets as f64),
                    num(t.misses as f64),
                    num(t.sleeps as f64),
                    num(0),
                    num(0),
                    num(t.spin_gets as f64),
                    num(0),
                ]]
            }
            FixedView::LatchChildren => {
                let l = &self.inst.sga.cache.latches;
                (0..l.children())
                    .map(|c| {
                        vec![
                            num(CBC_LATCH_NUMBER),
                            num(c as u32 + 1),
                            num(1),
                            text("cache buffers chains"),
                            num(l.child_gets(c as u16) as f64),
                            num(0),
                            num(0),
                            num(0),
                            num(0),
                            num(0),
                            num(0),
                        ]
                    })
                    .collect()
            }
            FixedView::SessionEvent => {
                let mut rows = Vec::new();
                for (sid, f) in self.all_sessions() {
                    for e in WaitEvent::ALL {
                        let w = f.waits[e as usize];
                        if w.count > 0 {
                            let mut r = vec![num(sid), text(e.name())];
                            r.extend(event_figures(e, &w, true));
                            rows.push(r);
                        }
                    }
                }
                rows
            }
            FixedView::SystemEvent => {
                let sys = self.system_figures();
                WaitEvent::ALL
                    .iter()
                    .filter(|e| sys.waits[**e as usize].count > 0)
                    .map(|e| {
                        let mut r = vec![text(e.name())];
                        r.extend(event_figures(*e, &sys.waits[*e as usize], false));
                        r
                    })
                    .collect()
            }
            FixedView::EventHistogram | FixedView::EventHistogramMicro => {
                // One row per event and bucket with waits: the bucket's upper
                // bound (ms or us), the count, and for the micro view its words.
                let micro = v == FixedView::EventHistogramMicro;
                let sys = self.system_figures();
                let mut rows = Vec::new();
                for e in WaitEvent::ALL {
                    let w = &sys.waits[e as usize];
                    let hist: &[u64] = if micro { &w.hist_us } else { &w.hist };
                    for (b, n) in hist.iter().enumerate().filter(|(_, n)| **n > 0) {
                        let bound = 1u64 << b;
                        let mut row = vec![num(e as u32), text(e.name()), num(bound as f64), num(*n as f64)];
                        if micro {
                            row.push(text(&wait_time_format(bound)));
                        }
                        rows.push(row);
                    }
                }
                rows
            }
            FixedView::Sql => self
                .inst
                .sql_area
                .iter()
                .map(|e| {
                    let short: String = e.text.chars().take(1000).collect();
                    vec![
                        text(&e.sql_id),
                        text(&short),
                        text(&e.text),
                        num(e.child),
                        num(e.hash_value),
                        num(e.plan_hash_value),
                        num(e.executions as f64),
                        num(e.parse_calls as f64),
                        num(e.loads as f64),
                        num(e.invalidations as f64),
                        num(e.rows_processed as f64),
                        num(e.buffer_gets as f64),
                        num(e.disk_reads as f64),
                        num(e.cpu_us.round()),
                        num(e.elapsed_us.round()),
                        num(e.sorts as f64),
                    ]
                })
                .collect(),
            FixedView::Parameter => self
                .s
                .params
                .listing()
                .into_iter()
                .enumerate()
                .map(|(i, (name, value, default, sess))| {
                    vec![
                        num(i as u32 + 1),
                        text(&name),
                        num(2),
                        text(&value),
                        text(&value),
                        text(if default { "TRUE" } else { "FALSE" }),
                        text(if sess { "TRUE" } else { "FALSE" }),
                        Value::Null,
                    ]
                })
                .collect(),
            FixedView::Version => version_rows(&self.inst.profile),
            FixedView::Session => self
                .all_sessions()
                .into_iter()
                .map(|(sid, f)| {
                    let me = sid == self.s.sid;
                    vec![
                        num(sid),
                        num(1),
                        text(LAB_USERNAME),
                        text(if me { "ACTIVE" } else { "INACTIVE" }),
                        text(LAB_USERNAME),
                        text("sqlplus@lio-lab (TNS V1-V3)"),
                        text("USER"),
                        f.last_sql
                            .and_then(|(i, id)| self.inst.sql_area.get(i).filter(|e| e.id == id))
                            .map(|e| text(&e.sql_id))
                            .unwrap_or(Value::Null),
                        text(if me { "SQL*Net message to client" } else { "SQL*Net message from client" }),
                        text(if me { "Network" } else { "Idle" }),
                    ]
                })
                .collect(),
            FixedView::Timer => vec![vec![num((self.s.cost.now_us() / 10_000.0).floor())]],
            FixedView::SqlWorkarea => self
                .inst
                .sql_area
                .iter()
                .filter_map(|e| {
                    let w = e.workarea?;
                    let l = w.last;
                    let last = match l.passes {
                        0 => "OPTIMAL".to_string(),
                        1 => "1 PASS".to_string(),
                        n => format!("{n} PASSES"),
                    };
                    let bytes = |b: u64| if b == 0 { Value::Null } else { num(b as f64) };
                    Some(vec![
                        text(&e.sql_id),
                        num(0),
                        text(l.operation),
                        text(if l.manual { "MANUAL" } else { "AUTO" }),
                        num(l.estimated_optimal as f64),
                        num(l.memory_used as f64),
                        text(&last),
                        bytes(l.tempseg),
                        bytes(w.max_tempseg),
                        num((w.optimal + w.onepass + w.multipass) as f64),
                        num(w.optimal as f64),
                        num(w.onepass as f64),
                        num(w.multipass as f64),
                    ])
                })
                .collect(),
        }
    }
}

/// V$LATCH.LATCH# of `cache buffers chains` (its number in 11g/18c).
const CBC_LATCH_NUMBER: u32 = 228;

/// TOTAL_WAITS, TOTAL_TIMEOUTS, TIME_WAITED, AVERAGE_WAIT, [MAX_WAIT,]
/// TIME_WAITED_MICRO, EVENT_ID, WAIT_CLASS: times in centiseconds.
fn event_figures(e: WaitEvent, w: &WaitTotal, with_max: bool) -> Vec<Value> {
    let cs = w.us / 10_000.0;
    let avg = if w.count > 0 { cs / w.count as f64 } else { 0.0 };
    let mut r = vec![num(w.count as f64), num(0), num(cs.round()), num((avg * 100.0).round() / 100.0)];
    if with_max {
        // The longest wait's bucket bound, in centiseconds.
        let top = w.hist.iter().rposition(|n| *n > 0).unwrap_or(0);
        r.push(num(((1u64 << top) as f64 / 10.0).floor()));
    }
    r.push(num(w.us.round()));
    r.push(num(name_id(e.name())));
    r.push(text(e.wait_class()));
    r
}

fn version_rows(p: &crate::instance::version::VersionProfile) -> Vec<Vec<Value>> {
    // `18.0.0` -> 18.0.0.0.0; `11.2.0.1` -> 11.2.0.1.0
    let mut parts: Vec<&str> = p.name.split('.').collect();
    while parts.len() < 5 {
        parts.push("0");
    }
    let full = parts.join(".");
    let modern = p.name.starts_with("18") || p.name.starts_with("19");
    let banner_full = if modern { format!("{}\nVersion {full}", p.banner) } else { p.banner.to_string() };
    let mut rows = vec![vec![text(p.banner), text(&banner_full), text(p.banner), num(0)]];
    if !modern {
        for b in [
            format!("PL/SQL Release {full} - Production"),
            format!("CORE\t{full}\tProduction"),
            format!("TNS for Linux: Version {full} - Production"),
            format!("NLSRTL Version {full} - Production"),
        ] {
            rows.push(vec![text(&b), text(&b), text(&b), num(0)]);
        }
    }
    rows
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
    let t = s.time_mark();
    let zero = crate::stats::TimeMark::ZERO;
    for e in WaitEvent::ALL {
        let (count, us) = (t.count_since(e, &zero), t.wait_since(e, &zero));
        f.waits[e as usize] =
            WaitTotal { count, us, hist: c.wait_hist[e as usize], hist_us: c.wait_hist_us[e as usize] };
    }
    f.last_sql = s.last_sql;
}

/// V$EVENT_HISTOGRAM_MICRO's WAIT_TIME_FORMAT: the bucket's upper bound
/// in words ("512 microseconds", "1 millisecond", "2 seconds").
fn wait_time_format(micro: u64) -> String {
    // Power-of-two bounds named by powers of 1,024.
    let (v, unit) = if micro < 1 << 10 {
        (micro, "microsecond")
    } else if micro < 1 << 20 {
        (micro >> 10, "millisecond")
    } else {
        (micro >> 20, "second")
    };
    format!("{v} {unit}{}", if v == 1 { "" } else { "s" })
}
