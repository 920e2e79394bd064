//! Session statistics under Oracle's V$STATNAME names.
//!
//! A session owns its statistics (V$SESSTAT): [`SessionStats`] is a flat
//! struct per layer (its consistent gets, its index/table/cluster access,
//! its MemOptimized lookups, its calls). Shared components (buffer cache,
//! latch set, memoptimize pool, devices) report what happened and the
//! session counts it. A [`Snapshot`] is the sum of the counters, and a
//! statement's statistics are the difference of two snapshots, reported
//! under the names of the active version profile.

use crate::instance::version::VersionProfile;
use crate::sga::get_kind::GetKind;

mod work;
pub use work::*;
mod imu;
pub mod ledger;
pub mod names;
mod trace_wait;
pub mod waits;

pub use imu::ImuCounters;
pub use ledger::{LedgerNow, TimeMark, WaitArrays};
pub use names::{Stat, STAT_COUNT};
pub use trace_wait::TraceWait;
pub use waits::{WaitClass, WaitEvent};

/// A point-in-time copy of every counter, indexed by [`Stat`].
#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    pub values: [u64; STAT_COUNT],
}

impl Default for Snapshot {
    fn default() -> Self {
        Snapshot { values: [0; STAT_COUNT] }
    }
}

impl Snapshot {
    pub fn get(&self, s: Stat) -> u64 {
        self.values[s as usize]
    }
    pub fn set(&mut self, s: Stat, v: u64) {
        self.values[s as usize] = v;
    }
    pub fn add(&mut self, s: Stat, v: u64) {
        self.values[s as usize] += v;
    }

    /// `self - before`, saturating.
    pub fn delta(&self, before: &Snapshot) -> Snapshot {
        let mut d = Snapshot::default();
        for i in 0..STAT_COUNT {
            d.values[i] = self.values[i].saturating_sub(before.values[i]);
        }
        d
    }

