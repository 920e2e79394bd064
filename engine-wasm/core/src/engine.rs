//! The engine: one instance, its sessions and the scheduler that runs them
//! on one simulated clock. `exec(script)` runs a script statement by
//! statement in the script's current session (`LAB SESSION n` switches it,
//! `CONNECT` replaces it with a fresh one) and reports each step.

use crate::catalog::Catalog;
use crate::instance::version::{self, VersionProfile};
use crate::instance::Instance;
use crate::result::*;
use crate::session::{kind_of_text, Run, Session, StepRun};
use crate::sim::scheduler::Process;
use crate::trace::Trace;
use lio_sql::ast::{LabCommand, Pos, SqlPlus, Statement, StatementKind};
use lio_sql::{ora, LabError};
use std::collections::BTreeMap;
use std::rc::Rc;

pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The first user session's SID (model value: the lower SIDs belong to the
/// background processes of a small instance).
const FIRST_SID: u32 = 10;

/// Session numbers of the workload sessions (`LAB RUN ... SESSIONS n`):
/// past `LAB SESSION`'s numbers.
const WORKLOAD_SLOTS: u32 = lio_sql::ast::MAX_SESSIONS;

pub struct Engine {
    config: EngineConfig,
    inst: Instance,
    /// Sessions by number: the script starts in session 1; `LAB SESSION n`
    /// switches to session n, created on first use.
    sessions: BTreeMap<u32, Session>,
    current: u32,
    next_sid: u32,
    next_step: usize,
    /// Kept traces, shared with the wasm facade's batches without copying.
    traces: Vec<(usize, Rc<Trace>)>,
    /// The statements run since the instance was created, re-executable,
    /// for `LAB SWEEP` to replay (None once past [`sweep::MAX_JOURNAL_BYTES`]).
    journal: Option<String>,
    /// A script stopped at a `LAB SWEEP` whose points the host runs
    /// ([`EngineConfig::sweep_points_external`]).
    suspended: Option<Box<sweep_plan::Suspended>>,
    /// The script's session's work units at the last STARTUP: its work
    /// before was an earlier instance's (a sweep point's budget counts
    /// the instance it measures).
    work_at_startup: u64,
}

mod config;
pub mod sweep;
mod sweep_plan;
mod sweep_versions;
pub use config::{EngineConfig, ProgressHook};
pub use sweep_plan::{SweepPlan, SweepPointPlan, SweepPointRun};

impl Engine {
    pub fn new(config: EngineConfig) -> Self {
        let inst = Instance::new(version::V18);
        let first = Session::new(FIRST_SID, inst.params.current.clone(), &config);
        Engine {
            inst,
            sessions: BTreeMap::from([(1, first)]),
            current: 1,
            next_sid: FIRST_SID + 1,
            next_step: 0,
            traces: Vec::new(),
            journal: Some(String::new()),
            suspended: None,
            work_at_startup: 0,
            config,
        }
    }

    pub fn reset(&mut self) {
        let config = self.config.clone();
        *self = Engine::new(config);
    }

    pub fn profile(&self) -> &VersionProfile {
        &self.inst.profile
    }

    pub fn catalog(&self) -> &Catalog {
        &self.inst.cat
    }

    pub fn instance(&self) -> &Instance {
        &self.inst
    }

    /// The script's current session.
    pub fn session(&self) -> &Session {
        &self.sessions[&self.current]
    }

    /// Session `n` (`LAB SESSION n`), if the script has used it.
    pub fn session_number(&self, n: u32) -> Option<&Session> {
        self.sessions.get(&n)
    }

    fn current_mut(&mut self) -> &mut Session {
        self.sessions.get_mut(&self.current).expect("the current session exists")
    }

    pub fn trace(&self, step: usize) -> Option<&Trace> {
        self.traces.iter().find(|(i, _)| *i == step).map(|(_, t)| &**t)
    }

    /// The trace kept for a step, shared (no copy of its events).
    pub fn trace_shared(&self, step: usize) -> Option<Rc<Trace>> {
        self.traces.iter().find(|(i, _)| *i == step).map(|(_, t)| t.clone())
    }

