//! One statement as a step: run it in the session and report its rows,
//! plan, statistic and latch deltas, waits, simulated time and folded
//! stacks, with the events it recorded.

use super::*;
use crate::result::{ErrorOut, LatchOut, StepOut, WaitHistogramOut, WaitOut};
use crate::sga::latch::LatchChild;
use crate::trace::Trace;

/// What a step leaves for the engine besides its output.
pub(crate) struct StepRun {
    pub step: StepOut,
    /// The events the statement recorded (empty when tracing is off).
    pub trace: Trace,
    /// `LAB RESET` ran: a fresh instance follows.
    pub reset: bool,
}

impl Run<'_> {
    pub(crate) fn run_step(&mut self, stmt: &Statement, index: usize) -> StepRun {
        let before = self.snapshot();
        let latch_before = self.inst.sga.cache.latch_totals();
        let dbwr_before = self.inst.sga.cache.dbwr.stats;
        let mark = self.s.cost.mark();
        let t0 = self.s.cost.now_us();
        let waits_before = self.waits_now();
        let hist_before = self.s.stats.calls.wait_hist_us;
        let devices_before = self.inst.io.device_marks();
        self.inst.io.frames_arm(self.s.cost.now, self.config.trace, &devices_before);
        self.s.work_base.statement = self.s.stats.work_units();
        self.s.stats.work.statements += 1;
        self.ash_arm();
        let ash_from = self.inst.ash.seq;
        self.s.trace.enabled = self.config.trace;
        self.s.trace.sid = self.s.sid;
        let ddl_table = self.ddl_table(&stmt.kind);
        // SET TERMOUT as the statement runs (a step reports it so).
        let termout = self.s.sqlplus.settings.termout;
        // `/` runs the buffer: the step is of the buffer's kind.
        let kind = match (&stmt.kind, &self.s.sqlplus.last_sql) {
            (StatementKind::SqlPlus(SqlPlus::RunBuffer), Some(last)) => kind_of(&last.kind),
            (k, _) => kind_of(k),
        };
        let traced = (self.sql_trace_level() > 0).then(|| self.trace_mark());
        // SQLcl's autotrace reads the statistics around the statement.
        let sqlcl = self.sqlcl_traced(kind).then(|| self.sqlcl_before());
        let result = self
            .undeclared_bind(stmt)
            .and_then(|()| self.autotrace_hint_report(stmt))
            .and_then(|()| self.run_statement(stmt));
        if kind != "sqlplus" && kind != "lab" || matches!(stmt.kind, StatementKind::SqlPlus(SqlPlus::Exec(_))) {
            self.after_call();
        }
        let sqlcl_stats = sqlcl.map(|m| {
            let after = self.sqlcl_after();
            self.sqlcl_statistics(&m, &after)
        });
        if let Some(m) = traced {
            let rows = result.as_ref().map_or(0, |o| o.rows_processed);
            self.trace_step(stmt, &m, rows, result.as_ref().err().map(|e| e.code.as_str()));
        }
        if let Some(t) = ddl_table {
            // DDL changes the dictionary rows of the table it touches.
            self.inst.sga.row_cache.invalidate_table(&self.inst.cat, &t);
        }
        self.ash_drain();
        self.ash_step(index, ash_from);
        // Background work (memoptimize population) happens between calls.
        self.background();
        // DBWR's turns due by the end of the call: its writes are the step's.
        self.inst.dbwr_until(self.s.cost.now);
        // Stack names are copied only for a trace that has events.
        let stacks = if self.s.trace.is_empty() { Vec::new() } else { self.s.cost.stack_names() };
        let mut trace = self.s.trace.take(stacks);
        let delta = self.snapshot().delta(&before);
        let latch_after = self.inst.sga.cache.latch_totals();
        let folded = self.s.cost.folded_since(&mark);
        self.s.last_folded = folded.clone();
        let mut step = StepOut {
            index,
            line: stmt.pos.line,
            column: stmt.pos.column,
            statement: stmt.text.clone(),
            kind,
            autotrace: self.autotrace_name(),
            stats: sqlcl_stats.unwrap_or_else(|| named(&delta, &self.inst.profile)),
            elapsed_us: round3(self.s.cost.now_us() - t0),
            folded,
            trace_events: trace.own_len(),
            waits: self.waits_since(&waits_before),
            wait_histograms: WaitHistogramOut::since(&self.s.stats.calls.wait_hist_us, &hist_before),
            ..Default::default()
        };
        self.instance_deltas(&mut step, dbwr_before, (latch_before, latch_after));
        let reset = match result {
            Ok(o) => self.outcome_into(&mut step, o),
            Err(mut e) => {
                // An error raised where no position is known (a work or
                // memory limit deep in a row source) is the statement's.
                if e.pos.line == 0 {
                    e.pos = stmt.pos;
                }
                step.error =
                    Some(ErrorOut { code: e.code, message: e.message, line: e.pos.line, column: e.pos.column });
                step.output = std::mem::take(&mut self.s.failed_output);
                false
            }
        };
        step.settings = self.settings_out();
        if step.settings.as_ref().map_or(!termout, |st| st.termout != termout) {
            let mut st = self.s.sqlplus.settings.clone();
            st.termout = termout;
            step.settings = (st != crate::result::SettingsOut::default()).then_some(st);
        }
        step.devices = self.inst.io.devices_since(&devices_before);
        step.sql_trace = std::mem::take(&mut self.s.sqltrace.lines);
        step.optimizer = self.s.sqltrace.cbo.take().map(|b| *b);
        trace.devices = self.inst.io.frames_take(&step.devices);
        StepRun { step, trace, reset }
    }

    /// DBWR's statistics and wait and the latches' gets during the step
    /// (instance-wide; a STARTUP starts them again).
    fn instance_deltas(
        &self,
        step: &mut StepOut,
        dbwr_before: crate::bg::dbwr::DbwrStats,
        (latch_before, latch_after): (LatchChild, LatchChild),
    ) {
        let dbwr = self.inst.sga.cache.dbwr.stats;
        for ((name, after), (_, before)) in dbwr.named().into_iter().zip(dbwr_before.named()) {
            let d = after.saturating_sub(before);
            if d > 0 {
                *step.stats.entry(name.to_string()).or_default() += d;
            }
        }
        let writes = dbwr.parallel_writes.saturating_sub(dbwr_before.parallel_writes);
        if writes > 0 {
            let us = (dbwr.parallel_write_us - dbwr_before.parallel_write_us).max(0.0);
            step.waits.insert("db file parallel write".into(), WaitOut { count: writes, time_us: round3(us) });
        }
        // STARTUP builds a new latch set: its totals start again.
        let lg = latch_after.gets.saturating_sub(latch_before.gets);
        if lg > 0 {
            step.latches.insert(
                "cache buffers chains".into(),
                LatchOut {
                    gets: lg,
                    misses: latch_after.misses.saturating_sub(latch_before.misses),
                    sleeps: latch_after.sleeps.saturating_sub(latch_before.sleeps),
                },
            );
        }
    }

    /// A statement's outcome into its step: rows, plan, output, the
    /// sessions of a workload (their figures summed into the step's).
    /// True when `LAB RESET` ran.
    fn outcome_into(&mut self, step: &mut StepOut, o: Outcome) -> bool {
        if step.kind == "query" && !self.s.sqlplus.vars.new_values.is_empty() {
            self.new_values(&o.columns, &o.rows);
        }
        step.columns = o.columns;
        if o.column_widths.iter().any(|&w| w > 0) {
            step.column_widths = o.column_widths;
        }
        if o.column_numeric.iter().any(|&n| n) {
            step.column_numeric = o.column_numeric;
        }
        let max = self.config.max_result_rows;
        step.rows = o.rows.iter().take(max).map(|r| r.iter().map(|v| v.to_json()).collect()).collect();
        step.rows_processed = o.rows_processed;
        // A DML statement has a plan here only while autotrace explains.
        if step.kind == "query" || step.kind == "dml" {
            step.xplan = self.autotrace_xplan(&o.plan, &o.plan_notes);
        }
        step.plan = o.plan;
        step.output = o.output;
        step.prints = o.prints;
        step.runs = o.runs;
        if let Some(sessions) = o.sessions {
            // The step's figures are the sessions' sums (the first
            // is the script's session, already in them).
            for s in sessions.iter().skip(1) {
                for (name, v) in &s.stats {
                    *step.stats.entry(name.clone()).or_default() += v;
                }
                for (name, w) in &s.waits {
                    let e = step.waits.entry(name.clone()).or_default();
                    e.count += w.count;
                    e.time_us = round3(e.time_us + w.time_us);
                }
                WaitHistogramOut::merge(&mut step.wait_histograms, &s.wait_histograms);
            }
            step.sessions = Some(sessions);
        }
        if let Some(us) = o.elapsed_us {
            step.elapsed_us = us;
        }
        step.trimmed_mean_us = o.trimmed_mean_us;
        step.feedback = o.feedback;
        o.reset
    }

    /// A step for a statement that did not parse.
    pub(crate) fn error_step(&self, text: &str, pos: Pos, kind: &'static str, e: LabError, index: usize) -> StepOut {
        StepOut {
            index,
            line: pos.line,
            column: pos.column,
            statement: text.to_string(),
            kind,
            error: Some(ErrorOut { code: e.code, message: e.message, line: e.pos.line, column: e.pos.column }),
            autotrace: self.autotrace_name(),
            settings: self.settings_out(),
            ..Default::default()
        }
    }

    /// A statement that went into the SQL buffer without running.
    pub(crate) fn buffered_step(&self, text: &str, pos: Pos, index: usize) -> StepOut {
        StepOut {
            index,
            line: pos.line,
            column: pos.column,
            statement: text.to_string(),
            kind: "sqlplus",
            autotrace: self.autotrace_name(),
            settings: self.settings_out(),
            ..Default::default()
        }
    }

    /// The SQL*Plus settings a step reports (none while all are defaults).
    fn settings_out(&self) -> Option<crate::result::SettingsOut> {
        let st = &self.s.sqlplus.settings;
        (*st != crate::result::SettingsOut::default()).then(|| st.clone())
    }
}
