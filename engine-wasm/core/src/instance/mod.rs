//! The instance: what every session shares. Parameters, the version
//! profile, the lab's cost parameters, the catalog, the SGA and the I/O
//! layer. Sessions (`crate::session`) run statements against it.

pub mod ash;
pub mod cr_cache;
pub mod figures;
pub mod param_defs;
pub mod param_listing;
pub mod params;
pub mod row_locks;
pub mod shared_pool;
pub mod sql_monitor;
pub mod sql_monitor_text;
pub mod txn_table;
pub mod version;

use crate::catalog::Catalog;
use crate::io::IoLayer;
use crate::sga::Sga;
use crate::sim::cost::CostParams;
use params::{InstanceParameters, Parameters};
use version::VersionProfile;

/// One line of a stored program's compile errors (a row of
/// USER_ERRORS): `PLS-00201: ...` at the name, or `PL/SQL: Statement
/// ignored` at the statement's start.
#[derive(Debug, Clone, PartialEq)]
pub struct PlsqlError {
    pub line: u32,
    pub position: u32,
    pub text: String,
}

/// The lab's own limits (`LAB SET name = value`): what a statement or a
/// script may do before it is refused, so nothing typed can hang the
/// engine or exhaust its memory.
#[derive(Debug, Clone, PartialEq)]
pub struct LabLimits {
    /// Units of work (see `SessionStats::work_units`) one statement may do.
    pub max_statement_work: u64,
    /// Units of work one script (one `exec` call) may do.
    pub max_script_work: u64,
    /// Megabytes the lab's table data and materialized rows may take.
    pub max_memory_mb: u64,
}

/// The ceiling of `max_memory_mb` ([`LabLimits::ceiling`]).
pub const MAX_MEMORY_MB: u64 = 3072;
/// The ceiling of the work budgets ([`LabLimits::ceiling`]).
pub const MAX_WORK: u64 = 1_000_000_000_000_000;

impl Default for LabLimits {
    fn default() -> Self {
        // A few seconds of wasm work per statement on a laptop, and a memory
        // ceiling well below wasm32's 4 GB address space.
        LabLimits { max_statement_work: 50_000_000, max_script_work: 200_000_000, max_memory_mb: 1024 }
    }
}

impl LabLimits {
    pub const NAMES: &'static [&'static str] = &["max_statement_work", "max_script_work", "max_memory_mb"];

    fn slot(&mut self, name: &str) -> Option<&mut u64> {
        match name {
            "max_statement_work" => Some(&mut self.max_statement_work),
            "max_script_work" => Some(&mut self.max_script_work),
            "max_memory_mb" => Some(&mut self.max_memory_mb),
            _ => None,
        }
    }

    pub fn memory_bytes(&self) -> u64 {
        self.max_memory_mb.saturating_mul(1 << 20)
    }

    /// The largest value `LAB SET name` takes, and why: the memory budget
    /// must stay inside what the wasm module can address (4 GB, of which
    /// the code, the stack, the buffer cache and the structures the budget
    /// does not count need their part), and a work budget past 10^15 units
    /// (days of work) is no budget while sums of budgets must not overflow.
    pub fn ceiling(name: &str) -> Option<(u64, &'static str)> {
        match name {
            "max_memory_mb" => Some((
                MAX_MEMORY_MB,
                "the engine runs in wasm32, which addresses 4 GB, and needs the rest for its code, stack and working structures",
            )),
            "max_statement_work" | "max_script_work" => {
                Some((MAX_WORK, "10^15 units are days of work, and larger budgets would overflow the work counters"))
            }
            _ => None,
        }
    }
}

