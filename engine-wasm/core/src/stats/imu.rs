//! In-memory undo and private redo strands (`session/imu.rs`): the
//! session's IMU statistics, Oracle's names (V$STATNAME, 10g on).

use super::names::Stat;

/// The IMU statistics a session counts.
#[derive(Debug, Clone, Copy, Default)]
pub struct ImuCounters {
    /// Transactions committed from their IMU pool and private strand: one
    /// redo record each.
    pub commits: u64,
    /// IMU transactions flushed before their commit (the pool or the
    /// strand full, a rollback, `COMMIT WRITE IMMEDIATE`, a direct-path
    /// load): their redo so far in one record, the rest public.
    pub flushes: u64,
    /// Flushes forced by a recursive transaction inside an IMU one.
    pub recursive_flushes: u64,
    /// Bytes the IMU pools allocated for undo records.
    pub undo_allocation: u64,
    /// Bytes of private redo a flush copied to the public log buffer.
    pub redo_allocation: u64,
    /// Transactions that found no free IMU pool (and so no private strand).
    pub pool_not_allocated: u64,
    /// Undo records a consistent read applied from another transaction's
    /// IMU pool.
    pub cr_rollbacks: u64,
}

impl ImuCounters {
    /// Each statistic and its value (`CallCounters` adds them to a snapshot).
    pub fn values(&self) -> [(Stat, u64); 8] {
        [
            (Stat::ImuCommits, self.commits),
            (Stat::ImuFlushes, self.flushes),
            (Stat::ImuRecursiveTransactionFlush, self.recursive_flushes),
            (Stat::ImuUndoAllocationSize, self.undo_allocation),
            (Stat::ImuRedoAllocationSize, self.redo_allocation),
            (Stat::ImuPoolNotAllocated, self.pool_not_allocated),
            (Stat::ImuFailedToGetAPrivateStrand, self.pool_not_allocated),
            (Stat::ImuCrRollbacks, self.cr_rollbacks),
        ]
    }
}
