//! The plan of a DML statement as autotrace and `dbms_xplan.display_cursor`
//! print it: the statement's line (`UPDATE STATEMENT`, `DELETE STATEMENT`,
//! `INSERT STATEMENT`), the change (`UPDATE` or `DELETE` of the table,
//! `LOAD TABLE CONVENTIONAL` of an INSERT ... SELECT from 11.2), then the
//! lines of the query that found the rows, one level down. EXPLAIN PLAN
//! FOR builds the same lines (`xplan.rs`).
//!
//! Run-time figures (ALLSTATS): the statement's two lines are started once
//! and return no rows; their Buffers are the whole statement's gets (the
//! query's consistent gets and the changes' current-mode gets), as Oracle
//! counts a line's buffers with its children's.

use super::state::DmlLines;
use super::*;

impl DmlLines {
    /// An UPDATE's or DELETE's (`verb`) lines over table `table`.
    pub(super) fn of(verb: &'static str, table: &str) -> DmlLines {
        let (statement, op) = match verb {
            "UPDATE" => ("UPDATE STATEMENT", "UPDATE"),
            _ => ("DELETE STATEMENT", "DELETE"),
        };
        DmlLines { statement, op: Some(op), table: table.to_string(), gets: None, query: None, gathering: false }
    }

    /// A MERGE's lines over table `table`.
    pub(super) fn merge(table: &str) -> DmlLines {
        let statement = "MERGE STATEMENT";
        DmlLines { statement, op: Some("MERGE"), table: table.to_string(), gets: None, query: None, gathering: false }
    }
}

/// `query`'s lines under `d`'s: the statement line replaces the query's
/// top line, the change line (when there is one) goes under it, the rest
/// one level down.
pub(super) fn dml_lines(mut lines: Vec<PlanLineOut>, d: &DmlLines) -> Vec<PlanLineOut> {
    let Some(top) = lines.first().cloned() else { return lines };
    // A MERGE's join is the row source of a VIEW under its MERGE line.
    let view = d.statement == "MERGE STATEMENT";
    let shift = d.op.is_some() as u16 + view as u16;
    for l in lines.iter_mut().skip(1) {
        l.id += shift;
        l.depth += shift;
        l.parent = l.parent.map(|p| if p == 0 { shift } else { p + shift });
    }
    lines[0].operation = d.statement.into();
    if let Some(gets) = d.gets {
        (lines[0].a_rows, lines[0].buffers) = (0, gets);
    }
    if let Some(op) = d.op {
        let mut line = PlanLineOut {
            id: 1,
            parent: Some(0),
            depth: 1,
            operation: op.into(),
            name: Some(d.table.clone()),
            access: None,
            filter: None,
            pstart: None,
            pstop: None,
            workarea: None,
            ..top
        };
        if let Some(gets) = d.gets {
            (line.starts, line.a_rows, line.buffers) = (1, 0, gets);
            line.time_us = lines[0].time_us;
        }
        if view {
            let mut v = line.clone();
            (v.id, v.parent, v.depth, v.operation, v.name) = (2, Some(1), 2, "VIEW".into(), None);
            if let Some(j) = lines.get(1) {
                (v.a_rows, v.starts, v.buffers, v.time_us) = (j.a_rows, j.starts, j.buffers, j.time_us);
            }
            lines.insert(1, v);
        }
        lines.insert(1, line);
    }
    if d.gathering {
        super::stats_on_load::gathering_line(&mut lines);
    }
    lines
}

