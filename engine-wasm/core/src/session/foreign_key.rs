//! Foreign keys (`REFERENCES`, `CONSTRAINT ... FOREIGN KEY`, in CREATE
//! TABLE and ALTER TABLE ADD CONSTRAINT).
//!
//! A foreign key names its parent's primary key, or a UNIQUE constraint on
//! exactly its columns (ORA-02270 otherwise, a plain unique index too;
//! ORA-02256 when the column counts differ). Each row an INSERT stores with no NULL in the key is
//! checked at the statement's end by a probe of the parent key's index,
//! root to leaf, each block a consistent get (`examination`), as the
//! recursive check Oracle runs (ORA-02291 when missing). A DELETE of a
//! parent row a live child row still references is ORA-02292, checked
//! after the statement's own deletes (a self-referencing table may delete
//! a parent with its children); the child is probed through an index on
//! exactly its key's columns, or scanned (every block below its high water
//! mark a consistent get, per parent row, as Oracle's unindexed check).
//! ON DELETE CASCADE and SET NULL are session/cascade.rs's.
//! DROP TABLE of a referenced parent is ORA-02449. Not modelled, and
//! refused (LAB-00001): an UPDATE of a foreign key's columns or of a
//! referenced key.

use super::*;
use crate::catalog::{ForeignKey, IndexId};
use crate::sga::cache::GetKind;

