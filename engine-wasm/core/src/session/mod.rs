//! A session: what is per session (cursors, SQL*Plus settings, the client
//! path and Oracle Net state, its statistics and waits, its position on the
//! simulated clock, its trace), and [`Run`], a session running one
//! statement against the instance. Statement families live in sibling
//! files: `sqlplus`, `lab`, `net` (client and Oracle Net), `cursor`
//! (parse/execute/fetch), `plsql`, `create`/`ddl` and `dml`; `step` wraps a
//! statement into the step the host sees.

mod change;
pub mod cr;
mod create;
pub mod cursor;
mod ddl;
mod dictionary;
mod dml;
pub mod fixed;
mod lab;
mod net;
mod plsql;
mod program;
mod redo_ddl;
pub use crate::instance::row_locks;
mod smart_scan;
mod space;
mod sqlplus;
mod step;
pub mod txn;
mod workload;
mod xplan;

use crate::catalog::{Catalog, SegmentKind, TableId};
use crate::engine::EngineConfig;
use crate::exec::{self, Compiled, Env, EvalCtx, LineStat, PlanCtx};
use crate::instance::params::Parameters;
use crate::instance::version::VersionProfile;
use crate::instance::Instance;
use crate::kernel;
pub(crate) use crate::kernel::limits::WorkBase;
pub use crate::kernel::limits::WorkLimit;
pub(crate) use crate::kernel::names::same_name;
use crate::random::DbmsRandom;
use crate::result::{PlanLineOut, RunOut, WaitOut};
use crate::sga::cache::PoolKind;
use crate::sim::cost::{CostModel, StackId};
use crate::stats::{SessionStats, Snapshot, TimeMark};
use crate::trace::{kind, TraceSink};
use crate::value::Value;
use kernel::OpStacks;
use lio_sql::ast::*;
use lio_sql::{ora, LabError};
use net::{CallStacks, Client};
use std::collections::BTreeMap;

pub(crate) use cursor::FetchPolicy;
pub(crate) use sqlplus::substitute_unit;
pub(crate) use step::StepRun;

/// The schema scripts run in.
const LAB_USER: &str = "LAB";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Autotrace {
    Off,
    On,
    TraceOnly,
}

/// The SQL*Plus client's settings for this session.
pub(crate) struct SqlPlusState {
    pub autotrace: Autotrace,
    /// Autotrace shows the plan (`EXPLAIN`) and the statistics (`STATISTICS`).
    pub autotrace_explain: bool,
    pub autotrace_statistics: bool,
    pub arraysize: u32,
    pub serveroutput: bool,
    /// SET SERVEROUTPUT ON's SIZE (None: UNLIMITED) and FORMAT, for SHOW.
    pub serveroutput_size: Option<u32>,
    pub serveroutput_format: &'static str,
    /// SET SQLBLANKLINES, for SHOW (the splitter applies it).
    pub sqlblanklines: bool,
    pub last_sql: Option<Statement>,
    /// A statement ended by a blank line went into the buffer but did not
    /// parse: `/` reports this error (when `last_sql` is None).
    pub buffer_error: Option<LabError>,
    /// The client-side settings a step reports (SET TIMING, LINESIZE, ...).
    pub settings: crate::result::SettingsOut,
    /// Substitution variables (DEFINE), SET DEFINE / VERIFY, WHENEVER, EXIT.
    pub vars: sqlplus::Vars,
}

impl Default for SqlPlusState {
    fn default() -> Self {
        SqlPlusState {
            autotrace: Autotrace::Off,
            autotrace_explain: false,
            autotrace_statistics: false,
            arraysize: 15,
            serveroutput: false,
            serveroutput_size: None,
            serveroutput_format: "WORD_WRAPPED",
            sqlblanklines: false,
            last_sql: None,
            buffer_error: None,
            settings: Default::default(),
            vars: Default::default(),
        }
    }
}

