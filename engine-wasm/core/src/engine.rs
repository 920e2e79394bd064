//! The simulated instance and its one session: runs scripts statement by
//! statement and reports each step (rows, plan, statistics, latches,
//! waits, simulated time, folded stacks, trace).

use crate::cache::{BufferCache, PoolKind};
use crate::catalog::{Catalog, Cluster, Column, Index, SegmentKind, Table, TableId, TableStorage};
use crate::cost::{CostModel, StackId};
use crate::exec::{self, Compiled, Env, EvalCtx, LineStat, PlanCtx, Rt};
use crate::kernel::{Kernel, OpStacks};
use crate::memopt::MemoptPool;
use crate::params::{InstanceParameters, Parameters, StatisticsLevel};
use crate::random::DbmsRandom;
use crate::result::*;
use crate::stats::{AccessCounters, CallCounters, Snapshot};
use crate::storage::{self, BTree, HashCluster, HeapSegment, RowLoc};
use crate::trace::{kind, Trace, TraceSink};
use crate::value::Value;
use crate::version::{self, VersionProfile};
use lio_sql::ast::*;
use lio_sql::LabError;
use std::collections::{BTreeMap, HashMap};

/// Engine options (JSON in from the host).
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(default)]
pub struct EngineConfig {
    /// Keep an event trace per step.
    pub trace: bool,
    /// Events kept per step (the heat map always covers all of them).
    pub trace_limit: usize,
    /// Rows returned per query step in results.
    pub max_result_rows: usize,
    /// Traces kept (most recent steps).
    pub traces_kept: usize,
    /// Events kept across all kept traces.
    pub trace_budget: usize,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            trace: true,
            trace_limit: 1_000_000,
            max_result_rows: 1000,
            traces_kept: 64,
            trace_budget: 4_000_000,
        }
    }
}

impl EngineConfig {
    pub fn from_json(s: &str) -> Result<Self, String> {
        if s.trim().is_empty() {
            return Ok(Self::default());
        }
        serde_json::from_str(s).map_err(|e| format!("LIO engine: bad config: {e}"))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Autotrace {
    Off,
    On,
    TraceOnly,
}

/// The client a statement arrives from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Client {
    SqlPlus,
    Plsql,
    JdbcThin,
    JdbcOciNet,
    JdbcOciBequeath,
}

impl Client {
    fn from_driver(d: Driver) -> Client {
        match d {
            Driver::Plsql => Client::Plsql,
            Driver::JdbcThin => Client::JdbcThin,
            Driver::JdbcOciNet => Client::JdbcOciNet,
            Driver::JdbcOciBequeath => Client::JdbcOciBequeath,
            Driver::SqlPlus => Client::SqlPlus,
        }
    }
    fn frame(self) -> &'static str {
        match self {
            Client::SqlPlus => "sqlplus;OCIStmtExecute",
            Client::Plsql => "plsql",
            Client::JdbcThin => "java;T4CPreparedStatement.executeQuery",
            Client::JdbcOciNet => "java;T2CPreparedStatement.executeQuery;OCIStmtExecute",
            Client::JdbcOciBequeath => "java;T2CPreparedStatement.executeQuery;OCIStmtExecute",
        }
    }
    /// Over Oracle Net (TCP); the others talk to a bequeathed server
    /// process through a pipe. SQL*Plus in a script runs locally (bequeath).
    fn networked(self) -> bool {
        matches!(self, Client::JdbcThin | Client::JdbcOciNet)
    }
}

/// Stack ids of one client path, interned once.
#[derive(Debug, Clone, Copy)]
struct CallStacks {
    client: StackId,
    net: StackId,
    server_net: StackId,
    parse: StackId,
    hard_parse: StackId,
    execute: StackId,
    fetch: StackId,
    plsql_switch: StackId,
    /// The server side of a MemOptimized fast lookup call.
    memopt_call: StackId,
    /// JDBC thin's client-side handling of a fast-lookup reply.
    thin_memopt_client: StackId,
}

struct SqlPlusState {
    autotrace: Autotrace,
    arraysize: u32,
    serveroutput: bool,
    last_sql: Option<Statement>,
}

pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The schema scripts run in.
const LAB_USER: &str = "LAB";

// Oracle Net message sizes in bytes (model values, of the order autotrace
// shows for a one-row query: ~550 bytes sent, ~400 received, 2 round trips).
/// Request carrying parse + execute + first fetch (plus the SQL text).
const NET_EXECUTE_REQUEST: u64 = 250;
/// Request for a further fetch.
const NET_FETCH_REQUEST: u64 = 115;
/// First reply: header and status...
const NET_FIRST_REPLY: u64 = 300;
/// ...plus the describe of each select-list column.
const NET_DESCRIBE_PER_COLUMN: u64 = 40;
/// Reply to a further fetch (header, end-of-fetch status).
const NET_FETCH_REPLY: u64 = 150;
/// Framing per row returned.
const NET_ROW_FRAMING: u64 = 4;
/// Reply to a call that returns no rows (DDL, DML, PL/SQL).
const NET_CALL_REPLY: u64 = 200;
/// Bind data per row of an array insert.
const NET_BIND_ROW: u64 = 24;

pub struct Engine {
    config: EngineConfig,
    params: InstanceParameters,
    /// `ALTER SESSION` overrides on top of the instance parameters.
    session: Parameters,
    cat: Catalog,
    k: Kernel,
    rng: DbmsRandom,
    cursors: HashMap<String, Compiled>,
    /// Row cache and the recursive SQL of hard parses.
    dict: crate::dict::Dictionary,
    next_step: usize,
    /// Kept traces, shared with the wasm facade's batches without copying.
    traces: Vec<(usize, std::rc::Rc<Trace>)>,
    sqlplus: SqlPlusState,
    last_folded: Vec<String>,
    instance_up: bool,
    /// Simulated time spent on the network and in the client, which the
    /// server sees as `SQL*Net message from client`.
    net_wait_us: f64,
    client_wait_us: f64,
    /// Interned call stacks per client path, indexed by `Client as usize`.
    call_stack_cache: [Option<CallStacks>; 5],
    /// Interned stacks of recursive dictionary SQL, under their base.
    dict_stacks: Option<(crate::cost::StackId, OpStacks)>,
}

fn new_kernel(profile: &VersionProfile, p: &Parameters, trace: &EngineConfig, cost: Option<CostModel>) -> Kernel {
    let mut sink = TraceSink::default();
    sink.enabled = trace.trace;
    sink.limit = trace.trace_limit;
    Kernel {
        profile: profile.clone(),
        cache: BufferCache::new(p.db_block_size, p.db_cache_size, p.db_keep_cache_size, profile, p.fastpin_enable),
        memopt: MemoptPool::new(if profile.memoptimize_rowstore { p.memoptimize_pool_size } else { 0 }),
        access: AccessCounters::default(),
        calls: CallCounters::default(),
        cost: cost.unwrap_or_default(),
        trace: sink,
    }
}

fn pool_of(p: &Physical) -> PoolKind {
    match p.buffer_pool {
        Some(BufferPool::Keep) => PoolKind::Keep,
        _ => PoolKind::Default,
    }
}

fn kind_of(k: &StatementKind) -> &'static str {
    match k {
        StatementKind::Query(_) => "query",
        StatementKind::CreateTable(_)
        | StatementKind::CreateCluster(_)
        | StatementKind::CreateIndex(_)
        | StatementKind::AlterIndex(_)
        | StatementKind::AlterTable(_)
        | StatementKind::Drop(_)
        | StatementKind::AlterSystem(_)
        | StatementKind::AlterSession(_) => "ddl",
        StatementKind::Insert(_) | StatementKind::Commit | StatementKind::Rollback => "dml",
        StatementKind::Plsql(_) => "plsql",
        StatementKind::SqlPlus(_) => "sqlplus",
        StatementKind::Lab(_) => "lab",
    }
}

/// Outcome of running one statement (before it is wrapped in a step).
#[derive(Default)]
struct Outcome {
    columns: Vec<String>,
    rows: Vec<Vec<Value>>,
    rows_processed: u64,
    plan: Vec<PlanLineOut>,
    output: Vec<String>,
    runs: Option<Vec<RunOut>>,
    trimmed_mean_us: Option<f64>,
    /// SQL*Plus feedback line ("Table created.").
    feedback: Option<String>,
}

/// How a query's rows come back to the client.
#[derive(Clone, Copy)]
struct FetchPolicy {
    /// Rows in the first fetch (piggybacked on the execute round trip for
    /// OCI/JDBC prefetch; SQL*Plus asks for 1).
    first: u32,
    /// Rows per later fetch call (arraysize / fetch size).
    then: u32,
    /// Whether each call is a network round trip.
    round_trips: bool,
}

impl Engine {
    pub fn new(config: EngineConfig) -> Self {
        let params = InstanceParameters::default();
        let profile = version::V18;
        let k = new_kernel(&profile, &params.current, &config, None);
        Engine {
            session: params.current.clone(),
            params,
            cat: Catalog::default(),
            k,
            rng: DbmsRandom::new(0),
            cursors: HashMap::new(),
            dict: Default::default(),
            next_step: 0,
            traces: Vec::new(),
            sqlplus: SqlPlusState { autotrace: Autotrace::Off, arraysize: 15, serveroutput: false, last_sql: None },
            last_folded: Vec::new(),
            config,
            instance_up: true,
            net_wait_us: 0.0,
            client_wait_us: 0.0,
            call_stack_cache: [None; 5],
            dict_stacks: None,
        }
    }

    pub fn reset(&mut self) {
        let config = self.config.clone();
        *self = Engine::new(config);
    }

    pub fn profile(&self) -> &VersionProfile {
        &self.k.profile
    }

    pub fn catalog(&self) -> &Catalog {
        &self.cat
    }

    pub fn trace(&self, step: usize) -> Option<&Trace> {
        self.traces.iter().find(|(i, _)| *i == step).map(|(_, t)| &**t)
    }

    /// The trace kept for a step, shared (no copy of its events).
    pub fn trace_shared(&self, step: usize) -> Option<std::rc::Rc<Trace>> {
        self.traces.iter().find(|(i, _)| *i == step).map(|(_, t)| t.clone())
    }

    /// Run a script and return the steps.
    pub fn exec(&mut self, script: &str) -> Vec<StepOut> {
        let units = lio_sql::parse_script(script);
        let mut out = Vec::with_capacity(units.len());
        for u in units {
            let step = match u.result {
                Ok(stmt) => self.run_step(&stmt),
                Err(e) => {
                    let kind = kind_of_text(&u.text);
                    self.error_step(&u.text, u.pos, kind, e)
                }
            };
            out.push(step);
        }
        out
    }

    pub fn exec_json(&mut self, script: &str) -> String {
        let steps = self.exec(script);
        let doc = ScriptOut { lio_lab: VERSION, version: self.k.profile.name.to_string(), steps };
        serde_json::to_string(&doc).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }

    fn error_step(&mut self, text: &str, pos: Pos, kind: &'static str, e: LabError) -> StepOut {
        let index = self.next_step;
        self.next_step += 1;
        StepOut {
            index,
            line: pos.line,
            column: pos.column,
            statement: text.to_string(),
            kind,
            error: Some(ErrorOut { code: e.code, message: e.message, line: e.pos.line, column: e.pos.column }),
            autotrace: self.autotrace_name(),
            ..Default::default()
        }
    }