    /// Run a script and return the steps.
    pub fn exec(&mut self, script: &str) -> Vec<StepOut> {
        let mut out = Vec::new();
        self.exec_each(script, |step| {
            out.push(step);
            true
        });
        out
    }

    /// Have a long `LAB RUN` call `f(executions done, executions in all)`
    /// as it runs (see [`ProgressHook`]); `None` stops the reports.
    pub fn set_progress(&mut self, f: Option<Box<dyn FnMut(u64, u64)>>) {
        self.config.progress = match f {
            Some(f) => ProgressHook::new(f),
            None => ProgressHook::default(),
        };
    }

    /// Run a script, handing each step to `on_step` as soon as its
    /// statement ends (a host keeps what ran even if a later statement
    /// traps the module). `on_step` returning false stops the script there.
    pub fn exec_each(&mut self, script: &str, mut on_step: impl FnMut(StepOut) -> bool) {
        // Split now, parse each unit when it runs: a script of many
        // statements never holds all their syntax trees at once.
        // SET SQLBLANKLINES carries over from the script's earlier calls.
        let units = lio_sql::split_script_sqlplus(script, self.session().sqlplus.sqlblanklines);
        for s in self.sessions.values_mut() {
            s.start_script();
        }
        // The script's first CONNECT names the schema (session/schema.rs).
        self.inst.cat.schema_named = false;
        self.suspended = None;
        self.run_units(units, 0, &mut on_step);
    }

    /// Run `units[start..]`, handing each step to `on_step`; stops at a
    /// `LAB SWEEP` whose points the host runs (see [`Engine::pending_sweep_json`]).
    fn run_units(&mut self, units: Vec<lio_sql::ScriptUnit>, start: usize, on_step: &mut impl FnMut(StepOut) -> bool) {
        let total = units.len();
        for i in start..total {
            if self.session().sqlplus.vars.exited {
                // EXIT ran, or WHENEVER SQLERROR EXIT fired: nothing more runs.
                break;
            }
            // A copy: substitution may rewrite its text, and a suspended
            // sweep keeps the script's units.
            let mut u = units[i].clone();
            if self.config.trap_at_step == Some(self.next_step) {
                panic!("trap_at_step {}: a test trap", self.next_step);
            }
            if self.script_exhausted() {
                // The script's budget is spent: one step says so, the rest do not run.
                let e = LabError::with_args(
                    ora::LAB_SCRIPT_WORK_LIMIT_REST,
                    &[&self.inst.limits.max_script_work, &(total - i - 1)],
                    u.pos,
                );
                on_step(self.error_step(&u.text, u.pos, kind_of_text(&u.text), e));
                break;
            }
            // Substitution variables (`&name`) are replaced before the
            // unit is parsed; the step keeps the text as written.
            let (original, verify) = match crate::session::substitute_unit(&self.session().sqlplus.vars, &u) {
                Ok(None) => (None, Vec::new()),
                Ok(Some((text, verify))) => (Some(std::mem::replace(&mut u.text, text)), verify),
                Err(e) => {
                    if !on_step(self.error_step(&u.text, u.pos, kind_of_text(&u.text), e)) {
                        break;
                    }
                    continue;
                }
            };
            let as_written = |mut step: StepOut| {
                if let Some(text) = &original {
                    step.substituted = Some(std::mem::replace(&mut step.statement, text.clone()));
                    step.verify = verify.clone();
                }
                step
            };
            let result = lio_sql::parse_unit_in(&u, &self.inst.cat.views);
            if u.buffered {
                // Ended by a blank line: into the SQL buffer, not run.
                if !on_step(as_written(self.buffer_step(&u, result))) {
                    break;
                }
                continue;
            }
            if let Some(cap) = self.config.memory_cap_mb {
                self.inst.limits.max_memory_mb = self.inst.limits.max_memory_mb.min(cap);
            }
            let step = match result {
                Ok(Statement { kind: StatementKind::Lab(LabCommand::Sweep(ref sw)), .. })
                    if self.config.sweep_points_external =>
                {
                    match self.sweep_plan(sw) {
                        Ok(plan) => {
                            let (text, pos) = (u.text.clone(), u.pos);
                            self.suspended =
                                Some(Box::new(sweep_plan::Suspended { plan, text, pos, units, next: i + 1 }));
                            return;
                        }
                        Err(e) => self.error_step(&u.text, u.pos, "lab", e),
                    }
                }
                Ok(Statement { kind: StatementKind::Lab(LabCommand::Sweep(ref sw)), .. }) => {
                    self.sweep_step(sw, &u.text, u.pos)
                }
                Ok(stmt) => {
                    let step = self.run_step(&stmt);
                    self.journal_add(&u.text, &stmt);
                    step
                }
                Err(e) => {
                    let kind = kind_of_text(&u.text);
                    self.error_step(&u.text, u.pos, kind, e)
                }
            };
            let step = as_written(step);
            self.whenever_sqlerror(&step);
            if !on_step(step) {
                break;
            }
        }
    }