/// The session's last executed cursor, for `dbms_xplan.display_cursor`:
/// its text (the plan and figures are read from the session's cursor
/// when asked, the SQL_ID computed then).
#[derive(Debug, Clone)]
pub(crate) struct LastCursor {
    pub text: String,
    /// A query (with a plan), not a PL/SQL call.
    pub query: bool,
    /// Rowsource statistics were gathered in its last execution.
    pub stats_gathered: bool,
}

/// One session of the instance (V$SESSION).
pub struct Session {
    pub sid: u32,
    /// `ALTER SESSION` overrides on top of the instance parameters.
    pub params: Parameters,
    pub(crate) cursors: crate::fasthash::FxMap<String, Compiled>,
    /// Bytes of the texts of `cursors` (bounded: cursor.rs).
    pub(crate) cursor_text_bytes: usize,
    /// The instance's cursor epoch these cursors were built in.
    pub(crate) cursor_epoch: u64,
    pub(crate) sqlplus: SqlPlusState,
    /// V$SESSTAT.
    pub stats: SessionStats,
    /// The session's profiler and its position on the simulated clock.
    pub cost: CostModel,
    /// The events of the statement running now.
    pub trace: TraceSink,
    pub(crate) rng: DbmsRandom,
    /// Simulated time spent on the network and in the client, which the
    /// server sees as `SQL*Net message from client`.
    pub(crate) net_wait_us: f64,
    pub(crate) client_wait_us: f64,
    /// Interned call stacks per client path, indexed by `Client as usize`.
    pub(crate) call_stack_cache: [Option<CallStacks>; 5],
    /// Interned stacks of recursive dictionary SQL, under their base.
    pub(crate) dict_stacks: Option<(StackId, OpStacks)>,
    pub(crate) last_folded: Vec<String>,
    /// Bytes of DBMS_OUTPUT lines the running PL/SQL block has buffered
    /// (counted in the memory budget).
    pub(crate) output_bytes: u64,
    /// Work units at the start of the running statement and script.
    pub(crate) work_base: WorkBase,
    /// Blocks the running statement cloned for consistent read.
    pub(crate) cr_seen: crate::fasthash::FxSet<(u32, u32)>,
    /// `dbms_xplan.display_cursor`'s default: the last cursor executed.
    pub(crate) last_cursor: Option<LastCursor>,
    /// PLAN_TABLE: the last EXPLAIN PLAN's statement id and plan.
    pub(crate) plan_table: Option<(Option<String>, Vec<PlanLineOut>)>,
    /// The V$SQL entry of the last statement executed (V$SESSION.SQL_ID).
    pub(crate) last_sql: Option<(usize, u64)>,
    /// Stored program calls in progress (bounded by MAX_CALL_DEPTH).
    pub(crate) plsql_depth: u32,
    /// Levels of PL/SQL nesting in progress (bounded by MAX_PLSQL_NEST).
    pub(crate) plsql_nest: u32,
    /// `runstats_pkg` snapshots.
    pub(crate) runstats: program::Runstats,
    /// Time the session was not in the database: waiting for the other
    /// sessions of a workload (µs). Not DB time.
    pub(crate) idle_us: f64,
    /// Time in the CPU run queue (`LAB SET cpu_count`): DB time, not CPU.
    pub(crate) run_queue_us: f64,
    /// The statement's scans find rows to change: buffered, never direct.
    pub(crate) buffered_scan: bool,
    /// Under `SESSIONS n`: a commit waiting for LGWR to write up to here.
    pub(crate) pending_sync: Option<u64>,
    /// Interned stacks of row changes, by base path, and of log file sync.
    pub(crate) change_stacks: Vec<(&'static str, txn::ChangeStacks)>,
    pub(crate) sync_stack: Option<StackId>,
    /// Spare cursor-cache key buffers (reused, not reallocated).
    pub(crate) cursor_keys: Vec<String>,
    /// A DML statement's working vectors, reused from one execution to the
    /// next (session/change.rs).
    pub(crate) dml: change::DmlScratch,
    /// PL/SQL static SQL's cursor texts, by text as written and the
    /// variables in scope (session/plsql.rs).
    pub(crate) static_sql: crate::fasthash::FxMap<String, std::rc::Rc<plsql::StaticSql>>,
    /// The instance's `ddl_seq` those texts were worked out at.
    pub(crate) static_sql_seq: u64,
    /// The sessions a `LAB RUN ... SESSIONS n` runs besides this one, lent
    /// to it by the engine for that step (session/workload.rs).
    pub(crate) workload_peers: Vec<Session>,
}

impl Session {
    pub fn new(sid: u32, params: Parameters, config: &EngineConfig) -> Self {
        let mut trace = TraceSink::default();
        trace.enabled = config.trace;
        trace.limit = config.trace_limit;
        Session {
            sid,
            params,
            cursors: Default::default(),
            cursor_text_bytes: 0,
            cursor_epoch: 0,
            sqlplus: SqlPlusState::default(),
            stats: SessionStats::default(),
            cost: CostModel::default(),
            trace,
            rng: DbmsRandom::new(0),
            net_wait_us: 0.0,
            client_wait_us: 0.0,
            call_stack_cache: [None; 5],
            dict_stacks: None,
            last_folded: Vec::new(),
            output_bytes: 0,
            work_base: WorkBase::default(),
            cr_seen: Default::default(),
            last_cursor: None,
            plan_table: None,
            last_sql: None,
            plsql_depth: 0,
            plsql_nest: 0,
            runstats: Default::default(),
            idle_us: 0.0,
            run_queue_us: 0.0,
            buffered_scan: false,
            pending_sync: None,
            change_stacks: Vec::new(),
            sync_stack: None,
            cursor_keys: Vec::new(),
            dml: Default::default(),
            static_sql: Default::default(),
            static_sql_seq: 0,
            workload_peers: Vec::new(),
        }
    }