    /// Non-zero statistics under the profile's names, sorted by name.
    pub fn named(&self, profile: &VersionProfile) -> Vec<(&'static str, u64)> {
        let mut v: Vec<(&'static str, u64)> = Stat::ALL
            .iter()
            .filter_map(|s| {
                let value = self.get(*s);
                if value == 0 {
                    return None;
                }
                s.name(profile).map(|n| (n, value))
            })
            .collect();
        v.sort_by_key(|a| a.0.to_ascii_lowercase());
        v
    }
}

/// Components that own counters write them into a snapshot.
pub trait Counters {
    fn fill(&self, snap: &mut Snapshot);
}

/// Counters of the access layer (kdi/kds/kdst: index, table and cluster
/// access), owned by the session and bumped by row sources.
#[derive(Debug, Clone, Default)]
pub struct AccessCounters {
    pub buffer_is_pinned: u64,
    pub buffer_is_not_pinned: u64,
    pub index_fetch_by_key: u64,
    pub index_scans_kdiixs1: u64,
    pub index_fast_full_scans_full: u64,
    pub table_fetch_by_rowid: u64,
    pub rows_fetched_via_callback: u64,
    pub table_scan_blocks: u64,
    pub table_scan_rows: u64,
    pub table_scans_short: u64,
    pub table_scans_long: u64,
    pub cluster_key_scans: u64,
    pub cluster_key_scan_block_gets: u64,
    pub sorts_memory: u64,
    pub table_fetch_continued_row: u64,
    /// A shared-mode CBC latch get upgraded to exclusive (to pin the
    /// buffer) without / after waiting for another holder.
    pub shared_latch_upgrades_no_wait: u64,
    pub shared_latch_upgrades_wait: u64,
    /// Row-level consistent reads tried / satisfied (the RowCR path a
    /// shortcut get takes under concurrent access).
    pub row_cr_attempts: u64,
    pub row_cr_hits: u64,
}

impl Counters for AccessCounters {
    fn fill(&self, s: &mut Snapshot) {
        s.add(Stat::BufferIsPinnedCount, self.buffer_is_pinned);
        s.add(Stat::BufferIsNotPinnedCount, self.buffer_is_not_pinned);
        s.add(Stat::IndexFetchByKey, self.index_fetch_by_key);
        s.add(Stat::IndexScansKdiixs1, self.index_scans_kdiixs1);
        s.add(Stat::IndexFastFullScansFull, self.index_fast_full_scans_full);
        s.add(Stat::TableFetchByRowid, self.table_fetch_by_rowid);
        s.add(Stat::TableFetchContinuedRow, self.table_fetch_continued_row);
        s.add(Stat::SharedHashLatchUpgradesNoWait, self.shared_latch_upgrades_no_wait);
        s.add(Stat::SharedHashLatchUpgradesWait, self.shared_latch_upgrades_wait);
        s.add(Stat::RowCrAttempts, self.row_cr_attempts);
        s.add(Stat::RowCrHits, self.row_cr_hits);
        s.add(Stat::RowsFetchedViaCallback, self.rows_fetched_via_callback);
        s.add(Stat::TableScanBlocksGotten, self.table_scan_blocks);
        s.add(Stat::TableScanRowsGotten, self.table_scan_rows);
        s.add(Stat::TableScansShort, self.table_scans_short);
        s.add(Stat::TableScansLong, self.table_scans_long);
        s.add(Stat::ClusterKeyScans, self.cluster_key_scans);
        s.add(Stat::ClusterKeyScanBlockGets, self.cluster_key_scan_block_gets);
        s.add(Stat::SortsMemory, self.sorts_memory);
    }
}

/// Work areas and their spills to the temporary tablespace (counted in
/// `exec/workarea.rs`).
#[derive(Debug, Clone, Default)]
pub struct WorkareaCounters {
    /// Sorts that spilled (`sorts (disk)`); in-memory sorts are
    /// `AccessCounters::sorts_memory`.
    pub sorts_disk: u64,
    pub optimal: u64,
    pub onepass: u64,
    pub multipass: u64,
    /// Blocks and requests read from / written to temp (direct path).
    pub temp_blocks_read: u64,
    pub temp_read_requests: u64,
    pub temp_blocks_written: u64,
    /// Blocks a direct-path load wrote, and its write requests.
    pub load_blocks_written: u64,
    pub load_write_requests: u64,
    pub temp_write_requests: u64,
    /// The last work area the session ran (V$SQL_WORKAREA's LAST_ figures).
    pub last: LastWorkarea,
}

/// One execution of a work area.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct LastWorkarea {
    /// V$SQL_WORKAREA.OPERATION_TYPE (`SORT (v2)`, `GROUP BY (SORT)`).
    pub operation: &'static str,
    pub manual: bool,
    /// Bytes the sort needed to run optimal.
    pub estimated_optimal: u64,
    pub memory_used: u64,
    /// Merge passes: 0 optimal, 1 one-pass, more multi-pass.
    pub passes: u32,
    /// Temp bytes it held at most (0 when optimal).
    pub tempseg: u64,
}

impl Counters for WorkareaCounters {
    fn fill(&self, s: &mut Snapshot) {
        s.add(Stat::SortsDisk, self.sorts_disk);
        s.add(Stat::WorkareaExecutionsOptimal, self.optimal);
        s.add(Stat::WorkareaExecutionsOnepass, self.onepass);
        s.add(Stat::WorkareaExecutionsMultipass, self.multipass);
        // Direct reads count in `physical reads` as cache reads do.
        s.add(Stat::PhysicalReads, self.temp_blocks_read);
        s.add(Stat::PhysicalReadsDirect, self.temp_blocks_read);
        s.add(Stat::PhysicalReadsDirectTemporaryTablespace, self.temp_blocks_read);
        s.add(Stat::PhysicalReadIoRequests, self.temp_read_requests);
        s.add(Stat::PhysicalWrites, self.temp_blocks_written + self.load_blocks_written);
        s.add(Stat::PhysicalWritesDirect, self.temp_blocks_written + self.load_blocks_written);
        s.add(Stat::PhysicalWritesDirectTemporaryTablespace, self.temp_blocks_written);
        s.add(Stat::PhysicalWriteIoRequests, self.temp_write_requests + self.load_write_requests);
    }
}