    /// Run a script; the ScriptResult JSON (each step within
    /// `max_step_result_mb`, see [`Engine::exec_json_each`]).
    pub fn exec_json(&mut self, script: &str) -> String {
        let mut steps = String::from("[");
        self.exec_json_each(script, |json| {
            if steps.len() > 1 {
                steps.push(',');
            }
            steps.push_str(json);
            true
        });
        steps.push(']');
        format!("{},\"steps\":{}}}", self.script_header_open(), steps)
    }

    /// Run a script, handing each step's JSON to `on_step` as soon as its
    /// statement ends. A step whose JSON would pass `max_step_result_mb`
    /// is handed as LAB-00090 without its rows, output and stacks.
    /// Returns the script's header, `{"lio_lab":..,"version":..}`.
    pub fn exec_json_each(&mut self, script: &str, mut on_step: impl FnMut(&str) -> bool) -> String {
        let cap = self.config.max_step_result_mb.saturating_mul(1 << 20);
        let mut buf = Vec::new();
        self.exec_each(script, |step| {
            buf.clear();
            step_json_capped(step, cap, &mut buf);
            // serde_json writes UTF-8.
            on_step(std::str::from_utf8(&buf).unwrap_or("{}"))
        });
        format!("{}}}", self.script_header_open())
    }

    /// The `LAB SWEEP` the script stopped at, for the host to run its
    /// points ([`EngineConfig::sweep_points_external`]): the [`SweepPlan`]
    /// as JSON; None when the last script ran to its end.
    pub fn pending_sweep_json(&self) -> Option<String> {
        self.suspended.as_ref().map(|s| serde_json::to_string(&s.plan).unwrap_or_default())
    }

    /// End the pending sweep's step with the points' results (`runs_json`:
    /// a JSON array, in point order, of [`run_sweep_point_json`]'s answers
    /// or `{"failed":"one line"}` for a point whose worker trapped), then
    /// run the rest of the script as [`Engine::exec_json_each`] does. A
    /// result missing or unreadable is run here. Returns the header.
    pub fn resume_sweep_json_each(&mut self, runs_json: &str, mut on_step: impl FnMut(&str) -> bool) -> String {
        let cap = self.config.max_step_result_mb.saturating_mul(1 << 20);
        let mut buf = Vec::new();
        let runs: Vec<Option<SweepPointRun>> = serde_json::from_str::<Vec<serde_json::Value>>(runs_json)
            .unwrap_or_default()
            .into_iter()
            .map(|v| serde_json::from_value(v).ok())
            .collect();
        self.resume_sweep(runs, |step| {
            buf.clear();
            step_json_capped(step, cap, &mut buf);
            on_step(std::str::from_utf8(&buf).unwrap_or("{}"))
        });
        format!("{}}}", self.script_header_open())
    }