pub struct Instance {
    pub params: InstanceParameters,
    pub limits: LabLimits,
    pub profile: VersionProfile,
    /// Per-operation costs (`LAB SET`), the same for every session.
    pub cost_params: CostParams,
    pub cat: Catalog,
    pub sga: Sga,
    pub io: IoLayer,
    /// The library cache: texts of the shared cursors any session has
    /// parsed. A session that lacks a cursor finds it here (a soft parse)
    /// or builds it (a hard parse).
    pub library_cache: crate::fasthash::FxMap<String, Vec<shared_pool::LibChild>>,
    /// Per table: bumped when DDL changes it (or its indexes) or its
    /// statistics are gathered with NO_INVALIDATE => FALSE; a cursor built
    /// on an older version is invalid.
    pub table_versions: Vec<u64>,
    /// Per table: when statistics were gathered with AUTO_INVALIDATE (µs on
    /// the gathering session's clock): the cursors built before are
    /// invalidated once `_optimizer_invalidation_period` has passed.
    pub auto_invalidations: Vec<Vec<f64>>,
    /// Bumped at each such change: PL/SQL's static SQL texts are worked
    /// out again (what a name means may have changed).
    pub ddl_seq: u64,
    /// Bumped when DDL or a parameter change invalidates every cursor;
    /// a session whose cursors are older drops them.
    pub cursor_epoch: u64,
    /// Between SHUTDOWN and STARTUP the instance is down.
    pub up: bool,
    /// Open transactions, by session (SID).
    pub txns: std::collections::BTreeMap<u32, txn_table::Transaction>,
    /// Ended transactions' emptied structures, reused by the next ones.
    pub txn_pool: Vec<txn_table::Transaction>,
    /// Bumped at every change to a table (its `changed_at`), so cached
    /// consistent-read versions know when they are stale.
    pub change_seq: u64,
    /// Tables as another session's uncommitted changes found them, by
    /// table: (the table's `changed_at` they were built for, the version).
    /// Keyed by table and reading session (a reader sees its own changes).
    pub cr_cache: crate::fasthash::FxMap<(crate::catalog::TableId, u32), (u64, cr_cache::CrVersion)>,
    /// Rows locked by an open transaction: (table, row) -> SID.
    pub row_locks: row_locks::RowLocks,
    /// Each live session's figures as of the end of its last step (the
    /// running session reads its own live).
    pub sessions_seen: std::collections::BTreeMap<u32, figures::SessionFigures>,
    /// What sessions that disconnected left to the instance totals.
    pub ended_sessions: figures::SessionFigures,
    /// The instance totals at the last STARTUP (V$SYSSTAT counts from there).
    pub figures_at_startup: figures::SessionFigures,
    /// V$SQL: executed SQL texts and their figures.
    pub sql_area: Vec<shared_pool::SqlAreaEntry>,
    /// Each text's entries, by child number.
    pub sql_area_index: crate::fasthash::FxMap<String, Vec<usize>>,
    pub sql_area_next_id: u64,
    /// Stored procedures and functions, by name.
    pub programs: std::collections::BTreeMap<String, std::rc::Rc<lio_sql::ast::StoredProgram>>,
    /// The compile errors of the stored programs that do not compile
    /// (USER_ERRORS; such a program is INVALID), by name.
    pub program_errors: std::collections::BTreeMap<String, Vec<PlsqlError>>,
    /// `LAB SET cpu_count = k`: CPUs the sessions of a workload share (0:
    /// as many as they need, no run queue).
    pub cpu_count: u32,
    /// The engine's scheduler (`sim/scheduler.rs`): it runs the script's
    /// session for each step, and a `SESSIONS n` run's sessions and LGWR.
    pub(crate) sched: crate::sim::scheduler::Scheduler,
    /// Active Session History (V$ACTIVE_SESSION_HISTORY).
    pub ash: ash::AshStore,
    /// Real-Time SQL Monitoring's executions (V$SQL_MONITOR).
    pub sql_monitor: sql_monitor::SqlMonitorStore,
}

impl Instance {
    pub fn new(profile: VersionProfile) -> Self {
        let params = InstanceParameters::default();
        let cost_params = CostParams::default();
        let mut io = IoLayer::new(cost_params.physical_read_us);
        io.extents.set_geometry(params.current.db_block_size, crate::io::extents::header_bytes(profile.name));
        Instance {
            sga: Sga::new(&profile, &params.current),
            io,
            params,
            profile,
            cost_params,
            cat: Catalog { schema: crate::catalog::DEFAULT_SCHEMA.into(), ..Default::default() },
            limits: LabLimits::default(),
            library_cache: Default::default(),
            table_versions: Vec::new(),
            auto_invalidations: Vec::new(),
            ddl_seq: 0,
            cursor_epoch: 0,
            up: true,
            txns: Default::default(),
            txn_pool: Vec::new(),
            change_seq: 0,
            cr_cache: Default::default(),
            row_locks: Default::default(),
            sessions_seen: Default::default(),
            ended_sessions: Default::default(),
            figures_at_startup: Default::default(),
            sql_area: Vec::new(),
            sql_area_index: Default::default(),
            sql_area_next_id: 0,
            programs: Default::default(),
            program_errors: Default::default(),
            cpu_count: 0,
            sched: Default::default(),
            ash: Default::default(),
            sql_monitor: Default::default(),
        }
    }

    /// LGWR's timing from the lab's cost parameters.
    pub fn lgwr_timing(&self) -> crate::io::redo::LgwrTiming {
        let p = &self.cost_params;
        crate::io::redo::LgwrTiming {
            post_us: p.lgwr_post_us,
            write_cpu_us: p.lgwr_write_cpu_us,
            wakeup_us: p.commit_wakeup_us,
        }
    }