    fn autotrace_name(&self) -> &'static str {
        match self.sqlplus.autotrace {
            Autotrace::Off => "off",
            Autotrace::On => "on",
            Autotrace::TraceOnly => "traceonly",
        }
    }

    /// The table whose dictionary entries a DDL statement changes.
    fn ddl_table(&self, k: &StatementKind) -> Option<String> {
        let of_index = |name: &str| {
            let up = name.to_uppercase();
            self.cat.indexes.iter().find(|i| !i.dropped && i.name == up).map(|i| self.cat.tables[i.table].name.clone())
        };
        match k {
            StatementKind::CreateTable(c) => Some(c.name.name.to_uppercase()),
            StatementKind::CreateIndex(c) => Some(c.table.name.to_uppercase()),
            StatementKind::AlterTable(a) => Some(a.name.name.to_uppercase()),
            StatementKind::AlterIndex(a) => of_index(&a.name.name),
            StatementKind::Drop(d) => of_index(&d.name.name).or_else(|| Some(d.name.name.to_uppercase())),
            _ => None,
        }
    }

    fn effective(&self) -> &Parameters {
        &self.session
    }

    fn run_step(&mut self, stmt: &Statement) -> StepOut {
        let index = self.next_step;
        self.next_step += 1;
        let before = self.snapshot();
        let latch_before = self.k.cache.latch_totals();
        let mark = self.k.cost.mark();
        let t0 = self.k.cost.now_us;
        let waits_before = self.waits_now();
        self.k.trace.enabled = self.config.trace;
        let ddl_table = self.ddl_table(&stmt.kind);
        let result = self.run_statement(stmt);
        if let Some(t) = ddl_table {
            // DDL changes the dictionary rows of the table it touches.
            self.dict.invalidate_table(&self.cat, &t);
        }
        // Background work (memoptimize population) happens between calls.
        self.background();
        // Stack names are copied only for a trace that has events.
        let stacks = if self.k.trace.is_empty() { Vec::new() } else { self.k.cost.stack_names() };
        let trace = self.k.trace.take(stacks, self.k.cache.latch_map);
        let trace_events = trace.len();
        if self.config.trace && !trace.is_empty() {
            self.traces.push((index, std::rc::Rc::new(trace)));
            // Keep the most recent traces, within a count and an event budget.
            let mut total: usize = self.traces.iter().map(|(_, t)| t.len()).sum();
            while self.traces.len() > 1
                && (self.traces.len() > self.config.traces_kept || total > self.config.trace_budget)
            {
                let (_, old) = self.traces.remove(0);
                total -= old.len();
                // Its memory is reused unless a batch still holds it.
                if let Ok(old) = std::rc::Rc::try_unwrap(old) {
                    self.k.trace.recycle(old);
                }
            }
        }
        let delta = self.snapshot().delta(&before);
        let latch_after = self.k.cache.latch_totals();
        let folded = self.k.cost.folded_since(&mark);
        self.last_folded = folded.clone();
        let mut step = StepOut {
            index,
            line: stmt.pos.line,
            column: stmt.pos.column,
            statement: stmt.text.clone(),
            kind: kind_of(&stmt.kind),
            autotrace: self.autotrace_name(),
            stats: named(&delta, &self.k.profile),
            elapsed_us: round3(self.k.cost.now_us - t0),
            folded,
            trace_events,
            waits: self.waits_since(&waits_before),
            ..Default::default()
        };
        let lg = latch_after.gets - latch_before.gets;
        if lg > 0 {
            step.latches.insert(
                "cache buffers chains".into(),
                LatchOut {
                    gets: lg,
                    misses: latch_after.misses - latch_before.misses,
                    sleeps: latch_after.sleeps - latch_before.sleeps,
                },
            );
        }
        match result {
            Ok(o) => {
                step.columns = o.columns;
                let max = self.config.max_result_rows;
                step.rows = o.rows.iter().take(max).map(|r| r.iter().map(|v| v.to_json()).collect()).collect();
                step.rows_processed = o.rows_processed;
                step.plan = o.plan;
                step.output = o.output;
                step.runs = o.runs;
                step.trimmed_mean_us = o.trimmed_mean_us;
                step.feedback = o.feedback;
            }
            Err(e) => {
                step.error =
                    Some(ErrorOut { code: e.code, message: e.message, line: e.pos.line, column: e.pos.column });
            }
        }
        step
    }

    /// Idle waits and network waits come from the call counters.
    fn waits_now(&self) -> (u64, f64, f64, u64, f64) {
        (self.k.calls.roundtrips, self.net_wait_us, self.client_wait_us, self.k.calls.io_waits, self.k.calls.io_wait_us)
    }

    fn waits_since(&self, before: &(u64, f64, f64, u64, f64)) -> BTreeMap<String, WaitOut> {
        let mut w = BTreeMap::new();
        let reads = self.k.calls.io_waits - before.3;
        if reads > 0 {
            w.insert(
                "db file sequential read".into(),
                WaitOut { count: reads, time_us: round3(self.k.calls.io_wait_us - before.4) },
            );
        }
        let rt = self.k.calls.roundtrips - before.0;
        if rt > 0 {
            w.insert("SQL*Net message to client".into(), WaitOut { count: rt, time_us: round3(rt as f64 * 1.0) });
            w.insert(
                "SQL*Net message from client".into(),
                WaitOut {
                    count: rt,
                    time_us: round3((self.net_wait_us - before.1) + (self.client_wait_us - before.2)),
                },
            );
        }
        w
    }

    fn background(&mut self) {
        if self.k.memopt.has_pending() {
            let cat = &self.cat;
            let bs = self.params.current.db_block_size as u64;
            self.k.memopt.run_background(bs, |t| {
                let t = cat.tables.get(t)?;
                if t.dropped {
                    return None;
                }
                Some((t.rows.len() as u64, cat.table_blocks(t)))
            });
        }
    }

    fn plan_ctx<'a>(
        cat: &'a Catalog,
        profile: &'a VersionProfile,
        params: &Parameters,
        vars: &'a [String],
    ) -> PlanCtx<'a> {
        PlanCtx { cat, plsql_vars: vars, profile, nlj_batching_enabled: params.nlj_batching_enabled }
    }

    fn invalidate_cursors(&mut self) {
        self.cursors.clear();
    }

    // ------------------------------------------------------------ dispatch

    fn run_statement(&mut self, stmt: &Statement) -> Result<Outcome, LabError> {
        if !self.instance_up && !matches!(stmt.kind, StatementKind::SqlPlus(_) | StatementKind::Lab(_)) {
            return Err(LabError::ora(1034, "ORACLE not available", stmt.pos));
        }
        match &stmt.kind {
            StatementKind::Query(q) => {
                self.sqlplus.last_sql = Some(stmt.clone());
                self.run_sqlplus_query(q, &stmt.text)
            }
            StatementKind::CreateTable(c) => self.create_table(c),
            StatementKind::CreateCluster(c) => self.create_cluster(c),
            StatementKind::CreateIndex(c) => self.create_index(c),
            StatementKind::AlterIndex(a) => self.alter_index(a),
            StatementKind::AlterTable(a) => self.alter_table(a),
            StatementKind::Drop(d) => self.drop(d),
            StatementKind::AlterSystem(s) => {
                self.params.alter_system(&s.name.name, &s.value, s.scope, s.name.pos)?;
                if s.scope != Some(Scope::Spfile) {
                    self.session.set(&s.name.name, &s.value, s.name.pos)?;
                    self.apply_dynamic();
                }
                Ok(Outcome { feedback: Some("System altered.".into()), ..Default::default() })
            }
            StatementKind::AlterSession(s) => {
                if matches!(
                    s.name.name.as_str(),
                    "memoptimize_pool_size" | "db_block_size" | "db_cache_size" | "db_keep_cache_size"
                ) {
                    return Err(LabError::ora(
                        2096,
                        "specified initialization parameter is not modifiable with this option",
                        s.name.pos,
                    ));
                }
                self.session.set(&s.name.name, &s.value, s.name.pos)?;
                self.apply_dynamic();
                Ok(Outcome { feedback: Some("Session altered.".into()), ..Default::default() })
            }
            StatementKind::Insert(i) => {
                self.sqlplus.last_sql = Some(stmt.clone());
                let n = self.insert(i, &[], &[], Client::SqlPlus)?;
                self.user_call_roundtrip(Client::SqlPlus, stmt.text.len());
                Ok(Outcome { rows_processed: n, feedback: Some(rows_created(n)), ..Default::default() })
            }
            StatementKind::Commit => {
                self.k.calls.user_commits += 1;
                self.user_call_roundtrip(Client::SqlPlus, stmt.text.len());
                Ok(Outcome { feedback: Some("Commit complete.".into()), ..Default::default() })
            }
            StatementKind::Rollback => {
                Ok(Outcome { feedback: Some("Rollback complete.".into()), ..Default::default() })
            }
            StatementKind::Plsql(b) => {
                self.sqlplus.last_sql = Some(stmt.clone());
                let mut out = Vec::new();
                self.run_plsql(b, &mut out)?;
                self.user_call_roundtrip(Client::SqlPlus, stmt.text.len());
                if !self.sqlplus.serveroutput {
                    out.clear();
                }
                Ok(Outcome {
                    output: out,
                    feedback: Some("PL/SQL procedure successfully completed.".into()),
                    ..Default::default()
                })
            }
            StatementKind::SqlPlus(c) => self.sqlplus_command(c, stmt.pos),
            StatementKind::Lab(l) => self.lab_command(l, stmt.pos),
        }
    }

    fn apply_dynamic(&mut self) {
        let p = &self.session;
        self.k.cache.fastpath = self.k.profile.fastpath_gets && p.fastpin_enable;
        self.k.cache.fastpath_examination = self.k.profile.fastpath_examination && p.fastpin_enable;
        self.invalidate_cursors();
    }

    fn sqlplus_command(&mut self, c: &SqlPlus, pos: Pos) -> Result<Outcome, LabError> {
        let mut o = Outcome::default();
        match c {
            SqlPlus::SetAutotrace(m) => {
                self.sqlplus.autotrace = match m {
                    AutotraceMode::Off => Autotrace::Off,
                    AutotraceMode::On { .. } => Autotrace::On,
                    AutotraceMode::TraceOnly { .. } => Autotrace::TraceOnly,
                }
            }
            SqlPlus::SetArraysize(n) => {
                if *n == 0 || *n > 5000 {
                    return Err(LabError::lab(2, "SP2-0267: arraysize option 0 out of range (1 through 5000)", pos));
                }
                self.sqlplus.arraysize = *n
            }
            SqlPlus::SetServeroutput(on) => self.sqlplus.serveroutput = *on,
            SqlPlus::SetLinesize(_)
            | SqlPlus::SetPagesize(_)
            | SqlPlus::SetTiming(_)
            | SqlPlus::SetOther(_)
            | SqlPlus::Connect(_)
            | SqlPlus::Ignored(_) => {}
            SqlPlus::Prompt(t) => o.output.push(t.clone()),
            SqlPlus::Exec(b) => {
                self.run_plsql(b, &mut o.output)?;
                if !self.sqlplus.serveroutput {
                    o.output.clear();
                }
                o.feedback = Some("PL/SQL procedure successfully completed.".into());
            }
            SqlPlus::Shutdown => {
                self.instance_up = false;
                self.k.cache.flush();
                self.k.memopt.restart(0);
                self.invalidate_cursors();
                o.output.extend(
                    ["Database closed.", "Database dismounted.", "ORACLE instance shut down."].map(String::from),
                );
            }
            SqlPlus::Startup => {
                self.params.startup();
                self.session = self.params.current.clone();
                let cost = std::mem::take(&mut self.k.cost);
                let calls = self.k.calls.clone();
                let access = self.k.access.clone();
                let memopt_counters = self.k.memopt.clone();
                let profile = self.k.profile.clone();
                self.k = new_kernel(&profile, &self.session, &self.config, Some(cost));
                // Session statistics carry on (the lab keeps one session).
                self.k.calls = calls;
                self.k.access = access;
                self.k.memopt.lookups = memopt_counters.lookups;
                self.k.memopt.hits = memopt_counters.hits;
                self.k.memopt.misses = memopt_counters.misses;
                self.k.memopt.tasks_accepted = memopt_counters.tasks_accepted;
                self.k.memopt.rows_populated = memopt_counters.rows_populated;
                self.instance_up = true;
                self.invalidate_cursors();
                self.dict.restart();
                o.output.push("ORACLE instance started.".into());
                o.output.push("Database mounted.".into());
                o.output.push("Database opened.".into());
            }
            SqlPlus::RunBuffer => {
                let Some(s) = self.sqlplus.last_sql.clone() else {
                    return Err(LabError::lab(3, "SP2-0103: Nothing in SQL buffer to run.", pos));
                };
                return self.run_statement(&s);
            }
        }
        Ok(o)
    }

    fn lab_command(&mut self, l: &LabCommand, pos: Pos) -> Result<Outcome, LabError> {
        match l {
            LabCommand::Version(v) => {
                let p = version::lookup(v).ok_or_else(|| {
                    LabError::lab(
                        10,
                        format!("unknown Oracle version '{v}'; known profiles: {}", version::known_names()),
                        pos,
                    )
                })?;
                let cost = std::mem::take(&mut self.k.cost);
                let calls = self.k.calls.clone();
                let access = self.k.access.clone();
                self.k = new_kernel(p, &self.session, &self.config, Some(cost));
                self.k.calls = calls;
                self.k.access = access;
                self.invalidate_cursors();
                Ok(Outcome { output: vec![format!("Simulating {}", p.banner)], ..Default::default() })
            }
            LabCommand::Set { name, value } => {
                let n = name.name.to_ascii_lowercase();
                let v = match value {
                    ParamValue::Number(x) => *x,
                    ParamValue::Bytes(b) => *b as f64,
                    ParamValue::Text(t) => t
                        .parse::<f64>()
                        .map_err(|_| LabError::lab(11, format!("LAB SET {n}: a number is required"), name.pos))?,
                };
                match self.k.cost.params.get_mut(&n) {
                    Some(slot) => {
                        if !(v.is_finite() && v >= 0.0) {
                            return Err(LabError::lab(
                                11,
                                format!("LAB SET {n}: value must be a non-negative number"),
                                name.pos,
                            ));
                        }
                        *slot = v;
                        Ok(Outcome { output: vec![format!("{n} = {v}")], ..Default::default() })
                    }
                    None => Err(LabError::lab(
                        12,
                        format!("unknown lab parameter {n}; known: {}", crate::cost::CostParams::NAMES.join(", ")),
                        name.pos,
                    )),
                }
            }
            LabCommand::Profile => Ok(Outcome { output: self.last_folded.clone(), ..Default::default() }),
            LabCommand::Reset => {
                self.reset();
                Ok(Outcome { feedback: Some("Instance reset.".into()), ..Default::default() })
            }
            LabCommand::Run(r) => self.lab_run(r),
        }
    }

    // ------------------------------------------------------------ calls

    /// The interned stacks of a client path (interned once per client;
    /// stack ids survive version changes and restarts, which keep the cost model).
    fn call_stacks(&mut self, client: Client) -> CallStacks {
        let slot = client as usize;
        if let Some(cs) = self.call_stack_cache[slot] {
            return cs;
        }
        let cs = self.intern_call_stacks(client);
        self.call_stack_cache[slot] = Some(cs);
        cs
    }

    fn intern_call_stacks(&mut self, client: Client) -> CallStacks {
        let c = &mut self.k.cost;
        let client_id = c.stack(client.frame());
        let net = if client.networked() {
            c.stack("network;oracle_net_roundtrip")
        } else {
            c.stack("ipc;bequeath_pipe_roundtrip")
        };
        let server_net = c.stack("oracle;opitsk;opikndf2;nsbasic");
        let (parse, hard_parse, execute, fetch) = if client == Client::Plsql {
            (
                c.stack("oracle;opitsk;opiodr;opiexe;pfrrun;kkxsexe;kksParseCursor"),
                c.stack("oracle;opitsk;opiodr;opiexe;pfrrun;kkxsexe;kksParseCursor;kkshhcdo;opiosq0"),
                c.stack("oracle;opitsk;opiodr;opiexe;pfrrun;kkxsexe;opiexe"),
                c.stack("oracle;opitsk;opiodr;opiexe;pfrrun;kkxsexe;opifch2"),
            )
        } else {
            (
                c.stack("oracle;opitsk;opiodr;kksParseCursor"),
                c.stack("oracle;opitsk;opiodr;kksParseCursor;kkshhcdo;opiosq0"),
                c.stack("oracle;opitsk;opiodr;opiexe;kksumc"),
                c.stack("oracle;opitsk;opiodr;opifch2"),
            )
        };
        let plsql_switch = c.stack("oracle;opitsk;opiodr;opiexe;pfrrun;plsql_sql_switch");
        let memopt_call = c.stack("oracle;opitsk;opiodr;opiexe;kpoxihExecute");
        let thin_memopt_client = c.stack("java;T4CPreparedStatement.executeQuery;T4CMemoptFastLookup.unmarshalRow");
        CallStacks {
            client: client_id,
            net,
            server_net,
            parse,
            hard_parse,
            execute,
            fetch,
            plsql_switch,
            memopt_call,
            thin_memopt_client,
        }
    }

    /// A user call that is its own round trip (DDL, DML from SQL*Plus).
    fn user_call_roundtrip(&mut self, client: Client, text_len: usize) {
        let cs = self.call_stacks(client);
        self.roundtrip(client, &cs, NET_CALL_REPLY, NET_EXECUTE_REQUEST + text_len as u64);
    }

    /// One network round trip (or, for bequeath, a pipe round trip).
    #[inline]
    fn roundtrip(&mut self, client: Client, cs: &CallStacks, bytes_out: u64, bytes_in: u64) {
        if client == Client::Plsql {
            return;
        }
        self.k.calls.user_calls += 1;
        self.k.calls.roundtrips += 1;
        self.k.calls.bytes_sent += bytes_out;
        self.k.calls.bytes_received += bytes_in;
        let p = &self.k.cost.params;
        let client_us = match client {
            Client::JdbcThin => p.jdbc_thin_call_us,
            Client::JdbcOciNet => p.jdbc_oci_call_us,
            Client::JdbcOciBequeath => p.jdbc_oci_call_us,
            _ => p.sqlplus_call_us,
        };
        let net_us = if client.networked() {
            p.network_rtt_us + (bytes_out + bytes_in) as f64 / p.network_bytes_per_us
        } else {
            p.bequeath_ipc_us
        };
        let server_us = p.net_server_us;
        self.k.cost.charge(cs.client, client_us);
        self.k.cost.charge(cs.net, net_us);
        self.k.cost.charge(cs.server_net, server_us);
        self.net_wait_us += net_us;
        self.client_wait_us += client_us;
        self.k.call_event(kind::ROUND_TRIP, cs.net);
    }

    /// Get (or hard parse) the cursor for `text`. Returns whether it was a
    /// hard parse.
    fn open_cursor(
        &mut self,
        q: &Query,
        text: &str,
        vars: &[String],
        cs: &CallStacks,
    ) -> Result<(Compiled, bool), LabError> {
        self.k.calls.parse_count_total += 1;
        if let Some(c) = self.cursors.remove(text) {
            self.k.calls.session_cursor_cache_hits += 1;
            let us = self.k.cost.params.soft_parse_us;
            self.k.cost.charge(cs.parse, us * 0.2);
            self.k.call_event(kind::PARSE, cs.parse);
            return Ok((c, false));
        }
        let profile = self.k.profile.clone();
        let ctx = Self::plan_ctx(&self.cat, &profile, &self.session, vars);
        let c = exec::compile(q, &ctx)?;
        self.recursive_dictionary_sql(&c.tables, cs.hard_parse);
        self.k.calls.parse_count_hard += 1;
        self.k.calls.opened_cursors_cumulative += 1;
        let us = self.k.cost.params.hard_parse_us;
        self.k.cost.charge(cs.hard_parse, us);
        self.k.calls.parse_cpu_us += us;
        self.k.call_event(kind::PARSE, cs.hard_parse);
        Ok((c, true))
    }

    /// The row cache entries a hard parse on `tables` needs; missing ones
    /// are read by recursive SQL (crate::dict).
    fn recursive_dictionary_sql(&mut self, tables: &[TableId], base: crate::cost::StackId) {
        let st = match self.dict_stacks {
            Some((b, st)) if b == base => st,
            _ => {
                let st = self.k.op_stacks(base, "kqrpre1;opiodr;opiosq0");
                self.dict_stacks = Some((base, st));
                st
            }
        };
        self.dict.hard_parse(&mut self.k, &mut self.cat, LAB_USER, tables, &st);
    }

    fn close_cursor(&mut self, text: &str, c: Compiled, cache: bool) {
        if cache {
            self.cursors.insert(text.to_string(), c);
        }
    }

    /// Execute a cursor and fetch its rows according to `policy`.
    #[allow(clippy::too_many_arguments)]
    fn execute_fetch(
        &mut self,
        c: &mut Compiled,
        text: &str,
        binds: &[Value],
        client: Client,
        cs: &CallStacks,
        policy: FetchPolicy,
        mut rows_out: Option<&mut Vec<Vec<Value>>>,
        max_rows: Option<u64>,
    ) -> Result<u64, LabError> {
        let p = self.effective();
        let gps = c.gather_plan_statistics;
        let stats_all = p.statistics_level == StatisticsLevel::All;
        let fast_lookup =
            self.k.profile.memoptimize_rowstore && !stats_all && !gps && !p.sql_trace && client != Client::Plsql;
        let rowsource_stats = stats_all || gps;
        let sql_trace = p.sql_trace;
        // Operator stacks under this fetch base, interned once per cursor context.
        if !matches!(c.stacks, Some((base, _)) if base == cs.fetch) {
            let fetch = cs.fetch;
            c.stacks = Some((fetch, c.frames.iter().map(|f| self.k.op_stacks(fetch, f)).collect()));
        }
        if c.line_stats.len() != c.lines.len() {
            c.line_stats = vec![LineStat::default(); c.lines.len()];
        }
        // Disjoint borrows of the cursor: its plan, runtime state and figures.
        let stacks: &[OpStacks] = c.stacks.as_ref().map(|s| s.1.as_slice()).unwrap_or(&[]);
        let (root, env, lines, project, sorts) = (&mut c.root, &mut c.env, &mut c.line_stats, &c.project, c.sorts);
        self.k.calls.execute_count += 1;
        self.k.call_event(kind::EXECUTE, cs.execute);
        if client == Client::Plsql {
            let us = self.k.cost.params.plsql_context_switch_us;
            self.k.cost.charge(cs.plsql_switch, us);
        }
        if sql_trace {
            let t = self.k.cost.params.sql_trace_call_us;
            self.k.cost.charge(cs.execute, t);
        }
        env.rownum = 0;
        // The row sources' view of the engine, for one open or fetch call.
        macro_rules! row_source_context {
            () => {
                Rt {
                    cat: &self.cat,
                    k: &mut self.k,
                    lines: &mut lines[..],
                    binds,
                    rng: &mut self.rng,
                    stacks,
                    fast_lookup,
                    rowsource_stats,
                }
            };
        }
        root.open(&mut row_source_context!(), env, false).map_err(|e| *e)?;
        let mut total = 0u64;
        let mut want = policy.first.max(1);
        let mut first_call = true;
        // A unique probe is not asked for a row after its one row (the
        // answer could only be "no row"); the fetch calls stay the same.
        let single_row = root.at_most_one_row();
        let mut exhausted = false;
        loop {
            // A fetch call.
            self.k.call_event(kind::FETCH, cs.fetch);
            let mut got = 0u32;
            let mut bytes = 0u64;
            let mut done = false;
            let mut rt = row_source_context!();
            while got < want {
                if let Some(m) = max_rows {
                    if total >= m {
                        done = true;
                        break;
                    }
                }
                if exhausted || !root.next(&mut rt, env).map_err(|e| *e)? {
                    done = true;
                    break;
                }
                exhausted = single_row;
                if !sorts {
                    env.rownum += 1;
                }
                got += 1;
                total += 1;
                let mut cx = EvalCtx { cat: rt.cat, env: &*env, binds, rng: &mut *rt.rng };
                match rows_out.as_deref_mut() {
                    Some(out) => {
                        let mut row = Vec::with_capacity(project.len());
                        for e in project.iter() {
                            let v = e.eval(&mut cx)?;
                            bytes += v.stored_len() as u64 + 1;
                            row.push(v);
                        }
                        out.push(row);
                    }
                    None => {
                        for e in project.iter() {
                            bytes += e.stored_len(&mut cx)? as u64 + 1;
                        }
                    }
                }
            }
            // End of the fetch call: pins are released. The server's
            // call overhead: a MemOptimized fast lookup bypasses the
            // cursor execution path (opiexe/kksumc), so it costs less.
            root.release_pins();
            let p = &self.k.cost.params;
            if first_call && env.memopt_hit {
                let us = p.memopt_call_us;
                self.k.cost.charge(cs.memopt_call, us);
                if client == Client::JdbcThin {
                    let us = self.k.cost.params.jdbc_thin_memopt_client_us;
                    self.k.cost.charge(cs.thin_memopt_client, us);
                    self.client_wait_us += us;
                }
            } else {
                let (e_us, f_us) = (p.execute_call_us, p.fetch_call_us);
                if first_call {
                    self.k.cost.charge(cs.execute, e_us);
                }
                self.k.cost.charge(cs.fetch, f_us);
            }
            if policy.round_trips {
                // Oracle Net packet sizes (model): the first reply carries
                // the describe of every column, later replies a header;
                // each row adds its data and a few bytes of framing.
                let ncols = project.len() as u64;
                let sent = if first_call { NET_FIRST_REPLY + NET_DESCRIBE_PER_COLUMN * ncols } else { NET_FETCH_REPLY };
                let received = if first_call { NET_EXECUTE_REQUEST + text.len() as u64 } else { NET_FETCH_REQUEST };
                self.roundtrip(client, cs, sent + bytes + NET_ROW_FRAMING * got as u64, received);
            }
            first_call = false;
            if done || got < want {
                break;
            }
            want = policy.then.max(1);
        }
        Ok(total)
    }

    fn plan_out(&self, c: &Compiled) -> Vec<PlanLineOut> {
        let stats = Some(&c.line_stats);
        let n = c.lines.len();
        // Buffers are cumulative: own gets plus the children's.
        let mut buffers = vec![0u64; n];
        for i in (0..n).rev() {
            let own = stats.and_then(|s| s.get(i)).map(|s| s.own_buffers).unwrap_or(0);
            buffers[i] += own;
            if let Some(p) = c.lines[i].parent {
                let b = buffers[i];
                buffers[p as usize] += b;
            }
        }
        c.lines
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let s = stats.and_then(|s| s.get(i)).copied().unwrap_or_default();
                PlanLineOut {
                    id: l.id,
                    parent: l.parent,
                    depth: l.depth,
                    operation: l.operation.clone(),
                    name: l.name.clone(),
                    // SELECT STATEMENT: one start per execution, the rows returned.
                    starts: if i == 0 { stats.and_then(|s| s.get(1)).map(|s| s.starts).unwrap_or(0) } else { s.starts },
                    e_rows: l.e_rows.round() as u64,
                    a_rows: if i == 0 { stats.and_then(|s| s.get(1)).map(|s| s.a_rows).unwrap_or(0) } else { s.a_rows },
                    buffers: buffers[i],
                    cost: l.cost.round() as u64,
                    bytes: l.bytes.map(|b| b.round() as u64),
                }
            })
            .collect()
    }

    /// A query typed in SQL*Plus.
    #[inline(never)]
    fn run_sqlplus_query(&mut self, q: &Query, text: &str) -> Result<Outcome, LabError> {
        let client = Client::SqlPlus;
        let cs = self.call_stacks(client);
        let (mut c, _) = self.open_cursor(q, text, &[], &cs)?;
        if !c.bind_names.is_empty() {
            self.close_cursor(text, c, true);
            return Err(LabError::ora(1008, "not all variables bound", q.pos));
        }
        // Fresh per-execution plan statistics for what autotrace shows.
        c.line_stats.iter_mut().for_each(|l| *l = LineStat::default());
        let mut rows = Vec::new();
        let policy = FetchPolicy { first: 1, then: self.sqlplus.arraysize, round_trips: true };
        let r = self.execute_fetch(&mut c, text, &[], client, &cs, policy, Some(&mut rows), None);
        let plan = self.plan_out(&c);
        let columns = c.columns.clone();
        let output = c.notes.clone();
        self.close_cursor(text, c, true);
        let n = r?;
        let show_rows = self.sqlplus.autotrace != Autotrace::TraceOnly;
        Ok(Outcome {
            columns,
            rows: if show_rows { rows } else { Vec::new() },
            rows_processed: n,
            plan,
            output,
            ..Default::default()
        })
    }

    // ------------------------------------------------------------ LAB RUN

    #[inline(never)]
    fn lab_run(&mut self, r: &LabRun) -> Result<Outcome, LabError> {
        let units = lio_sql::parse_script(&format!("{};", r.sql.trim_end_matches(';')));
        let stmt = match units.into_iter().next() {
            Some(u) => u.result.map_err(|mut e| {
                // Report positions inside the quoted SQL relative to the script.
                if e.pos.line == 1 {
                    e.pos.column += r.sql_pos.column - 1;
                }
                e.pos.line += r.sql_pos.line - 1;
                e
            })?,
            None => return Err(LabError::lab(20, "LAB RUN needs a SQL statement", r.sql_pos)),
        };
        let client = Client::from_driver(r.via.unwrap_or(Driver::JdbcThin));
        let runs = r.runs.unwrap_or(1).clamp(1, 1000);
        let (lo, hi) = r.bind.unwrap_or((1, 1));
        if hi < lo || hi - lo >= 50_000_000 {
            return Err(LabError::lab(
                21,
                "LAB RUN BIND range must be a to b with a <= b and at most 50,000,000 values",
                r.sql_pos,
            ));
        }
        let fetchsize = r.fetchsize.unwrap_or(match client {
            Client::SqlPlus => self.sqlplus.arraysize,
            _ => 10,
        });
        let mut run_outs = Vec::new();
        let mut plan = Vec::new();
        let mut columns = Vec::new();
        let mut rows_processed = 0;
        // Workloads keep a summarized trace: the heat map, and events up to the limit.
        for run in 0..runs {
            let before = self.snapshot();
            let mark = self.k.cost.mark();
            let waits_before = self.waits_now();
            let t0 = self.k.cost.now_us;
            match &stmt.kind {
                StatementKind::Query(q) => {
                    let cs = self.call_stacks(client);
                    let text = stmt.text.clone();
                    let mut cursor: Option<Compiled> = None;
                    let mut bind_buf: Vec<Value> = Vec::new();
                    let per_run = (hi - lo + 1) as u64;
                    for (i, v) in (lo..=hi).enumerate() {
                        self.k.trace.set_exec((run as u64 * per_run + i as u64) as u32);
                        // Prepared statement: parsed once per run and re-executed
                        // with a new bind; LITERALS builds a new text (a hard parse) each time.
                        let literal_text = if r.literals { Some(replace_binds(&text, v)) } else { None };
                        let sql_text: &str = literal_text.as_deref().unwrap_or(&text);
                        if r.literals {
                            cursor = None;
                        }
                        let c = match &mut cursor {
                            Some(c) => c,
                            None => {
                                let q2 = match &literal_text {
                                    Some(t) => match lio_sql::parse_script(&format!("{t};"))
                                        .into_iter()
                                        .next()
                                        .map(|u| u.result)
                                    {
                                        Some(Ok(Statement { kind: StatementKind::Query(q2), .. })) => q2,
                                        _ => q.clone(),
                                    },
                                    None => q.clone(),
                                };
                                let mut c = self.open_cursor(&q2, sql_text, &[], &cs)?.0;
                                if run == 0 || r.literals {
                                    c.line_stats.iter_mut().for_each(|l| *l = LineStat::default());
                                }
                                cursor.insert(c)
                            }
                        };
                        bind_buf.clear();
                        if !r.literals {
                            bind_buf.resize(c.bind_names.len(), Value::Num(v as f64));
                        }
                        let policy = match client {
                            Client::Plsql => FetchPolicy { first: 2, then: 2, round_trips: false },
                            Client::SqlPlus => FetchPolicy { first: 1, then: fetchsize, round_trips: true },
                            _ => FetchPolicy { first: fetchsize, then: fetchsize, round_trips: true },
                        };
                        let n = self.execute_fetch(c, sql_text, &bind_buf, client, &cs, policy, None, None)?;
                        rows_processed += n;
                        if r.literals && i as i64 == hi - lo {
                            plan = self.plan_out(c);
                            columns = c.columns.clone();
                        }
                    }
                    if let Some(c) = cursor.filter(|_| !r.literals) {
                        plan = self.plan_out(&c);
                        columns = c.columns.clone();
                        self.close_cursor(&text, c, true);
                    }
                }
                StatementKind::Insert(ins) => {
                    let batch = r.batch.unwrap_or(1).max(1) as i64;
                    let sql_len = stmt.text.len() as u64;
                    let cs = self.call_stacks(client);
                    let mut v = lo;
                    while v <= hi {
                        let end = (v + batch - 1).min(hi);
                        let binds: Vec<Vec<Value>> = (v..=end).map(|x| vec![Value::Num(x as f64)]).collect();
                        let n = self.insert(ins, &binds, &[], client)?;
                        rows_processed += n;
                        let rows = (end - v + 1) as u64;
                        self.roundtrip(
                            client,
                            &cs,
                            NET_CALL_REPLY,
                            NET_EXECUTE_REQUEST + sql_len + NET_BIND_ROW * rows,
                        );
                        v = end + 1;
                    }
                }
                _ => {
                    return Err(LabError::unsupported("LAB RUN of statements other than SELECT and INSERT", r.sql_pos))
                }
            }
            let delta = self.snapshot().delta(&before);
            run_outs.push(RunOut {
                run: run + 1,
                elapsed_us: round3(self.k.cost.now_us - t0),
                stats: named(&delta, &self.k.profile),
                waits: self.waits_since(&waits_before),
                folded: self.k.cost.folded_since(&mark),
            });
        }
        let trimmed = trimmed_mean(&run_outs.iter().map(|r| r.elapsed_us).collect::<Vec<_>>());
        let mut out = vec![format!(
            "{} execution(s) x {} run(s) via {}",
            hi - lo + 1,
            runs,
            match client {
                Client::Plsql => "plsql",
                Client::JdbcThin => "jdbc_thin",
                Client::JdbcOciNet => "jdbc_oci_net",
                Client::JdbcOciBequeath => "jdbc_oci_bequeath",
                Client::SqlPlus => "sqlplus",
            }
        )];
        out.push(format!("mean of runs (min and max dropped when 3 or more): {:.3} s", trimmed / 1e6));
        Ok(Outcome {
            columns,
            rows_processed,
            plan,
            output: out,
            runs: Some(run_outs),
            trimmed_mean_us: Some(round3(trimmed)),
            ..Default::default()
        })
    }

    // ------------------------------------------------------------ PL/SQL

    fn run_plsql(&mut self, b: &PlsqlBlock, out: &mut Vec<String>) -> Result<(), LabError> {
        let mut vars: Vec<(String, Value)> = Vec::new();
        for (name, _) in &b.declarations {
            vars.push((name.name.clone(), Value::Null));
        }
        self.k.calls.execute_count += 1;
        self.run_plsql_body(&b.body, &mut vars, out)
    }

    fn plsql_eval(&mut self, e: &Expr, vars: &[(String, Value)]) -> Result<Value, LabError> {
        let names: Vec<String> = vars.iter().map(|(n, _)| n.clone()).collect();
        let profile = self.k.profile.clone();
        let ctx = Self::plan_ctx(&self.cat, &profile, &self.session, &names);
        let (c, bind_names) = exec::compile_scalar(e, &ctx)?;
        let binds: Vec<Value> = bind_names
            .iter()
            .map(|n| vars.iter().find(|(v, _)| v == n).map(|(_, x)| x.clone()).unwrap_or(Value::Null))
            .collect();
        let env = Env::default();
        let mut cx = EvalCtx { cat: &self.cat, env: &env, binds: &binds, rng: &mut self.rng };
        c.eval(&mut cx)
    }

    fn run_plsql_body(
        &mut self,
        body: &[PlsqlStatement],
        vars: &mut Vec<(String, Value)>,
        out: &mut Vec<String>,
    ) -> Result<(), LabError> {
        for s in body {
            match s {
                PlsqlStatement::Null => {}
                PlsqlStatement::Assign { target, value } => {
                    let v = self.plsql_eval(value, vars)?;
                    set_var(vars, target, v)?;
                }
                PlsqlStatement::ForLoop { var, from, to, body } => {
                    let a = self.plsql_eval(from, vars)?.as_f64().unwrap_or(0.0) as i64;
                    let b = self.plsql_eval(to, vars)?.as_f64().unwrap_or(0.0) as i64;
                    vars.push((var.name.clone(), Value::Null));
                    let slot = vars.len() - 1;
                    let mut i = a;
                    while i <= b {
                        vars[slot].1 = Value::Num(i as f64);
                        self.run_plsql_body(body, vars, out)?;
                        i += 1;
                    }
                    vars.pop();
                }
                PlsqlStatement::Call { name, args } => self.plsql_call(name, args, vars, out)?,
                PlsqlStatement::Sql(stmt) => match &stmt.kind {
                    StatementKind::Insert(i) => {
                        let names: Vec<String> = vars.iter().map(|(n, _)| n.clone()).collect();
                        let vals: Vec<Value> = vars.iter().map(|(_, v)| v.clone()).collect();
                        self.insert_plsql(i, &names, &vals)?;
                    }
                    StatementKind::Commit => self.k.calls.user_commits += 1,
                    StatementKind::Rollback => {}
                    StatementKind::Query(_) => {
                        return Err(LabError::ora(
                            6550,
                            "PLS-00428: an INTO clause is expected in this SELECT statement",
                            stmt.pos,
                        ))
                    }
                    _ => {
                        // DDL is not allowed as static SQL in PL/SQL.
                        return Err(LabError::ora(6550, "PLS-00103: DDL must use EXECUTE IMMEDIATE", stmt.pos));
                    }
                },
                PlsqlStatement::SelectInto { query, into } => {
                    let names: Vec<String> = vars.iter().map(|(n, _)| n.clone()).collect();
                    let text = format!("{:?}", query.pos) + "static";
                    let row = self.plsql_query(query, &text, &names, vars)?;
                    assign_into(vars, into, row, query.pos)?;
                }
                PlsqlStatement::ExecuteImmediate { sql, into, using, pos } => {
                    let text = match self.plsql_eval(sql, vars)? {
                        Value::Str(s) => s.to_string(),
                        other => other.to_string(),
                    };
                    let mut binds = Vec::new();
                    for u in using {
                        binds.push(self.plsql_eval(u, vars)?);
                    }
                    let units = lio_sql::parse_script(&format!("{};", text.trim().trim_end_matches(';')));
                    let stmt = match units.into_iter().next() {
                        Some(u) => {
                            u.result.map_err(|e| LabError::ora(e.code[4..].parse().unwrap_or(900), e.message, *pos))?
                        }
                        None => return Err(LabError::ora(900, "invalid SQL statement", *pos)),
                    };
                    match &stmt.kind {
                        StatementKind::Query(q) => {
                            let row = self.plsql_dynamic_query(q, &stmt.text, &binds, *pos)?;
                            if !into.is_empty() {
                                assign_into(vars, into, row, *pos)?;
                            }
                        }
                        StatementKind::Insert(i) => {
                            self.insert(i, &[binds], &[], Client::Plsql)?;
                        }
                        _ => {
                            self.run_statement(&stmt)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn plsql_query(
        &mut self,
        q: &Query,
        text: &str,
        names: &[String],
        vars: &[(String, Value)],
    ) -> Result<Option<Vec<Value>>, LabError> {
        let cs = self.call_stacks(Client::Plsql);
        let (mut c, _) = self.open_cursor(q, text, names, &cs)?;
        let binds: Vec<Value> = c
            .bind_names
            .iter()
            .map(|n| vars.iter().find(|(v, _)| v == n).map(|(_, x)| x.clone()).unwrap_or(Value::Null))
            .collect();
        let mut rows = Vec::new();
        let r = self.execute_fetch(
            &mut c,
            text,
            &binds,
            Client::Plsql,
            &cs,
            FetchPolicy { first: 2, then: 2, round_trips: false },
            Some(&mut rows),
            Some(2),
        );
        self.close_cursor(text, c, true);
        r?;
        one_row(rows, q.pos)
    }

    fn plsql_dynamic_query(
        &mut self,
        q: &Query,
        text: &str,
        binds: &[Value],
        pos: Pos,
    ) -> Result<Option<Vec<Value>>, LabError> {
        let cs = self.call_stacks(Client::Plsql);
        let (mut c, _) = self.open_cursor(q, text, &[], &cs)?;
        if c.bind_names.len() > binds.len() {
            self.close_cursor(text, c, true);
            return Err(LabError::ora(1008, "not all variables bound", pos));
        }
        let mut rows = Vec::new();
        let r = self.execute_fetch(
            &mut c,
            text,
            binds,
            Client::Plsql,
            &cs,
            FetchPolicy { first: 2, then: 2, round_trips: false },
            Some(&mut rows),
            Some(2),
        );
        self.close_cursor(text, c, true);
        r?;
        one_row(rows, pos)
    }

    fn plsql_call(
        &mut self,
        name: &Ident,
        args: &[(Option<String>, Expr)],
        vars: &[(String, Value)],
        out: &mut Vec<String>,
    ) -> Result<(), LabError> {
        let mut vals = Vec::new();
        for (n, e) in args {
            vals.push((n.clone(), self.plsql_eval(e, vars)?));
        }
        let arg = |i: usize, named: &str| -> Option<Value> {
            vals.iter()
                .find(|(n, _)| n.as_deref().map(|n| n.eq_ignore_ascii_case(named)).unwrap_or(false))
                .map(|(_, v)| v.clone())
                .or_else(|| vals.get(i).filter(|(n, _)| n.is_none()).map(|(_, v)| v.clone()))
        };
        match name.name.as_str() {
            "DBMS_RANDOM.SEED" => {
                let v = arg(0, "val").or_else(|| arg(0, "seed")).unwrap_or(Value::Num(0.0));
                let seed = match &v {
                    Value::Num(n) => *n as u64,
                    Value::Str(s) => s.bytes().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64)),
                    Value::Null => 0,
                };
                self.rng.seed(seed);
            }
            "DBMS_RANDOM.INITIALIZE" => {
                let v = arg(0, "val").and_then(|v| v.as_f64()).unwrap_or(0.0);
                self.rng.seed(v as u64);
            }
            "DBMS_OUTPUT.PUT_LINE" => out.push(arg(0, "a").map(|v| v.to_string()).unwrap_or_default()),
            "DBMS_STATS.GATHER_TABLE_STATS" => {
                let t = arg(1, "tabname").ok_or_else(|| {
                    LabError::ora(
                        6550,
                        "PLS-00306: wrong number or types of arguments in call to 'GATHER_TABLE_STATS'",
                        name.pos,
                    )
                })?;
                let tname = t.to_string().to_uppercase();
                let id = self.cat.table_id(&tname).ok_or_else(|| LabError::ora(20000, format!("ORA-20000: Unable to analyze TABLE \"LAB\".\"{tname}\", insufficient privileges or does not exist"), name.pos))?;
                let blocks = self.cat.table_blocks(&self.cat.tables[id]);
                let mut st = self.cat.tables[id].compute_stats(blocks);
                st.gathered = true;
                self.cat.tables[id].stats = st;
                self.dict.invalidate_table(&self.cat, &tname);
                self.invalidate_cursors();
            }
            "DBMS_MEMOPTIMIZE.POPULATE" => {
                let t = arg(1, "table_name").ok_or_else(|| {
                    LabError::ora(6550, "PLS-00306: wrong number or types of arguments in call to 'POPULATE'", name.pos)
                })?;
                let tname = t.to_string().to_uppercase();
                let id = self.cat.table_id(&tname).ok_or_else(|| LabError::no_such_table(name.pos))?;
                if !self.k.profile.memoptimize_rowstore {
                    return Err(LabError::ora(
                        6550,
                        "PLS-00201: identifier 'DBMS_MEMOPTIMIZE.POPULATE' must be declared",
                        name.pos,
                    ));
                }
                if !self.cat.tables[id].memoptimize_read {
                    return Err(LabError::ora(
                        62138,
                        "MEMOPTIMIZE FOR READ feature not enabled for the table",
                        name.pos,
                    ));
                }
                if self.k.memopt.size == 0 {
                    return Err(LabError::ora(62137, "MEMOPTIMIZE_POOL_SIZE is not set", name.pos));
                }
                self.k.memopt.request_populate(id);
            }
            "DBMS_MEMOPTIMIZE.DROP_OBJECT" => {
                let t = arg(1, "table_name").map(|v| v.to_string().to_uppercase()).unwrap_or_default();
                if let Some(id) = self.cat.table_id(&t) {
                    self.k.memopt.evict(id);
                }
            }
            "DBMS_SESSION.SET_SQL_TRACE" => {
                let on = arg(0, "sql_trace")
                    .map(|v| matches!(v, Value::Num(n) if n != 0.0) || v.to_string().eq_ignore_ascii_case("TRUE"))
                    .unwrap_or(false);
                self.session.sql_trace = on;
                self.invalidate_cursors();
            }
            other => {
                return Err(LabError::ora(6550, format!("PLS-00201: identifier '{other}' must be declared"), name.pos));
            }
        }
        Ok(())
    }

    // ------------------------------------------------------------ DDL

    fn create_table(&mut self, c: &CreateTable) -> Result<Outcome, LabError> {
        let name = c.name.name.clone();
        if self.cat.name_in_use(&name) {
            return Err(LabError::ora(955, "name is already used by an existing object", c.name.pos));
        }
        let bs = self.params.current.db_block_size;
        // Columns: declared, or from the query for CTAS.
        let mut columns: Vec<Column> = c
            .columns
            .iter()
            .map(|d| Column {
                name: d.name.name.clone(),
                data_type: d.data_type,
                not_null: d.not_null || d.primary_key,
                identity: d.identity,
            })
            .collect();
        let mut ctas_rows: Option<Vec<Vec<Value>>> = None;
        if let Some(q) = &c.as_select {
            let cs = self.call_stacks(Client::SqlPlus);
            let text = format!("CTAS {}", name);
            let (mut cur, _) = self.open_cursor(q, &text, &[], &cs)?;
            let mut rows = Vec::new();
            self.execute_fetch(
                &mut cur,
                &text,
                &[],
                Client::Plsql,
                &cs,
                FetchPolicy { first: u32::MAX, then: u32::MAX, round_trips: false },
                Some(&mut rows),
                None,
            )?;
            if columns.is_empty() {
                for (i, n) in cur.columns.iter().enumerate() {
                    let sample = rows.iter().map(|r| &r[i]).find(|v| !v.is_null());
                    let dt = match sample {
                        Some(Value::Str(_)) => DataType::Varchar2 {
                            len: rows.iter().map(|r| r[i].stored_len() as u32).max().unwrap_or(1).max(1),
                            char_semantics: false,
                        },
                        _ => DataType::Number { precision: None, scale: None },
                    };
                    if !n.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_' || ch == '$' || ch == '#') {
                        return Err(LabError::ora(998, "must name this expression with a column alias", q.pos));
                    }
                    columns.push(Column { name: n.clone(), data_type: dt, not_null: false, identity: false });
                }
            } else if columns.len() != cur.columns.len() {
                return Err(LabError::ora(1730, "invalid number of column names specified", c.name.pos));
            }
            ctas_rows = Some(rows);
        }
        if columns.is_empty() {
            return Err(LabError::ora(904, "a table must have at least one column", c.name.pos));
        }
        for (i, a) in columns.iter().enumerate() {
            if columns[..i].iter().any(|b| b.name == a.name) {
                return Err(LabError::ora(
                    957,
                    "duplicate column name",
                    c.columns.get(i).map(|d| d.name.pos).unwrap_or(c.name.pos),
                ));
            }
        }
        // Constraints.
        let mut pk: Option<(Vec<usize>, bool, Pos, Option<String>)> = None;
        let mut uniques: Vec<(Vec<usize>, Option<String>)> = Vec::new();
        for d in &c.columns {
            let i = columns.iter().position(|x| x.name == d.name.name).unwrap_or(0);
            if d.primary_key {
                if pk.is_some() {
                    return Err(LabError::ora(2260, "table can have only one primary key", d.name.pos));
                }
                pk = Some((vec![i], false, d.name.pos, None));
            }
            if d.unique {
                uniques.push((vec![i], None));
            }
        }
        for k in &c.constraints {
            let mut cols = Vec::new();
            for col in &k.columns {
                cols.push(
                    columns
                        .iter()
                        .position(|x| x.name == col.name)
                        .ok_or_else(|| LabError::invalid_identifier(&col.name, col.pos))?,
                );
            }
            match k.kind {
                ConstraintKind::PrimaryKey => {
                    if pk.is_some() {
                        return Err(LabError::ora(2260, "table can have only one primary key", k.pos));
                    }
                    for &ci in &cols {
                        columns[ci].not_null = true;
                    }
                    pk = Some((cols, k.deferrable, k.pos, k.name.as_ref().map(|n| n.name.clone())));
                }
                ConstraintKind::Unique => uniques.push((cols, k.name.as_ref().map(|n| n.name.clone()))),
            }
        }
        // DEFERRED_SEGMENT_CREATION (default TRUE): a heap table gets its
        // segment at the first insert unless SEGMENT CREATION IMMEDIATE.
        let deferred_default =
            self.session.other.get("deferred_segment_creation").is_none_or(|v| v.eq_ignore_ascii_case("TRUE"));
        let deferred = match c.segment_creation {
            Some(SegmentCreation::Deferred) => true,
            Some(SegmentCreation::Immediate) => false,
            None => deferred_default && c.as_select.is_none(),
        };
        // The MemOptimized RowStore's DDL conditions.
        if c.memoptimize_read {
            if !self.k.profile.memoptimize_rowstore {
                return Err(LabError::ora(922, "missing or invalid option", c.name.pos));
            }
            match &pk {
                None => {
                    return Err(LabError::ora(
                        62142,
                        "MEMOPTIMIZE FOR READ feature requires NOT DEFERRABLE PRIMARY KEY constraint on the table",
                        c.name.pos,
                    ))
                }
                Some((_, true, p, _)) => {
                    return Err(LabError::ora(
                        62142,
                        "MEMOPTIMIZE FOR READ feature requires NOT DEFERRABLE PRIMARY KEY constraint on the table",
                        *p,
                    ))
                }
                Some((cols, false, p, _)) => {
                    if cols.iter().any(|&ci| columns[ci].identity) {
                        return Err(LabError::ora(62143, "MEMOPTIMIZE FOR READ feature cannot be used on a table with an identity column as primary key", *p));
                    }
                }
            }
            if c.segment_creation != Some(SegmentCreation::Immediate) && c.as_select.is_none() {
                return Err(LabError::ora(
                    62156,
                    "MEMOPTIMIZE FOR READ feature not allowed on segment with deferred storage",
                    c.name.pos,
                ));
            }
            if c.physical.compress == Some(true) {
                return Err(LabError::ora(
                    62141,
                    "MEMOPTIMIZE FOR READ feature cannot be used with compression",
                    c.name.pos,
                ));
            }
            if c.organization_index || c.cluster.is_some() {
                return Err(LabError::ora(
                    62146,
                    "MEMOPTIMIZE FOR READ feature is allowed only on heap-organized tables",
                    c.name.pos,
                ));
            }
        }
        if c.organization_index && pk.is_none() {
            return Err(LabError::ora(25175, "no PRIMARY KEY constraint found", c.name.pos));
        }
        let pool = pool_of(&c.physical);
        let pctfree = c.physical.pctfree.unwrap_or(10);
        let tid = self.cat.tables.len();
        let storage = if c.organization_index {
            let (cols, _, _, cname) = pk.clone().expect("checked");
            let iname = cname.unwrap_or_else(|| format!("SYS_IOT_TOP_{}", tid));
            let seg = self.cat.new_segment(&iname, SegmentKind::Iot, Some(&name), pool);
            let iid = self.cat.indexes.len();
            self.cat.indexes.push(Index {
                id: iid,
                name: iname,
                table: tid,
                columns: cols,
                unique: true,
                btree: BTree::new(bs, pctfree, true, true),
                seg,
                pool,
                dropped: false,
            });
            TableStorage::Iot { index: iid }
        } else if let Some((cl_name, key_cols)) = &c.cluster {
            let cid = self
                .cat
                .cluster_id(&cl_name.name)
                .ok_or_else(|| LabError::ora(943, "cluster does not exist", cl_name.pos))?;
            let cl = &self.cat.clusters[cid];
            if key_cols.len() != cl.key_columns.len() {
                return Err(LabError::ora(
                    1753,
                    "column definitions in cluster and table do not match: number of cluster columns",
                    cl_name.pos,
                ));
            }
            if cl.single_table && !cl.tables.is_empty() {
                return Err(LabError::ora(25136, "this cluster can contain only one table", cl_name.pos));
            }
            let mut kc = Vec::new();
            for k in key_cols {
                kc.push(
                    columns
                        .iter()
                        .position(|x| x.name == k.name)
                        .ok_or_else(|| LabError::invalid_identifier(&k.name, k.pos))?,
                );
            }
            self.cat.clusters[cid].tables.push(tid);
            TableStorage::Cluster { cluster: cid, key_cols: kc }
        } else {
            let seg = if deferred { None } else { Some(self.cat.new_segment(&name, SegmentKind::Table, None, pool)) };
            TableStorage::Heap { seg, heap: HeapSegment::new(bs, pctfree) }
        };
        let ncols = columns.len();
        self.cat.tables.push(Table {
            id: tid,
            name: name.clone(),
            columns,
            rows: crate::catalog::RowStore::new(ncols),
            loc: Vec::new(),
            storage,
            pk: None,
            indexes: Vec::new(),
            memoptimize_read: c.memoptimize_read,
            compress: c.physical.compress == Some(true),
            pool,
            pctfree,
            stats: Default::default(),
            dropped: false,
        });
        if let TableStorage::Iot { index } = self.cat.tables[tid].storage {
            let cols = self.cat.indexes[index].columns.clone();
            self.cat.tables[tid].pk = Some((cols, index, false));
            self.cat.tables[tid].indexes.push(index);
        } else if let Some((cols, deferrable, _, cname)) = pk {
            let iname = cname.unwrap_or_else(|| format!("SYS_C{:07}", 10000 + tid));
            let iid = self.add_index(tid, &iname, cols.clone(), true, pool, 10)?;
            self.cat.tables[tid].pk = Some((cols, iid, deferrable));
        }
        for (cols, cname) in uniques {
            let iname = cname.unwrap_or_else(|| format!("SYS_C{:07}", 20000 + self.cat.indexes.len()));
            self.add_index(tid, &iname, cols, true, pool, 10)?;
        }
        self.invalidate_cursors();
        if let Some(rows) = ctas_rows {
            let n = rows.len() as u64;
            self.insert_rows(tid, rows, c.name.pos)?;
            return Ok(Outcome { rows_processed: n, feedback: Some("Table created.".into()), ..Default::default() });
        }
        Ok(Outcome { feedback: Some("Table created.".into()), ..Default::default() })
    }

    fn add_index(
        &mut self,
        tid: TableId,
        name: &str,
        cols: Vec<usize>,
        unique: bool,
        pool: PoolKind,
        pctfree: u32,
    ) -> Result<usize, LabError> {
        let bs = self.params.current.db_block_size;
        let seg = self.cat.new_segment(name, SegmentKind::Index, Some(&self.cat.tables[tid].name.clone()), pool);
        let iid = self.cat.indexes.len();
        let mut bt = BTree::new(bs, pctfree, unique, false);
        let t = &self.cat.tables[tid];
        let entries = t
            .rows
            .iter()
            .enumerate()
            .map(|(r, row)| {
                let key: Box<[Value]> = cols.iter().map(|&c| row[c].clone()).collect();
                let size = bt.entry_size(&key, row);
                ((key, r as u32), size)
            })
            .collect();
        if bt.build(entries).is_err() {
            return Err(LabError::ora(1452, "cannot CREATE UNIQUE INDEX; duplicate keys found", Pos::default()));
        }
        bt.set_rowid_blocks(&self.cat.tables[tid].loc);
        for b in 0..bt.blocks() {
            self.k.cache.new_block(seg, b);
        }
        self.cat.indexes.push(Index {
            id: iid,
            name: name.to_string(),
            table: tid,
            columns: cols,
            unique,
            btree: bt,
            seg,
            pool,
            dropped: false,
        });
        self.cat.tables[tid].indexes.push(iid);
        Ok(iid)
    }

    fn create_cluster(&mut self, c: &CreateCluster) -> Result<Outcome, LabError> {
        if self.cat.name_in_use(&c.name.name) {
            return Err(LabError::ora(955, "name is already used by an existing object", c.name.pos));
        }
        let Some(hashkeys) = c.hashkeys else {
            return Err(LabError::unsupported("index clusters (CREATE CLUSTER without HASHKEYS)", c.name.pos));
        };
        if c.columns.len() != 1 {
            return Err(LabError::unsupported("hash clusters with a multi-column key", c.name.pos));
        }
        if hashkeys == 0 || hashkeys > 4_000_000 {
            return Err(LabError::lab(31, "HASHKEYS must be between 1 and 4,000,000 in the lab", c.name.pos));
        }
        let bs = self.params.current.db_block_size;
        let pool = pool_of(&c.physical);
        let size = c.size.unwrap_or(bs);
        let hash_is_column = matches!(&c.hash_is, Some(Expr::Column { .. }));
        let hash = HashCluster::new(bs, c.physical.pctfree.unwrap_or(10), hashkeys, size, hash_is_column);
        let seg = self.cat.new_segment(&c.name.name, SegmentKind::Cluster, None, pool);
        for b in 0..hash.blocks() {
            self.k.cache.new_block(seg, b);
        }
        let id = self.cat.clusters.len();
        self.cat.clusters.push(Cluster {
            id,
            name: c.name.name.clone(),
            key_columns: c
                .columns
                .iter()
                .map(|d| Column {
                    name: d.name.name.clone(),
                    data_type: d.data_type,
                    not_null: d.not_null,
                    identity: false,
                })
                .collect(),
            hash,
            seg,
            pool,
            single_table: c.single_table,
            tables: Vec::new(),
            dropped: false,
        });
        Ok(Outcome { feedback: Some("Cluster created.".into()), ..Default::default() })
    }

    fn create_index(&mut self, c: &CreateIndex) -> Result<Outcome, LabError> {
        if self.cat.name_in_use(&c.name.name) {
            return Err(LabError::ora(955, "name is already used by an existing object", c.name.pos));
        }
        let tid = self.cat.table_id(&c.table.name).ok_or_else(|| LabError::no_such_table(c.table.pos))?;
        let mut cols = Vec::new();
        for col in &c.columns {
            cols.push(
                self.cat.tables[tid]
                    .column_index(&col.name)
                    .ok_or_else(|| LabError::invalid_identifier(&col.name, col.pos))?,
            );
        }
        if self.cat.tables[tid]
            .indexes
            .iter()
            .any(|&i| !self.cat.indexes[i].dropped && self.cat.indexes[i].columns == cols)
        {
            return Err(LabError::ora(1408, "such column list already indexed", c.columns[0].pos));
        }
        let pool = pool_of(&c.physical);
        self.add_index(tid, &c.name.name, cols, c.unique, pool, c.physical.pctfree.unwrap_or(10)).map_err(
            |mut e| {
                e.pos = c.name.pos;
                e
            },
        )?;
        self.invalidate_cursors();
        Ok(Outcome { feedback: Some("Index created.".into()), ..Default::default() })
    }

    fn alter_index(&mut self, a: &AlterIndex) -> Result<Outcome, LabError> {
        let iid = self
            .cat
            .index_id(&a.name.name)
            .ok_or_else(|| LabError::ora(1418, "specified index does not exist", a.name.pos))?;
        if let Some(_p) = a.physical.buffer_pool {
            let pool = pool_of(&a.physical);
            self.cat.indexes[iid].pool = pool;
            let seg = self.cat.indexes[iid].seg;
            self.cat.segments[seg as usize].pool = pool;
        }
        if a.rebuild {
            let ix = &mut self.cat.indexes[iid];
            let entries: Vec<_> = ix.btree.entries.drain(..).map(|e| (e, 0u32)).collect();
            let t = &self.cat.tables[ix.table];
            let entries = entries
                .into_iter()
                .map(|(e, _)| {
                    let s = ix.btree.entry_size(&e.0, &t.rows[e.1 as usize]);
                    (e, s)
                })
                .collect();
            let _ = ix.btree.build(entries);
            ix.btree.set_rowid_blocks(&t.loc);
        }
        self.invalidate_cursors();
        Ok(Outcome { feedback: Some("Index altered.".into()), ..Default::default() })
    }

    fn alter_table(&mut self, a: &AlterTable) -> Result<Outcome, LabError> {
        let tid = self.cat.table_id(&a.name.name).ok_or_else(|| LabError::no_such_table(a.name.pos))?;
        match &a.action {
            AlterTableAction::MemoptimizeRead(on) => {
                if *on {
                    if !self.k.profile.memoptimize_rowstore {
                        return Err(LabError::ora(922, "missing or invalid option", a.name.pos));
                    }
                    let t = &self.cat.tables[tid];
                    match &t.pk {
                        None | Some((_, _, true)) => return Err(LabError::ora(
                            62142,
                            "MEMOPTIMIZE FOR READ feature requires NOT DEFERRABLE PRIMARY KEY constraint on the table",
                            a.name.pos,
                        )),
                        _ => {}
                    }
                    if !matches!(t.storage, TableStorage::Heap { .. }) {
                        return Err(LabError::ora(
                            62146,
                            "MEMOPTIMIZE FOR READ feature is allowed only on heap-organized tables",
                            a.name.pos,
                        ));
                    }
                    if t.heap_seg().is_none() {
                        return Err(LabError::ora(
                            62156,
                            "MEMOPTIMIZE FOR READ feature not allowed on segment with deferred storage",
                            a.name.pos,
                        ));
                    }
                    if t.compress {
                        return Err(LabError::ora(
                            62141,
                            "MEMOPTIMIZE FOR READ feature cannot be used with compression",
                            a.name.pos,
                        ));
                    }
                    self.cat.tables[tid].memoptimize_read = true;
                } else {
                    self.cat.tables[tid].memoptimize_read = false;
                    self.k.memopt.evict(tid);
                }
            }
            AlterTableAction::Physical(p) => {
                if p.buffer_pool.is_some() {
                    let pool = pool_of(p);
                    self.cat.tables[tid].pool = pool;
                    if let Some(seg) = self.cat.tables[tid].heap_seg() {
                        self.cat.segments[seg as usize].pool = pool;
                    }
                }
                if p.compress == Some(true) && self.cat.tables[tid].memoptimize_read {
                    return Err(LabError::ora(
                        62141,
                        "MEMOPTIMIZE FOR READ feature cannot be used with compression",
                        a.name.pos,
                    ));
                }
            }
        }
        self.invalidate_cursors();
        Ok(Outcome { feedback: Some("Table altered.".into()), ..Default::default() })
    }

    fn drop(&mut self, d: &Drop) -> Result<Outcome, LabError> {
        let n = &d.name.name;
        match d.kind {
            ObjectKind::Table => {
                let tid = self.cat.table_id(n).ok_or_else(|| LabError::no_such_table(d.name.pos))?;
                self.drop_table(tid);
                self.invalidate_cursors();
                Ok(Outcome { feedback: Some("Table dropped.".into()), ..Default::default() })
            }
            ObjectKind::Index => {
                let iid = self
                    .cat
                    .index_id(n)
                    .ok_or_else(|| LabError::ora(1418, "specified index does not exist", d.name.pos))?;
                let tid = self.cat.indexes[iid].table;
                if self.cat.tables[tid].pk.as_ref().map(|p| p.1) == Some(iid) {
                    return Err(LabError::ora(
                        2429,
                        "cannot drop index used for enforcement of unique/primary key",
                        d.name.pos,
                    ));
                }
                self.cat.indexes[iid].dropped = true;
                let seg = self.cat.indexes[iid].seg;
                self.cat.segments[seg as usize].dropped = true;
                self.k.cache.invalidate_segment(seg);
                self.cat.tables[tid].indexes.retain(|&i| i != iid);
                self.invalidate_cursors();
                Ok(Outcome { feedback: Some("Index dropped.".into()), ..Default::default() })
            }
            ObjectKind::Cluster => {
                let cid =
                    self.cat.cluster_id(n).ok_or_else(|| LabError::ora(943, "cluster does not exist", d.name.pos))?;
                let live: Vec<TableId> =
                    self.cat.clusters[cid].tables.iter().copied().filter(|t| !self.cat.tables[*t].dropped).collect();
                if !live.is_empty() && !d.including_tables {
                    return Err(LabError::ora(951, "cluster not empty", d.name.pos));
                }
                for t in live {
                    self.drop_table(t);
                }
                self.cat.clusters[cid].dropped = true;
                let seg = self.cat.clusters[cid].seg;
                self.cat.segments[seg as usize].dropped = true;
                self.k.cache.invalidate_segment(seg);
                self.invalidate_cursors();
                Ok(Outcome { feedback: Some("Cluster dropped.".into()), ..Default::default() })
            }
        }
    }

    fn drop_table(&mut self, tid: TableId) {
        self.k.memopt.evict(tid);
        let t = &mut self.cat.tables[tid];
        t.dropped = true;
        t.rows.clear();
        t.loc = Vec::new();
        let idx = t.indexes.clone();
        if let Some(seg) = t.heap_seg() {
            self.cat.segments[seg as usize].dropped = true;
            self.k.cache.invalidate_segment(seg);
        }
        for i in idx {
            self.cat.indexes[i].dropped = true;
            let seg = self.cat.indexes[i].seg;
            self.cat.segments[seg as usize].dropped = true;
            self.k.cache.invalidate_segment(seg);
        }
    }

    // ------------------------------------------------------------ DML

    fn insert_plsql(&mut self, i: &Insert, names: &[String], vals: &[Value]) -> Result<u64, LabError> {
        self.insert_with_vars(i, names, vals)
    }

    fn insert_with_vars(&mut self, i: &Insert, names: &[String], vals: &[Value]) -> Result<u64, LabError> {
        let tid = self.cat.table_id(&i.table.name).ok_or_else(|| LabError::no_such_table(i.table.pos))?;
        let rows = self.insert_source_rows(i, tid, names, &[vals.to_vec()])?;
        let n = rows.len() as u64;
        self.insert_rows(tid, rows, i.table.pos)?;
        Ok(n)
    }

    /// INSERT from SQL*Plus, LAB RUN (one bind set per row in `bind_rows`)
    /// or dynamic SQL.
    fn insert(
        &mut self,
        i: &Insert,
        bind_rows: &[Vec<Value>],
        _vars: &[String],
        client: Client,
    ) -> Result<u64, LabError> {
        let tid = self.cat.table_id(&i.table.name).ok_or_else(|| LabError::no_such_table(i.table.pos))?;
        let cs = self.call_stacks(client);
        self.k.calls.parse_count_total += 1;
        self.recursive_dictionary_sql(&[tid], cs.hard_parse);
        self.k.calls.execute_count += 1;
        let us = self.k.cost.params.execute_call_us;
        self.k.cost.charge(cs.execute, us);
        let sets: Vec<Vec<Value>> = if bind_rows.is_empty() { vec![Vec::new()] } else { bind_rows.to_vec() };
        let rows = self.insert_source_rows(i, tid, &[], &sets)?;
        let n = rows.len() as u64;
        self.insert_rows(tid, rows, i.table.pos)?;
        Ok(n)
    }

    fn insert_source_rows(
        &mut self,
        i: &Insert,
        tid: TableId,
        names: &[String],
        bind_sets: &[Vec<Value>],
    ) -> Result<Vec<Vec<Value>>, LabError> {
        let ncols = self.cat.tables[tid].columns.len();
        let targets: Vec<usize> = match &i.columns {
            Some(cols) => {
                let mut v = Vec::new();
                for c in cols {
                    v.push(
                        self.cat.tables[tid]
                            .column_index(&c.name)
                            .ok_or_else(|| LabError::invalid_identifier(&c.name, c.pos))?,
                    );
                }
                v
            }
            None => (0..ncols).collect(),
        };
        let mut out = Vec::new();
        match &i.source {
            InsertSource::Values(exprs) => {
                if exprs.len() != targets.len() {
                    let p = exprs.first().map(exec::plan::position_of).unwrap_or(i.table.pos);
                    return Err(if exprs.len() < targets.len() {
                        LabError::ora(947, "not enough values", p)
                    } else {
                        LabError::ora(913, "too many values", p)
                    });
                }
                let profile = self.k.profile.clone();
                let ctx = Self::plan_ctx(&self.cat, &profile, &self.session, names);
                let mut compiled = Vec::new();
                for e in exprs {
                    compiled.push(exec::compile_scalar(e, &ctx)?);
                }
                for set in bind_sets {
                    let mut row = vec![Value::Null; ncols];
                    for ((c, bnames), &t) in compiled.iter().zip(targets.iter()) {
                        let binds: Vec<Value> = bnames
                            .iter()
                            .enumerate()
                            .map(|(k, n)| {
                                names
                                    .iter()
                                    .position(|x| x == n)
                                    .map(|p| set.get(p).cloned().unwrap_or(Value::Null))
                                    .unwrap_or_else(|| set.get(k).cloned().unwrap_or(Value::Null))
                            })
                            .collect();
                        let env = Env::default();
                        let mut cx = EvalCtx { cat: &self.cat, env: &env, binds: &binds, rng: &mut self.rng };
                        row[t] = c.eval(&mut cx)?;
                    }
                    out.push(row);
                }
            }
            InsertSource::Query(q) => {
                let cs = self.call_stacks(Client::Plsql);
                let text = format!("INSERT-SELECT {:?}", q.pos);
                let (mut cur, _) = self.open_cursor(q, &text, names, &cs)?;
                if cur.columns.len() != targets.len() {
                    return Err(if cur.columns.len() < targets.len() {
                        LabError::ora(947, "not enough values", q.pos)
                    } else {
                        LabError::ora(913, "too many values", q.pos)
                    });
                }
                let mut rows = Vec::new();
                let binds = bind_sets.first().cloned().unwrap_or_default();
                self.execute_fetch(
                    &mut cur,
                    &text,
                    &binds,
                    Client::Plsql,
                    &cs,
                    FetchPolicy { first: u32::MAX, then: u32::MAX, round_trips: false },
                    Some(&mut rows),
                    None,
                )?;
                for r in rows {
                    let mut row = vec![Value::Null; ncols];
                    for (v, &t) in r.into_iter().zip(targets.iter()) {
                        row[t] = v;
                    }
                    out.push(row);
                }
            }
        }
        Ok(out)
    }

    /// Check, convert and store rows; maintain indexes; roll the statement
    /// back on error.
    fn insert_rows(&mut self, tid: TableId, rows: Vec<Vec<Value>>, pos: Pos) -> Result<(), LabError> {
        let table_name = self.cat.tables[tid].name.clone();
        // Type checks and conversions.
        let cols = self.cat.tables[tid].columns.clone();
        let mut checked: Vec<Box<[Value]>> = Vec::with_capacity(rows.len());
        // Equal strings in consecutive rows share one allocation (padding
        // columns such as rpad('x', 700) are the same in every row).
        let mut previous: Vec<Value> = vec![Value::Null; cols.len()];
        for r in rows {
            let mut out = Vec::with_capacity(r.len());
            for (v, c) in r.into_iter().zip(cols.iter()) {
                let v = match (&c.data_type, v) {
                    (_, Value::Null) => {
                        if c.not_null {
                            return Err(LabError::ora(
                                1400,
                                format!("cannot insert NULL into (\"LAB\".\"{}\".\"{}\")", table_name, c.name),
                                pos,
                            ));
                        }
                        Value::Null
                    }
                    (DataType::Number { scale, .. }, v) => {
                        let n = v.as_f64().ok_or_else(|| LabError::ora(1722, "invalid number", pos))?;
                        Value::Num(match scale {
                            Some(s) => {
                                let m = 10f64.powi(*s);
                                (n * m).round() / m
                            }
                            None => n,
                        })
                    }
                    (DataType::Varchar2 { len, .. } | DataType::Char { len }, v) => {
                        let s = match &v {
                            Value::Str(s) => s.clone(),
                            other => std::rc::Rc::from(other.to_string().as_str()),
                        };
                        let actual = s.chars().count() as u32;
                        if actual > *len {
                            return Err(LabError::ora(
                                12899,
                                format!(
                                    "value too large for column \"LAB\".\"{}\".\"{}\" (actual: {}, maximum: {})",
                                    table_name, c.name, actual, len
                                ),
                                pos,
                            ));
                        }
                        Value::Str(s)
                    }
                    (DataType::Date, v) => v,
                };
                let i = out.len();
                let v = match (&v, &previous[i]) {
                    (Value::Str(a), Value::Str(b)) if a.len() > 16 && a == b => previous[i].clone(),
                    _ => v,
                };
                previous[i] = v.clone();
                out.push(v);
            }
            checked.push(out.into_boxed_slice());
        }
        // Deferred segment: created by the first insert.
        if let TableStorage::Heap { seg: None, .. } = self.cat.tables[tid].storage {
            let pool = self.cat.tables[tid].pool;
            let s = self.cat.new_segment(&table_name, SegmentKind::Table, None, pool);
            if let TableStorage::Heap { seg, .. } = &mut self.cat.tables[tid].storage {
                *seg = Some(s);
            }
        }
        let first_row = self.cat.tables[tid].rows.len();
        let heap_blocks_before = match &self.cat.tables[tid].storage {
            TableStorage::Heap { heap, .. } => heap.data_blocks() as usize,
            _ => 0,
        };
        let index_ids = self.cat.tables[tid].indexes.clone();
        let ins_stack = self.k.cost.stack("oracle;opitsk;opiodr;opiexe;insexe;kdtInsRow");
        let mut redo = 0u64;
        let n_idx = index_ids.len() as u64;
        for row in checked {
            let r = self.cat.tables[tid].rows.len() as u32;
            let size = storage::row_size(&row);
            let (loc, new_block) = match &mut self.cat.tables[tid].storage {
                TableStorage::Heap { heap, .. } => heap.insert(size),
                TableStorage::Iot { .. } => (RowLoc { block: 0, slot: 0 }, false),
                TableStorage::Cluster { cluster, key_cols } => {
                    let key = row[key_cols[0]].clone();
                    let cid = *cluster;
                    let (b, new) = self.cat.clusters[cid].hash.insert(&key, r, size);
                    (RowLoc { block: b, slot: 0 }, new)
                }
            };
            if new_block {
                if let Some(seg) = self.cat.scan_segment(&self.cat.tables[tid]) {
                    self.k.cache.new_block(seg, loc.block);
                }
            }
            for &iid in &index_ids {
                let ix = &mut self.cat.indexes[iid];
                let key = ix.key_of(&row);
                let sz = ix.btree.entry_size(&key, &row);
                ix.btree.insert(key, r, sz);
            }
            redo += size as u64 + 150 + n_idx * 120;
            let t = &mut self.cat.tables[tid];
            t.rows.push(row);
            t.loc.push(loc);
            let us = self.k.cost.params.insert_row_us;
            self.k.cost.charge(ins_stack, us);
        }
        let added = (self.cat.tables[tid].rows.len() - first_row) as u64;
        self.k.calls.db_block_gets += added * (1 + n_idx);
        self.k.calls.db_block_changes += added * (1 + n_idx);
        self.k.calls.redo_entries += added * (1 + n_idx);
        self.k.calls.redo_size += redo;
        let rb = self.k.cost.params.redo_byte_us;
        self.k.cost.charge(ins_stack, redo as f64 * rb);
        // Statement end: merge index entries, check uniqueness.
        let mut failure: Option<LabError> = None;
        for &iid in &index_ids {
            let ix = &mut self.cat.indexes[iid];
            if let Err(_k) = ix.btree.merge_pending() {
                failure = Some(LabError::ora(1, format!("unique constraint (LAB.{}) violated", ix.name), pos));
            }
        }
        if let Some(e) = failure {
            // Statement-level rollback.
            let t = &mut self.cat.tables[tid];
            t.rows.truncate(first_row);
            t.loc.truncate(first_row);
            match &mut t.storage {
                TableStorage::Heap { heap, .. } => heap.truncate_to(heap_blocks_before.max(1)),
                TableStorage::Cluster { cluster, .. } => {
                    self.cat.clusters[*cluster].hash.forget_rows_from(first_row as u32)
                }
                TableStorage::Iot { .. } => {}
            }
            for &iid in &index_ids {
                self.cat.indexes[iid].btree.remove_rows_from(first_row as u32);
            }
            return Err(e);
        }
        for &iid in &index_ids {
            let loc = &self.cat.tables[tid].loc;
            self.cat.indexes[iid].btree.set_rowid_blocks(loc);
        }
        if let TableStorage::Cluster { cluster, key_cols } = &self.cat.tables[tid].storage {
            let (cid, kc) = (*cluster, key_cols[0]);
            let rows = &self.cat.tables[tid].rows;
            self.cat.clusters[cid].hash.pack(|r| {
                rows[r as usize][kc]
                    .as_f64()
                    .filter(|_| matches!(rows[r as usize][kc], Value::Num(_)))
                    .unwrap_or(f64::NAN)
            });
        }
        // IOT rows live in the leaves: their block follows the layout.
        if let TableStorage::Iot { index } = self.cat.tables[tid].storage {
            let ix = &self.cat.indexes[index];
            let mut locs = vec![RowLoc { block: 0, slot: 0 }; self.cat.tables[tid].rows.len()];
            for (pos, e) in ix.btree.entries.iter().enumerate() {
                locs[e.1 as usize] = RowLoc { block: ix.btree.leaf_block(ix.btree.leaf_of(pos)), slot: 0 };
            }
            self.cat.tables[tid].loc = locs;
        }
        for &iid in &index_ids {
            let ix = &self.cat.indexes[iid];
            for b in 0..ix.btree.blocks() {
                self.k.cache.new_block(ix.seg, b);
            }
        }
        if let Some(seg) = self.cat.scan_segment(&self.cat.tables[tid]) {
            self.k.cache.new_block(seg, 0);
        }
        Ok(())
    }

    /// Every counter; DB time is the simulated time not spent waiting for
    /// the client or the network, CPU is DB time minus I/O waits.
    fn snapshot(&self) -> Snapshot {
        let mut s = self.k.snapshot();
        let db = (self.k.cost.now_us - self.net_wait_us - self.client_wait_us).max(0.0);
        let cpu = (db - self.k.calls.io_wait_us).max(0.0);
        s.set(crate::stats::Stat::DbTime, (db / 10_000.0).round() as u64);
        s.set(crate::stats::Stat::CpuUsedBySession, (cpu / 10_000.0).round() as u64);
        s
    }

    pub fn catalog_json(&self) -> String {
        crate::catalog_json::catalog_json(self)
    }

    pub(crate) fn dictionary(&self) -> &crate::dict::Dictionary {
        &self.dict
    }

    pub(crate) fn parts(&self) -> (&Catalog, &Kernel) {
        (&self.cat, &self.k)
    }
}

/// The kind of a statement that failed to parse, from its first word.
fn kind_of_text(text: &str) -> &'static str {
    let first =
        text.split(|c: char| c.is_whitespace() || c == '(').find(|w| !w.is_empty()).unwrap_or("").to_ascii_uppercase();
    match first.as_str() {
        "SELECT" | "WITH" => "query",
        "INSERT" | "UPDATE" | "DELETE" | "MERGE" | "COMMIT" | "ROLLBACK" => "dml",
        "CREATE" | "ALTER" | "DROP" | "TRUNCATE" | "GRANT" | "REVOKE" => "ddl",
        "BEGIN" | "DECLARE" => "plsql",
        "LAB" => "lab",
        _ => "sqlplus",
    }
}

fn rows_created(n: u64) -> String {
    if n == 1 {
        "1 row created.".into()
    } else {
        format!("{n} rows created.")
    }
}

fn set_var(vars: &mut [(String, Value)], target: &Ident, v: Value) -> Result<(), LabError> {
    match vars.iter_mut().rev().find(|(n, _)| *n == target.name) {
        Some(slot) => {
            slot.1 = v;
            Ok(())
        }
        None => {
            Err(LabError::ora(6550, format!("PLS-00201: identifier '{}' must be declared", target.name), target.pos))
        }
    }
}

fn assign_into(
    vars: &mut [(String, Value)],
    into: &[Ident],
    row: Option<Vec<Value>>,
    pos: Pos,
) -> Result<(), LabError> {
    let row = row.ok_or_else(|| LabError::ora(1403, "no data found", pos))?;
    for (i, t) in into.iter().enumerate() {
        set_var(vars, t, row.get(i).cloned().unwrap_or(Value::Null))?;
    }
    Ok(())
}

fn one_row(mut rows: Vec<Vec<Value>>, pos: Pos) -> Result<Option<Vec<Value>>, LabError> {
    if rows.len() > 1 {
        return Err(LabError::ora(1422, "exact fetch returns more than requested number of rows", pos));
    }
    Ok(rows.pop())
}

fn named(s: &Snapshot, profile: &VersionProfile) -> BTreeMap<String, u64> {
    s.named(profile).into_iter().map(|(n, v)| (n.to_string(), v)).collect()
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Mean after dropping the fastest and the slowest (3 runs or more).
pub fn trimmed_mean(v: &[f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    let core = if s.len() >= 3 { &s[1..s.len() - 1] } else { &s[..] };
    core.iter().sum::<f64>() / core.len() as f64
}

/// Inline a bind value as a literal (LAB RUN ... LITERALS).
fn replace_binds(sql: &str, v: i64) -> String {
    let mut out = String::with_capacity(sql.len() + 8);
    let b = sql.as_bytes();
    let mut i = 0;
    let mut in_str = false;
    while i < b.len() {
        let c = b[i] as char;
        if c == '\'' {
            in_str = !in_str;
        }
        if c == ':' && !in_str && i + 1 < b.len() && (b[i + 1].is_ascii_alphanumeric() || b[i + 1] == b'_') {
            i += 1;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push_str(&v.to_string());
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}