/// Counters of the user-call layer (opi/kks/network), owned by the session.
#[derive(Debug, Clone, Default)]
pub struct CallCounters {
    pub execute_count: u64,
    pub parse_count_total: u64,
    pub parse_count_hard: u64,
    pub session_cursor_cache_hits: u64,
    pub opened_cursors_cumulative: u64,
    pub user_calls: u64,
    pub recursive_calls: u64,
    pub user_commits: u64,
    pub roundtrips: u64,
    pub bytes_sent: u64,
    pub bytes_received: u64,
    pub db_block_gets: u64,
    pub db_block_changes: u64,
    pub redo_size: u64,
    pub redo_entries: u64,
    pub undo_change_vector_size: u64,
    pub user_rollbacks: u64,
    pub transaction_rollbacks: u64,
    pub undo_records_applied: u64,
    pub redo_synch_writes: u64,
    pub cr_blocks_created: u64,
    pub cr_undo_records_applied: u64,
    /// Blocks a commit tried to clean out (at most a tenth of the cache),
    /// and those it did (still cached).
    pub commit_cleanouts: u64,
    pub commit_cleanouts_done: u64,
    /// Blocks a committed transaction left uncleaned, cleaned by this
    /// session's consistent get (redo on a query) or current get.
    pub cleanout_cr_gets: u64,
    pub cleanout_current_gets: u64,
    /// In-memory undo and private strands.
    pub imu: ImuCounters,
    /// Index block splits (leaf, 90-10, branch, root).
    pub splits: crate::storage::Splits,
    pub parse_cpu_us: f64,
    /// Waits by duration, per [`WaitEvent`]: bucket 0 holds waits under
    /// 1 ms, bucket b waits of [2^(b-1), 2^b) ms (V$EVENT_HISTOGRAM).
    pub wait_hist: [[u64; WAIT_BUCKETS]; WaitEvent::COUNT],
    /// The same waits in microsecond buckets (V$EVENT_HISTOGRAM_MICRO):
    /// bucket 0 holds waits under 1 us, bucket b waits of [2^(b-1), 2^b) us.
    pub wait_hist_us: WaitHistUs,
    /// Waits and their time per [`WaitEvent`] (every `note_wait`): the
    /// session's wait ledger ([`ledger::TimeMark`] reads it).
    /// Shared with the marks taken since the last wait (copied on the
    /// first wait after a mark: [`ledger::WaitArrays`]). The SQL*Net
    /// events are not counted here: their figures are the round trips'
    /// (`roundtrips`, and the ledger's network and client time).
    pub waits: std::rc::Rc<ledger::WaitArrays>,
    /// Waits noted other than the SQL*Net events (equal at two marks: no
    /// other event's time moved between them, `waits` is the same;
    /// [`ledger::TimeMark::cpu_in`]).
    pub waits_noted: u64,
    /// Each wait as it happens, while the session writes an extended SQL
    /// trace (`session/sqltrace.rs`); None (nothing kept) otherwise.
    pub trace_waits: Option<Vec<TraceWait>>,
    /// Read requests and blocks read per plan line of the running
    /// execution (SQL Monitor's Read Reqs and Read Bytes per line).
    pub line_reads: Vec<(u64, u64)>,
    /// Fetch calls made (SQL Monitor's Fetch Calls).
    pub fetch_calls: u64,
}

/// Buckets of a microsecond wait histogram (the last one takes every
/// longer wait: 2^30 us, about 18 minutes, and beyond).
pub const WAIT_BUCKETS_US: usize = 32;

/// Per-event microsecond wait histograms.
pub type WaitHistUs = [[u64; WAIT_BUCKETS_US]; WaitEvent::COUNT];

/// The microsecond bucket of a wait of `us`.
#[inline]
pub fn wait_bucket_us(us: f64) -> usize {
    if us < 1.0 {
        0
    } else {
        (floor_log2(us) + 1).min(WAIT_BUCKETS_US - 1)
    }
}

