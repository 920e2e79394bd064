//! `ON DELETE CASCADE` and `ON DELETE SET NULL`: what a DELETE of parent
//! rows does to the rows that reference them.
//!
//! After the statement's own deletes, for each foreign key with a delete
//! rule that references the table, Oracle runs a recursive statement per
//! deleted parent row (`DELETE FROM child WHERE key = :1`, or `UPDATE child
//! SET key = NULL WHERE key = :1`). Each one finds the child rows as its
//! plan would: a range scan of an index that leads on the key's columns
//! (root to leaf, consistent gets), or else a full scan of the child, every
//! block below the high water mark a consistent get, per parent row: the
//! cost of an unindexed foreign key. The rows found are deleted (with
//! their undo, redo and index entries, and their own children in turn) or
//! have the key set to NULL (ORA-01407 for a NOT NULL column; the child's
//! CHECK constraints apply), in current mode. A NO ACTION key's children
//! are then checked (ORA-02292). Any error rolls the whole statement back.

use super::*;
use crate::catalog::ForeignKey;
use crate::sga::cache::GetKind;
use lio_sql::ast::DeleteRule;
use std::collections::HashSet;

/// The call stack of the recursive statement's reads and changes.
const RECURSIVE: &str = "oracle;opitsk;opiodr;opiexe;delexe;rpiswu2;opiexe;delexe";

impl Run<'_> {
    /// Table `tid`'s rows `deleted` (their values) are gone: their
    /// children are deleted or nulled by the keys' delete rules, level by
    /// level, and no NO ACTION key's child is left (ORA-02292).
    pub(super) fn delete_children(
        &mut self,
        tid: TableId,
        deleted: Vec<Box<[Value]>>,
        pos: Pos,
    ) -> Result<(), LabError> {
        let mut queue = vec![(tid, deleted)];
        while let Some((parent, rows)) = queue.pop() {
            for (child, fk) in self.referencing(parent) {
                let Some(rule) = fk.on_delete else { continue };
                let found = self.child_rows(child, &fk, &rows)?;
                if found.is_empty() {
                    continue;
                }
                match rule {
                    DeleteRule::Cascade => {
                        let gone = self.cascade_delete(child, &found, pos)?;
                        queue.push((child, gone));
                    }
                    DeleteRule::SetNull => {
                        let width = fk.key_cols.len();
                        let nulls = found
                            .iter()
                            .map(|&r| {
                                let mut v = vec![Value::Null; width + 1];
                                v[width] = Value::from_f64(r as f64);
                                v
                            })
                            .collect();
                        self.update_rows(child, &fk.key_cols, nulls, false, pos)?;
                    }
                }
                self.inst.cat.tables[child].add_writer(self.s.sid);
            }
            self.check_no_children(parent, &rows, pos)?;
        }
        Ok(())
    }

    /// The live rows of `child` whose key references one of `parents`,
    /// each once, in row order; read per parent row as the recursive
    /// statement reads them: through an index leading on the key, or by a
    /// full scan. (The lab matches the rows in one pass over the child,
    /// against the parents' keys sorted.)
    fn child_rows(&mut self, child: TableId, fk: &ForeignKey, parents: &[Box<[Value]>]) -> Result<Vec<u32>, LabError> {
        let cat = &self.inst.cat;
        let pcols = cat.indexes[fk.index].columns.clone();
        let n = fk.key_cols.len();
        let by_index = cat.tables[child].indexes.iter().copied().find(|&i| {
            let ix = &cat.indexes[i];
            !ix.dropped && ix.columns.len() >= n && ix.columns[..n] == fk.key_cols[..]
        });
        let cmp = |a: &[Value], b: &[Value]| {
            a.iter().zip(b).map(|(x, y)| x.cmp_sql(y)).find(|o| o.is_ne()).unwrap_or(std::cmp::Ordering::Equal)
        };
        let mut keys: Vec<Vec<Value>> = Vec::with_capacity(parents.len());
        for row in parents {
            let key: Vec<Value> = pcols.iter().map(|&c| row[c].clone()).collect();
            if key.iter().any(Value::is_null) {
                continue;
            }
            match by_index {
                Some(i) => {
                    self.descend(i, &key, GetKind::Normal, RECURSIVE);
                }
                None => self.scan_blocks(child, RECURSIVE),
            }
            keys.push(key);
            self.check_work()?;
        }
        keys.sort_by(|a, b| cmp(a, b));
        let t = &self.inst.cat.tables[child];
        let mut out = Vec::new();
        let mut key = Vec::with_capacity(n);
        for r in 0..t.rows.len() as u32 {
            if !t.is_live(r) {
                continue;
            }
            let row = t.rows.row(r as usize);
            key.clear();
            key.extend(fk.key_cols.iter().map(|&c| row.value(c)));
            if keys.binary_search_by(|k| cmp(k, &key)).is_ok() {
                out.push(r);
            }
        }
        Ok(out)
    }

    /// Rows `rows` of `child` deleted (row locks, undo, redo, index
    /// entries); their values.
    fn cascade_delete(&mut self, child: TableId, rows: &[u32], pos: Pos) -> Result<Vec<Box<[Value]>>, LabError> {
        let st = self.change_stacks(RECURSIVE);
        let mut gone = Vec::with_capacity(rows.len());
        for &r in rows {
            self.check_row_lock(child, r, pos)?;
            self.lock_delete_pieces(child, r, pos)?;
            gone.push(self.delete_row(child, r, &st, None));
        }
        let set: HashSet<u32> = rows.iter().copied().collect();
        self.reindex(child, &set, false)?;
        Ok(gone)
    }
}
