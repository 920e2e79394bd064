//! The statistics, declared once: each one's V$STATNAME name (Oracle's
//! spelling from 12c, and before it where it differs), its V$STATNAME
//! CLASS and the feature it needs. V$STATNAME, V$SESSTAT, a step's
//! `stats`, runstats and the renderer's generated TypeScript
//! (`trace/contract.rs`) read this table.

use crate::instance::version::VersionProfile;

/// V$STATNAME.CLASS: 1 user, 2 redo, 8 cache, 64 SQL, 128 debug.
pub mod class {
    pub const USER: u32 = 1;
    pub const REDO: u32 = 2;
    pub const CACHE: u32 = 8;
    pub const SQL: u32 = 64;
    pub const DEBUG: u32 = 128;
}

/// A statistic's name before 12c (`VersionProfile::stat_names_12c` off).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pre12c {
    /// Spelled as in 12c.
    Same,
    /// Not in that release.
    Absent,
    /// Spelled so.
    Named(&'static str),
    /// Spelled so where the release has fastpath gets (11.2.0.4), absent before.
    Fastpath(&'static str),
}

/// What a release needs to have a statistic at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    Always,
    /// The MemOptimized RowStore (18c on).
    MemoptRowstore,
    /// Row-level consistent reads (RowCR).
    RowCr,
    /// `root node splits`: in 11.2's V$STATNAME (a published 11.2.0.x
    /// listing has it beside `branch node splits`); not shown before 11.2,
    /// where no listing was found (the release of recursive WITH).
    RootNodeSplits,
}

/// One statistic's declaration.
#[derive(Debug, Clone, Copy)]
pub struct StatDecl {
    pub name: &'static str,
    pub class: u32,
    pub pre12c: Pre12c,
    pub needs: Needs,
}

macro_rules! stats {
    ($($v:ident = $name:literal, $class:ident $(, pre12c: $pre:expr)? $(, needs: $needs:expr)?;)*) => {
        /// A statistic (V$STATNAME), by its declaration's order.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
        #[repr(usize)]
        pub enum Stat { $($v),* }
        impl Stat {
            pub const ALL: &'static [Stat] = &[$(Stat::$v),*];
        }
        pub const STAT_COUNT: usize = [$(Stat::$v),*].len();
        /// Every statistic's declaration, indexed by [`Stat`].
        pub const STATS: [StatDecl; STAT_COUNT] = [$(StatDecl {
            name: $name,
            class: class::$class,
            pre12c: { let _p = Pre12c::Same; $(let _p = $pre;)? _p },
            needs: { let _n = Needs::Always; $(let _n = $needs;)? _n },
        }),*];
    };
}

