//! One statement to the code of its family: DDL's implicit commit first,
//! then the statement kinds that fit in a few lines here, the others to
//! their files (`create`, `ddl`, `dml`, `change`, `txn`, `plsql`,
//! `sqlplus`, `lab`, `xplan`).

use super::*;

impl Run<'_> {
    pub(crate) fn run_statement(&mut self, stmt: &Statement) -> Result<Outcome, LabError> {
        if !self.inst.up && !matches!(stmt.kind, StatementKind::SqlPlus(_) | StatementKind::Lab(_)) {
            return Err(LabError::new(ora::ORACLE_NOT_AVAILABLE, stmt.pos));
        }
        self.check_objects(stmt)?;
        if kind_of(&stmt.kind) == "ddl"
            && !matches!(
                stmt.kind,
                StatementKind::AlterSystem(_)
                    | StatementKind::AlterSystemReset(_)
                    | StatementKind::AlterSession(_)
                    | StatementKind::FlushBufferCache
                    | StatementKind::FlushSharedPool
                    | StatementKind::Checkpoint
                    | StatementKind::SwitchLogfile
            )
        {
            // DDL commits the open transaction first.
            self.implicit_commit();
        }
        self.sync_cache_pools();
        // SYSDATE and the session's date format, for the statement's dates.
        let nls =
            self.s.params.other.get("nls_date_format").map_or(crate::date::DEFAULT_NLS_DATE_FORMAT, |s| s.as_str());
        crate::date::set_session(self.s.cost.now_us(), nls);
        match &stmt.kind {
            StatementKind::Query(q) => {
                self.s.sqlplus.last_sql = Some(stmt.clone());
                self.run_sqlplus_query(q, &stmt.text)
            }
            StatementKind::Checkpoint => {
                self.checkpoint();
                Ok(Outcome { feedback: Some("System altered.".into()), ..Default::default() })
            }
            StatementKind::CreateTable(c) => self.create_table(c),
            StatementKind::CreateCluster(c) => self.create_cluster(c),
            StatementKind::CreateTablespace(c) => self.create_tablespace(c),
            StatementKind::FlushSharedPool => Ok(self.flush_shared_pool()),
            StatementKind::FlushBufferCache => {
                // Every buffer is dropped; the next visit of a block reads it.
                self.inst.sga.cache.flush();
                Ok(Outcome { feedback: Some("System altered.".into()), ..Default::default() })
            }
            StatementKind::AlterDatabase(AlterDatabase::DefaultTemporaryTablespace(ts)) => {
                self.default_temporary_tablespace(ts)
            }
            StatementKind::AlterUser(a) => self.alter_user(a),
            StatementKind::SwitchLogfile => Ok(self.switch_logfile()),
            StatementKind::AlterDatabase(a) => self.alter_database(a),
            StatementKind::CreateIndex(c) => self.create_index(c),
            StatementKind::CreateView(v) => self.create_view(v, &stmt.text),
            StatementKind::Sequence(s) => self.sequence_ddl(s, stmt.pos),
            StatementKind::Comment(c) => self.comment(c),
            StatementKind::AlterIndex(a) => self.alter_index(a),
            StatementKind::AlterTable(a) => self.alter_table(a),
            StatementKind::Drop(d) => self.drop(d),
            StatementKind::Truncate(t) => self.truncate(t),
            StatementKind::Analyze(a) => self.analyze(a),
            StatementKind::CreateProgram(p) => self.create_program(p),
            StatementKind::AlterSystem(_) | StatementKind::AlterSystemReset(_) | StatementKind::AlterSession(_) => {
                self.alter_parameter(&stmt.kind)
            }
            StatementKind::Insert(i) => self.sqlplus_insert(i, stmt),
            StatementKind::SelectForUpdate(q) => {
                self.s.sqlplus.last_sql = Some(stmt.clone());
                self.select_for_update(q, &stmt.text)
            }
            StatementKind::Update(u) => {
                self.s.sqlplus.last_sql = Some(stmt.clone());
                let (host, gets) = (self.host_scope(), self.statement_gets());
                let n = self.monitored_update(u, &stmt.text, change::DmlBinds::Plsql(&host), Client::SqlPlus)?;
                let lines = state::DmlLines::of("UPDATE", &u.table.name);
                let (plan, plan_notes) = self.dml_ran(&stmt.text, lines, gets).unwrap_or_default();
                self.user_call_roundtrip(Client::SqlPlus, stmt.text.len());
                let feedback = Some(rows_done(n, "updated"));
                Ok(Outcome { rows_processed: n, feedback, plan, plan_notes, ..Default::default() })
            }
            StatementKind::Delete(d) => {
                self.s.sqlplus.last_sql = Some(stmt.clone());
                let (host, gets) = (self.host_scope(), self.statement_gets());
                let n = self.monitored_delete(d, &stmt.text, change::DmlBinds::Plsql(&host), Client::SqlPlus)?;
                let lines = state::DmlLines::of("DELETE", &d.table.name);
                let (plan, plan_notes) = self.dml_ran(&stmt.text, lines, gets).unwrap_or_default();
                self.user_call_roundtrip(Client::SqlPlus, stmt.text.len());
                let feedback = Some(rows_done(n, "deleted"));
                Ok(Outcome { rows_processed: n, feedback, plan, plan_notes, ..Default::default() })
            }
            StatementKind::Merge(m) => self.sqlplus_merge(m, stmt),
            StatementKind::Commit => {
                self.commit();
                self.user_call_roundtrip(Client::SqlPlus, stmt.text.len());
                Ok(Outcome { feedback: Some("Commit complete.".into()), ..Default::default() })
            }
            StatementKind::Rollback => {
                self.rollback()?;
                self.user_call_roundtrip(Client::SqlPlus, stmt.text.len());
                Ok(Outcome { feedback: Some("Rollback complete.".into()), ..Default::default() })
            }
            StatementKind::Savepoint(name) => {
                self.savepoint(&name.name);
                self.user_call_roundtrip(Client::SqlPlus, stmt.text.len());
                Ok(Outcome { feedback: Some("Savepoint created.".into()), ..Default::default() })
            }
            StatementKind::RollbackTo(name) => {
                self.rollback_to(&name.name, name.pos)?;
                self.user_call_roundtrip(Client::SqlPlus, stmt.text.len());
                Ok(Outcome { feedback: Some("Rollback complete.".into()), ..Default::default() })
            }
            StatementKind::Plsql(b) => self.plsql_statement(stmt, b),
            StatementKind::SqlPlus(c) => self.sqlplus_command(c, stmt.pos, &stmt.text),
            StatementKind::Lab(l) => self.lab_command(l, stmt.pos),
            StatementKind::ExplainPlan(e) => self.explain_plan(e, &stmt.text),
            StatementKind::Xplan(x) => {
                self.s.sqlplus.last_sql = Some(stmt.clone());
                self.xplan_query(x, &stmt.text)
            }
            StatementKind::SqlMonitor(x) => self.sql_monitor_query(x, stmt),
        }
    }

    pub(crate) fn apply_dynamic(&mut self) {
        let p = &self.s.params;
        self.inst.sga.cache.fastpath = self.inst.profile.fastpath_gets && p.fastpin_enable;
        self.inst.sga.cache.fastpath_examination = self.inst.profile.fastpath_examination && p.fastpin_enable;
        self.inst.sga.cache.dbwr.max_writes = self.inst.params.current.db_writer_max_writes;
        // No cursor is invalidated: a cursor built under other optimizer
        // parameters is another child (session/cursor.rs, OptEnv).
    }

    /// `ALTER DATABASE DEFAULT TEMPORARY TABLESPACE ts`.
    fn default_temporary_tablespace(&mut self, ts: &Ident) -> Result<Outcome, LabError> {
        let name = ts.name.to_uppercase();
        match self.inst.io.tablespace(&name) {
            None => return Err(LabError::with_args(ora::TABLESPACE_DOES_NOT_EXIST, &[&name], ts.pos)),
            Some(t) if !t.temporary => return Err(LabError::new(ora::DEFAULT_TEMPORARY_TABLESPACE_TYPE, ts.pos)),
            Some(_) => {
                // A user on the old default moves to the new one.
                let io = &mut self.inst.io;
                if io.user_temp.as_deref() == Some(io.default_temp.as_str()) {
                    io.user_temp = None;
                }
                io.default_temp = name;
            }
        }
        Ok(Outcome { feedback: Some("Database altered.".into()), ..Default::default() })
    }

    /// `ALTER USER lab TEMPORARY TABLESPACE ts`.
    fn alter_user(&mut self, a: &AlterUser) -> Result<Outcome, LabError> {
        let user = a.user.name.to_uppercase();
        if *user != *self.inst.cat.schema {
            return Err(LabError::with_args(ora::USER_DOES_NOT_EXIST, &[&user], a.user.pos));
        }
        let ts = &a.temporary_tablespace;
        let name = ts.name.to_uppercase();
        match self.inst.io.tablespace(&name) {
            None => return Err(LabError::with_args(ora::TABLESPACE_DOES_NOT_EXIST, &[&name], ts.pos)),
            Some(t) if !t.temporary => return Err(LabError::new(ora::INVALID_TEMPORARY_TABLESPACE_TYPE, ts.pos)),
            Some(_) => self.inst.io.user_temp = Some(name),
        }
        Ok(Outcome { feedback: Some("User altered.".into()), ..Default::default() })
    }

    /// An anonymous PL/SQL block from SQL*Plus.
    fn plsql_statement(&mut self, stmt: &Statement, b: &PlsqlBlock) -> Result<Outcome, LabError> {
        self.s.sqlplus.last_sql = Some(stmt.clone());
        let mut out = Vec::new();
        let r = self.run_plsql(b, &mut out);
        if !self.s.sqlplus.serveroutput {
            out.clear();
        }
        if let Err(e) = r {
            self.s.failed_output = out;
            return Err(e);
        }
        self.user_call_roundtrip(Client::SqlPlus, stmt.text.len());
        Ok(Outcome {
            output: out,
            feedback: Some("PL/SQL procedure successfully completed.".into()),
            ..Default::default()
        })
    }
}