    /// A new script starts (one `exec` call): its work is counted from here.
    pub fn start_script(&mut self) {
        self.work_base.script = self.stats.work_units();
    }

    /// The session's time ledger now (`stats/ledger.rs`).
    pub fn time_mark(&self) -> TimeMark {
        let c = &self.stats.calls;
        TimeMark {
            now_us: self.cost.now_us(),
            counts: c.wait_count,
            waits: c.wait_us,
            roundtrips: c.roundtrips,
            net_us: self.net_wait_us,
            client_us: self.client_wait_us,
            idle_us: self.idle_us,
            run_queue_us: self.run_queue_us,
        }
    }

    /// Every counter of the session; DB time and CPU from its time ledger.
    pub fn snapshot(&self, block_size: u32) -> Snapshot {
        let mut s = self.stats.snapshot(block_size);
        let t = self.time_mark();
        s.set(crate::stats::Stat::DbTime, (t.db_time_us() / 10_000.0).round() as u64);
        s.set(crate::stats::Stat::CpuUsedBySession, (t.cpu_us() / 10_000.0).round() as u64);
        s
    }
}

impl Run<'_> {
    /// The buffer cache learns each segment's pool (`BUFFER_POOL KEEP`).
    fn sync_cache_pools(&mut self) {
        for seg in self.inst.cat.segments.iter().filter(|s| !s.dropped) {
            self.inst.sga.cache.set_pool(seg.id, seg.pool);
        }
    }

    /// `ALTER SYSTEM CHECKPOINT`: DBWR writes every dirty buffer and the
    /// session waits for the checkpoint to complete (`rdbms ipc reply`).
    fn checkpoint(&mut self) {
        let now = self.s.cost.now;
        let done = self.inst.sga.cache.checkpoint(None, &mut self.inst.io, now);
        self.inst.io.redo.checkpoint_complete();
        let us = done.since(now);
        if us > 0.0 {
            self.s.stats.calls.note_wait(crate::stats::WaitEvent::RdbmsIpcReply, us);
            let st = self.s.cost.stack("oracle;opitsk;opiodr;opiexe;kcbbxsv;ksarcv;rdbms ipc reply");
            self.s.cost.charge(st, us);
        }
    }

