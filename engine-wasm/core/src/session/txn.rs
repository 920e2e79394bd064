//! Transactions: the undo a session's changes leave, the redo they
//! generate, COMMIT, ROLLBACK and savepoints.
//!
//! Every change to a row is applied to the shared structures at once (the
//! heap block, the B-tree entries, the hash cluster bucket) and leaves an
//! undo record in the session's transaction; ROLLBACK applies the records
//! in reverse. The sizes of redo and undo come from the change itself
//! (docs/MODEL.md, "The write path"):
//!
//! - a redo record (`redo entries` + 1) is a header and two change
//!   vectors: the change to the data block and the change to the undo
//!   block (the undo record);
//! - `undo change vector size` sums the undo change vectors.

pub(crate) use super::row_undo::apply_undo;
pub(super) use super::row_undo::kill_row;
pub use super::types::ChangeStacks;
use super::*;
use crate::catalog::{Catalog, TableStorage};
pub(crate) use crate::instance::txn_table::expand;
pub use crate::instance::txn_table::{Transaction, Undo};
use crate::sga::cache::GetKind;
use std::collections::{BTreeMap, HashMap, HashSet};

/// Redo record header (bytes).
pub const REDO_RECORD_HEADER: u64 = 24;
/// Change vector header: op code, block address, SCN, sequence, length array.
pub const CHANGE_VECTOR_HEADER: u64 = 32;
/// Undo record header (transaction id, undo block address, row address).
pub const UNDO_RECORD_HEADER: u64 = 40;
/// A row's address in a data-block change (slot and flags).
pub const ROW_ADDRESS_BYTES: u64 = 8;
/// Column number written with each changed column.
pub const COLUMN_NUMBER_BYTES: u64 = 2;
/// Bytes of undo records an undo block holds.
pub const UNDO_BLOCK_PAYLOAD: u64 = 8192 - 100;

/// The redo and undo one change generates: its data (or index) block
/// change vector and its undo change vector, each with its header.
#[derive(Debug, Clone, Copy, Default)]
pub struct ChangeSize {
    /// The data block change vector.
    pub redo: u64,
    /// The undo change vector (the undo record).
    pub undo: u64,
}

impl ChangeSize {
    /// A change whose payloads alone are known (array inserts): a vector
    /// header and, for the undo, an undo record header besides.
    pub fn payload(redo: u64, undo: u64) -> Self {
        ChangeSize { redo: CHANGE_VECTOR_HEADER + redo, undo: CHANGE_VECTOR_HEADER + UNDO_RECORD_HEADER + undo }
    }
}