/// `x.log2().floor() as usize` for `x >= 1`, read from the exponent field
/// (a wait is noted per round trip: `log2` was a libm call each time).
/// Within 2^-40 of a power of two, where `log2`'s rounding could land on
/// the power itself, and for infinities and NaN, `log2` decides as before.
#[inline(always)]
fn floor_log2(x: f64) -> usize {
    const FRACTION: u64 = (1 << 52) - 1;
    const NEAR: u64 = 1 << 12;
    let bits = x.to_bits();
    let fraction = bits & FRACTION;
    if !(NEAR..=FRACTION - NEAR).contains(&fraction) || !x.is_finite() {
        return x.log2().floor() as usize;
    }
    ((bits >> 52) & 0x7ff) as usize - 1023
}

/// The millisecond bucket (V$EVENT_HISTOGRAM) of a wait of `us`.
#[inline]
pub fn wait_bucket_ms(us: f64) -> usize {
    let ms = us / 1000.0;
    if ms < 1.0 {
        0
    } else {
        (floor_log2(ms) + 1).min(WAIT_BUCKETS - 1)
    }
}

/// Upper bound (exclusive, us) of microsecond bucket `b`; None for the last.
pub fn wait_bucket_us_limit(b: usize) -> Option<u64> {
    (b + 1 < WAIT_BUCKETS_US).then(|| 1u64 << b)
}

/// Buckets of a wait-time histogram (the last one takes every longer wait).
pub const WAIT_BUCKETS: usize = 24;

impl CallCounters {
    /// One wait of `us` microseconds, in its histogram bucket.
    #[inline]
    pub fn note_wait(&mut self, e: WaitEvent, us: f64) {
        self.note_wait_grid(e, crate::sim::GridUs::of(us));
    }

    /// [`Self::note_wait`] of a wait already on the clock's grid.
    #[inline]
    pub fn note_wait_grid(&mut self, e: WaitEvent, us: crate::sim::GridUs) {
        let us = us.us();
        self.wait_hist[e as usize][wait_bucket_ms(us)] += 1;
        self.wait_hist_us[e as usize][wait_bucket_us(us)] += 1;
        // The SQL*Net events' figures are the round trips' (the ledger reads
        // them there): a round trip leaves the arrays, shared with the marks
        // taken since the last wait, as they are (no copy of them).
        if !matches!(e, WaitEvent::SqlNetMessageToClient | WaitEvent::SqlNetMessageFromClient) {
            let w = std::rc::Rc::make_mut(&mut self.waits);
            w.count[e as usize] += 1;
            w.us[e as usize] += us;
            self.waits_noted += 1;
        }
        if let Some(v) = &mut self.trace_waits {
            trace_wait::keep(v, e, us);
        }
    }

    /// A read request of `blocks` blocks made for plan line `line` (out
    /// of line: reads are the slow path).
    #[cold]
    #[inline(never)]
    pub fn note_line_read(&mut self, line: u16, blocks: u64) {
        if line == u16::MAX {
            return;
        }
        let i = line as usize;
        if self.line_reads.len() <= i {
            self.line_reads.resize(i + 1, (0, 0));
        }
        self.line_reads[i].0 += 1;
        self.line_reads[i].1 += blocks;
    }

    /// The parameters of the wait just noted (`e`), for the SQL trace.
    #[inline]
    pub fn trace_wait_params(&mut self, e: WaitEvent, p: [u64; 3], line: u16, tim: f64) {
        if let Some(w) = self.trace_waits.as_mut().and_then(|v| v.last_mut()) {
            if w.event == e && w.tim.is_nan() {
                (w.p, w.line, w.tim) = (p, line, tim);
            }
        }
    }
}