impl Run<'_> {
    /// CREATE TABLE's foreign keys (out of line, then inline), once the
    /// table and its keys exist; on error the table goes again.
    pub(super) fn create_foreign_keys(&mut self, tid: TableId, c: &CreateTable) -> Result<(), LabError> {
        let inline = c.columns.iter().filter_map(|d| d.references.as_deref());
        let defs: Vec<&TableConstraint> =
            c.constraints.iter().filter(|k| k.kind == ConstraintKind::ForeignKey).chain(inline).collect();
        for k in defs {
            if let Err(e) = self.add_foreign_key(tid, k, false) {
                self.drop_table(tid);
                return Err(e);
            }
        }
        Ok(())
    }

    /// One foreign key on table `tid`; with `validate` (ALTER TABLE) the
    /// rows already there are checked (ORA-02298) unless it says ENABLE
    /// NOVALIDATE.
    pub(super) fn add_foreign_key(
        &mut self,
        tid: TableId,
        k: &TableConstraint,
        validate: bool,
    ) -> Result<(), LabError> {
        let r = k.references.as_ref().expect("a foreign key references its parent");
        self.check_constraint_name(k.name.as_ref(), false)?;
        let cat = &self.inst.cat;
        let parent =
            cat.table_id(&r.table.name).ok_or_else(|| LabError::new(ora::TABLE_OR_VIEW_DOES_NOT_EXIST, r.table.pos))?;
        let column = |t: TableId, c: &Ident| {
            cat.tables[t]
                .column_index(&c.name)
                .ok_or_else(|| LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{}\"", c.name), c.pos))
        };
        let cols = k.columns.iter().map(|c| column(tid, c)).collect::<Result<Vec<_>, _>>()?;
        let pt = &cat.tables[parent];
        let pcols = match (&pt.pk, r.columns.is_empty()) {
            (Some((p, _, _)), true) => p.clone(),
            (None, true) => return Err(LabError::new(ora::NO_MATCHING_UNIQUE_KEY, r.table.pos)),
            _ => r.columns.iter().map(|c| column(parent, c)).collect::<Result<Vec<_>, _>>()?,
        };
        if pcols.len() != cols.len() {
            return Err(LabError::new(ora::REFERENCING_COLUMNS_MISMATCH, k.pos));
        }
        // The primary key or a UNIQUE constraint on exactly these columns
        // (in any order): a plain unique index is not a key (ORA-02270).
        let same = |key: &[usize]| key.len() == pcols.len() && key.iter().all(|c| pcols.contains(c));
        let keys = pt.pk.iter().map(|(c, i, _)| (c, *i)).chain(pt.uniques.iter().map(|u| (&u.cols, u.index)));
        let index = keys
            .filter(|(c, i)| same(c) && !cat.indexes[*i].dropped)
            .map(|(_, i)| i)
            .next()
            .ok_or_else(|| LabError::new(ora::NO_MATCHING_UNIQUE_KEY, r.table.pos))?;
        let key_cols = cat.indexes[index]
            .columns
            .iter()
            .map(|pc| cols[pcols.iter().position(|c| c == pc).expect("same columns")])
            .collect();
        let c = self.inst.cat.next_con(k.name.as_ref().map(|n| n.name.as_str()));
        let on_delete = r.on_delete.map(|(d, _)| d);
        let validated = k.state.validate != Some(false);
        let fk = ForeignKey { name: c.name, con: c.con, parent, index, key_cols, on_delete, validated };
        if validate && validated {
            let rows = self.inst.cat.tables[tid].rows.len();
            if let Some(_r) = self.missing_parent(tid, &fk, 0, rows) {
                return Err(LabError::with(
                    ora::PARENT_KEYS_NOT_FOUND,
                    format_args!("{}.{}", self.inst.cat.schema, fk.name),
                    k.pos,
                ));
            }
        }
        self.inst.cat.tables[tid].fks.push(fk);
        Ok(())
    }

    /// The first row of `from..to` whose key `fk`'s parent lacks.
    fn missing_parent(&mut self, tid: TableId, fk: &ForeignKey, from: usize, to: usize) -> Option<usize> {
        let mut key = Vec::with_capacity(fk.key_cols.len());
        for r in from..to {
            let t = &self.inst.cat.tables[tid];
            if !t.is_live(r as u32) {
                continue;
            }
            let row = t.rows.row(r);
            key.clear();
            key.extend(fk.key_cols.iter().map(|&c| row.value(c)));
            // A key with a NULL column references nothing.
            if key.iter().any(Value::is_null) {
                continue;
            }
            if !self.probe(fk.index, &key) {
                return Some(r);
            }
        }
        None
    }

    /// Whether index `iid` holds `key` (all its columns): a descent from
    /// the root to the leaf, each block a consistent get.
    fn probe(&mut self, iid: IndexId, key: &[Value]) -> bool {
        self.descend(iid, key, GetKind::Examination, "oracle;opitsk;opiodr;opiexe;kdtInsRow;qesrcCheck")
    }

    /// Whether index `iid` holds `key` (its leading columns): a descent
    /// from the root to the leaf, each block a consistent get of `kind`
    /// on call stack `base`.
    pub(super) fn descend(&mut self, iid: IndexId, key: &[Value], kind: GetKind, base: &'static str) -> bool {
        let st = self.change_stacks(base).get;
        let ix = &self.inst.cat.indexes[iid];
        let bt = &ix.btree;
        // A reverse key index holds (and is probed with) the key reversed.
        let reversed = bt.reverse.then(|| crate::storage::reversed_key(key));
        let key = reversed.as_deref().unwrap_or(key);
        let pos = bt.lower_bound(key);
        let found = pos < bt.len() && bt.key_equals(pos, key);
        let leaves = bt.leaf_count();
        let leaf = if bt.is_empty() || leaves == 0 { 0 } else { bt.leaf_of(pos.min(bt.len() - 1)).min(leaves - 1) };
        let path: Vec<u32> = (0..bt.height() as usize).map(|level| bt.path_block(level, leaf)).collect();
        let seg = ix.seg;
        for b in path {
            crate::kernel!(self.inst, self.s).get(seg, b, kind, false, crate::trace::NO_LINE, &st);
        }
        found
    }

    /// INSERT: the rows from `first_row` on have their parents
    /// (ORA-02291 names the first foreign key one lacks).
    pub(super) fn check_parent_keys(&mut self, tid: TableId, first_row: usize, pos: Pos) -> Result<(), LabError> {
        if self.inst.cat.tables[tid].fks.is_empty() {
            return Ok(());
        }
        let rows = self.inst.cat.tables[tid].rows.len();
        for fk in self.inst.cat.tables[tid].fks.clone() {
            if self.missing_parent(tid, &fk, first_row, rows).is_some() {
                return Err(LabError::with(
                    ora::PARENT_KEY_NOT_FOUND,
                    format_args!("{}.{}", self.inst.cat.schema, fk.name),
                    pos,
                ));
            }
        }
        Ok(())
    }

    /// The foreign keys (with their tables) that reference table `tid`.
    pub(super) fn referencing(&self, tid: TableId) -> Vec<(TableId, ForeignKey)> {
        let live = self.inst.cat.tables.iter().filter(|t| !t.dropped);
        live.flat_map(|t| t.fks.iter().filter(|f| f.parent == tid).map(|f| (t.id, f.clone()))).collect()
    }

    /// DELETE of parent rows `deleted` (their values): no live child row
    /// references one (ORA-02292).
    pub(super) fn check_no_children(
        &mut self,
        tid: TableId,
        deleted: &[Box<[Value]>],
        pos: Pos,
    ) -> Result<(), LabError> {
        // (A key with a delete rule had its children deleted or nulled.)
        for (child, fk) in self.referencing(tid).into_iter().filter(|(_, f)| f.on_delete.is_none()) {
            let pcols = self.inst.cat.indexes[fk.index].columns.clone();
            // An index on exactly the child's key columns answers; else a scan.
            let cat = &self.inst.cat;
            let by_index = cat.tables[child].indexes.iter().copied().find(|&i| cat.indexes[i].columns == fk.key_cols);
            for row in deleted {
                let key: Vec<Value> = pcols.iter().map(|&c| row[c].clone()).collect();
                if key.iter().any(Value::is_null) {
                    continue;
                }
                let found = match by_index {
                    Some(i) => self.probe(i, &key),
                    None => self.scan_for_child(child, &fk.key_cols, &key),
                };
                if found {
                    return Err(LabError::with(
                        ora::CHILD_RECORD_FOUND,
                        format_args!("{}.{}", self.inst.cat.schema, fk.name),
                        pos,
                    ));
                }
            }
        }
        Ok(())
    }

    /// A full scan of the child for a live row with `key` in `cols`: each
    /// block below the high water mark a consistent get.
    fn scan_for_child(&mut self, child: TableId, cols: &[usize], key: &[Value]) -> bool {
        let t = &self.inst.cat.tables[child];
        let found = (0..t.rows.len()).any(|r| {
            t.is_live(r as u32) && cols.iter().zip(key).all(|(&c, k)| t.rows.row(r).value(c).cmp_sql(k).is_eq())
        });
        self.scan_blocks(child, "oracle;opitsk;opiodr;opiexe;delexe;qesrcCheck");
        found
    }

    /// Every block of table `t` below the high water mark, a consistent
    /// get (a full scan) on call stack `base`.
    pub(super) fn scan_blocks(&mut self, child: TableId, base: &'static str) {
        let st = self.change_stacks(base).get;
        let t = &self.inst.cat.tables[child];
        let seg = self.inst.cat.scan_segment(t);
        let blocks = self.inst.cat.table_blocks(t) as u32;
        if let Some(seg) = seg {
            for b in 1..blocks {
                crate::kernel!(self.inst, self.s).get(seg, b, GetKind::Normal, true, crate::trace::NO_LINE, &st);
            }
        }
    }

    /// UPDATE of a foreign key's columns or of a key one references:
    /// refused (the lab checks foreign keys on INSERT and DELETE only).
    pub(super) fn refuse_key_update(&self, tid: TableId, cols: &[usize], pos: Pos) -> Result<(), LabError> {
        let t = &self.inst.cat.tables[tid];
        let child = t.fks.iter().any(|f| f.key_cols.iter().any(|c| cols.contains(c)));
        let parent = self
            .referencing(tid)
            .iter()
            .any(|(_, f)| self.inst.cat.indexes[f.index].columns.iter().any(|c| cols.contains(c)));
        if child || parent {
            return Err(LabError::unsupported(
                "UPDATE of a foreign key's columns or of a key a foreign key references",
                pos,
            ));
        }
        Ok(())
    }
}