    /// A block formatted in the cache (an insert's new block, a built
    /// index's or cluster's blocks): a dirty buffer without a read. With
    /// no clean buffer the session waits for DBWR (`free buffer waits`).
    pub(crate) fn format_block(&mut self, seg: u32, block: u32) {
        let now = self.s.cost.now;
        if let Some(info) = self.inst.cat.segments.get(seg as usize) {
            // A segment created by this statement (a deferred segment's first insert).
            self.inst.sga.cache.set_pool(seg, info.pool);
        }
        let Some(m) = self.inst.sga.cache.new_block(seg, block, &mut self.inst.io, now) else { return };
        let stacks = if m.free_waits > 0 {
            let st = self.s.cost.stack("oracle;kcbgcur;kcbzgb;free buffer waits");
            kernel::OpStacks { own: st, get: st, latch: st, read: st, memopt_lookup: st, memopt_fetch: st }
        } else {
            kernel::OpStacks::default()
        };
        crate::kernel!(self.inst, self.s).count_free_buffers(&m, &stacks);
    }
}

pub(crate) fn pool_of(p: &Physical) -> PoolKind {
    match p.buffer_pool {
        Some(BufferPool::Keep) => PoolKind::Keep,
        _ => PoolKind::Default,
    }
}

pub(crate) fn kind_of(k: &StatementKind) -> &'static str {
    match k {
        StatementKind::Query(_) | StatementKind::SelectForUpdate(_) => "query",
        StatementKind::CreateTable(_)
        | StatementKind::CreateTablespace(_)
        | StatementKind::CreateCluster(_)
        | StatementKind::CreateIndex(_)
        | StatementKind::AlterIndex(_)
        | StatementKind::AlterTable(_)
        | StatementKind::Drop(_)
        | StatementKind::AlterSystem(_)
        | StatementKind::FlushBufferCache
        | StatementKind::Checkpoint
        | StatementKind::SwitchLogfile
        | StatementKind::AlterDatabase(_)
        | StatementKind::AlterUser(_)
        | StatementKind::AlterSession(_) => "ddl",
        StatementKind::Insert(_)
        | StatementKind::Update(_)
        | StatementKind::Delete(_)
        | StatementKind::Commit
        | StatementKind::Rollback
        | StatementKind::Savepoint(_)
        | StatementKind::RollbackTo(_) => "dml",
        StatementKind::Plsql(_) => "plsql",
        StatementKind::CreateProgram(_) => "ddl",
        StatementKind::SqlPlus(_) => "sqlplus",
        StatementKind::Lab(_) => "lab",
        StatementKind::ExplainPlan(_) => "dml",
        StatementKind::Xplan(_) => "query",
    }
}

/// Outcome of running one statement (before it is wrapped in a step).
#[derive(Default)]
pub(crate) struct Outcome {
    pub columns: Vec<String>,
    /// Display widths SQL*Plus gives the columns (declared character
    /// lengths; 0 where the data decides).
    pub column_widths: Vec<u32>,
    pub rows: Vec<Vec<Value>>,
    pub rows_processed: u64,
    pub plan: Vec<PlanLineOut>,
    pub output: Vec<String>,
    pub runs: Option<Vec<RunOut>>,
    pub trimmed_mean_us: Option<f64>,
    /// SQL*Plus feedback line ("Table created.").
    pub feedback: Option<String>,
    /// `LAB RESET`: the engine starts a fresh instance after this statement.
    pub reset: bool,
    /// `LAB RUN ... SESSIONS n`: each session's figures (the script's
    /// session first) and the workload's elapsed time.
    pub sessions: Option<Vec<crate::result::SessionOut>>,
    pub elapsed_us: Option<f64>,
}
/// A session running one statement against the instance.
pub(crate) struct Run<'a> {
    pub inst: &'a mut Instance,
    pub s: &'a mut Session,
    pub config: &'a EngineConfig,
}