impl Counters for CallCounters {
    fn fill(&self, s: &mut Snapshot) {
        s.add(Stat::ExecuteCount, self.execute_count);
        s.add(Stat::ParseCountTotal, self.parse_count_total);
        s.add(Stat::ParseCountHard, self.parse_count_hard);
        s.add(Stat::SessionCursorCacheHits, self.session_cursor_cache_hits);
        s.add(Stat::OpenedCursorsCumulative, self.opened_cursors_cumulative);
        s.add(Stat::UserCalls, self.user_calls);
        s.add(Stat::RecursiveCalls, self.recursive_calls);
        s.add(Stat::UserCommits, self.user_commits);
        s.add(Stat::SqlNetRoundtrips, self.roundtrips);
        s.add(Stat::BytesSentViaSqlNet, self.bytes_sent);
        s.add(Stat::BytesReceivedViaSqlNet, self.bytes_received);
        s.add(Stat::DbBlockGets, self.db_block_gets);
        s.add(Stat::SessionLogicalReads, self.db_block_gets);
        s.add(Stat::DbBlockGetsFromCache, self.db_block_gets);
        s.add(Stat::DbBlockChanges, self.db_block_changes);
        s.add(Stat::RedoSize, self.redo_size);
        s.add(Stat::RedoEntries, self.redo_entries);
        s.add(Stat::UndoChangeVectorSize, self.undo_change_vector_size);
        s.add(Stat::UserRollbacks, self.user_rollbacks);
        s.add(Stat::TransactionRollbacks, self.transaction_rollbacks);
        s.add(Stat::RollbackChangesUndoRecordsApplied, self.undo_records_applied);
        s.add(Stat::RedoSynchWrites, self.redo_synch_writes);
        s.add(Stat::CrBlocksCreated, self.cr_blocks_created);
        s.add(Stat::CommitCleanouts, self.commit_cleanouts);
        s.add(Stat::CommitCleanoutsSuccessfullyCompleted, self.commit_cleanouts_done);
        s.add(Stat::CommitCleanoutFailuresBlockLost, self.commit_cleanouts - self.commit_cleanouts_done);
        s.add(Stat::CleanoutsOnlyConsistentReadGets, self.cleanout_cr_gets);
        s.add(Stat::ImmediateCrBlockCleanoutApplications, self.cleanout_cr_gets);
        s.add(Stat::ImmediateCurrentBlockCleanoutApplications, self.cleanout_current_gets);
        s.add(Stat::DataBlocksConsistentReadsUndoRecordsApplied, self.cr_undo_records_applied);
        // Lewis's 2011 snapshot: 1,001 of each for one clone.
        s.add(Stat::ConsistentChanges, self.cr_undo_records_applied);
        for (stat, v) in self.imu.values() {
            s.add(stat, v);
        }
        s.add(Stat::LeafNodeSplits, self.splits.leaf);
        s.add(Stat::LeafNode9010Splits, self.splits.leaf_90_10);
        s.add(Stat::BranchNodeSplits, self.splits.branch);
        s.add(Stat::RootNodeSplits, self.splits.root);
        // Oracle reports CPU in centiseconds (DB time and CPU used by this
        // session: the session's time ledger, `Session::snapshot`).
        s.add(Stat::ParseTimeCpu, (self.parse_cpu_us / 10_000.0).round() as u64);
    }
}

/// The session's consistent gets, by kind (counted in `kernel/mod.rs`).
#[derive(Debug, Clone, Default)]
pub struct GetCounters {
    pub examination: u64,
    pub examination_fastpath: u64,
    pub normal: u64,
    pub normal_fastpath: u64,
    pub no_work: u64,
    /// Blocks read into the cache.
    pub physical_reads: u64,
    /// Current-mode gets (`db block gets`) of blocks being changed.
    pub current: u64,
    /// Read requests (cache and direct), of them multiblock ones.
    pub read_requests: u64,
    pub multiblock_requests: u64,
    /// Blocks read by direct path reads and smart scans, and their
    /// consistent gets (not from the cache).
    pub direct_reads: u64,
    pub direct: u64,
    /// Requests of smart scans (counted apart from `read_requests`).
    pub direct_requests: u64,
    /// The free buffer searches: buffers asked for, buffers passed over,
    /// of them dirty, and buffers moved to the hot end.
    pub free_requested: u64,
    pub free_inspected: u64,
    pub dirty_inspected: u64,
    pub hot_moved: u64,
    /// Smart scans (`cell scans`) and the bytes they offloaded.
    pub cell_scans: u64,
    pub offload_bytes: u64,
    /// Read requests a cell served from its flash cache.
    pub cell_flash_hits: u64,
    /// Reads served from the Database Smart Flash Cache.
    pub db_flash_hits: u64,
}

