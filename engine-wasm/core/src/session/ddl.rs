//! ALTER INDEX, ALTER TABLE, DROP.

use super::*;
use crate::catalog::TableStorage;

impl Run<'_> {
    pub(super) fn alter_index(&mut self, a: &AlterIndex) -> Result<Outcome, LabError> {
        let iid =
            self.inst.cat.index_id(&a.name.name).ok_or_else(|| LabError::new(ora::INDEX_DOES_NOT_EXIST, a.name.pos))?;
        if let Some(_p) = a.physical.buffer_pool {
            let pool = pool_of(&a.physical);
            self.inst.cat.indexes[iid].pool = pool;
            let seg = self.inst.cat.indexes[iid].seg;
            self.inst.cat.segments[seg as usize].pool = pool;
        }
        let seg = self.inst.cat.indexes[iid].seg;
        self.set_cell_flash_cache(seg, &a.physical);
        if let Some(visible) = a.visible {
            self.inst.cat.indexes[iid].visible = visible;
        }
        if a.rebuild {
            self.rebuild_initrans(iid, a)?;
            if let Some(done) = self.rebuild_part_index(iid, a)? {
                return Ok(done);
            }
        }
        if a.rebuild {
            // A rebuild computes the index's statistics with
            // TABLE_CACHED_BLOCKS 1, whatever the preference (Lewis,
            // "Clustering_Factor", 2 Jul 2018, 12.1.0.2 and 12.2.0.1).
            self.inst.cat.stats_set.gathered_cf.remove(&iid);
            let ix = &self.inst.cat.indexes[iid];
            if a.physical.compress.is_some() {
                // REBUILD [NO]COMPRESS [n]: the leaves written again with
                // (or without) a prefix table.
                let prefix = super::compress::prefix_length(&a.physical, ix.columns.len(), ix.unique, a.name.pos)?;
                self.inst.cat.indexes[iid].btree.prefix_cols = prefix;
            }
            // REBUILD [NO]REVERSE, or the rebuild of a reverse key index.
            if a.reverse.is_some() || self.inst.cat.indexes[iid].reverse {
                self.set_reverse(iid, a.reverse.unwrap_or(true), a.name.pos)?;
                self.invalidate_table(self.inst.cat.indexes[iid].table);
                return Ok(Outcome { feedback: Some("Index altered.".into()), ..Default::default() });
            }
            let ix = &mut self.inst.cat.indexes[iid];
            let t = &self.inst.cat.tables[ix.table];
            let (holds_rows, unique) = (ix.btree.holds_rows, ix.btree.unique);
            let _ = ix.btree.rebuild(|key, r| {
                crate::storage::BTree::leaf_entry_size(holds_rows, unique, key, &t.rows.row(r as usize).to_vec())
            });
            ix.btree.set_rowid_blocks(&t.loc);
        }
        // The cursors on its table (an index belongs to its table).
        self.invalidate_table(self.inst.cat.indexes[iid].table);
        Ok(Outcome { feedback: Some("Index altered.".into()), ..Default::default() })
    }

    pub(super) fn alter_table(&mut self, a: &AlterTable) -> Result<Outcome, LabError> {
        let tid = self
            .inst
            .cat
            .table_id(&a.name.name)
            .ok_or_else(|| LabError::new(ora::TABLE_OR_VIEW_DOES_NOT_EXIST, a.name.pos))?;
        if let AlterTableAction::AddPartition(_)
        | AlterTableAction::DropPartition(..)
        | AlterTableAction::TruncatePartition(..)
        | AlterTableAction::TruncateSubpartition(..)
        | AlterTableAction::RowMovement(_)
        | AlterTableAction::Reorganize(_) = &a.action
        {
            return self.alter_partitions(tid, a);
        }
        self.refuse_partitioned(tid, "this ALTER TABLE of a partitioned table", a.name.pos)?;
        self.check_temp_not_in_use(tid, false, a.name.pos)?;
        match &a.action {
            AlterTableAction::MemoptimizeRead(on) => {
                if *on {
                    if !self.inst.profile.memoptimize_rowstore {
                        return Err(LabError::new(ora::MISSING_OR_INVALID_OPTION, a.name.pos));
                    }
                    let t = &self.inst.cat.tables[tid];
                    match &t.pk {
                        None | Some((_, _, true)) => {
                            return Err(LabError::new(ora::MEMOPTIMIZE_READ_NEEDS_PRIMARY_KEY, a.name.pos))
                        }
                        _ => {}
                    }
                    if !matches!(t.storage, TableStorage::Heap { .. }) {
                        return Err(LabError::new(ora::MEMOPTIMIZE_READ_HEAP_ONLY, a.name.pos));
                    }
                    if t.heap_seg().is_none() {
                        return Err(LabError::new(ora::MEMOPTIMIZE_READ_DEFERRED_SEGMENT, a.name.pos));
                    }
                    if t.compress {
                        return Err(LabError::new(ora::MEMOPTIMIZE_READ_COMPRESSION, a.name.pos));
                    }
                    self.inst.cat.tables[tid].memoptimize_read = true;
                } else {
                    self.inst.cat.tables[tid].memoptimize_read = false;
                    self.inst.sga.memopt.evict(tid);
                }
            }
            AlterTableAction::Move(p) => self.move_table(tid, p)?,
            AlterTableAction::ShrinkSpace(compact, cascade) => {
                self.check_not_busy(tid, a.name.pos)?;
                self.shrink_space(tid, (*compact, *cascade), a.name.pos)?
            }
            AlterTableAction::AddConstraint(k) => self.add_constraint(tid, k)?,
            AlterTableAction::ConstraintState(n, state) => self.alter_constraint_state(tid, n, *state)?,
            AlterTableAction::DropConstraint(n) => self.drop_constraint(tid, n)?,
            AlterTableAction::AddColumns(_) | AlterTableAction::ModifyColumns(_) | AlterTableAction::DropColumns(_) => {
                self.alter_columns(tid, a)?
            }
            AlterTableAction::Physical(p) => {
                if p.buffer_pool.is_some() {
                    let pool = pool_of(p);
                    self.inst.cat.tables[tid].pool = pool;
                    if let Some(seg) = self.inst.cat.tables[tid].heap_seg() {
                        self.inst.cat.segments[seg as usize].pool = pool;
                    }
                }
                if p.compress == Some(true) && self.inst.cat.tables[tid].memoptimize_read {
                    return Err(LabError::new(ora::MEMOPTIMIZE_READ_COMPRESSION, a.name.pos));
                }
                super::compress::compression_refused(p, false)?;
                if let Some(logging) = p.logging {
                    self.inst.cat.tables[tid].load.nologging = !logging;
                }
                if let Some(on) = p.compress {
                    // The attribute applies to later direct-path loads.
                    self.inst.cat.tables[tid].compress = on;
                }
                if let Some(policy) = super::create::cell_flash_cache_of(p) {
                    self.inst.cat.tables[tid].cell_flash_cache = Some(policy);
                    if let Some(seg) = self.inst.cat.tables[tid].heap_seg() {
                        self.inst.io.set_cell_flash_cache(seg, policy);
                    }
                }
            }
            // Dispatched above.
            AlterTableAction::AddPartition(_) | AlterTableAction::DropPartition(..) => {}
            AlterTableAction::TruncatePartition(..) | AlterTableAction::RowMovement(_) => {}
            AlterTableAction::TruncateSubpartition(..) => {}
            AlterTableAction::Reorganize(_) => {}
        }
        self.invalidate_table(tid);
        Ok(Outcome { feedback: Some("Table altered.".into()), ..Default::default() })
    }

    /// `ALTER TABLE t ADD [CONSTRAINT name] PRIMARY KEY | UNIQUE (cols)`: a
    /// unique index named after the constraint (SYS_C... when unnamed)
    /// enforces it, unless an index already leads on its columns: a unique
    /// one of exactly those columns, or a plain non-unique B-tree (whose
    /// leading columns are then kept unique: `BTree::key_cols`), as Oracle
    /// does; other existing indexes are refused.
    fn add_constraint(&mut self, tid: TableId, k: &TableConstraint) -> Result<(), LabError> {
        match k.kind {
            ConstraintKind::ForeignKey => return self.add_foreign_key(tid, k, true),
            ConstraintKind::Check => return self.add_check(tid, k, None, true),
            ConstraintKind::PrimaryKey | ConstraintKind::Unique => {}
        }
        self.check_constraint_name(k.name.as_ref(), false)?;
        let pk = k.kind == ConstraintKind::PrimaryKey;
        let t = &self.inst.cat.tables[tid];
        let mut cols = Vec::new();
        for col in &k.columns {
            cols.push(
                t.column_index(&col.name).ok_or_else(|| {
                    LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{}\"", col.name), col.pos)
                })?,
            );
        }
        if pk && t.pk.is_some() {
            return Err(LabError::new(ora::ONLY_ONE_PRIMARY_KEY, k.pos));
        }
        if t.is_iot() || !matches!(t.storage, TableStorage::Heap { .. }) {
            return Err(LabError::unsupported(
                "ALTER TABLE ... ADD CONSTRAINT on an index-organized or clustered table",
                k.pos,
            ));
        }
        if let Some(n) = &k.name {
            if self.inst.cat.name_in_use(&n.name) {
                return Err(LabError::new(ora::NAME_ALREADY_USED, n.pos));
            }
        }
        if pk && cols.iter().any(|&c| t.rows.iter().any(|r| r.is_null(c))) {
            return Err(LabError::new(ora::NULL_VALUES_CANNOT_ALTER_TO_NOT_NULL, k.pos));
        }
        // An index that leads on the key's columns.
        let existing = t.indexes.iter().copied().find(|&i| {
            let ix = &self.inst.cat.indexes[i];
            !ix.dropped && ix.columns.len() >= cols.len() && cols.iter().all(|c| ix.columns[..cols.len()].contains(c))
        });
        let con = self.inst.cat.next_con(k.name.as_ref().map(|n| n.name.as_str()));
        let cname = con.name.clone();
        let iid = match existing {
            Some(i) if self.inst.cat.indexes[i].unique && self.inst.cat.indexes[i].columns == cols => i,
            // A bitmap index cannot enforce a key, and Oracle's new B-tree
            // would index the same column list (Foote, "Unique Bitmap
            // Indexes Part II", 2010).
            Some(i)
                if self.inst.cat.indexes[i].kind == crate::catalog::IndexKind::Bitmap
                    && self.inst.cat.indexes[i].columns == cols =>
            {
                return Err(LabError::new(ora::COLUMN_LIST_ALREADY_INDEXED, k.pos));
            }
            // A plain non-unique B-tree leading on the key's columns
            // enforces it as it is (Oracle's choice: no index is created,
            // USER_CONSTRAINTS.INDEX_NAME names it); its rows are checked
            // first (ORA-02437 / ORA-02299).
            Some(i) if self.enforcing_candidate(i) => {
                let ix = &mut self.inst.cat.indexes[i];
                ix.btree.key_cols = cols.len() as u16;
                if ix.btree.check_unique().is_err() {
                    ix.btree.key_cols = 0;
                    let entry = if pk { ora::CANNOT_VALIDATE_PRIMARY_KEY } else { ora::CANNOT_VALIDATE_DUPLICATE_KEYS };
                    return Err(LabError::with(entry, format_args!("LAB.{cname}"), k.pos));
                }
                i
            }
            Some(i) => {
                let name = self.inst.cat.indexes[i].name.clone();
                return Err(LabError::unsupported(
                    format!("a key enforced by the existing index {name} (the lab enforces a key with a unique index of its columns only)"),
                    k.pos,
                ));
            }
            None => {
                self.check_tablespace(&k.using_index)?;
                // A DEFERRABLE key's non-unique index is built without a
                // check: its rows are checked first.
                if k.deferrable && has_duplicate_keys(&self.inst.cat.tables[tid], &cols) {
                    let entry = if pk { ora::CANNOT_VALIDATE_PRIMARY_KEY } else { ora::CANNOT_VALIDATE_DUPLICATE_KEYS };
                    return Err(LabError::with(entry, format_args!("LAB.{cname}"), k.pos));
                }
                let pool = self.inst.cat.tables[tid].pool;
                self.key_index(tid, &cname, &cols, k.deferrable, pool, &k.using_index).map_err(|e| {
                    if e.is(ora::DUPLICATE_KEYS_FOUND) {
                        let entry =
                            if pk { ora::CANNOT_VALIDATE_PRIMARY_KEY } else { ora::CANNOT_VALIDATE_DUPLICATE_KEYS };
                        LabError::with(entry, format_args!("LAB.{cname}"), k.pos)
                    } else {
                        e
                    }
                })?
            }
        };
        if pk {
            for &c in &cols {
                self.inst.cat.tables[tid].columns[c].not_null = true;
            }
            self.inst.cat.tables[tid].pk = Some((cols, iid, k.deferrable));
            self.inst.cat.tables[tid].pk_con = Some(con);
        } else {
            let uk = crate::catalog::UniqueKey { name: cname, con: con.con, cols, index: iid };
            self.inst.cat.tables[tid].uniques.push(uk);
        }
        Ok(())
    }

    /// Whether index `i` may enforce a key on its leading columns: a
    /// plain (not reverse, not partitioned, usable) non-unique B-tree.
    fn enforcing_candidate(&self, i: usize) -> bool {
        let ix = &self.inst.cat.indexes[i];
        !ix.unique
            && ix.kind == crate::catalog::IndexKind::BTree
            && !ix.reverse
            && ix.part.is_none()
            && !ix.unusable
            && ix.btree.key_cols == 0
    }

    /// `ALTER TABLE t MOVE [TABLESPACE ts]`: the heap segment is rebuilt in
    /// the tablespace (its blocks are new: none of them is in the cache).
    /// A table with indexes is refused: Oracle leaves them UNUSABLE until
    /// rebuilt, which the lab does not model.
    fn move_table(&mut self, tid: usize, p: &Physical) -> Result<(), LabError> {
        self.check_tablespace(p)?;
        let t = &self.inst.cat.tables[tid];
        let pos = p.tablespace.as_ref().map(|t| t.pos).unwrap_or_default();
        // MOVE rewrites the rows by direct path: compressed when the table
        // (or the MOVE) says COMPRESS.
        super::compress::compression_refused(p, true)?;
        if t.compress && p.compress != Some(false) {
            return Err(LabError::unsupported(
                "ALTER TABLE ... MOVE of a compressed table (rewritten compressed)",
                pos,
            ));
        }
        if !matches!(t.storage, TableStorage::Heap { .. }) {
            return Err(LabError::unsupported("ALTER TABLE ... MOVE of an index-organized or clustered table", pos));
        }
        if !t.indexes.is_empty() {
            return Err(LabError::unsupported("ALTER TABLE ... MOVE of a table with indexes (left UNUSABLE)", pos));
        }
        let Some(ts) = &p.tablespace else { return Ok(()) };
        let name = ts.name.clone();
        if let Some(seg) = t.heap_seg() {
            self.inst.place_segment(seg, &name);
            self.inst.sga.cache.invalidate_segment(seg);
        }
        self.inst.cat.tables[tid].tablespace = Some(name);
        Ok(())
    }

    pub(super) fn drop(&mut self, d: &Drop) -> Result<Outcome, LabError> {
        let n = &d.name.name;
        match d.kind {
            ObjectKind::Table => {
                let tid = self
                    .inst
                    .cat
                    .table_id(n)
                    .ok_or_else(|| LabError::new(ora::TABLE_OR_VIEW_DOES_NOT_EXIST, d.name.pos))?;
                self.check_not_busy(tid, d.name.pos)?;
                self.check_temp_not_in_use(tid, true, d.name.pos)?;
                if self.referencing(tid).iter().any(|(child, _)| *child != tid) {
                    return Err(LabError::new(ora::REFERENCED_KEY_IN_USE, d.name.pos));
                }
                self.drop_table(tid);
                Ok(Outcome { feedback: Some("Table dropped.".into()), ..Default::default() })
            }
            ObjectKind::Index => {
                let iid =
                    self.inst.cat.index_id(n).ok_or_else(|| LabError::new(ora::INDEX_DOES_NOT_EXIST, d.name.pos))?;
                let tid = self.inst.cat.indexes[iid].table;
                let t = &self.inst.cat.tables[tid];
                if t.pk.as_ref().map(|p| p.1) == Some(iid) || t.uniques.iter().any(|u| u.index == iid) {
                    return Err(LabError::new(ora::INDEX_ENFORCES_KEY, d.name.pos));
                }
                self.drop_index_partitions(iid);
                self.inst.cat.indexes[iid].dropped = true;
                self.inst.cat.indexes[iid].btree.free_entries();
                let seg = self.inst.cat.indexes[iid].seg;
                self.inst.cat.segments[seg as usize].dropped = true;
                self.inst.sga.cache.invalidate_segment(seg);
                self.inst.io.drop_segment(seg);
                self.inst.cat.tables[tid].indexes.retain(|&i| i != iid);
                self.invalidate_table(tid);
                Ok(Outcome { feedback: Some("Index dropped.".into()), ..Default::default() })
            }
            ObjectKind::Procedure | ObjectKind::Function => self.drop_program(&d.name, d.kind == ObjectKind::Function),
            ObjectKind::View => self.drop_view(&d.name),
            ObjectKind::Sequence => self.drop_sequence(&d.name),
            ObjectKind::Cluster => {
                let cid = self
                    .inst
                    .cat
                    .cluster_id(n)
                    .ok_or_else(|| LabError::new(ora::CLUSTER_DOES_NOT_EXIST, d.name.pos))?;
                let live: Vec<TableId> = self.inst.cat.clusters[cid]
                    .tables
                    .iter()
                    .copied()
                    .filter(|t| !self.inst.cat.tables[*t].dropped)
                    .collect();
                if !live.is_empty() && !d.including_tables {
                    return Err(LabError::new(ora::CLUSTER_NOT_EMPTY, d.name.pos));
                }
                for &t in &live {
                    self.check_not_busy(t, d.name.pos)?;
                }
                for t in live {
                    self.drop_table(t);
                }
                self.inst.cat.clusters[cid].dropped = true;
                let seg = self.inst.cat.clusters[cid].seg;
                self.inst.cat.segments[seg as usize].dropped = true;
                self.inst.sga.cache.invalidate_segment(seg);
                self.inst.io.drop_segment(seg);
                Ok(Outcome { feedback: Some("Cluster dropped.".into()), ..Default::default() })
            }
        }
    }

    /// ORA-00054 when another session's open transaction has changed the
    /// table: DDL needs its exclusive lock and does not wait (dropping it
    /// would leave that transaction's undo pointing at rows gone).
    pub(super) fn check_not_busy(&self, tid: TableId, pos: Pos) -> Result<(), LabError> {
        if self.inst.cat.tables[tid].txn_sids.iter().any(|&s| s != self.s.sid) {
            return Err(LabError::new(ora::RESOURCE_BUSY, pos));
        }
        Ok(())
    }

    pub(super) fn drop_table(&mut self, tid: TableId) {
        self.invalidate_table(tid);
        self.drop_identity_sequence(tid);
        self.inst.sga.memopt.evict(tid);
        let t = &mut self.inst.cat.tables[tid];
        t.dropped = true;
        t.mem_bytes = 0;
        t.rows.clear();
        t.loc = Vec::new();
        let idx = t.indexes.clone();
        if let Some(seg) = t.heap_seg() {
            self.inst.cat.segments[seg as usize].dropped = true;
            self.inst.sga.cache.invalidate_segment(seg);
            self.inst.io.drop_segment(seg);
        }
        self.drop_partition_segments(tid, None);
        for i in idx {
            self.drop_index_partitions(i);
            self.inst.cat.indexes[i].dropped = true;
            self.inst.cat.indexes[i].btree.free_entries();
            let seg = self.inst.cat.indexes[i].seg;
            self.inst.cat.segments[seg as usize].dropped = true;
            self.inst.sga.cache.invalidate_segment(seg);
            self.inst.io.drop_segment(seg);
        }
    }
}

/// Whether two live rows of `t` have the same values, none NULL, in `cols`.
fn has_duplicate_keys(t: &crate::catalog::Table, cols: &[usize]) -> bool {
    let mut seen = std::collections::HashSet::new();
    let mut vals = Vec::with_capacity(cols.len());
    let mut key = Vec::new();
    for r in 0..t.rows.len() {
        if !t.is_live(r as u32) {
            continue;
        }
        let row = t.rows.row(r);
        vals.clear();
        vals.extend(cols.iter().map(|&c| row.value(c).clone()));
        if vals.iter().any(|v| v.is_null()) {
            continue;
        }
        crate::exec::hash_area::key_bytes(&vals, &mut key);
        if !seen.insert(key.clone()) {
            return true;
        }
    }
    false
}