    /// WHENEVER SQLERROR EXIT: a step that failed with a database error
    /// (an ORA- error, or the lab's refusal of a SQL statement or PL/SQL
    /// block) ends the script, as SQL*Plus exits there. SQL*Plus's own
    /// errors (SP2-) and a missing substitution variable do not.
    fn whenever_sqlerror(&mut self, step: &StepOut) {
        let Some(spec) = self.session().sqlplus.vars.whenever_sqlerror else { return };
        let Some(e) = &step.error else { return };
        let client = [ora::LAB_SQLPLUS_COMMAND, ora::LAB_SQLPLUS_RUN, ora::LAB_SUBSTITUTION_UNDEFINED]
            .iter()
            .any(|entry| e.code == entry.code());
        let database = e.code.starts_with("ORA-") || (!client && !matches!(step.kind, "sqlplus" | "lab"));
        if !database {
            return;
        }
        let s = self.sessions.get_mut(&self.current).expect("the current session exists");
        let mut run = Run { inst: &mut self.inst, s, config: &self.config };
        if run.end_by_exit(spec).is_err() {
            // The rollback failed: the script still ends.
            run.s.sqlplus.vars.exited = true;
        }
    }

    /// `{"lio_lab":"..","version":".."` (no closing brace).
    fn script_header_open(&self) -> String {
        format!(
            "{{\"lio_lab\":{},\"version\":{}",
            serde_json::Value::from(VERSION),
            serde_json::Value::from(self.inst.profile.name.to_string())
        )
    }

    pub fn catalog_json(&self) -> String {
        crate::catalog::json::catalog_json(&self.inst.cat, &self.inst.sga, self.inst.profile.name)
    }

    fn script_exhausted(&mut self) -> bool {
        let s = self.sessions.get_mut(&self.current).expect("the current session exists");
        Run { inst: &mut self.inst, s, config: &self.config }.script_exhausted()
    }

    fn take_step_index(&mut self) -> usize {
        let index = self.next_step;
        self.next_step += 1;
        index
    }

    /// A statement ended by a blank line (SQLBLANKLINES OFF) or a `.`
    /// line: SQL*Plus keeps it in the SQL buffer, for a later `/`, and
    /// prints nothing. The step is a SQL*Plus step with no output.
    fn buffer_step(&mut self, u: &lio_sql::ScriptUnit, parsed: Result<Statement, LabError>) -> StepOut {
        self.journal_add_buffered(&u.text);
        let index = self.take_step_index();
        let s = self.current_mut();
        match parsed {
            Ok(stmt) => {
                s.sqlplus.last_sql = Some(stmt);
                s.sqlplus.buffer_error = None;
            }
            Err(e) => {
                s.sqlplus.last_sql = None;
                s.sqlplus.buffer_error = Some(e);
            }
        }
        let s = self.sessions.get_mut(&self.current).expect("the current session exists");
        Run { inst: &mut self.inst, s, config: &self.config }.buffered_step(&u.text, u.pos, index)
    }

    fn error_step(&mut self, text: &str, pos: Pos, kind: &'static str, e: LabError) -> StepOut {
        let index = self.take_step_index();
        let s = self.sessions.get_mut(&self.current).expect("the current session exists");
        let run = Run { inst: &mut self.inst, s, config: &self.config };
        run.error_step(text, pos, kind, e, index)
    }

    /// A fresh session with this instance's parameters.
    fn new_session(&mut self) -> Session {
        let sid = self.next_sid;
        self.next_sid += 1;
        let mut s = Session::new(sid, self.inst.params.current.clone(), &self.config);
        s.user.clear();
        s.user.push_str(&self.inst.cat.schema);
        s
    }

    /// `CONNECT [user]`: as the schema's user, as SYS (AS SYSDBA), or as a
    /// new user while no CONNECT named the schema or it holds nothing (the
    /// schema takes its name); another user is refused by the session's
    /// step, which finds the session still connected as before.
    fn connect(&mut self, c: &lio_sql::ast::Connect) {
        let user = match c.user.as_ref().map(|u| u.name.as_str()) {
            None => self.current_mut().user.clone(),
            Some("SYS") if !c.sysdba => return,
            Some("SYS") => "SYS".to_string(),
            Some(u) if *u == *self.inst.cat.schema => {
                self.inst.cat.schema_named = true;
                u.to_string()
            }
            Some(u) if !self.inst.cat.schema_named || !self.inst.schema_holds_objects() => {
                self.inst.cat.schema = u.into();
                self.inst.cat.schema_named = true;
                u.to_string()
            }
            Some(_) => return,
        };
        self.reconnect();
        self.current_mut().user = user;
    }