stats! {
    SessionLogicalReads = "session logical reads", CACHE;
    ConsistentGets = "consistent gets", CACHE;
    ConsistentGetsFromCache = "consistent gets from cache", CACHE;
    ConsistentGetsExamination = "consistent gets examination", CACHE, pre12c: Pre12c::Named("consistent gets - examination");
    ConsistentGetsExaminationFastpath = "consistent gets examination (fastpath)", CACHE, pre12c: Pre12c::Absent;
    ConsistentGetsNormal = "consistent gets pin", CACHE, pre12c: Pre12c::Absent;
    ConsistentGetsNormalFastpath = "consistent gets pin (fastpath)", CACHE, pre12c: Pre12c::Fastpath("consistent gets from cache (fastpath)");
    NoWorkConsistentReadGets = "no work - consistent read gets", CACHE;
    LogicalReadBytesFromCache = "logical read bytes from cache", CACHE;
    DbBlockGets = "db block gets", CACHE;
    DbBlockGetsFromCache = "db block gets from cache", CACHE;
    DbBlockChanges = "db block changes", CACHE;
    BufferIsPinnedCount = "buffer is pinned count", SQL;
    BufferIsNotPinnedCount = "buffer is not pinned count", SQL;
    IndexFetchByKey = "index fetch by key", SQL;
    IndexScansKdiixs1 = "index scans kdiixs1", SQL;
    IndexFastFullScansFull = "index fast full scans (full)", SQL;
    TableFetchByRowid = "table fetch by rowid", SQL;
    RowsFetchedViaCallback = "rows fetched via callback", SQL;
    TableScanBlocksGotten = "table scan blocks gotten", SQL;
    TableScanRowsGotten = "table scan rows gotten", SQL;
    TableScansShort = "table scans (short tables)", SQL;
    TableScansLong = "table scans (long tables)", SQL;
    ClusterKeyScans = "cluster key scans", SQL;
    ClusterKeyScanBlockGets = "cluster key scan block gets", SQL;
    MemoptRLookups = "memopt r lookups", USER, needs: Needs::MemoptRowstore;
    MemoptRHits = "memopt r hits", USER, needs: Needs::MemoptRowstore;
    MemoptRMisses = "memopt r misses", USER, needs: Needs::MemoptRowstore;
    MemoptRPopulateTasksAccepted = "memopt r populate tasks accepted", USER, needs: Needs::MemoptRowstore;
    MemoptRRowsPopulated = "memopt r rows populated", USER, needs: Needs::MemoptRowstore;
    ExecuteCount = "execute count", SQL;
    ParseCountTotal = "parse count (total)", SQL;
    ParseCountHard = "parse count (hard)", SQL;
    SessionCursorCacheHits = "session cursor cache hits", SQL;
    OpenedCursorsCumulative = "opened cursors cumulative", USER;
    UserCalls = "user calls", USER;
    RecursiveCalls = "recursive calls", USER;
    UserCommits = "user commits", USER;
    SqlNetRoundtrips = "SQL*Net roundtrips to/from client", USER;
    BytesSentViaSqlNet = "bytes sent via SQL*Net to client", USER;
    BytesReceivedViaSqlNet = "bytes received via SQL*Net from client", USER;
    PhysicalReads = "physical reads", CACHE;
    PhysicalReadsCache = "physical reads cache", CACHE;
    PhysicalReadIoRequests = "physical read IO requests", CACHE;
    RedoSize = "redo size", REDO;
    RedoEntries = "redo entries", REDO;
    UndoChangeVectorSize = "undo change vector size", USER;
    UserRollbacks = "user rollbacks", USER;
    TransactionRollbacks = "transaction rollbacks", USER;
    RollbackChangesUndoRecordsApplied = "rollback changes - undo records applied", USER;
    RedoSynchWrites = "redo synch writes", REDO;
    RedoWrites = "redo writes", REDO;
    RedoBlocksWritten = "redo blocks written", REDO;
    RedoWastage = "redo wastage", REDO;
    RedoWriteTime = "redo write time", REDO;
    TableFetchContinuedRow = "table fetch continued row", SQL;
    SharedHashLatchUpgradesNoWait = "shared hash latch upgrades - no wait", USER;
    SharedHashLatchUpgradesWait = "shared hash latch upgrades - wait", USER;
    CrBlocksCreated = "CR blocks created", CACHE;
    CommitCleanouts = "commit cleanouts", CACHE;
    CommitCleanoutsSuccessfullyCompleted = "commit cleanouts successfully completed", CACHE;
    CommitCleanoutFailuresBlockLost = "commit cleanout failures: block lost", CACHE;
    CleanoutsOnlyConsistentReadGets = "cleanouts only - consistent read gets", CACHE;
    ImmediateCrBlockCleanoutApplications = "immediate (CR) block cleanout applications", CACHE;
    ImmediateCurrentBlockCleanoutApplications = "immediate (CURRENT) block cleanout applications", CACHE;
    DataBlocksConsistentReadsUndoRecordsApplied = "data blocks consistent reads - undo records applied", CACHE;
    SortsMemory = "sorts (memory)", SQL;
    SortsDisk = "sorts (disk)", USER;
    WorkareaExecutionsOptimal = "workarea executions - optimal", USER;
    WorkareaExecutionsOnepass = "workarea executions - onepass", USER;
    WorkareaExecutionsMultipass = "workarea executions - multipass", USER;
    PhysicalReadsDirect = "physical reads direct", USER;
    PhysicalReadsDirectTemporaryTablespace = "physical reads direct temporary tablespace", USER;
    PhysicalWrites = "physical writes", USER;
    PhysicalWritesDirect = "physical writes direct", USER;
    PhysicalWritesDirectTemporaryTablespace = "physical writes direct temporary tablespace", USER;
    PhysicalWriteIoRequests = "physical write IO requests", USER;
    DbTime = "DB time", USER;
    CpuUsedBySession = "CPU used by this session", USER;
    ParseTimeCpu = "parse time cpu", SQL;
    RowCrAttempts = "RowCR attempts", DEBUG, needs: Needs::RowCr;
    RowCrHits = "RowCR hits", DEBUG, needs: Needs::RowCr;
    PhysicalReadTotalMultiBlockRequests = "physical read total multi block requests", USER;
    ConsistentGetsDirect = "consistent gets direct", USER;
    FreeBufferRequested = "free buffer requested", USER;
    FreeBufferInspected = "free buffer inspected", USER;
    DirtyBuffersInspected = "dirty buffers inspected", USER;
    HotBuffersMovedToHeadOfLru = "hot buffers moved to head of LRU", USER;
    CellScans = "cell scans", USER;
    CellPhysicalIoBytesEligibleForPredicateOffload = "cell physical IO bytes eligible for predicate offload", USER;
    CellFlashCacheReadHits = "cell flash cache read hits", USER;
    PhysicalReadRequestsOptimized = "physical read requests optimized", USER;
    PhysicalReadFlashCacheHits = "physical read flash cache hits", USER;
    PhysicalWritesFromCache = "physical writes from cache", USER;
    DbwrCheckpointBuffersWritten = "DBWR checkpoint buffers written", USER;
    DbwrCheckpoints = "DBWR checkpoints", USER;
    DbwrLruScans = "DBWR lru scans", USER;
    DbwrMakeFreeRequests = "DBWR make free requests", USER;
    BackgroundCheckpointsStarted = "background checkpoints started", USER;
    BackgroundCheckpointsCompleted = "background checkpoints completed", USER;
    ImuCommits = "IMU commits", DEBUG;
    ImuFlushes = "IMU Flushes", DEBUG;
    ImuContention = "IMU contention", DEBUG;
    ImuRecursiveTransactionFlush = "IMU recursive-transaction flush", DEBUG;
    ImuUndoRetentionFlush = "IMU undo retention flush", DEBUG;
    ImuKtichgFlush = "IMU ktichg flush", DEBUG;
    ImuBindFlushes = "IMU bind flushes", DEBUG;
    ImuMbuFlush = "IMU mbu flush", DEBUG;
    ImuPoolNotAllocated = "IMU pool not allocated", DEBUG;
    ImuCrRollbacks = "IMU CR rollbacks", DEBUG;
    ImuUndoAllocationSize = "IMU undo allocation size", DEBUG;
    ImuRedoAllocationSize = "IMU Redo allocation size", DEBUG;
    ImuFailedToGetAPrivateStrand = "IMU- failed to get a private strand", DEBUG;
    LeafNodeSplits = "leaf node splits", DEBUG;
    LeafNode9010Splits = "leaf node 90-10 splits", DEBUG;
    BranchNodeSplits = "branch node splits", DEBUG;
    RootNodeSplits = "root node splits", DEBUG, needs: Needs::RootNodeSplits;
    ConsistentChanges = "consistent changes", CACHE;
}

impl Stat {
    pub fn decl(self) -> &'static StatDecl {
        &STATS[self as usize]
    }

    /// V$STATNAME.CLASS.
    pub fn class(self) -> u32 {
        self.decl().class
    }

    /// The V$STATNAME name in `profile`, or None where the statistic does
    /// not exist in that release.
    pub fn name(self, profile: &VersionProfile) -> Option<&'static str> {
        let d = self.decl();
        let present = match d.needs {
            Needs::Always => true,
            Needs::MemoptRowstore => profile.memoptimize_rowstore,
            Needs::RowCr => profile.row_cr,
            Needs::RootNodeSplits => profile.recursive_with,
        };
        if !present {
            return None;
        }
        if profile.stat_names_12c {
            return Some(d.name);
        }
        match d.pre12c {
            Pre12c::Same => Some(d.name),
            Pre12c::Absent => None,
            Pre12c::Named(n) => Some(n),
            Pre12c::Fastpath(n) => profile.fastpath_gets.then_some(n),
        }
    }
}