impl Run<'_> {
    /// A non-buffer event (round trip, parse, execute, fetch).
    fn call_event(&mut self, event_kind: u8, stack: StackId) {
        kernel::call_event(&mut self.s.trace, &self.s.cost, event_kind, stack);
    }

    fn snapshot(&self) -> Snapshot {
        self.s.snapshot(self.inst.sga.cache.block_size)
    }

    pub(crate) fn work_limit(&self) -> WorkLimit {
        let l = &self.inst.limits;
        WorkLimit::new(self.s.work_base, l.max_statement_work, l.max_script_work)
    }

    /// Whether the script has used up its work budget.
    pub(crate) fn script_exhausted(&self) -> bool {
        self.s.stats.work_units().saturating_sub(self.s.work_base.script) > self.inst.limits.max_script_work
    }

    pub(crate) fn check_work(&self) -> Result<(), LabError> {
        self.work_limit().check(&self.s.stats)
    }

    /// LAB-00034 when `extra` more bytes of rows would take the lab's data
    /// past its memory budget.
    pub(crate) fn check_memory(&self, extra: u64) -> Result<(), LabError> {
        let limit = self.inst.limits.memory_bytes();
        if self.inst.cat.memory_bytes().saturating_add(extra) > limit {
            return Err(memory_error(self.inst.limits.max_memory_mb));
        }
        Ok(())
    }

    /// Bytes rows may still take before the memory budget is reached.
    pub(crate) fn memory_room(&self) -> u64 {
        self.inst.limits.memory_bytes().saturating_sub(self.inst.cat.memory_bytes())
    }

    fn autotrace_name(&self) -> &'static str {
        match self.s.sqlplus.autotrace {
            Autotrace::Off => "off",
            Autotrace::On => "on",
            Autotrace::TraceOnly => "traceonly",
        }
    }

    /// The table whose dictionary entries a DDL statement changes.
    fn ddl_table(&self, k: &StatementKind) -> Option<String> {
        let of_index = |name: &str| {
            let up = name.to_uppercase();
            self.inst
                .cat
                .indexes
                .iter()
                .find(|i| !i.dropped && i.name == up)
                .map(|i| self.inst.cat.tables[i.table].name.clone())
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
        &self.s.params
    }
    fn waits_now(&self) -> TimeMark {
        self.s.time_mark()
    }

    /// The session's waits since `before`, by V$SESSION_EVENT's names.
    fn waits_since(&self, before: &TimeMark) -> BTreeMap<String, WaitOut> {
        let now = self.s.time_mark();
        let mut w = BTreeMap::new();
        for e in crate::stats::WaitEvent::ALL {
            let count = now.count_since(e, before);
            if count > 0 {
                w.insert(e.name().into(), WaitOut { count, time_us: round3(now.wait_since(e, before)) });
            }
        }
        w
    }

    fn background(&mut self) {
        if self.inst.sga.memopt.has_pending() {
            let cat = &self.inst.cat;
            let bs = self.inst.params.current.db_block_size as u64;
            let populated = self.inst.sga.memopt.run_background(bs, |t| {
                let t = cat.tables.get(t)?;
                if t.dropped {
                    return None;
                }
                Some((t.rows.len() as u64, cat.table_blocks(t)))
            });
            self.s.stats.memopt.rows_populated += populated;
        }
    }

    /// SYS.DUAL's table and segment, made before the first statement that
    /// reads its column is planned (see `exec/plan/dual.rs`).
    pub(super) fn ensure_dual(&mut self, q: Option<&lio_sql::ast::Query>, e: Option<&lio_sql::ast::Expr>) {
        if self.inst.cat.dual.is_some() {
            return;
        }
        let cat = &self.inst.cat;
        let reads = q.is_some_and(|q| exec::plan::dual::query_reads_dual(q, cat))
            || e.is_some_and(|e| exec::plan::dual::expr_reads_dual(e, cat));
        if reads {
            let bs = self.inst.params.current.db_block_size;
            self.inst.cat.ensure_dual(bs);
        }
    }

    fn plan_ctx<'a>(
        cat: &'a Catalog,
        profile: &'a VersionProfile,
        params: &Parameters,
        sid: u32,
        vars: impl Into<crate::exec::plan::PlsqlVars<'a>>,
    ) -> PlanCtx<'a> {
        PlanCtx { cat, plsql_vars: vars.into(), profile, nlj_batching_enabled: params.nlj_batching_enabled, sid }
    }

    /// A new instance or version profile: every session's cursors and the
    /// shared cursors are gone; the next parse of any statement is hard.
    /// (DDL invalidates the cursors of its table only: invalidate_table.)
    fn invalidate_cursors(&mut self) {
        self.s.cursors.clear();
        self.s.cursor_text_bytes = 0;
        self.inst.library_cache.clear();
        self.inst.ddl_seq += 1;
        self.inst.cursor_epoch += 1;
        self.s.cursor_epoch = self.inst.cursor_epoch;
    }

    // ------------------------------------------------------------ dispatch

    fn run_statement(&mut self, stmt: &Statement) -> Result<Outcome, LabError> {
        if !self.inst.up && !matches!(stmt.kind, StatementKind::SqlPlus(_) | StatementKind::Lab(_)) {
            return Err(LabError::new(ora::ORACLE_NOT_AVAILABLE, stmt.pos));
        }
        if kind_of(&stmt.kind) == "ddl"
            && !matches!(
                stmt.kind,
                StatementKind::AlterSystem(_)
                    | StatementKind::AlterSession(_)
                    | StatementKind::FlushBufferCache
                    | StatementKind::Checkpoint
                    | StatementKind::SwitchLogfile
            )
        {
            // DDL commits the open transaction first.
            self.implicit_commit();
        }
        self.sync_cache_pools();
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
            StatementKind::FlushBufferCache => {
                // Every buffer is dropped; the next visit of a block reads it.
                self.inst.sga.cache.flush();
                Ok(Outcome { feedback: Some("System altered.".into()), ..Default::default() })
            }
            StatementKind::AlterDatabase(AlterDatabase::DefaultTemporaryTablespace(ts)) => {
                let name = ts.name.to_uppercase();
                match self.inst.io.tablespace(&name) {
                    None => return Err(LabError::with_args(ora::TABLESPACE_DOES_NOT_EXIST, &[&name], ts.pos)),
                    Some(t) if !t.temporary => {
                        return Err(LabError::new(ora::DEFAULT_TEMPORARY_TABLESPACE_TYPE, ts.pos))
                    }
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
            StatementKind::AlterUser(a) => {
                let user = a.user.name.to_uppercase();
                if user != LAB_USER {
                    return Err(LabError::with_args(ora::USER_DOES_NOT_EXIST, &[&user], a.user.pos));
                }
                let ts = &a.temporary_tablespace;
                let name = ts.name.to_uppercase();
                match self.inst.io.tablespace(&name) {
                    None => return Err(LabError::with_args(ora::TABLESPACE_DOES_NOT_EXIST, &[&name], ts.pos)),
                    Some(t) if !t.temporary => {
                        return Err(LabError::new(ora::INVALID_TEMPORARY_TABLESPACE_TYPE, ts.pos))
                    }
                    Some(_) => self.inst.io.user_temp = Some(name),
                }
                Ok(Outcome { feedback: Some("User altered.".into()), ..Default::default() })
            }
            StatementKind::SwitchLogfile => Ok(self.switch_logfile()),
            StatementKind::AlterDatabase(a) => self.alter_database(a),
            StatementKind::CreateIndex(c) => self.create_index(c),
            StatementKind::AlterIndex(a) => self.alter_index(a),
            StatementKind::AlterTable(a) => self.alter_table(a),
            StatementKind::Drop(d) => self.drop(d),
            StatementKind::CreateProgram(p) => self.create_program(p),
            StatementKind::AlterSystem(s) => {
                self.inst.params.alter_system(&s.name.name, &s.value, s.scope, s.deferred, s.name.pos)?;
                // DEFERRED: for sessions that connect later, not this one.
                if s.scope != Some(Scope::Spfile) && !s.deferred {
                    self.s.params.set(&s.name.name, &s.value, s.name.pos)?;
                    self.apply_dynamic();
                }
                Ok(Outcome { feedback: Some("System altered.".into()), ..Default::default() })
            }
            StatementKind::AlterSession(s) => {
                self.s.params.alter_session(&s.name.name, &s.value, s.name.pos)?;
                self.apply_dynamic();
                Ok(Outcome { feedback: Some("Session altered.".into()), ..Default::default() })
            }
            StatementKind::Insert(i) => {
                self.s.sqlplus.last_sql = Some(stmt.clone());
                let n = self.insert(i, &[], &stmt.text, Client::SqlPlus)?;
                self.user_call_roundtrip(Client::SqlPlus, stmt.text.len());
                Ok(Outcome { rows_processed: n, feedback: Some(rows_created(n)), ..Default::default() })
            }
            StatementKind::SelectForUpdate(q) => {
                self.s.sqlplus.last_sql = Some(stmt.clone());
                self.select_for_update(q, &stmt.text)
            }
            StatementKind::Update(u) => {
                self.s.sqlplus.last_sql = Some(stmt.clone());
                let n = self.update(u, &stmt.text, change::DmlBinds::Positional(&[]), Client::SqlPlus)?;
                self.user_call_roundtrip(Client::SqlPlus, stmt.text.len());
                Ok(Outcome { rows_processed: n, feedback: Some(rows_done(n, "updated")), ..Default::default() })
            }
            StatementKind::Delete(d) => {
                self.s.sqlplus.last_sql = Some(stmt.clone());
                let n = self.delete(d, &stmt.text, change::DmlBinds::Positional(&[]), Client::SqlPlus)?;
                self.user_call_roundtrip(Client::SqlPlus, stmt.text.len());
                Ok(Outcome { rows_processed: n, feedback: Some(rows_done(n, "deleted")), ..Default::default() })
            }
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
            StatementKind::Plsql(b) => {
                self.s.sqlplus.last_sql = Some(stmt.clone());
                let mut out = Vec::new();
                self.run_plsql(b, &mut out)?;
                self.user_call_roundtrip(Client::SqlPlus, stmt.text.len());
                if !self.s.sqlplus.serveroutput {
                    out.clear();
                }
                Ok(Outcome {
                    output: out,
                    feedback: Some("PL/SQL procedure successfully completed.".into()),
                    ..Default::default()
                })
            }
            StatementKind::SqlPlus(c) => self.sqlplus_command(c, stmt.pos, &stmt.text),
            StatementKind::Lab(l) => self.lab_command(l, stmt.pos),
            StatementKind::ExplainPlan(e) => self.explain_plan(e, &stmt.text),
            StatementKind::Xplan(x) => {
                self.s.sqlplus.last_sql = Some(stmt.clone());
                self.xplan_query(x, &stmt.text)
            }
        }
    }

    fn apply_dynamic(&mut self) {
        let p = &self.s.params;
        self.inst.sga.cache.fastpath = self.inst.profile.fastpath_gets && p.fastpin_enable;
        self.inst.sga.cache.fastpath_examination = self.inst.profile.fastpath_examination && p.fastpin_enable;
        self.inst.sga.cache.dbwr.max_writes = self.inst.params.current.db_writer_max_writes;
        // No cursor is invalidated: a cursor built under other optimizer
        // parameters is another child (session/cursor.rs, OptEnv).
    }
}

