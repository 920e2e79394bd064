//! What a session is (V$SESSION's figures, cursors, SQL*Plus settings, the
//! client path, its clock and trace) and [`Run`], a session running one
//! statement against the instance, with the [`Outcome`] it hands back.
//! Data only, besides the session's own counters; the statement families
//! (`dispatch`, `cursor`, `plsql`, ...) act on them.

use super::*;

/// The schema scripts run in.
pub(crate) const LAB_USER: &str = crate::catalog::DEFAULT_SCHEMA;

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
    /// SET DOC[UMENT] (obsolete, still working): DOC blocks are echoed.
    pub document: bool,
    pub last_sql: Option<Statement>,
    /// A statement ended by a blank line went into the buffer but did not
    /// parse: `/` reports this error (when `last_sql` is None).
    pub buffer_error: Option<LabError>,
    /// The client-side settings a step reports (SET TIMING, LINESIZE, ...).
    pub settings: crate::result::SettingsOut,
    /// Substitution variables (DEFINE), SET DEFINE / VERIFY, WHENEVER, EXIT.
    pub vars: sqlplus::Vars,
    /// Bind variables (VARIABLE), in the order declared.
    pub binds: Vec<HostBind>,
}

/// A SQL*Plus bind variable: `VARIABLE name type`, and its value.
#[derive(Debug, Clone)]
pub(crate) struct HostBind {
    /// Upper-cased, without the `:`.
    pub name: String,
    pub ty: lio_sql::ast::BindType,
    pub value: Value,
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
            document: true,
            last_sql: None,
            buffer_error: None,
            settings: Default::default(),
            vars: Default::default(),
            binds: Vec::new(),
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

/// EXPLAIN PLAN's PLAN_TABLE: statement id, plan, notes, and the
/// explained statement's text.
pub(crate) type PlanTable = (Option<String>, Vec<PlanLineOut>, Vec<String>, String);

/// What a DML statement puts above its query's plan.
#[derive(Debug, Clone)]
pub(crate) struct DmlLines {
    pub statement: &'static str,
    pub op: Option<&'static str>,
    pub table: String,
    /// The statement's gets (None: EXPLAIN PLAN, not run).
    pub gets: Option<u64>,
    /// The query's lines when its cursor is not kept (INSERT ... SELECT).
    pub query: Option<Vec<crate::result::PlanLineOut>>,
    /// OPTIMIZER STATISTICS GATHERING between the load and its query
    /// (online statistics gathering, 12.1+).
    pub gathering: bool,
}

/// One session of the instance (V$SESSION).
pub struct Session {
    pub sid: u32,
    /// The user connected: the lab's one schema (`Catalog::schema`), or
    /// SYS after `CONNECT / AS SYSDBA`.
    pub user: String,
    /// `ALTER SESSION` overrides on top of the instance parameters.
    pub params: Parameters,
    pub(crate) cursors: crate::fasthash::FxMap<String, Box<Compiled>>,
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
    pub(crate) call_stack_cache: [Option<CallStacks>; 6],
    /// The thin driver's closed statements not yet sent (session/sqlcl.rs).
    pub(crate) thin_closes: super::types::ThinCloses,
    /// Interned stacks of recursive dictionary SQL, under their base.
    pub(crate) dict_stacks: Option<(StackId, OpStacks)>,
    /// Running dynamic sampling's recursive query (session/dyn_sampling.rs).
    pub(crate) sampling: bool,
    /// LAB SET dyn_sampling_query: whether a hard parse runs it (off until
    /// the suite's first-execution figures are re-derived with it).
    pub(crate) sampling_query: bool,
    pub(crate) last_folded: Vec<String>,
    /// Bytes of DBMS_OUTPUT lines the running PL/SQL block has buffered
    /// (counted in the memory budget).
    pub(crate) output_bytes: u64,
    /// INDEX_STATS: the row of the session's last ANALYZE INDEX ...
    /// VALIDATE STRUCTURE.
    pub(crate) index_stats: Option<Vec<Value>>,
    /// Work units at the start of the running statement and script.
    pub(crate) work_base: WorkBase,
    /// Blocks the running statement cloned for consistent read.
    pub(crate) cr_seen: crate::fasthash::FxSet<(u32, u32)>,
    /// `dbms_xplan.display_cursor`'s default: the last cursor executed.
    pub(crate) last_cursor: Option<LastCursor>,
    /// The last DML statement's query cursor (its key) and the lines its
    /// plan puts above the query's (display_cursor).
    pub(crate) last_dml: Option<(String, DmlLines)>,
    /// Some while SQL*Plus's INSERT runs: its query's plan lines and
    /// whether rowsource statistics were gathered, once it has run.
    pub(crate) insert_plan: Option<Option<(Vec<crate::result::PlanLineOut>, bool)>>,
    /// PLAN_TABLE: the last EXPLAIN PLAN's statement id and plan.
    pub(crate) plan_table: Option<PlanTable>,
    /// The V$SQL entry of the last statement executed (V$SESSION.SQL_ID).
    pub(crate) last_sql: Option<(usize, u64)>,
    /// Stored program calls in progress (bounded by MAX_CALL_DEPTH).
    pub(crate) plsql_depth: u32,
    /// Levels of PL/SQL nesting in progress (bounded by MAX_PLSQL_NEST).
    pub(crate) plsql_nest: u32,
    /// Transactions this session has ended (COMMIT, ROLLBACK, DDL): a
    /// block's implicit savepoint is gone once one ended inside it.
    pub(crate) txn_ends: u64,
    /// The user-declared exception last raised (its identity): what an
    /// ORA-06510 going through handlers is.
    pub(crate) plsql_raised: Option<String>,
    /// The exception a handler is handling: SQLCODE and SQLERRM
    /// (session/plsql/sqlerrm.rs).
    pub(crate) plsql_error: Option<(i64, String)>,
    /// The implicit cursor's attributes (`SQL%ROWCOUNT`, ...): what the
    /// last SQL statement PL/SQL ran left.
    pub(crate) sql_cursor: super::types::SqlCursor,
    /// DBMS_OUTPUT's lines of a block that failed: SQL*Plus shows them
    /// with its error (Kyte's "I fired and updated 1 rows" lines above
    /// `ERROR at line 1:`).
    pub(crate) failed_output: Vec<String>,
    /// The PL/SQL explicit cursors open, by slot (a cursor's `C%` variable).
    pub(crate) plsql_cursors: Vec<Option<super::types::CursorRows>>,
    /// The PL/SQL collections, by slot (a collection's `T()` variable):
    /// their elements by index.
    pub(crate) plsql_colls: Vec<Option<std::collections::BTreeMap<i64, Value>>>,
    /// While a client parses a statement whose bind values it already
    /// has (LAB RUN's numbers, EXECUTE IMMEDIATE's USING values): each
    /// bind's datatype class, by position.
    pub(crate) parse_bind_kinds: Vec<crate::exec::convert::Kind>,
    /// While PL/SQL's static SQL is compiled: its variables' declared
    /// classes, by name.
    pub(crate) parse_var_kinds: Vec<(String, crate::exec::convert::Kind)>,
    /// The stored program the session last created (SQL*Plus's SHOW
    /// ERRORS without a name lists its errors).
    pub(crate) last_compiled: Option<String>,
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
    /// The buffer a static SQL's cache key is built in (reused).
    pub(crate) static_sql_key: String,
    /// The sessions a `LAB RUN ... SESSIONS n` runs besides this one, lent
    /// to it by the engine for that step (session/workload.rs).
    pub(crate) workload_peers: Vec<Session>,
    /// The extended SQL trace this session writes (session/sqltrace.rs).
    pub(crate) sqltrace: super::sqltrace_file::SqlTrace,
}

impl Session {
    pub fn new(sid: u32, params: Parameters, config: &EngineConfig) -> Self {
        let mut trace = TraceSink::default();
        trace.enabled = config.trace;
        trace.operators = config.operator_events;
        trace.limit = config.trace_limit;
        Session {
            sid,
            user: LAB_USER.to_string(),
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
            call_stack_cache: [None; 6],
            thin_closes: Default::default(),
            dict_stacks: None,
            sampling: false,
            sampling_query: false,
            last_folded: Vec::new(),
            output_bytes: 0,
            index_stats: None,
            work_base: WorkBase::default(),
            cr_seen: Default::default(),
            last_cursor: None,
            last_dml: None,
            insert_plan: None,
            plan_table: None,
            last_sql: None,
            plsql_depth: 0,
            plsql_nest: 0,
            txn_ends: 0,
            plsql_raised: None,
            plsql_error: None,
            sql_cursor: super::types::SqlCursor::None,
            failed_output: Vec::new(),
            plsql_cursors: Vec::new(),
            plsql_colls: Vec::new(),
            parse_bind_kinds: Vec::new(),
            parse_var_kinds: Vec::new(),
            last_compiled: None,
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
            static_sql_key: String::new(),
            workload_peers: Vec::new(),
            sqltrace: Default::default(),
        }
    }