impl Run<'_> {
    /// The session's gets so far (consistent and current mode).
    pub(super) fn statement_gets(&self) -> u64 {
        use crate::stats::Stat;
        let snap = self.s.stats.snapshot(self.inst.params.current.db_block_size);
        snap.get(Stat::ConsistentGets) + snap.get(Stat::DbBlockGets)
    }

    /// A DML statement `text` ran (its gets from `gets_before`): it is the
    /// cursor display_cursor shows next, with `d`'s lines; the plan for
    /// autotrace when it explains, with its Note lines (None otherwise, or
    /// when the statement had no query: INSERT ... VALUES).
    pub(super) fn dml_ran(
        &mut self,
        text: &str,
        mut d: DmlLines,
        gets_before: u64,
    ) -> Option<(Vec<PlanLineOut>, Vec<String>)> {
        d.gets = Some(self.statement_gets().saturating_sub(gets_before));
        let key = text.to_string();
        let c = self.s.cursors.get(&key)?;
        let gathered = self.rowsource_stats(c);
        let explain = self.s.sqlplus.autotrace_explain && self.s.sqlplus.autotrace != Autotrace::Off;
        let plan = explain.then(|| (dml_lines(self.plan_out(c), &d), self.plan_notes(c)));
        self.s.last_cursor = Some(LastCursor { text: text.to_string(), query: true, stats_gathered: gathered });
        self.s.last_dml = Some((key, d));
        plan
    }

    /// SQL*Plus's INSERT (host variables bound by name): rows created, and
    /// with a query its plan lines.
    pub(super) fn sqlplus_insert(&mut self, i: &lio_sql::ast::Insert, stmt: &Statement) -> Result<Outcome, LabError> {
        self.s.sqlplus.last_sql = Some(stmt.clone());
        let gets = self.statement_gets();
        self.s.insert_plan = Some(None);
        let n = if stmt.text.contains(':') {
            let host = self.host_scope();
            let names: Vec<String> = host.iter().map(|(n, _)| n.clone()).collect();
            let vals: Vec<Value> = host.into_iter().map(|(_, v)| v).collect();
            self.insert_named(i, &names, &[vals], &stmt.text, Client::SqlPlus)
        } else {
            self.insert(i, &[], &stmt.text, Client::SqlPlus)
        };
        let n = n.inspect_err(|_| self.s.insert_plan = None)?;
        let plan = self.insert_ran(i, &stmt.text, gets);
        self.user_call_roundtrip(Client::SqlPlus, stmt.text.len());
        Ok(Outcome { rows_processed: n, feedback: Some(rows_created(n)), plan, ..Default::default() })
    }

    /// SQL*Plus's INSERT ... SELECT ran its query `c`: its plan kept for
    /// display_cursor.
    pub(super) fn keep_insert_plan(&mut self, c: &Compiled) {
        if self.s.insert_plan.as_ref().is_some_and(|p| p.is_none()) {
            self.s.insert_plan = Some(Some((self.plan_out(c), self.rowsource_stats(c))));
        }
    }

    /// An INSERT ran: with a query, INSERT STATEMENT over LOAD AS SELECT
    /// (direct path) or LOAD TABLE CONVENTIONAL (11.2 on; none before).
    pub(super) fn insert_ran(&mut self, i: &lio_sql::ast::Insert, text: &str, gets: u64) -> Vec<PlanLineOut> {
        let Some(Some((query, gathered))) = self.s.insert_plan.take() else {
            // INSERT ... VALUES: the lab keeps no plan of it (display_cursor's note).
            self.s.last_cursor = Some(LastCursor { text: text.to_string(), query: false, stats_gathered: false });
            return Vec::new();
        };
        let Some(tid) = self.inst.cat.table_id(&i.table.name) else { return Vec::new() };
        let op = self.load_op(self.direct_path(i, tid));
        let gets = Some(self.statement_gets().saturating_sub(gets));
        let gathering = std::mem::take(&mut self.s.dml.gathered_on_load);
        let table = i.table.name.clone();
        let d = DmlLines { statement: "INSERT STATEMENT", op, table, gets, query: None, gathering };
        let explain = self.s.sqlplus.autotrace_explain && self.s.sqlplus.autotrace != Autotrace::Off;
        let plan = if explain { dml_lines(query.clone(), &d) } else { Vec::new() };
        self.s.last_cursor = Some(LastCursor { text: text.to_string(), query: true, stats_gathered: gathered });
        self.s.last_dml = Some((text.to_string(), DmlLines { query: Some(query), ..d }));
        plan
    }

    /// A load's plan line: LOAD AS SELECT by direct path, LOAD TABLE
    /// CONVENTIONAL otherwise from 11.2 (none before it).
    pub(super) fn load_op(&self, direct: bool) -> Option<&'static str> {
        match (direct, self.inst.profile.append_values) {
            (true, _) => Some("LOAD AS SELECT"),
            (false, true) => Some("LOAD TABLE CONVENTIONAL"),
            (false, false) => None,
        }
    }

    /// display_cursor of the last cursor when a DML statement was it: its
    /// query's lines (from its cursor, `total` for ALLSTATS ALL) and the
    /// lines above them.
    pub(super) fn last_dml_plan(&self, text: &str, total: bool) -> Option<(Vec<PlanLineOut>, bool)> {
        let (key, d) = self.s.last_dml.as_ref().filter(|(k, _)| k == text)?;
        let query = match &d.query {
            Some(q) => q.clone(),
            None => {
                let c = self.s.cursors.get(key)?;
                if total {
                    self.plan_out_total(c)
                } else {
                    self.plan_out(c)
                }
            }
        };
        Some((dml_lines(query, d), d.query.is_none()))
    }
}
