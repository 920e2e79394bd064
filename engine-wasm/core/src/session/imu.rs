//! Private redo strands and in-memory undo (IMU), Oracle 10g on.
//!
//! A transaction that finds a free IMU pool at its first change keeps its
//! redo change vectors in a private strand and its undo records in the
//! pool instead of writing a redo record per change into the public log
//! buffer (and its undo into undo blocks). At COMMIT it writes everything
//! as one redo record: the 5.2, every undo vector, every data and index
//! vector and the 5.4 commit, so a small transaction's `redo entries` is 1
//! however many rows it changed (`IMU commits`). Before then it writes no
//! redo at all: `redo size` and `undo change vector size` move at the
//! commit (Jonathan Lewis, Oracle Core, 2011, `core_demo_02b.sql`: 50 rows
//! updated and committed, 10.2.0.3, `redo entries` 1 and 12,048 bytes where
//! 9.2.0.8 writes 51 records and 12,668 bytes; Deepak Bhatnagar, 2016: no
//! redo until the commit with `_in_memory_undo` on).
//!
//! It flushes before its commit (`IMU Flushes`: what it holds becomes one
//! redo record, and it goes on writing public redo a change at a time)
//! when the pool or the strand is full, when it rolls back (to a
//! savepoint, or a statement's own changes after an error), before a
//! direct-path load, and when a recursive transaction runs inside it (a
//! deferred segment created: `IMU recursive-transaction flush`; the
//! transaction then stays public to its end). An array change (an array
//! insert's block of rows, a leaf's deferred entries) is public redo too:
//! the transaction flushes and stays public. The `IMU Redo allocation size` a flush counts is the
//! private redo it copies (the strand's vectors). A reader's consistent
//! read applies the undo an IMU transaction holds from its pool, with no
//! undo block get (`IMU CR rollbacks`, `kernel/mod.rs`).
//!
//! Sizes. A pool holds 64 KB of undo (Martin Preiss, 2012: a million-row
//! DELETE's `IMU undo allocation size` stops at 63,996 with one `IMU
//! Flushes`; Lewis, Oracle Core: "about 64KB"), a strand 128 KB (64-bit).
//! Each undo record takes its vector's bytes and a 720-byte node: fitted
//! to Lewis's 10.2.0.3 figures, which it reproduces exactly (25 one-row
//! updates committed one at a time: 22,700 = 25 x (188 + 720); 50 rows in
//! one transaction: 43,052 = (192 + 720) + 49 x (140 + 720)). A 10.2
//! single-row INSERT measured elsewhere (a Korean tuning book's 100,000
//! commits) allocates 367 bytes, not the 888 this gives: the node's size
//! is platform-dependent, and the lab takes Lewis's.
//!
//! Pools: `_imu_pools` (static), by default one for every 10 transactions
//! (TRANSACTIONS = 1.1 x SESSIONS, SESSIONS = 1.5 x PROCESSES + 22, with
//! PROCESSES 150: 27 pools). A transaction finding none in use counts `IMU
//! pool not allocated` and `IMU- failed to get a private strand` and writes
//! public redo. `_in_memory_undo = FALSE` turns IMU off (every change its
//! own record). Not modelled, and never in the lab's instance: RAC,
//! supplemental logging and flashback database (each turns IMU off);
//! recursive transactions, `COMMIT WRITE IMMEDIATE` (which flushes: Lewis's
//! 11.2.0.2 `core_commit_01.sql`, 2 records a transaction), the latches
//! (`In memory undo latch`, `redo allocation` children).

use super::*;
use crate::instance::txn_table::Imu;

/// Bytes of undo an IMU pool holds.
pub const IMU_POOL_BYTES: u64 = 64 * 1024;
/// Bytes of redo a private strand holds (64-bit).
pub const PRIVATE_STRAND_BYTES: u64 = 128 * 1024;
/// The pool's node for each undo record (fitted: see the module's text).
pub const IMU_NODE_BYTES: u64 = 720;
/// IMU pools when `_imu_pools` is not set: TRANSACTIONS / 10.
pub const DEFAULT_IMU_POOLS: usize = 27;