    /// `CONNECT`: the current slot gets a fresh session (new SID, no
    /// cursors, zero statistics); SQL*Plus's client settings carry on.
    fn reconnect(&mut self) {
        // SQL*Plus commits the open transaction when it disconnects.
        let sid = self.current_mut().sid;
        self.inst.end_transaction(sid);
        // Its statistics and waits stay in the instance totals.
        let bs = self.inst.params.current.db_block_size;
        let gone = crate::session::fixed::figures_of(&self.sessions[&self.current], bs);
        self.inst.ended_sessions.add(&gone);
        self.inst.sessions_seen.remove(&sid);
        let mut fresh = self.new_session();
        let old = self.current_mut();
        std::mem::swap(&mut fresh.sqlplus, &mut old.sqlplus);
        fresh.cost.idle_until(old.cost.now);
        *old = fresh;
    }

    /// `LAB SESSION n`: the script continues in session n; a new session
    /// starts at the instance's current time.
    fn switch_session(&mut self, n: u32) {
        if !self.sessions.contains_key(&n) {
            let mut s = self.new_session();
            s.cost.idle_until(self.inst.sched.now());
            s.start_script();
            self.sessions.insert(n, s);
        }
        self.current = n;
    }

    fn run_step(&mut self, stmt: &Statement) -> StepOut {
        match &stmt.kind {
            StatementKind::SqlPlus(SqlPlus::Connect(c)) => self.connect(c),
            StatementKind::Lab(LabCommand::Session(n)) => self.switch_session(*n),
            _ => {}
        }
        let index = self.take_step_index();
        // The scheduler runs the current session when its turn comes: with
        // one session, straight away at its own clock.
        let at = self.current_mut().cost.now;
        // DBWR's turns due before it run first.
        self.inst.sched.wake(Process::Session(self.current), at);
        let (start, n) = loop {
            match self.inst.sched.run_next() {
                Some((t, Process::Session(n))) => break (t, n),
                Some((t, Process::Dbwr)) => self.inst.dbwr_until(t),
                // LGWR runs on the scheduler only while sessions run at once.
                Some((_, Process::Lgwr)) => {}
                None => unreachable!("a session was woken"),
            }
        };
        let (slots, peers) = self.lend_workload_peers(stmt);
        let session = self.sessions.get_mut(&n).expect("a woken session exists");
        session.workload_peers = peers;
        session.cost.idle_until(start);
        let StepRun { step, trace, reset } =
            Run { inst: &mut self.inst, s: session, config: &self.config }.run_step(stmt, index);
        let session = self.sessions.get_mut(&n).expect("the session ran");
        let peers = std::mem::take(&mut session.workload_peers);
        self.inst.sched.ran_until(session.cost.now);
        self.return_workload_peers(&slots, peers);
        if !reset {
            // What other sessions' V$ queries see of this one.
            let s = &self.sessions[&n];
            let f = self.inst.sessions_seen.entry(s.sid).or_default();
            crate::session::fixed::figures_into(s, self.inst.params.current.db_block_size, f);
        }
        self.keep_trace(index, trace);
        if reset {
            self.reset();
        } else if matches!(stmt.kind, StatementKind::SqlPlus(SqlPlus::Startup)) && step.error.is_none() {
            self.new_instance_sessions();
        }
        step
    }

    /// After `STARTUP`: SHUTDOWN IMMEDIATE disconnected every other session
    /// (their figures stay in the ended sessions' totals); the script's,
    /// reconnected, is the new instance's first, whatever ran before.
    fn new_instance_sessions(&mut self) {
        let current = self.current;
        self.sessions.retain(|n, _| *n == current);
        let old = std::mem::replace(&mut self.current_mut().sid, FIRST_SID);
        // What the others did stays in the totals, as ended sessions'.
        for (sid, f) in std::mem::take(&mut self.inst.sessions_seen) {
            if sid != old {
                self.inst.ended_sessions.add(&f);
            }
        }
        self.next_sid = FIRST_SID + 1;
        self.work_at_startup = self.sessions[&current].stats.work_units();
    }