impl GetCounters {
    pub fn consistent_gets(&self) -> u64 {
        self.examination + self.normal + self.direct
    }

    /// Count one consistent get of `kind`. `fastpath`/`fastpath_examination`:
    /// the cache's configuration (version and `_fastpin_enable`).
    #[inline(always)]
    pub fn count(&mut self, kind: GetKind, no_work: bool, fastpath: bool, fastpath_examination: bool) {
        match kind {
            GetKind::Examination => {
                self.examination += 1;
                self.examination_fastpath += fastpath_examination as u64;
            }
            GetKind::Normal | GetKind::Pin => {
                self.normal += 1;
                self.normal_fastpath += fastpath as u64;
                self.no_work += no_work as u64;
            }
            GetKind::Current => self.current += 1,
            GetKind::PinnedRevisit | GetKind::Memopt => {}
        }
    }

    fn fill(&self, s: &mut Snapshot, block_size: u32) {
        let gets = self.examination + self.normal;
        s.add(Stat::DbBlockGets, self.current);
        s.add(Stat::DbBlockGetsFromCache, self.current);
        s.add(Stat::SessionLogicalReads, self.current);
        s.add(Stat::ConsistentGets, gets + self.direct);
        s.add(Stat::ConsistentGetsFromCache, gets);
        s.add(Stat::ConsistentGetsDirect, self.direct);
        s.add(Stat::SessionLogicalReads, gets + self.direct);
        s.add(Stat::LogicalReadBytesFromCache, gets * block_size as u64);
        s.add(Stat::ConsistentGetsExamination, self.examination);
        s.add(Stat::ConsistentGetsExaminationFastpath, self.examination_fastpath);
        s.add(Stat::ConsistentGetsNormal, self.normal);
        s.add(Stat::ConsistentGetsNormalFastpath, self.normal_fastpath);
        s.add(Stat::NoWorkConsistentReadGets, self.no_work);
        s.add(Stat::PhysicalReads, self.physical_reads + self.direct_reads);
        s.add(Stat::PhysicalReadsCache, self.physical_reads);
        s.add(Stat::PhysicalReadsDirect, self.direct_reads);
        s.add(Stat::PhysicalReadIoRequests, self.read_requests + self.direct_requests);
        s.add(Stat::PhysicalReadTotalMultiBlockRequests, self.multiblock_requests);
        s.add(Stat::FreeBufferRequested, self.free_requested);
        s.add(Stat::FreeBufferInspected, self.free_inspected);
        s.add(Stat::DirtyBuffersInspected, self.dirty_inspected);
        s.add(Stat::HotBuffersMovedToHeadOfLru, self.hot_moved);
        s.add(Stat::CellScans, self.cell_scans);
        s.add(Stat::CellPhysicalIoBytesEligibleForPredicateOffload, self.offload_bytes);
        s.add(Stat::CellFlashCacheReadHits, self.cell_flash_hits);
        s.add(Stat::PhysicalReadRequestsOptimized, self.cell_flash_hits);
        s.add(Stat::PhysicalReadFlashCacheHits, self.db_flash_hits);
    }
}

/// The session's MemOptimized RowStore statistics.
#[derive(Debug, Clone, Default)]
pub struct MemoptCounters {
    pub lookups: u64,
    pub hits: u64,
    pub misses: u64,
    pub tasks_accepted: u64,
    pub rows_populated: u64,
}

impl Counters for MemoptCounters {
    fn fill(&self, s: &mut Snapshot) {
        s.add(Stat::MemoptRLookups, self.lookups);
        s.add(Stat::MemoptRHits, self.hits);
        s.add(Stat::MemoptRMisses, self.misses);
        s.add(Stat::MemoptRPopulateTasksAccepted, self.tasks_accepted);
        s.add(Stat::MemoptRRowsPopulated, self.rows_populated);
    }
}