impl Run<'_> {
    /// The transaction's first change: it takes an IMU pool (and a private
    /// strand) when IMU is on and one is free.
    pub(super) fn imu_begin(&mut self) {
        let on = self.s.params.other.get("_in_memory_undo").is_none_or(|v| v.eq_ignore_ascii_case("TRUE"));
        if !on || self.txn().imu_barred {
            return;
        }
        let pools = self.inst.params.current.other.get("_imu_pools").and_then(|v| v.parse().ok());
        let holds = &mut self.inst.sga.cache.holds;
        if holds.imu_in_use() >= pools.unwrap_or(DEFAULT_IMU_POOLS) {
            self.s.stats.calls.imu.pool_not_allocated += 1;
            return;
        }
        holds.imu_take(self.s.sid);
        self.txn().imu = Some(Imu::default());
    }

    /// A change's redo vectors (`redo` bytes) and undo vector (`undo`):
    /// kept in the strand and the pool when the transaction is IMU and
    /// they fit (true); a transaction they do not fit flushes first and
    /// writes them as public redo (false).
    pub(super) fn imu_hold(&mut self, redo: u64, undo: u64) -> bool {
        let Some(imu) = self.txn().imu else { return false };
        let alloc = undo + IMU_NODE_BYTES;
        if imu.alloc + alloc > IMU_POOL_BYTES || imu.redo + redo > PRIVATE_STRAND_BYTES {
            self.imu_flush();
            return false;
        }
        self.s.stats.calls.imu.undo_allocation += alloc;
        let imu = self.txn().imu.as_mut().expect("IMU transaction");
        imu.redo += redo;
        imu.undo += undo;
        imu.alloc += alloc;
        true
    }

    /// What an IMU transaction holds becomes one redo record now (`IMU
    /// Flushes`); it writes public redo from here on. A transaction that
    /// holds nothing yet only gives its pool back.
    pub(super) fn imu_flush(&mut self) {
        let Some(imu) = self.imu_release() else { return };
        if imu == Imu::default() {
            return;
        }
        let c = &mut self.s.stats.calls;
        c.imu.flushes += 1;
        c.imu.redo_allocation += imu.redo;
        self.imu_record(imu, 0);
    }

    /// COMMIT of an IMU transaction (what [`Self::imu_release`] took from
    /// it): its changes and the commit vector (`commit` bytes) in one redo
    /// record (`IMU commits`). False when the transaction was not IMU (its
    /// commit is a record of its own).
    pub(super) fn imu_commit(&mut self, imu: Option<Imu>, commit: u64) -> bool {
        let Some(imu) = imu else { return false };
        self.s.stats.calls.imu.commits += 1;
        self.imu_record(imu, commit);
        true
    }

    /// A recursive transaction (the space management that creates a
    /// deferred segment) runs inside the session's: what that one holds is
    /// flushed (`IMU recursive-transaction flush`) and it writes public redo
    /// to its end. (cppentry.com's 11g INSERTs, `tests/articles/cppentry-*`:
    /// the second row's record in the log buffer at once, 244 bytes, after
    /// the first created the segment.)
    pub(super) fn imu_recursive(&mut self) {
        if self.txn().imu.is_some_and(|i| i != Imu::default()) {
            self.s.stats.calls.imu.recursive_flushes += 1;
        }
        self.imu_flush();
        self.txn().imu_barred = true;
    }

    /// An array change (rows of a block in one record: an array insert, a
    /// leaf's deferred entries) is written as public redo: an IMU
    /// transaction flushes, and one not yet begun takes no pool. Published
    /// array inserts show their records as the statement runs (Hemant
    /// Chitale's 1,000 rows, 11g: 52 redo entries; `tests/articles/chitale-*`).
    pub(super) fn imu_public(&mut self) {
        self.imu_flush();
        self.txn().imu_barred = true;
    }

    /// The transaction gives its pool back; what it held.
    pub(super) fn imu_release(&mut self) -> Option<Imu> {
        let imu = self.inst.txns.get_mut(&self.s.sid).and_then(|t| t.imu.take())?;
        self.inst.sga.cache.holds.imu_release(self.s.sid);
        Some(imu)
    }

    /// One redo record of the held vectors and `extra` bytes more.
    fn imu_record(&mut self, imu: Imu, extra: u64) {
        let c = &mut self.s.stats.calls;
        c.redo_entries += 1;
        c.undo_change_vector_size += imu.undo;
        self.gen_redo(super::txn::REDO_RECORD_HEADER + imu.redo + imu.undo + extra);
    }
}