    /// `LAB RUN ... SESSIONS n`: the n - 1 sessions besides the script's
    /// are lent to the script's session for the step (session numbers past
    /// `LAB SESSION`'s, created on first use and kept, so their SIDs and
    /// statistics carry on from one workload to the next).
    fn lend_workload_peers(&mut self, stmt: &Statement) -> (Vec<u32>, Vec<Session>) {
        let n = match &stmt.kind {
            StatementKind::Lab(LabCommand::Run(r)) => r.sessions.unwrap_or(1),
            _ => 1,
        };
        let slots: Vec<u32> = (1..n).map(|i| WORKLOAD_SLOTS + i).collect();
        let mut peers = Vec::with_capacity(slots.len());
        for &slot in &slots {
            let s = match self.sessions.remove(&slot) {
                Some(s) => s,
                None => self.new_session(),
            };
            peers.push(s);
        }
        (slots, peers)
    }

    fn return_workload_peers(&mut self, slots: &[u32], peers: Vec<Session>) {
        for (&slot, s) in slots.iter().zip(peers) {
            self.inst.sched.ran_until(s.cost.now);
            let f = self.inst.sessions_seen.entry(s.sid).or_default();
            crate::session::fixed::figures_into(&s, self.inst.params.current.db_block_size, f);
            self.sessions.insert(slot, s);
        }
    }

    /// Keep the most recent traces, within a count and an event budget.
    fn keep_trace(&mut self, index: usize, trace: Trace) {
        if !self.config.trace || trace.is_empty() {
            return;
        }
        self.traces.push((index, Rc::new(trace)));
        let mut total: usize = self.traces.iter().map(|(_, t)| t.len()).sum();
        while self.traces.len() > 1 && (self.traces.len() > self.config.traces_kept || total > self.config.trace_budget)
        {
            let (_, old) = self.traces.remove(0);
            total -= old.len();
            // Its memory is reused unless a batch still holds it.
            if let Ok(old) = Rc::try_unwrap(old) {
                self.current_mut().trace.recycle(old);
            }
        }
    }
}

/// A writer that refuses to grow past `cap` bytes.
struct CappedWriter<'a> {
    buf: &'a mut Vec<u8>,
    cap: usize,
}

impl std::io::Write for CappedWriter<'_> {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        if self.buf.len() + b.len() > self.cap {
            return Err(std::io::Error::other("over the step result cap"));
        }
        self.buf.extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A step's JSON into `buf`, at most `cap` bytes: a step over it becomes
/// LAB-00090 with its statistics, waits and plan but without the parts
/// that grow with the data (rows, output, stacks, runs, sessions).
fn step_json_capped(step: StepOut, cap: usize, buf: &mut Vec<u8>) {
    if serde_json::to_writer(CappedWriter { buf: &mut *buf, cap }, &step).is_ok() {
        return;
    }
    buf.clear();
    let mb = cap >> 20;
    let e = LabError::with_args(ora::LAB_RESULT_TOO_LARGE, &[&mb], Pos { line: step.line, column: step.column });
    let mut lean = StepOut {
        error: Some(ErrorOut { code: e.code, message: e.message, line: e.pos.line, column: e.pos.column }),
        rows: Vec::new(),
        output: Vec::new(),
        folded: Vec::new(),
        xplan: Vec::new(),
        runs: None,
        sessions: None,
        sweep: None,
        devices: Vec::new(),
        ..step
    };
    if serde_json::to_writer(CappedWriter { buf: &mut *buf, cap }, &lean).is_ok() {
        return;
    }
    // Still too large (the statement text or the plan): the bare error.
    buf.clear();
    lean.plan = Vec::new();
    lean.statement = String::new();
    let _ = serde_json::to_writer(&mut *buf, &lean);
}