/// Everything one session counts (its V$SESSTAT rows, and the lab's work).
#[derive(Debug, Clone, Default)]
pub struct SessionStats {
    pub gets: GetCounters,
    pub access: AccessCounters,
    pub memopt: MemoptCounters,
    pub calls: CallCounters,
    pub workarea: WorkareaCounters,
    pub work: WorkCounters,
}

impl SessionStats {
    /// Units of work so far: buffer visits (gets, pinned revisits,
    /// MemOptimized probes), temp requests, rows produced by row sources, PL/SQL
    /// statements and executions, each one unit. Derived from counters the
    /// session keeps anyway, so bounding work costs the hot path nothing.
    pub fn work_units(&self) -> u64 {
        let g = &self.gets;
        g.examination
            + g.normal
            + self.access.buffer_is_pinned
            + self.memopt.lookups
            + self.work.rows
            + self.calls.db_block_gets
            + g.current
            + self.work.plsql_steps * PLSQL_STEP_WORK
            + self.calls.execute_count * EXECUTION_WORK
            + self.work.rows_held * ROW_HELD_WORK
            + self.work.rows_rejected * REJECTED_ROW_WORK
            + self.work.rejected_nodes / REJECTED_NODES_PER_WORK
            + self.work.memo_probes * MEMO_PROBE_WORK
            + self.work.statements * STATEMENT_WORK
            + self.work.cr_build
            + self.work.text / TEXT_CHARS_PER_WORK
            + self.work.scope / SCOPE_VARS_PER_WORK
            + self.workarea.temp_read_requests
            + self.workarea.temp_write_requests
    }

    /// Every counter, summed, for a cache of `block_size` blocks.
    pub fn snapshot(&self, block_size: u32) -> Snapshot {
        let mut s = Snapshot::default();
        self.gets.fill(&mut s, block_size);
        self.access.fill(&mut s);
        self.memopt.fill(&mut s);
        self.calls.fill(&mut s);
        self.workarea.fill(&mut s);
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fastpin_off_keeps_totals() {
        let mut g = GetCounters::default();
        g.count(GetKind::Normal, true, false, false);
        g.count(GetKind::Examination, false, false, false);
        assert_eq!((g.normal, g.normal_fastpath, g.examination, g.examination_fastpath), (1, 0, 1, 0));
        g.count(GetKind::Normal, false, true, true);
        assert_eq!((g.normal, g.normal_fastpath, g.no_work, g.consistent_gets()), (2, 1, 1, 3));
    }
}

#[cfg(test)]
mod wait_bucket_tests {
    use super::*;

    #[test]
    fn floor_log2_is_log2_floor() {
        let mut xs = vec![1.0, 1.5, 3.0, 123.456, 1e6 / 7.0, 1e300, f64::MAX, f64::INFINITY, f64::NAN];
        for k in 0..70 {
            let p = 2f64.powi(k);
            xs.extend([p, p * 1.25, p * 1.999, f64::from_bits(p.to_bits() + 1), f64::from_bits(p.to_bits() - 1)]);
            for d in [1u64, 3, 4095, 4096, 4097, 1 << 20] {
                xs.extend([f64::from_bits(p.to_bits() + d), f64::from_bits(p.to_bits() - d)]);
            }
        }
        let mut x = 1.0f64;
        while x < 1e9 {
            xs.push(x);
            x = x * 1.000_37 + 0.013;
        }
        // wait_bucket_us calls it for x >= 1 and for NaN (which is not < 1).
        for x in xs.into_iter().filter(|x| *x >= 1.0 || x.is_nan()) {
            assert_eq!(floor_log2(x), x.log2().floor() as usize, "{x:e}");
        }
    }

    #[test]
    fn microsecond_buckets_are_powers_of_two() {
        for (us, b) in [(0.0, 0), (0.5, 0), (1.0, 1), (1.99, 1), (2.0, 2), (511.9, 9), (512.0, 10), (1e12, 31)] {
            assert_eq!(wait_bucket_us(us), b, "{us} us");
        }
        assert_eq!(wait_bucket_us_limit(0), Some(1));
        assert_eq!(wait_bucket_us_limit(9), Some(512));
        assert_eq!(wait_bucket_us_limit(WAIT_BUCKETS_US - 1), None);
    }
}