/// The kind of a statement that failed to parse, from its first word.
/// LAB-00034: the lab's data would outgrow its memory budget.
pub(crate) fn memory_error(max_mb: u64) -> LabError {
    LabError::with(ora::LAB_MEMORY_LIMIT, max_mb, Pos::default())
}

pub(crate) fn kind_of_text(text: &str) -> &'static str {
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

/// SQL*Plus's feedback for UPDATE and DELETE: `1 row updated.`, `2 rows deleted.`
pub(crate) fn rows_done(n: u64, what: &str) -> String {
    format!("{n} row{} {what}.", if n == 1 { "" } else { "s" })
}

pub(crate) fn rows_created(n: u64) -> String {
    if n == 1 {
        "1 row created.".into()
    } else {
        format!("{n} rows created.")
    }
}

/// The name of the entry that precedes a PL/SQL variable whose declared
/// type its assignments check; its value is the type's text. (No
/// identifier can take this name.)
pub(crate) const DECLARED_TYPE: &str = "\0type";

/// Declare a PL/SQL variable of type `type_text` (NULL until assigned).
pub(crate) fn declare_var(vars: &mut Vec<(String, Value)>, name: &Ident, type_text: &str) {
    let t = crate::exec::convert::normalize_type(type_text);
    if crate::exec::convert::plsql_type_normalized(&t).is_some() {
        vars.push((DECLARED_TYPE.to_string(), Value::str(&t)));
    }
    vars.push((name.name.clone(), Value::Null));
}

