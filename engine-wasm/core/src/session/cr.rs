//! Consistent reads across sessions: a query that reads a table another
//! session has changed and not committed sees the table as it was before
//! those changes. The version is built once per change (the other
//! session's undo records for the table, applied to a copy) and swapped in
//! for each execution; each block with uncommitted changes the query visits
//! counts its consistent-read clone (`kernel/mod.rs`).

use super::txn::{apply_undo, Undo};
use super::*;
use crate::instance::cr_cache::{cr_cache_bytes, CrVersion};
use std::collections::HashSet;

impl Run<'_> {
    /// Before a query runs: each of `tables` that another session has
    /// uncommitted changes in is replaced by its consistent-read version.
    /// Returns the tables to put back ([`Self::cr_leave`]).
    ///
    /// Each copy is a whole table: the copies are counted in the memory
    /// budget (`Catalog::held_bytes`). When a new copy would not fit, the
    /// other sessions' cached copies are dropped first (they are rebuilt
    /// when next needed, as work); when it still does not fit, the query
    /// fails with LAB-00034 (a 1,000,000-row table changed by one more
    /// session each time took 61 MB per session until wasm's 4 GB trapped).
    pub(super) fn cr_enter(&mut self, tables: &[TableId]) -> Result<Vec<TableId>, LabError> {
        // A table this transaction loaded by direct path: ORA-12838.
        self.check_direct_loaded(tables, Pos::default())?;
        self.cr_swap_in(tables)
    }

    /// Whether a query on `tables` reads one as it was before another
    /// session's uncommitted changes ([`Self::cr_enter`] swaps one in).
    pub(super) fn cr_needed(&self, tables: &[TableId]) -> bool {
        let me = self.s.sid;
        !self.inst.row_locks.is_empty()
            && tables.iter().any(|&t| self.inst.cat.tables.get(t).is_some_and(|t| t.txn_sids.iter().any(|w| *w != me)))
    }

    /// `f` run on the consistent-read versions of `tables` (a hard
    /// parse's optimizer reads the rows as a query in this session would).
    pub(super) fn read_consistently<T>(
        &mut self,
        tables: &[TableId],
        f: impl FnOnce(&Self) -> Result<T, LabError>,
    ) -> Result<T, LabError> {
        let swapped = self.cr_swap_in(tables)?;
        let r = f(self);
        self.cr_leave(&swapped);
        r
    }

    /// [`Self::cr_enter`]'s versions swapped in (no direct-load check).
    pub(super) fn cr_swap_in(&mut self, tables: &[TableId]) -> Result<Vec<TableId>, LabError> {
        let mut swapped = Vec::new();
        // Every uncommitted change holds a row lock: none, nothing to undo.
        if self.inst.row_locks.is_empty() {
            return Ok(swapped);
        }
        let me = self.s.sid;
        for &t in tables {
            if swapped.contains(&t) || !self.inst.cat.tables[t].txn_sids.iter().any(|w| *w != me) {
                continue;
            }
            let at = self.inst.cat.tables[t].changed_at;
            if !matches!(self.inst.cr_cache.get(&(t, me)), Some((v, _)) if *v == at) {
                // The stale copy goes; the new one must fit.
                self.inst.cr_cache.remove(&(t, me));
                self.inst.cat.held_bytes = cr_cache_bytes(&self.inst.cr_cache);
                let need = self.inst.cat.table_bytes(t);
                if self.memory_room() < need {
                    self.inst.cr_cache.retain(|(_, sid), _| *sid == me);
                    self.inst.cat.held_bytes = cr_cache_bytes(&self.inst.cr_cache);
                }
                if self.memory_room() < need {
                    self.cr_leave(&swapped);
                    return Err(memory_error(self.inst.limits.max_memory_mb));
                }
                let v = self.build_cr(t);
                self.inst.cr_cache.insert((t, me), (at, v));
                self.inst.cat.held_bytes = cr_cache_bytes(&self.inst.cr_cache);
            }
            self.swap_cr(t);
            swapped.push(t);
        }
        Ok(swapped)
    }

    /// After the query: the current versions go back.
    pub(super) fn cr_leave(&mut self, swapped: &[TableId]) {
        for &t in swapped {
            self.swap_cr(t);
        }
    }

    fn swap_cr(&mut self, t: TableId) {
        if let Some((_, v)) = self.inst.cr_cache.get_mut(&(t, self.s.sid)) {
            v.swap(&mut self.inst.cat);
        }
    }

    /// The table without the other sessions' uncommitted changes (each
    /// session's undo newest first; their rows are distinct, as each
    /// changed row is locked by its transaction).
    fn build_cr(&mut self, t: TableId) -> CrVersion {
        let mut live = CrVersion::of(&self.inst.cat, t);
        let me = self.s.sid;
        let records: Vec<Undo> = self
            .inst
            .txns
            .iter()
            .filter(|(sid, _)| **sid != me)
            .flat_map(|(_, x)| x.undo.iter().filter(|u| u.table() == t).cloned().flat_map(super::txn::expand))
            .collect();
        // The build is charged as work, so the statement's and the script's
        // budgets (LAB-00033) bound a workload that rebuilds the version at
        // every execution (sessions changing a large table without
        // committing: each rebuild copies the table and applies all the
        // others' undo, a cost that grows with every change).
        let rows = self.inst.cat.tables[t].rows.len() as u64;
        self.s.stats.work.cr_build +=
            rows * crate::stats::CR_ROW_WORK + records.len() as u64 * crate::stats::CR_UNDO_WORK;
        let mut touched = HashSet::new();
        for rec in records.into_iter().rev() {
            if let Some(r) = apply_undo(&mut self.inst.cat, rec) {
                touched.insert(r);
            }
        }
        // The undo only puts back entries that were there: no duplicate.
        let _ = self.reindex(t, &touched, true);
        // The catalog now holds the consistent-read version: keep it, and
        // put the current one back.
        live.swap(&mut self.inst.cat);
        live
    }
}
