//! DML statements under the SQL Monitor: an UPDATE's or DELETE's query
//! ends before its changes are made, an INSERT ... SELECT's before its
//! rows are loaded; the statement decides, at its end, whether it is kept.

use super::*;
use lio_sql::ast::Hint;

/// `/*+ MONITOR */` or `/*+ NO_MONITOR */` on a DML statement (the last one written), as a query's cursor reads them.
pub(crate) fn monitor_hint(hints: &[Hint]) -> Option<bool> {
    hints.iter().rev().find_map(|h| match h {
        Hint::Other(n) if n.eq_ignore_ascii_case("MONITOR") => Some(true),
        Hint::Other(n) if n.eq_ignore_ascii_case("NO_MONITOR") => Some(false),
        _ => None,
    })
}

impl Run<'_> {
    /// [`Self::update`] under the monitor ([`Self::monitored_dml`]).
    pub(crate) fn monitored_update(
        &mut self,
        u: &lio_sql::ast::Update,
        text: &str,
        binds: super::change::DmlBinds<'_>,
        client: super::net::Client,
    ) -> Result<u64, LabError> {
        self.monitored_dml(("UPDATE", "UPDATE", &u.table.name, text), |r| r.update(u, text, binds, client))
    }

    /// [`Self::delete`] under the monitor ([`Self::monitored_dml`]).
    pub(crate) fn monitored_delete(
        &mut self,
        d: &lio_sql::ast::Delete,
        text: &str,
        binds: super::change::DmlBinds<'_>,
        client: super::net::Client,
    ) -> Result<u64, LabError> {
        self.monitored_dml(("DELETE", "DELETE", &d.table.name, text), |r| r.delete(d, text, binds, client))
    }

    /// `INSERT ... SELECT` (top level: SQL*Plus, LAB RUN, dynamic SQL) of
    /// `tid`: its query is the statement's cursor, so V$SQL has the INSERT's
    /// own entry (executions, rows, and the whole statement's gets, reads,
    /// elapsed and CPU: the query's, then the load's), and the statement
    /// is monitored as an UPDATE is, its plan under `INSERT STATEMENT` and
    /// `LOAD TABLE CONVENTIONAL` (`LOAD AS SELECT` by direct path).
    pub(crate) fn monitored_insert(
        &mut self,
        i: &lio_sql::ast::Insert,
        text: &str,
        (tid, names, sets): (TableId, &[String], &[Vec<Value>]),
        direct: bool,
    ) -> Result<u64, LabError> {
        let op = self.load_op(direct).unwrap_or("LOAD TABLE CONVENTIONAL");
        self.monitored_dml(("INSERT", op, &i.table.name, text), |r| {
            r.s.dml.slot = None;
            let rows = r.insert_source_rows(i, text, tid, names, sets, true)?;
            let (slot, mark, n) = (r.s.dml.slot, r.sql_mark(), rows.len() as u64);
            let done = r.load_insert_rows(i, tid, rows, direct);
            r.sql_area_changed(slot, &mark);
            done.map(|()| n)
        })
    }

    /// Run `dml`, an UPDATE, DELETE or INSERT ... SELECT of `table` (its
    /// text `text`; `op` its plan line's operation), under the monitor: the
    /// statement is monitored when it took 5 s of CPU and I/O, its query's
    /// and its changes' together, or said MONITOR.
    pub(crate) fn monitored_dml<T>(
        &mut self,
        (verb, op, table, text): (&str, &str, &str, &str),
        dml: impl FnOnce(&mut Self) -> Result<T, LabError>,
    ) -> Result<T, LabError> {
        let (sid, extra) = (self.s.sid, self.dml_extra());
        let store = &mut self.inst.sql_monitor.dml;
        // This session's entry, or a free one (u32::MAX: no statement under way).
        let i = match store.iter().position(|d| d.sid == sid).or_else(|| store.iter().position(|d| d.sid == u32::MAX)) {
            Some(i) => i,
            None => {
                store.push(Default::default());
                store.len() - 1
            }
        };
        let d = &mut store[i];
        (d.sid, d.query) = (sid, None);
        // (A query parses with consistent gets only: these are the execution's start.)
        d.extra = extra;
        d.text.clear();
        d.text.push_str(text);
        // An INSERT's query cursor is not kept after it ran: its monitor lines are taken as it ends.
        (d.keep_lines, d.lines) = (verb == "INSERT", None);
        // Its query's plan figures are this execution's (its earlier
        // executions' stay in the cursor's totals).
        if let Some(c) = self.s.cursors.get_mut(text) {
            c.reset_line_stats();
        }
        let r = dml(self);
        let under_way = self.inst.sql_monitor.dml.iter_mut().find(|d| d.sid == sid);
        let Some(d) = under_way else { return r };
        d.sid = u32::MAX;
        let Some(q) = d.query.take() else { return r };
        // Most statements end here: under the threshold of the clock.
        if !q.forced && self.s.cost.now_us() - d.start.as_ref().map_or(f64::MAX, |m| m.time.now_us) < THRESHOLD_US {
            return r;
        }
        let (Some(start), reads, lines) = (d.start.take(), std::mem::take(&mut d.reads), d.lines.take()) else {
            return r;
        };
        self.dml_monitor_done((verb, op, table, text), (q, start, lines), &reads, r.as_ref().err());
        r
    }

    /// Is this the query of a DML statement under way? Then remember its
    /// execution: the statement decides when its changes are made.
    pub(super) fn dml_query_ended(&mut self, c: &Compiled, text: &str, m: &SqlMark, end: &MonEnd<'_>) -> bool {
        let (Some(slot), sid) = (c.sql_slot, self.s.sid) else { return false };
        let dml = &self.inst.sql_monitor.dml;
        let Some(i) = dml.iter().position(|d| d.sid == sid && d.query.is_none() && d.text == text) else {
            return false;
        };
        let (forced, binds, end_us) = (c.monitor == Some(true), end.binds, self.s.cost.now_us());
        let g = &self.s.stats;
        let end_reqs = g.gets.read_requests + g.gets.direct_requests + g.workarea.temp_read_requests;
        let end_blocks = g.gets.physical_reads;
        if self.inst.sql_monitor.dml[i].keep_lines {
            let block = self.inst.params.current.db_block_size as u64;
            let lines = self.monitor_lines(c, m.time.now_us, end_us, end.reads, block);
            self.inst.sql_monitor.dml[i].lines = Some(lines);
        }
        let d = &mut self.inst.sql_monitor.dml[i];
        d.query = Some(DmlQuery { slot, forced, binds, end_us, end_reqs, end_blocks });
        d.start = Some(mark_of(m, d.extra));
        d.reads.clear();
        d.reads.extend_from_slice(end.reads);
        true
    }

    /// The DML statement whose query was `q` ended (with `error`): keep it
    /// if it is monitored, its DML lines above its query's.
    fn dml_monitor_done(
        &mut self,
        (verb, op, table, text): (&str, &str, &str, &str),
        (q, start, kept): (DmlQuery, MonMark, Option<Vec<MonLine>>),
        reads: &[(u64, u64)],
        error: Option<&LabError>,
    ) {
        if text.starts_with(super::fixed::INTERNAL_CURSOR)
            || self.effective().statistics_level == StatisticsLevel::Basic
        {
            return;
        }
        let after = self.mon_mark();
        let mut st = self.mon_stats(&start, &after);
        if !q.forced && st.cpu_us + st.io_us < THRESHOLD_US {
            return;
        }
        let block = self.inst.params.current.db_block_size as u64;
        // The changes' reads are the DML line's.
        let changes = (after.read_reqs - q.end_reqs, after.blocks - q.end_blocks);
        st.read_bytes = (reads.iter().map(|r| r.1).sum::<u64>() + changes.1) * block;
        let (t0, t1, t2) = (start.time.now_us, q.end_us, after.time.now_us);
        let mut lines = match kept {
            Some(lines) => lines,
            None => {
                let Some(c) = self.s.cursors.get(text) else { return };
                self.monitor_lines(c, t0, t1, reads, block)
            }
        };
        let status = if error.is_some() { "DONE (ERROR)" } else { "DONE" };
        let Some(exec) = self.mon_exec(q.slot, text, (&start, &after), q.forced, (status, error), st) else {
            return;
        };
        let statement = format!("{verb} STATEMENT");
        let shift = if lines.first().is_some_and(|l| l.operation == statement) {
            0
        } else {
            // The plan has its query's lines only: the statement's two go above them.
            for l in &mut lines {
                (l.id, l.depth, l.parent) = (l.id + 1, l.depth + 1, l.parent.map(|p| p + 1));
            }
            let dml = MonLine {
                id: 1,
                parent: Some(0),
                depth: 1,
                operation: op.into(),
                name: Some(table.into()),
                starts: 1,
                ..Default::default()
            };
            if let Some(top) = lines.first_mut() {
                *top = dml;
            }
            lines.insert(0, MonLine { id: 0, operation: statement, starts: 1, ..Default::default() });
            1
        };
        // A DML statement returns no rows; the DML lines ran while the rows changed.
        for l in lines.iter_mut().take(2) {
            (l.rows, l.first_us, l.last_us, l.e_rows, l.cost) = (0, t1, t2, None, None);
        }
        if let Some(l) = lines.get_mut(1) {
            (l.read_reqs, l.read_bytes) = (changes.0, changes.1 * block);
        }
        self.inst.sql_monitor.keep(MonExec { lines, binds: q.binds, line_shift: shift, ..exec });
    }
}