/// The declared type of the variable `name` in scope, when checked.
pub(crate) fn var_type(vars: &[(String, Value)], name: &str) -> Option<crate::exec::convert::PlType> {
    let i = vars.iter().rposition(|(n, _)| same_name(n, name))?;
    type_at(vars, i)
}

/// The declared type of the variable at `i`, when checked.
fn type_at(vars: &[(String, Value)], i: usize) -> Option<crate::exec::convert::PlType> {
    match i.checked_sub(1).map(|j| &vars[j]) {
        Some((k, Value::Str(t))) if k == DECLARED_TYPE => crate::exec::convert::plsql_type_normalized(t),
        _ => None,
    }
}

pub(crate) fn set_var(vars: &mut [(String, Value)], target: &Ident, v: Value) -> Result<(), LabError> {
    match vars.iter().rposition(|(n, _)| same_name(n, &target.name)) {
        Some(i) => {
            // The declared type, when the variable has one the lab checks.
            let ty = type_at(vars, i);
            vars[i].1 = match ty {
                Some(ty) => crate::exec::convert::plsql_assign(ty, v, target.pos)?,
                None => v,
            };
            Ok(())
        }
        None => Err(LabError::pls_run(ora::PLS_IDENTIFIER_MUST_BE_DECLARED, &[&target.name], target.pos)),
    }
}

pub(crate) fn assign_into(
    vars: &mut [(String, Value)],
    into: &[Ident],
    row: Option<Vec<Value>>,
    pos: Pos,
) -> Result<(), LabError> {
    let row = row.ok_or_else(|| LabError::new(ora::NO_DATA_FOUND, pos))?;
    for (i, t) in into.iter().enumerate() {
        set_var(vars, t, row.get(i).cloned().unwrap_or(Value::Null))?;
    }
    Ok(())
}

pub(crate) fn one_row(mut rows: Vec<Vec<Value>>, pos: Pos) -> Result<Option<Vec<Value>>, LabError> {
    if rows.len() > 1 {
        return Err(LabError::new(ora::EXACT_FETCH_RETURNS_TOO_MANY_ROWS, pos));
    }
    Ok(rows.pop())
}

pub(crate) fn named(s: &Snapshot, profile: &VersionProfile) -> BTreeMap<String, u64> {
    s.named(profile).into_iter().map(|(n, v)| (n.to_string(), v)).collect()
}

pub(crate) fn round3(x: f64) -> f64 {
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
pub(crate) fn replace_binds(sql: &str, v: i64) -> String {
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
