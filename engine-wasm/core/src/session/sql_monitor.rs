//! Real-Time SQL Monitoring from the session's side: an execution that
//! took 5 s of CPU and I/O time on the simulated clock, or said
//! `/*+ MONITOR */`, is kept with its figures (`instance/sql_monitor.rs`);
//! DBMS_SQLTUNE.REPORT_SQL_MONITOR reports it with the activity of its
//! ASH samples, V$SQL_MONITOR and V$SQL_PLAN_MONITOR list them.

use super::fixed::{num, text, SqlMark};
use super::*;
use crate::instance::params::StatisticsLevel;
use crate::instance::sql_monitor::{DmlQuery, MonExec, MonLine, MonMark, MonStats, THRESHOLD_US};
use crate::sim::ash::ON_CPU;
use crate::stats::WaitEvent;

pub(crate) mod dml;

/// Program, module and service the lab's sessions have (as ASH's PROGRAM
/// and the 10046 trace's header name them).
pub(crate) const PROGRAM: &str = "sqlplus@lio-lab (TNS V1-V3)";

/// How an execution ended, for its monitor entry.
struct MonEnd<'a> {
    pub rows: u64,
    /// The rows the caller asked for at most (fewer fetched: FIRST N ROWS).
    pub max_rows: Option<u64>,
    pub error: Option<&'a LabError>,
    /// Read requests and blocks per plan line.
    pub reads: &'a [(u64, u64)],
    /// It ran with bind values.
    pub binds: bool,
}

