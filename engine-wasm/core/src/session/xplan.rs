//! EXPLAIN PLAN, the DBMS_XPLAN table functions and what autotrace and
//! `dbms_xplan.display_cursor` keep of a session's cursors.

use super::net::Client;
use super::*;
use crate::exec::xplan::{self, CursorHeader, Format, PlanSource};

/// The call SQL*Plus makes after every statement while SERVEROUTPUT is on.
const GET_LINES: &str = "BEGIN DBMS_OUTPUT.GET_LINES(:LINES, :NUMLINES); END;";

impl Run<'_> {
    /// `EXPLAIN PLAN [SET STATEMENT_ID = 'x'] FOR <query>`: the query is
    /// parsed and optimised, not run; its plan goes to PLAN_TABLE.
    pub(super) fn explain_plan(&mut self, e: &ExplainPlan, text: &str) -> Result<Outcome, LabError> {
        self.ensure_dual(Some(&e.query), None);
        let mut c = self.explain_compile(&e.query)?;
        if let Some(load) = e.load.as_ref().filter(|l| l.change.is_some()) {
            let tid = self.dml_table(&load.table)?;
            super::change::changed_by_rowid(&mut c.root, tid);
        }
        if let Some(v) = c.dictionary_view() {
            return Err(exec::plan::dictionary_plan_refused(v, "EXPLAIN PLAN", e.query.pos));
        }
        self.parse_call();
        self.s.stats.calls.parse_count_hard += 1;
        self.cbo_trace_parsed(text, &mut c, true, false);
        let mut plan = self.plan_out(&c);
        let notes = self.plan_notes(&c);
        if let Some(load) = &e.load {
            plan = self.load_plan(load, plan)?;
        }
        self.s.plan_table = Some((e.statement_id.clone(), plan, notes, text.to_string()));
        self.user_call_roundtrip(Client::SqlPlus, text.len());
        Ok(Outcome { feedback: Some("Explained.".into()), ..Default::default() })
    }

    /// The plan of a CREATE TABLE ... AS SELECT or INSERT ... SELECT: its
    /// statement line, the load (LOAD AS SELECT by direct path, LOAD TABLE
    /// CONVENTIONAL from 11.2 otherwise), then the query's lines under it.
    fn load_plan(&self, load: &ExplainLoad, query: Vec<PlanLineOut>) -> Result<Vec<PlanLineOut>, LabError> {
        let name = load.table.name.clone();
        if load.create && self.inst.cat.name_in_use(&name) {
            return Err(LabError::new(ora::NAME_ALREADY_USED, load.table.pos));
        }
        if !load.create && self.inst.cat.table_id(&name).is_none() {
            return Err(LabError::new(ora::TABLE_OR_VIEW_DOES_NOT_EXIST, load.table.pos));
        }
        let op = self.load_op(load.direct);
        let (statement, op) = match load.change {
            Some(ExplainChange::Update) => ("UPDATE STATEMENT", Some("UPDATE")),
            Some(ExplainChange::Delete) => ("DELETE STATEMENT", Some("DELETE")),
            None if load.create => ("CREATE TABLE STATEMENT", op),
            None => ("INSERT STATEMENT", op),
        };
        // Online statistics gathering (12.1+) under a direct-path load.
        let gathering = load.direct
            && load.change.is_none()
            && match self.inst.cat.table_id(&name) {
                _ if load.create => self.inst.profile.stats_on_load,
                Some(tid) => self.stats_on_load(tid, &[]),
                None => false,
            };
        let d = super::state::DmlLines { statement, op, table: name, gets: None, query: None, gathering };
        Ok(super::dml_plan::dml_lines(query, &d))
    }

    /// EXPLAIN PLAN's optimisation of `q`: afresh, with the statistics and
    /// parameters as they are now (no cursor is looked up or kept).
    /// Tables another session has changed and not committed are read as
    /// they were before (as a hard parse reads them: `compile_cursor`).
    pub(super) fn explain_compile(&mut self, q: &lio_sql::ast::Query) -> Result<exec::Compiled, LabError> {
        let c = self.explain_optimize(q)?;
        if !self.cr_needed(&c.tables) {
            return Ok(c);
        }
        let tables = c.tables.clone();
        self.read_consistently(&tables, |r| r.explain_optimize(q))
    }

    fn explain_optimize(&self, q: &lio_sql::ast::Query) -> Result<exec::Compiled, LabError> {
        let profile = self.inst.profile.clone();
        let mut ctx =
            Self::plan_ctx(&self.inst.cat, &profile, &self.s.params, self.s.sid, &[] as &[String], &self.s.user);
        ctx.cbo_trace = self.cbo_tracing();
        exec::compile(q, &ctx)
    }

    /// `SELECT * FROM TABLE(dbms_xplan.display[_cursor](...))`: the plan
    /// text as PLAN_TABLE_OUTPUT rows. It does not become the last cursor
    /// itself (display_cursor shows the statement before it).
    pub(super) fn xplan_query(&mut self, x: &XplanCall, text: &str) -> Result<Outcome, LabError> {
        let fname = match x.func {
            XplanFunc::Display => "DISPLAY",
            XplanFunc::DisplayCursor => "DISPLAY_CURSOR",
        };
        if let (Ok(_), Some(word)) = (Format::parse(x.format.as_deref()), Format::not_modelled(x.format.as_deref())) {
            return Err(LabError::unsupported(
                format!("DBMS_XPLAN.{fname} format {word} (its column projection and outline sections)"),
                format_word_pos(x, &word),
            ));
        }
        let signed = x.format.as_deref().is_some_and(|t| t.to_ascii_uppercase().contains("+PEEKED_BINDS"));
        let peek_at = format_word_pos(x, if signed { "+PEEKED_BINDS" } else { "PEEKED_BINDS" });
        let rows: Vec<String> = match Format::parse(x.format.as_deref()) {
            Err(word) => vec![format!("Error: format '{word}' not valid for DBMS_XPLAN.{fname}()")],
            Ok(f) => match x.func {
                XplanFunc::Display => match &self.s.plan_table {
                    Some((id, plan, notes, explained)) if x.statement_id.is_none() || x.statement_id == *id => {
                        self.hint_report_refused(&f, explained, x.pos)?;
                        let alias = self.alias_lines(&f, explained, plan, x)?;
                        xplan::render_with(plan, &f, PlanSource::Explain, None, notes, &[], &alias)
                    }
                    Some(_) => vec![format!(
                        "Error: cannot fetch plan for statement_id '{}'",
                        x.statement_id.as_deref().unwrap_or("")
                    )],
                    None => vec!["Error: cannot fetch last explain plan from PLAN_TABLE".into()],
                },
                XplanFunc::DisplayCursor => match &self.s.last_cursor {
                    Some(last) => {
                        self.hint_report_refused(&f, &last.text, x.pos)?;
                        let sql_id = xplan::sql_id(&last.text);
                        // The cursor as its last execution left it (gone after DDL).
                        let head = |child| CursorHeader {
                            sql_id: &sql_id,
                            child,
                            text: &last.text,
                            stats_gathered: last.stats_gathered,
                        };
                        let cursor = self.s.cursors.get(&last.text).filter(|_| last.query);
                        match cursor {
                            _ if self.last_dml_plan(&last.text, false).is_some() => {
                                let (plan, _) = self.last_dml_plan(&last.text, f.stats && !f.last).unwrap_or_default();
                                let child = cursor.map_or(0, |c| c.child);
                                let notes = cursor.map(|c| self.plan_notes(c)).unwrap_or_default();
                                let peeked = match cursor {
                                    Some(c) if f.peeked => self.peeked_bind_lines(&last.text, c.child, peek_at)?,
                                    _ => Vec::new(),
                                };
                                let alias = self.alias_lines(&f, &last.text, &plan, x)?;
                                let h = head(child);
                                xplan::render_with(&plan, &f, PlanSource::Cursor, Some(&h), &notes, &peeked, &alias)
                            }
                            Some(c) if c.dictionary_view().is_some() => {
                                let v = c.dictionary_view().unwrap_or_default();
                                return Err(exec::plan::dictionary_plan_refused(v, "DBMS_XPLAN.DISPLAY_CURSOR", x.pos));
                            }
                            Some(c) => {
                                let plan = if f.stats && !f.last { self.plan_out_total(c) } else { self.plan_out(c) };
                                let notes = self.plan_notes(c);
                                let peeked = match f.peeked {
                                    true => self.peeked_bind_lines(&last.text, c.child, peek_at)?,
                                    false => Vec::new(),
                                };
                                let alias = self.alias_lines(&f, &last.text, &plan, x)?;
                                let h = head(c.child);
                                xplan::render_with(&plan, &f, PlanSource::Cursor, Some(&h), &notes, &peeked, &alias)
                            }
                            None => cannot_fetch(&sql_id, Some(&last.text)),
                        }
                    }
                    None => cannot_fetch("", None),
                },
            },
        };
        // One execute and fetch round trip per OCI fetch of arraysize rows.
        let calls = 1 + rows.len() as u64 / super::types::oci_fetch_rows(self.s.sqlplus.arraysize) as u64;
        for _ in 0..calls {
            self.user_call_roundtrip(Client::SqlPlus, text.len());
        }
        let n = rows.len() as u64;
        Ok(Outcome {
            columns: vec!["PLAN_TABLE_OUTPUT".into()],
            // DBMS_XPLAN's row type: PLAN_TABLE_OUTPUT VARCHAR2(300).
            column_widths: vec![300],
            rows: rows.into_iter().map(|r| vec![crate::value::Value::str(&r)]).collect(),
            rows_processed: n,
            ..Default::default()
        })
    }

    /// The ALIAS section's lines when the format asks for them (refused
    /// at the format's ALIAS word where the lab cannot name the blocks).
    fn alias_lines(
        &self,
        f: &Format,
        text: &str,
        plan: &[PlanLineOut],
        x: &XplanCall,
    ) -> Result<Vec<String>, LabError> {
        if !f.alias {
            return Ok(Vec::new());
        }
        self.alias_section(text, plan, format_word_pos(x, "ALIAS"))
    }

    /// A query ran: it is the cursor display_cursor shows next.
    pub(super) fn remember_cursor(&mut self, text: &str, stats_gathered: bool) {
        match &mut self.s.last_cursor {
            Some(l) if l.query && l.text == text => l.stats_gathered = stats_gathered,
            _ => self.s.last_cursor = Some(LastCursor { text: text.to_string(), query: true, stats_gathered }),
        }
    }

    /// After a call SQL*Plus fetches DBMS_OUTPUT while SERVEROUTPUT is on:
    /// that call is then the session's last cursor, as in Oracle.
    pub(crate) fn after_call(&mut self) {
        if self.s.sqlplus.serveroutput {
            self.s.last_cursor = Some(LastCursor { text: GET_LINES.into(), query: false, stats_gathered: false });
        }
    }

    /// Autotrace's Execution Plan for a step's plan.
    pub(super) fn autotrace_xplan(&self, plan: &[PlanLineOut], notes: &[String]) -> Vec<String> {
        if plan.is_empty() || !self.s.sqlplus.autotrace_explain || self.s.sqlplus.autotrace == Autotrace::Off {
            return Vec::new();
        }
        xplan::render(plan, &Format::TYPICAL, PlanSource::Explain, None, notes)
    }

    /// The Note lines of a cursor's plan: dynamic sampling's, when its hard
    /// parse sampled a table (`optimizer/dyn_sampling.rs`).
    pub(super) fn plan_notes(&self, c: &exec::Compiled) -> Vec<String> {
        c.dyn_sampling
            .as_ref()
            .map(|d| crate::optimizer::dyn_sampling::note(&self.inst.profile, d.level))
            .into_iter()
            .collect()
    }
}