    /// DBWR's turns due by `t` (`bg/dbwr.rs`), its next one queued on `sched`.
    pub fn dbwr_turn(&mut self, sched: &mut crate::sim::scheduler::Scheduler, t: crate::sim::SimTime) {
        self.sga.cache.dbwr_run_until(t.0, &mut self.io);
        self.sga.cache.dbwr.schedule(sched);
    }

    /// DBWR's turns due by `t`, its next one queued on the engine's scheduler.
    pub fn dbwr_until(&mut self, t: crate::sim::SimTime) {
        self.sga.cache.dbwr_run_until(t.0, &mut self.io);
        self.sga.cache.dbwr.schedule(&mut self.sched);
    }

    /// Hand a log switch's checkpoint to DBWR (see `Redo::switch_checkpoint`).
    #[inline]
    pub fn switch_checkpoint(&mut self) {
        if let Some(at) = self.io.redo.switch_checkpoint.take() {
            self.sga.cache.background_checkpoint(at, &mut self.io);
        }
    }

    /// The end of session `sid`'s transaction (commit, rollback): its
    /// tables and blocks carry no uncommitted changes of it any more.
    pub fn end_transaction(&mut self, sid: u32) {
        let txn = self.txns.remove(&sid).unwrap_or_default();
        for t in self.cat.tables.iter_mut() {
            if t.txn_sids.contains(&sid) {
                t.txn_sids.retain(|s| *s != sid);
                if t.load.direct_loader == Some(sid) {
                    t.load.direct_loader = None;
                }
                let id = t.id;
                self.cr_cache.retain(|(table, _), _| *table != id);
            }
        }
        self.cat.held_bytes = cr_cache::cr_cache_bytes(&self.cr_cache);
        // Only what this transaction took: the maps may be large (and their
        // capacity larger) after a big transaction.
        self.row_locks.release_session(sid, &txn.locked);
        self.sga.cache.holds.release(sid, &txn.active_blocks);
        self.sga.cache.holds.imu_release(sid);
        self.recycle(txn);
    }

    /// Keep a small transaction's emptied vectors for the next one.
    fn recycle(&mut self, mut txn: txn_table::Transaction) {
        if self.txn_pool.len() >= 64
            || txn.undo.capacity() > 1024
            || txn.locked.capacity() > 1024
            || txn.changed_blocks.capacity() > 1024
        {
            return;
        }
        for u in txn.undo.drain(..) {
            if let txn_table::Undo::Update { old, .. } = u {
                if txn.spare_rows.len() < 64 {
                    txn.spare_rows.push(old);
                }
            }
        }
        txn.savepoints.clear();
        txn.savepoint_index.clear();
        txn.locked.clear();
        txn.active_blocks.clear();
        txn.changed_blocks.clear();
        txn.changed_seen.clear();
        txn.started = false;
        txn.undo_block_used = 0;
        txn.undo_blocks = 0;
        txn.imu = None;
        txn.imu_barred = false;
        self.txn_pool.push(txn);
    }

    /// Put a segment in a tablespace ([`crate::io::IoLayer::place`]). A
    /// segment placed elsewhere before (its first block formatted before
    /// its CREATE placed it, a MOVE) has new addresses: its cached buffers
    /// forget the child latch they noted.
    pub fn place_segment(&mut self, seg: u32, tablespace: &str) {
        self.io.place(seg, tablespace);
        self.sga.cache.readdress_segment(seg);
    }

    /// `STARTUP` after the parameters were re-read, or `LAB VERSION`: the
    /// SGA's cache and pools are built anew with the session's parameters.
    pub fn rebuild_sga(&mut self, p: &Parameters) {
        self.sga.rebuild(&self.profile, p);
        self.io.extents.set_geometry(p.db_block_size, crate::io::extents::header_bytes(self.profile.name));
        self.io.redo.log_buffer = p.log_buffer;
        self.io.redo.reset_buffer();
        // ASH's buffer is in the SGA: a new SGA starts it empty.
        self.ash.clear();
        self.sql_monitor.clear();
        self.cat.ash_bytes = 0;
    }

    /// `LAB SET name = value` for a cost parameter; the datafile device
    /// follows `physical_read_us`. Returns false for an unknown name.
    pub fn set_cost_param(&mut self, name: &str, value: f64) -> bool {
        if let Some(slot) = self.limits.slot(name) {
            *slot = value.min(u64::MAX as f64) as u64;
            return true;
        }
        if !self.cost_params.set(name, value) {
            return false;
        }
        self.io.datafiles.set_param(name, value);
        true
    }
}