impl Run<'_> {
    /// The execution of `c` since `m` ended with `r` (of at most
    /// `max_rows` rows): the enclosing execution's plan-line reads are put
    /// back, the execution is kept if it is monitored, and V$SQL counts it.
    pub(crate) fn execution_ended(
        &mut self,
        c: &Compiled,
        text: &str,
        m: &SqlMark,
        (r, max_rows, binds): (&Result<u64, LabError>, Option<u64>, bool),
        outer_reads: Vec<(u64, u64)>,
    ) {
        let reads = std::mem::replace(&mut self.s.stats.calls.line_reads, outer_reads);
        let end_rows = *r.as_ref().unwrap_or(&0);
        let end = MonEnd { rows: end_rows, max_rows, error: r.as_ref().err(), reads: &reads, binds };
        self.sql_monitor_done(c, text, m, end);
        self.sql_area_executed(c.sql_slot, m, end_rows);
    }

    /// The execution of `c` since `m` ended: keep it if it is monitored
    /// (a DML statement's query: remember it, the statement decides).
    fn sql_monitor_done(&mut self, c: &Compiled, text: &str, m: &SqlMark, end: MonEnd<'_>) {
        let Some((slot, id)) = c.sql_slot else { return };
        let forced = c.monitor == Some(true);
        if c.monitor != Some(false) && self.dml_query_ended(c, text, m, &end) {
            return;
        }
        // Most executions end here: CPU and I/O time are within the time
        // the clock moved, under the threshold.
        if c.monitor == Some(false) || (!forced && self.s.cost.now_us() - m.time.now_us < THRESHOLD_US) {
            return;
        }
        if text.starts_with(super::fixed::INTERNAL_CURSOR)
            || self.effective().statistics_level == StatisticsLevel::Basic
        {
            return;
        }
        let (start, after) = (mark_of(m, (0, 0)), mark_of(&self.sql_mark(), (0, 0)));
        let mut st = self.mon_stats(&start, &after);
        if !forced && st.cpu_us + st.io_us < THRESHOLD_US {
            return;
        }
        let block = self.inst.params.current.db_block_size as u64;
        st.fetch_calls = Some(after.fetches - m.counts.fetches);
        st.read_bytes = end.reads.iter().map(|r| r.1).sum::<u64>() * block;
        let lines = self.monitor_lines(c, start.time.now_us, after.time.now_us, end.reads, block);
        let status = match (end.error, end.max_rows) {
            (Some(_), _) => "DONE (ERROR)",
            (None, Some(n)) if end.rows >= n => "DONE (FIRST N ROWS)",
            _ => "DONE (ALL ROWS)",
        };
        let Some(exec) = self.mon_exec((slot, id), text, (&start, &after), forced, (status, end.error), st) else {
            return;
        };
        self.inst.sql_monitor.keep(MonExec { lines, binds: end.binds, ..exec });
    }

    /// The session's figures for a monitor entry.
    /// (V$SQL's buffer gets, current-mode gets included, and read
    /// requests; a DML statement's also count its direct and temp reads, as
    /// the statistic `physical read IO requests` does.)
    fn mon_mark(&self) -> MonMark {
        let mut m = mark_of(&self.sql_mark(), self.dml_extra());
        m.blocks = self.s.stats.gets.physical_reads;
        m
    }

    /// The read requests a DML statement's figures count beyond V$SQL's:
    /// direct and temp reads (its current-mode gets are in V$SQL's gets).
    fn dml_extra(&self) -> (u64, u64) {
        let g = &self.s.stats;
        (0, g.gets.direct_requests + g.workarea.temp_read_requests)
    }

    /// Global Stats between two marks (times, buffer gets, read requests).
    fn mon_stats(&self, t0: &MonMark, t1: &MonMark) -> MonStats {
        let (a, b) = (&t0.time, &t1.time);
        let cpu_us = b.cpu_in(b.now_us - a.now_us, a);
        let mut st = MonStats { cpu_us, elapsed_us: b.db_time_since(a), ..Default::default() };
        for e in WaitEvent::ALL {
            let us = b.wait_since(e, a);
            if us <= 0.0 {
                continue;
            }
            match e.wait_class() {
                "User I/O" | "System I/O" => st.io_us += us,
                "Application" => st.application_us += us,
                "Concurrency" => st.concurrency_us += us,
                "Cluster" => st.cluster_us += us,
                "Idle" => {}
                _ => st.other_us += us,
            }
        }
        st.buffer_gets = t1.gets - t0.gets;
        st.read_reqs = t1.read_reqs - t0.read_reqs;
        st
    }

    /// V$SQL_MONITOR's entry (without its lines) of the execution of the
    /// cursor in `slot` between two marks, ended with `status` and `error`.
    fn mon_exec(
        &self,
        (slot, id): (usize, u64),
        text: &str,
        (t0, t1): (&MonMark, &MonMark),
        forced: bool,
        (status, error): (&str, Option<&LabError>),
        stats: MonStats,
    ) -> Option<MonExec> {
        let e = self.inst.sql_area.get(slot).filter(|e| e.id == id)?;
        let (start, end) = (t0.time.now_us, t1.time.now_us);
        Some(MonExec {
            key: 0,
            status: status.into(),
            username: self.s.user.clone(),
            sid: self.s.sid,
            serial: 1,
            sql_id: e.sql_id.clone(),
            sql_text: text.to_string(),
            exec_id: super::ash::FIRST_EXEC_ID + e.executions.saturating_sub(1),
            plan_hash: e.plan_hash_value,
            child: e.child,
            start_us: start,
            first_refresh_us: if forced { start } else { (start + THRESHOLD_US).min(end) },
            last_refresh_us: end,
            module_action: "SQL*Plus/-".into(),
            service: "SYS$USERS".into(),
            program: PROGRAM.into(),
            stats,
            error: error.map(|e| {
                let code = e.code.as_str();
                let n: u64 = code.trim_start_matches(|ch: char| !ch.is_ascii_digit()).parse().unwrap_or(0);
                let prefix = code.split('-').next().unwrap_or("ORA");
                (format!("{prefix}-{n}"), format!("{code}: {}", e.message))
            }),
            ..Default::default()
        })
    }

    /// V$SQL_PLAN_MONITOR's rows of the execution of `c` just ended.
    fn monitor_lines(&self, c: &Compiled, start: f64, end: f64, reads: &[(u64, u64)], block: u64) -> Vec<MonLine> {
        let plan = self.plan_out(c);
        let stats = &c.line_stats;
        let ran = stats.iter().filter(|s| s.starts > 0);
        let first = ran.clone().map(|s| s.first_us).fold(f64::INFINITY, f64::min);
        let first = if first.is_finite() { first } else { start };
        plan.iter()
            .enumerate()
            .map(|(i, l)| {
                let s = stats.get(i).copied().unwrap_or_default();
                let (r, b) = reads.get(i).copied().unwrap_or((0, 0));
                // The statement's line: from its first row source's start to the end.
                let (starts, first_us, last_us) =
                    if i == 0 { (1, first, end) } else { (s.starts, s.first_us, s.last_us) };
                MonLine {
                    id: l.id as u32,
                    parent: l.parent.map(u32::from),
                    depth: l.depth as u32,
                    operation: l.operation.clone(),
                    name: l.name.clone(),
                    e_rows: (i > 0).then_some(l.e_rows),
                    cost: (i > 0).then_some(l.cost),
                    starts,
                    rows: l.a_rows,
                    first_us,
                    last_us,
                    read_reqs: r,
                    read_bytes: b * block,
                    activity: Vec::new(),
                }
            })
            .collect()
    }

    /// `e` with its lines' activity: its ASH samples (of its session, SQL
    /// ID and execution) by plan line, wait class and event.
    pub(crate) fn monitor_activity(&self, e: &MonExec) -> MonExec {
        let mut e = e.clone();
        let mut n = 0u64;
        for s in self.inst.ash.samples.iter() {
            let t = &s.tick;
            if s.sid != e.sid || t.exec_id != e.exec_id || s.sql_id() != Some(e.sql_id.as_str()) {
                continue;
            }
            n += 1;
            let id = t.line as u32 + e.line_shift;
            let Some(line) = e.lines.iter_mut().find(|l| l.id == id) else { continue };
            let (class, label) = match WaitEvent::ALL.get(t.wait as usize).filter(|_| t.wait != ON_CPU) {
                Some(w) => (w.wait_class(), w.name()),
                None => ("Cpu", "Cpu"),
            };
            match line.activity.iter_mut().find(|a| a.1 == label) {
                Some(a) => a.2 += 1,
                None => line.activity.push((class.to_string(), label.to_string(), 1)),
            }
        }
        for l in &mut e.lines {
            l.activity.sort();
        }
        e.samples = n;
        e
    }

    /// `SELECT dbms_sqltune.report_sql_monitor(...) FROM dual`.
    pub(super) fn sql_monitor_query(&mut self, x: &SqlMonitorCall, stmt: &Statement) -> Result<Outcome, LabError> {
        self.s.sqlplus.last_sql = Some(stmt.clone());
        let text = &stmt.text;
        let arg = |name: &str| x.args.iter().find(|a| a.name == name);
        if x.list {
            return Err(LabError::unsupported(
                "DBMS_SQLTUNE.REPORT_SQL_MONITOR_LIST (no published TEXT list to match its layout; query V$SQL_MONITOR)",
                x.pos,
            ));
        }
        for a in &x.args {
            let v = a.value.as_deref().map(str::to_ascii_uppercase);
            let ok = match a.name.as_str() {
                "SQL_ID" | "SQL_EXEC_ID" | "SESSION_ID" | "SESSION_SERIAL" | "INST_ID" => true,
                "TYPE" => matches!(v.as_deref(), None | Some("TEXT")),
                "REPORT_LEVEL" => matches!(v.as_deref(), None | Some("TYPICAL")),
                _ => a.value.is_none(),
            };
            if !ok {
                let what =
                    format!("DBMS_SQLTUNE.REPORT_SQL_MONITOR's {} other than its default", a.name.to_lowercase());
                let what = if a.name == "TYPE" {
                    "DBMS_SQLTUNE.REPORT_SQL_MONITOR's type other than TEXT".into()
                } else {
                    what
                };
                return Err(LabError::unsupported(what, a.pos));
            }
        }
        let value = |name: &str| arg(name).and_then(|a| a.value.clone());
        let num = |name: &str| -> Result<Option<u64>, LabError> {
            match arg(name).and_then(|a| a.value.as_deref().map(|v| (v, a.pos))) {
                None => Ok(None),
                Some((v, pos)) => {
                    v.trim().parse::<u64>().map(Some).map_err(|_| LabError::new(ora::INVALID_NUMBER, pos))
                }
            }
        };
        let sql_id = value("SQL_ID");
        let (exec_id, sid) = (num("SQL_EXEC_ID")?, num("SESSION_ID")?);
        let found = self.inst.sql_monitor.find(sql_id.as_deref(), exec_id, sid).map(|e| self.monitor_activity(e));
        if found.as_ref().is_some_and(|e| e.binds) {
            // Oracle's report has a Binds section then, whose layout the lab
            // has no published sample of.
            return Err(LabError::unsupported(
                "DBMS_SQLTUNE.REPORT_SQL_MONITOR of an execution with bind variables (its Binds section)",
                x.pos,
            ));
        }
        let rows: Vec<String> = match &found {
            Some(e) => crate::instance::sql_monitor_text::report(e),
            // Nothing monitored matches: the report's title alone.
            None => vec!["SQL Monitoring Report".into(), String::new()],
        };
        self.user_call_roundtrip(super::net::Client::SqlPlus, text.len());
        let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0).max(x.heading.len()) as u32;
        let n = rows.len() as u64;
        Ok(Outcome {
            columns: vec![x.heading.clone()],
            column_widths: vec![width],
            rows: rows.into_iter().map(|r| vec![crate::value::Value::str(&r)]).collect(),
            rows_processed: n,
            ..Default::default()
        })
    }
}