    /// A new script starts (one `exec` call): its work is counted from here.
    pub fn start_script(&mut self) {
        self.work_base.script = self.stats.work_units();
    }

    /// The session's time ledger now (`stats/ledger.rs`), copied to keep.
    pub fn time_mark(&self) -> TimeMark {
        self.time_now().mark()
    }

    /// The session's time ledger now, read in place (to difference a mark
    /// against without copying the per-event arrays).
    #[inline]
    pub fn time_now(&self) -> LedgerNow<'_> {
        let c = &self.stats.calls;
        LedgerNow {
            now_us: self.cost.now_us(),
            waits: &c.waits,
            waits_noted: c.waits_noted,
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
        let t = self.time_now();
        s.set(crate::stats::Stat::DbTime, (t.db_time_us() / 10_000.0).round() as u64);
        s.set(crate::stats::Stat::CpuUsedBySession, (t.cpu_us() / 10_000.0).round() as u64);
        s
    }
}

/// Outcome of running one statement (before it is wrapped in a step).
#[derive(Default)]
pub(crate) struct Outcome {
    pub columns: Vec<String>,
    /// Display widths SQL*Plus gives the columns (declared character
    /// lengths; 0 where the data decides).
    pub column_widths: Vec<u32>,
    /// Columns of NUMBER type ([`crate::exec::Compiled::numeric`]).
    pub column_numeric: Vec<bool>,
    pub rows: Vec<Vec<Value>>,
    pub rows_processed: u64,
    pub plan: Vec<PlanLineOut>,
    /// The plan's Note lines (dynamic sampling), for autotrace.
    pub plan_notes: Vec<String>,
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
    /// SQL*Plus `PRINT`: the variables shown.
    pub prints: Vec<crate::result::PrintOut>,
}
/// A session running one statement against the instance.
pub(crate) struct Run<'a> {
    pub inst: &'a mut Instance,
    pub s: &'a mut Session,
    pub config: &'a EngineConfig,
}