/// Where `word` of the format string was written: inside its literal
/// when the literal is on one line (a quote doubled inside it counts
/// twice), else the literal, else the call.
fn format_word_pos(x: &XplanCall, word: &str) -> lio_sql::ast::Pos {
    let (Some(at), Some(text)) = (x.format_pos, x.format.as_deref()) else { return x.pos };
    // The word as written, in any case (ASCII: the offsets are the same).
    match text.to_ascii_uppercase().find(&word.to_ascii_uppercase()) {
        Some(off) if !text.contains('\n') => {
            let before = &text[..off];
            let cols = before.chars().count() + before.matches('\'').count();
            lio_sql::ast::Pos { line: at.line, column: at.column + 1 + cols as u32 }
        }
        _ => at,
    }
}

/// display_cursor's answer when the cursor has no plan (or there is none).
fn cannot_fetch(sql_id: &str, text: Option<&str>) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(t) = text {
        out.push(format!("SQL_ID  {sql_id}, child number 0"));
        out.push(String::new());
        out.push(t.to_string());
        out.push(String::new());
    }
    out.push(format!("NOTE: cannot fetch plan for SQL_ID: {sql_id}, CHILD_NUMBER: 0"));
    out.push("      Please verify value of SQL_ID and CHILD_NUMBER;".into());
    out.push("      It could also be that the plan is no longer in cursor cache (check v$sql_plan)".into());
    out.push(String::new());
    out
}