/// `m` as a monitor mark, with `extra` gets and read requests.
fn mark_of(m: &SqlMark, extra: (u64, u64)) -> MonMark {
    let c = &m.counts;
    MonMark {
        time: m.time.clone(),
        gets: c.gets + extra.0,
        read_reqs: c.read_reqs + extra.1,
        fetches: c.fetches,
        blocks: 0,
    }
}

/// A time of the simulated clock as a DATE (seconds).
fn date(us: f64) -> Value {
    let secs = (us.max(0.0) / 1e6).floor() as i64;
    crate::date::Date::from_seconds(crate::date::CLOCK_ZERO.seconds() + secs).map(Value::Date).unwrap_or(Value::Null)
}

impl Run<'_> {
    /// V$SQL_MONITOR's and V$SQL_PLAN_MONITOR's rows.
    pub(super) fn sql_monitor_rows(&self, v: crate::exec::fixed::FixedView) -> Vec<Vec<Value>> {
        use crate::exec::fixed::FixedView;
        let mut rows = Vec::new();
        for e in &self.inst.sql_monitor.entries {
            let s = &e.stats;
            if v == FixedView::SqlMonitor {
                let (module, action) = e.module_action.split_once('/').unwrap_or((&e.module_action, "-"));
                let us = |x: f64| num(x.round());
                rows.push(vec![
                    num(e.key as f64),
                    text(&e.status),
                    num(super::sqltrace_file::LAB_USER_ID),
                    text(&e.username),
                    text(module),
                    text(if action == "-" { "" } else { action }),
                    text(&e.service),
                    text(&e.program),
                    date(e.first_refresh_us),
                    date(e.last_refresh_us),
                    num(e.sid),
                    text(&e.sql_id),
                    text(&e.sql_text),
                    date(e.start_us),
                    num(e.exec_id as f64),
                    num(e.plan_hash),
                    text(&format!("{:016X}", 0x7000_0000u64 + e.plan_hash as u64 * 8 + e.child as u64)),
                    num(e.serial),
                    us(s.elapsed_us),
                    us(s.cpu_us),
                    num(s.fetch_calls.unwrap_or(0) as f64),
                    num(s.buffer_gets as f64),
                    num(s.read_reqs as f64),
                    num(s.read_bytes as f64),
                    us(s.application_us),
                    us(s.concurrency_us),
                    us(s.cluster_us),
                    us(s.io_us),
                    us(s.plsql_us),
                    e.error
                        .as_ref()
                        .map_or(Value::Null, |(c, _)| text(c.trim_start_matches(|ch: char| !ch.is_ascii_digit()))),
                    e.error.as_ref().map_or(Value::Null, |(_, m)| text(m)),
                ]);
                continue;
            }
            for l in &e.lines {
                let (op, opt) = crate::instance::ash::split_operation(&l.operation);
                let ran = l.starts > 0;
                rows.push(vec![
                    num(e.key as f64),
                    text(&e.status),
                    date(e.first_refresh_us),
                    date(e.last_refresh_us),
                    if ran { date(l.first_us) } else { Value::Null },
                    if ran { date(l.last_us) } else { Value::Null },
                    num(e.sid),
                    text(&e.sql_id),
                    date(e.start_us),
                    num(e.exec_id as f64),
                    num(e.plan_hash),
                    l.parent.map_or(Value::Null, num),
                    num(l.id),
                    text(op),
                    text(opt),
                    l.name.as_deref().map_or(Value::Null, text),
                    num(l.depth),
                    l.cost.map_or(Value::Null, |c| num(c as f64)),
                    l.e_rows.map_or(Value::Null, |c| num(c as f64)),
                    num(l.starts as f64),
                    num(l.rows as f64),
                    num(l.read_reqs as f64),
                    num(l.read_bytes as f64),
                ]);
            }
        }
        rows
    }
}