impl Run<'_> {
    /// The session's transaction takes its undo segment header slot on its
    /// first change: a current get and change of the header, whose 5.2
    /// vector goes into the first change's redo record (no record of its
    /// own). Returns the vector's bytes (0 when the transaction had begun).
    pub(super) fn begin_change(&mut self) -> u64 {
        if self.txn().started {
            return 0;
        }
        self.txn().started = true;
        self.imu_begin();
        let c = &mut self.s.stats.calls;
        c.db_block_gets += 1;
        c.db_block_changes += 1;
        // 10.2 also writes its 5.20 (session information) vector here.
        let layout = self.layout();
        layout.txn_slot() + layout.session_info()
    }

    /// The change vectors' layout of the instance's release.
    pub(super) fn layout(&self) -> super::redo_layout::Layout {
        super::redo_layout::Layout {
            vector_header: self.inst.profile.change_vector_header,
            format_11: self.inst.profile.redo_format_11,
        }
    }

    /// Redo copied into the log buffer (`redo size`); LGWR may start a
    /// write on its own (a third of the buffer or 1 MB unwritten).
    pub(super) fn gen_redo(&mut self, bytes: u64) {
        self.s.stats.calls.redo_size += bytes;
        let t = self.inst.lgwr_timing();
        self.inst.io.redo_generate(bytes, self.s.cost.now, &t);
    }

    /// The session waited `us` in `log file sync`.
    pub(crate) fn log_file_sync_wait(&mut self, us: f64) {
        let c = &mut self.s.stats.calls;
        c.note_wait(crate::stats::WaitEvent::LogFileSync, us);
        let stack = match self.s.sync_stack {
            Some(s) => s,
            None => {
                let s = self
                    .s
                    .cost
                    .stack("oracle;opitsk;opiodr;opiexe;xctCommitTxn;ksucrp;kcrf_commit_force;log file sync");
                self.s.sync_stack = Some(s);
                s
            }
        };
        self.s.cost.charge_wait(stack, us, crate::stats::WaitEvent::LogFileSync as u8);
    }

    /// Stacks a change charges to under `base` (the row-change function):
    /// its own work, the current get (kcbgcur) with its latch and read, the
    /// undo record (ktuchg) and the redo (kcrfw_redo_gen).
    pub(super) fn change_stacks(&mut self, base: &'static str) -> ChangeStacks {
        // Interned once per session and base (a change runs per row).
        if let Some((_, st)) = self.s.change_stacks.iter().find(|(b, _)| *b == base) {
            return *st;
        }
        let st = self.intern_change_stacks(base);
        self.s.change_stacks.push((base, st));
        st
    }

    fn intern_change_stacks(&mut self, base: &str) -> ChangeStacks {
        let c = &mut self.s.cost;
        let own = c.stack(base);
        let get = c.child(own, "kcbgcur");
        let latch = c.child(get, "kslgetl");
        let read = c.child(get, "kcbzib;pread64");
        let undo = c.child(own, "ktuchg");
        let redo = c.child(own, "kcrfw_redo_gen");
        ChangeStacks { get: OpStacks { own, get, latch, read, memopt_lookup: own, memopt_fetch: own }, undo, redo }
    }

    /// The block of a change, read in current mode (a traced visit), or
    /// counted only when it has no place in the catalog (undo, IOT rows).
    fn current_get(&mut self, at: Option<(u32, u32)>, st: &OpStacks) {
        match at {
            Some((seg, block)) => {
                crate::kernel!(self.inst, self.s).get(seg, block, GetKind::Current, false, crate::trace::NO_LINE, st);
            }
            None => self.s.stats.calls.db_block_gets += 1,
        }
    }

    /// Count one change: a current get and change of its block, its undo
    /// record (in the current undo block, a new one when full) and one redo
    /// record carrying both change vectors.
    pub(super) fn count_change(&mut self, size: ChangeSize, st: &ChangeStacks, at: Option<(u32, u32)>) {
        // The transaction's first change: its 5.2 vector in this record,
        // and its undo record begins it (ktubl).
        let slot = self.begin_change();
        self.current_get(at, &st.get);
        // Its first change to the block takes an ITL (KTB op F), cleaning
        // out the ITLs of committed transactions whose lock bytes remain.
        let mut itls_cleaned = 0;
        if let Some(key) = at {
            if self.txn().note_changed(key) {
                itls_cleaned = self.inst.sga.cache.holds.take_lock_bytes(key);
            }
        }
        let undo_cv = size.undo + if slot > 0 { self.layout().ktubl_extra() } else { 0 };
        let txn = self.txn();
        let new_undo_block = txn.undo_blocks == 0 || txn.undo_block_used + undo_cv > UNDO_BLOCK_PAYLOAD;
        if new_undo_block {
            txn.undo_blocks += 1;
            txn.undo_block_used = 0;
        }
        txn.undo_block_used += undo_cv;
        let c = &mut self.s.stats.calls;
        // The undo block when the change starts a new one.
        c.db_block_gets += new_undo_block as u64;
        c.db_block_changes += 2;
        // A temporary segment's change has no redo of its own: only its undo's.
        let data = if at.is_some_and(|(seg, _)| self.inst.cat.segments[seg as usize].temporary) {
            0
        } else {
            size.redo + self.layout().block_cleanout(itls_cleaned)
        };
        // An IMU transaction keeps the vectors until it flushes (session/imu.rs).
        if !self.imu_hold(slot + data, undo_cv) {
            let c = &mut self.s.stats.calls;
            c.redo_entries += 1;
            c.undo_change_vector_size += undo_cv;
            self.gen_redo(REDO_RECORD_HEADER + slot + data + undo_cv);
        }
        let p = &self.inst.cost_params;
        let (change, undo_us) = (p.grid.change_row_us, undo_cv as f64 * p.redo_byte_us);
        let redo_us = (REDO_RECORD_HEADER + data) as f64 * p.redo_byte_us;
        self.s.cost.charge_grid(st.get.own, change);
        self.s.cost.charge(st.undo, undo_us);
        self.s.cost.charge(st.redo, redo_us);
    }

    /// `COMMIT`: the commit record, the header's slot freed, and the wait
    /// for LGWR to write the redo (`log file sync`).
    pub(super) fn commit(&mut self) {
        let had = self.txn().started;
        self.s.stats.calls.user_commits += 1;
        if had {
            let sid = self.s.sid;
            if let Some(txn) = self.inst.txns.get_mut(&sid) {
                let (tried, done) = txn.commit_cleanout(&mut self.inst.sga.cache);
                let c = &mut self.s.stats.calls;
                c.commit_cleanouts += tried;
                c.commit_cleanouts_done += done;
            }
        }
        let imu = self.imu_release();
        self.end_transaction();
        if !had {
            return;
        }
        let c = &mut self.s.stats.calls;
        c.db_block_gets += 1;
        c.db_block_changes += 1;
        c.redo_synch_writes += 1;
        let commit = self.layout().commit();
        // An IMU transaction's changes and commit are one record.
        if !self.imu_commit(imu, commit) {
            self.s.stats.calls.redo_entries += 1;
            self.gen_redo(REDO_RECORD_HEADER + commit);
        }
        // The commit record is in the log buffer: LGWR must write up to it.
        let upto = self.inst.io.redo.generated();
        if self.inst.io.redo.deferred {
            // SESSIONS n: the scheduler parks the session until LGWR's
            // write covering it completes.
            self.s.pending_sync = Some(upto);
            return;
        }
        let now = self.s.cost.now;
        let t = self.inst.lgwr_timing();
        if let Some(back) = self.inst.io.redo_sync(now, upto, &t) {
            self.log_file_sync_wait(back.since(now));
        }
        self.inst.switch_checkpoint();
    }

    /// The commit DDL (and DBMS_STATS) does before it runs.
    pub(super) fn implicit_commit(&mut self) {
        if self.inst.txns.get(&self.s.sid).is_some_and(|t| t.started) {
            self.commit();
        }
    }

    /// `ROLLBACK`: every undo record applied, newest first.
    pub(super) fn rollback(&mut self) -> Result<(), LabError> {
        self.s.stats.calls.user_rollbacks += 1;
        if self.txn().started {
            self.undo_to(0)?;
            self.s.stats.calls.transaction_rollbacks += 1;
            let c = &mut self.s.stats.calls;
            c.db_block_gets += 1;
            c.db_block_changes += 1;
            c.redo_entries += 1;
            self.gen_redo(REDO_RECORD_HEADER + CHANGE_VECTOR_HEADER + UNDO_RECORD_HEADER);
        }
        self.end_transaction();
        Ok(())
    }

    /// `SAVEPOINT name` (a name set again moves).
    pub(super) fn savepoint(&mut self, name: &str) {
        let t = self.txn();
        let at = t.undo.len();
        // A savepoint set again moves to the end.
        if let Some(i) = t.savepoint_index.remove(name) {
            t.savepoints.remove(i);
            for (j, (n, _)) in t.savepoints.iter().enumerate().skip(i) {
                t.savepoint_index.insert(n.clone(), j);
            }
        }
        t.savepoint_index.insert(name.to_string(), t.savepoints.len());
        t.savepoints.push((name.to_string(), at));
    }

    /// `ROLLBACK TO name`: the changes after the savepoint are undone; the
    /// transaction (and the savepoint) stay.
    pub(super) fn rollback_to(&mut self, name: &str, pos: Pos) -> Result<(), LabError> {
        let t = self.txn();
        let Some(&i) = t.savepoint_index.get(name) else {
            return Err(LabError::with(ora::SAVEPOINT_NEVER_ESTABLISHED, name, pos));
        };
        let at = t.savepoints[i].1;
        for (n, _) in t.savepoints.drain(i + 1..) {
            t.savepoint_index.remove(&n);
        }
        self.undo_to(at)
    }

    /// `SHUTDOWN`: every session's open transaction is rolled back (the
    /// structures only; the sessions' statistics stay as they were).
    pub(super) fn roll_back_everyone(&mut self) -> Result<(), LabError> {
        let sids: Vec<u32> = self.inst.txns.keys().copied().collect();
        for sid in sids {
            let Some(undo) = self.inst.txns.get_mut(&sid).map(|t| std::mem::take(&mut t.undo)) else { continue };
            let mut touched: BTreeMap<TableId, HashSet<u32>> = BTreeMap::new();
            let undo: Vec<Undo> = undo.into_iter().flat_map(expand).collect();
            for rec in undo.into_iter().rev() {
                let t = rec.table();
                if let Some(r) = apply_undo(&mut self.inst.cat, rec) {
                    touched.entry(t).or_default().insert(r);
                }
            }
            for (t, rows) in touched {
                self.reindex(t, &rows, true)?;
            }
            self.inst.end_transaction(sid);
        }
        self.inst.change_seq += 1;
        Ok(())
    }

    fn end_transaction(&mut self) {
        self.s.txn_ends += 1;
        let emptied = self.temp_tables_ending();
        self.inst.end_transaction(self.s.sid);
        self.empty_temp_tables(emptied);
    }

    /// The session's transaction (opened on first use).
    pub(super) fn txn(&mut self) -> &mut Transaction {
        let pool = &mut self.inst.txn_pool;
        self.inst.txns.entry(self.s.sid).or_insert_with(|| pool.pop().unwrap_or_default())
    }

    /// Row `row` of `table` now has an uncommitted change of this session
    /// in its block (a reader from another session clones the block).
    pub(super) fn mark_active(&mut self, table: TableId, row: u32) {
        let key = row_block(&self.inst.cat, table, row);
        if let Some(key) = key {
            self.mark_block_active(key, 1);
        }
        if self.inst.row_locks.lock(table, row, self.s.sid) {
            self.txn().locked.push((table, row));
        }
        self.inst.change_seq += 1;
        self.inst.cat.tables[table].changed_at = self.inst.change_seq;
    }

    /// Rows `from..to` of `table`, which this statement inserted, now have
    /// uncommitted changes: as [`Self::mark_active`] row by row, but each
    /// block is marked once for its rows, and the rows' locks are one
    /// range (a load's locks cost per statement, not per row).
    pub(super) fn mark_inserted_active(&mut self, table: TableId, from: u32, to: u32) {
        let mut run: Option<((u32, u32), u32)> = None;
        for row in from..to {
            let key = row_block(&self.inst.cat, table, row);
            match (&mut run, key) {
                (Some((k, n)), Some(key)) if *k == key => *n += 1,
                (_, key) => {
                    if let Some((k, n)) = run.take() {
                        self.mark_block_active(k, n);
                    }
                    run = key.map(|k| (k, 1));
                }
            }
        }
        if let Some((k, n)) = run {
            self.mark_block_active(k, n);
        }
        if to - from >= crate::instance::row_locks::RANGE_MIN_ROWS {
            self.inst.row_locks.lock_new_rows(table, from, to, self.s.sid);
        } else {
            for row in from..to {
                if self.inst.row_locks.lock(table, row, self.s.sid) {
                    self.txn().locked.push((table, row));
                }
            }
        }
        self.inst.change_seq += u64::from(to - from);
        self.inst.cat.tables[table].changed_at = self.inst.change_seq;
    }

    /// `rows` changes of this session in block `key`.
    fn mark_block_active(&mut self, key: (u32, u32), rows: u32) {
        self.inst.sga.cache.holds.note_changes(key, self.s.sid, rows);
        let txn = self.txn();
        if txn.active_blocks.last() != Some(&key) {
            txn.active_blocks.push(key);
        }
    }

    /// Apply undo records newest first until `keep` are left: each applied
    /// record changes its block again (current get, change, redo).
    pub(super) fn undo_to(&mut self, keep: usize) -> Result<(), LabError> {
        let txn = self.txn();
        let keep = keep.min(txn.undo.len());
        let mut records: Vec<Undo> = txn.undo.drain(keep..).flat_map(expand).collect();
        records.reverse();
        if records.is_empty() {
            return Ok(());
        }
        // Undo is applied from undo blocks: an IMU transaction flushes first.
        self.imu_flush();
        self.inst.change_seq += 1;
        let st = self.change_stacks("oracle;opitsk;opiodr;opiexe;xctrol;ktundo");
        let mut touched: BTreeMap<TableId, HashSet<u32>> = BTreeMap::new();
        let undo_blocks = (records.len() as u64).div_ceil(32).max(1);
        for rec in records {
            let t = rec.table();
            self.inst.cat.tables[t].changed_at = self.inst.change_seq;
            let at = rec.row().and_then(|r| row_block(&self.inst.cat, t, r));
            if let Some(key) = at {
                self.inst.sga.cache.holds.undo_change(key, self.s.sid);
            }
            // A rollback (to a savepoint) releases the row's lock.
            if let Some(r) = rec.row() {
                self.inst.row_locks.release(t, r);
            }
            let Some(row) = apply_undo(&mut self.inst.cat, rec) else {
                continue;
            };
            touched.entry(t).or_default().insert(row);
            self.current_get(at, &st.get);
            let c = &mut self.s.stats.calls;
            c.undo_records_applied += 1;
            c.db_block_changes += 1;
            c.redo_entries += 1;
            self.gen_redo(REDO_RECORD_HEADER + CHANGE_VECTOR_HEADER + ROW_ADDRESS_BYTES);
            let us = self.inst.cost_params.grid.change_row_us;
            self.s.cost.charge_grid(st.get.own, us);
        }
        // The undo blocks are read back (consistent gets of undo).
        self.s.stats.gets.normal += undo_blocks;
        for (t, rows) in touched {
            self.reindex(t, &rows, true)?;
        }
        Ok(())
    }

    /// Bring every index (and the cluster's packed buckets, an IOT's row
    /// locations) of `table` up to date with the changed `rows`. An entry
    /// that breaks a unique index is reported with the index's name.
    pub(super) fn reindex(&mut self, table: TableId, rows: &HashSet<u32>, rollback: bool) -> Result<(), LabError> {
        self.reindex_with(table, rows, rollback, None)
    }

    /// [`Self::reindex`] of an UPDATE's rows: in each index of `only`, the
    /// rows whose key in it changed (an IOT's own index takes every row).
    pub(super) fn reindex_only(
        &mut self,
        table: TableId,
        rows: &HashSet<u32>,
        only: Option<&HashMap<usize, HashSet<u32>>>,
    ) -> Result<(), LabError> {
        self.reindex_with(table, rows, false, only)
    }

    fn reindex_with(
        &mut self,
        table: TableId,
        rows: &HashSet<u32>,
        rollback: bool,
        only: Option<&HashMap<usize, HashSet<u32>>>,
    ) -> Result<(), LabError> {
        let cat = &mut self.inst.cat;
        let index_ids = cat.physical_indexes(table);
        // An IOT's rows live in its index: any change reaches it.
        let iot = match cat.tables[table].storage {
            TableStorage::Iot { index } => Some(index),
            _ => None,
        };
        let all = rows;
        let mut dup: Option<usize> = None;
        let mut fills = Vec::new();
        let mut splits = Vec::new();
        for iid in index_ids {
            let rows = match only {
                Some(only) if Some(iid) != iot => match only.get(&iid) {
                    Some(r) => r,
                    None => continue,
                },
                _ => all,
            };
            let t = &cat.tables[table];
            // An index partition holds only its own rows.
            let part = cat.indexes[iid].part_of().is_some();
            let held = |r: u32| !part || cat.holds_row(iid, t, r, &t.rows.row(r as usize).to_vec());
            let mut sorted: Vec<u32> = rows.iter().copied().filter(|&r| t.is_live(r) && held(r)).collect();
            let ix = &mut cat.indexes[iid];
            let fill = ix.btree.fill_state();
            // A rollback takes inserted entries out and puts deleted ones back.
            ix.btree.undoing = rollback;
            ix.btree.remove_rows(rows);
            ix.btree.purged |= !rollback;
            sorted.sort_unstable();
            for r in sorted {
                let row = &t.rows.row(r as usize).to_vec()[..];
                let key = ix.key_of(row);
                let sz = ix.btree.entry_size(&key, row);
                ix.btree.insert(key, r, sz);
            }
            if ix.btree.has_pending() {
                if ix.btree.merge_pending().is_err() && dup.is_none() {
                    dup = Some(iid);
                }
            } else {
                ix.btree.relayout();
            }
            ix.btree.undoing = false;
            self.s.stats.calls.splits.add(ix.btree.take_splits());
            splits.extend(ix.btree.take_split_work());
            if rollback {
                // Entries put back where they were: the leaves as they were.
                ix.btree.set_fill_state(fill);
            } else if ix.btree.fill_state() != fill {
                fills.push(Undo::IndexFill { table, index: iid, state: fill });
            }
            // Index maintenance work: the entries laid out again.
            self.s.stats.work.rows += ix.btree.len() as u64 / 4;
        }
        if !fills.is_empty() {
            self.txn().undo.extend(fills);
        }
        // A rollback's entries going back write no split of their own.
        if !rollback {
            self.count_splits(splits);
        }
        let cat = &mut self.inst.cat;
        let t = &mut cat.tables[table];
        if let TableStorage::Iot { index } = t.storage {
            let ix = &cat.indexes[index];
            for pos in 0..ix.btree.len() {
                if let Some(l) = t.loc.get_mut(ix.btree.row_at(pos) as usize) {
                    l.block = ix.btree.leaf_block(ix.btree.leaf_of(pos));
                }
            }
        }
        let t = &cat.tables[table];
        for iid in cat.physical_indexes(table) {
            cat.indexes[iid].btree.set_rowid_blocks(&t.loc);
        }
        if let TableStorage::Cluster { cluster, key_cols } = &t.storage {
            let kc = key_cols[0];
            let rows = &t.rows;
            cat.clusters[*cluster].hash.pack(|r| match rows.get(r as usize).map(|x| x.value(kc)) {
                Some(Value::Num(n)) => n.f64_key().unwrap_or(f64::NAN),
                _ => f64::NAN,
            });
        }
        match dup {
            Some(iid) => Err(LabError::with(
                ora::UNIQUE_CONSTRAINT_VIOLATED,
                format_args!("LAB.{}", key_name(cat, iid)),
                Pos::default(),
            )),
            None => Ok(()),
        }
    }
}

/// The name ORA-00001 gives for a duplicate in index `iid`: the key
/// constraint it enforces (a non-unique index keeps another name than its
/// constraint), else the index's own.
pub(super) fn key_name(cat: &Catalog, iid: usize) -> &str {
    let ix = &cat.indexes[iid];
    let t = &cat.tables[ix.table];
    if let (Some((_, i, _)), Some(con)) = (&t.pk, &t.pk_con) {
        if *i == iid {
            return &con.name;
        }
    }
    t.uniques.iter().find(|u| u.index == iid).map_or(&ix.name, |u| &u.name)
}

/// The (segment, block) holding a row's body.
pub(super) fn row_block(cat: &Catalog, table: TableId, row: u32) -> Option<(u32, u32)> {
    let t = cat.tables.get(table)?;
    let seg = t.row_seg(cat, row)?;
    let loc = t.loc.get(row as usize)?;
    Some((seg, t.migrated.get(&row).copied().unwrap_or(loc.block)))
}
