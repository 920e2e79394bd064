//! What partition maintenance does to a partitioned table's indexes, and
//! ALTER INDEX ... REBUILD [PARTITION] of them:
//! - DROP PARTITION drops the local indexes' partition at its position
//!   (its segment with it); TRUNCATE PARTITION empties it (it stays
//!   USABLE). ADD PARTITION adds an empty one, named after the table's.
//! - A global index (partitioned or not) loses the rows of the partition:
//!   with `UPDATE [GLOBAL] INDEXES` its entries are deleted and it stays
//!   USABLE; without, it (each of its partitions) becomes UNUSABLE, as
//!   Oracle marks it, unless the partition held no rows. An UNUSABLE
//!   index is not considered by the optimizer (SKIP_UNUSABLE_INDEXES is
//!   TRUE) and DML does not maintain it; DML on a table with an UNUSABLE
//!   unique index is ORA-01502.
//! - REBUILD builds an UNUSABLE index (partition) again from its table's
//!   rows; REBUILD of a partitioned index as a whole is ORA-14086, REBUILD
//!   PARTITION of an index that is not partitioned ORA-14501.

use super::*;
use crate::catalog::partition::{IndexPart, PartOf};
use crate::catalog::IndexKind;
use std::collections::HashSet;

impl Run<'_> {
    /// Partition `i` of table `tid` dropped (`drop`) or truncated: its
    /// rows `gone`; `update`: UPDATE [GLOBAL] INDEXES.
    pub(super) fn partition_gone_from_indexes(
        &mut self,
        tid: TableId,
        i: usize,
        drop: bool,
        (gone, update): (&HashSet<u32>, bool),
    ) {
        for iid in self.inst.cat.tables[tid].indexes.clone() {
            let (local, children) = match self.inst.cat.indexes[iid].parts() {
                Some(ps) => (ps.local, ps.children.clone()),
                None => (false, vec![iid]),
            };
            if local {
                let Some(&c) = children.get(i) else { continue };
                self.drop_entries(c, gone);
                if drop {
                    self.drop_index_segment(c);
                    if let Some(IndexPart::Parent(ps)) = self.inst.cat.indexes[iid].part.as_deref_mut() {
                        ps.children.remove(i);
                    }
                }
                continue;
            }
            for c in children {
                // The entries go in either case: an UNUSABLE index is built
                // again from the table's rows when rebuilt.
                self.drop_entries(c, gone);
                if !update && !gone.is_empty() {
                    self.inst.cat.indexes[c].unusable = true;
                }
            }
        }
    }

    /// The entries of rows `gone` out of index (partition) `c`, its leaves
    /// laid out again.
    fn drop_entries(&mut self, c: usize, gone: &HashSet<u32>) {
        let cat = &mut self.inst.cat;
        let tid = cat.indexes[c].table;
        let bt = &mut cat.indexes[c].btree;
        bt.remove_rows(gone);
        bt.relayout();
        bt.set_rowid_blocks(&cat.tables[tid].loc);
    }

    /// ADD PARTITION (`at` None: the last) or an interval partition an
    /// insert created (`at` its position): each local index gets its
    /// partition (empty) at the same position, named after the table's
    /// new partition (an interval partition's index partition is SYS_Pn,
    /// n its own OBJECT_ID, as Oracle names every generated partition).
    pub(super) fn partition_added_to_indexes(&mut self, tid: TableId, at: Option<usize>) -> Result<(), LabError> {
        let Some(pt) = self.inst.cat.tables[tid].part.as_deref() else { return Ok(()) };
        let at = at.unwrap_or(pt.parts.len().saturating_sub(1));
        let new = pt.parts.get(at).map(|p| (p.name.clone(), p.tablespace.clone(), p.high_value.clone(), p.seq));
        let Some((name, tablespace, high_value, seq)) = new else { return Ok(()) };
        for iid in self.inst.cat.tables[tid].indexes.clone() {
            if !self.inst.cat.indexes[iid].parts().is_some_and(|p| p.local) {
                continue;
            }
            self.add_local_child(tid, iid, at, (&name, &tablespace, &high_value), (seq > 0).then_some("SYS_P"))?;
        }
        Ok(())
    }

    /// Local index `iid`'s new (empty) partition or subpartition at
    /// position `at` among its segments, named `name` (`generated`: that
    /// prefix and its own OBJECT_ID, SYS_Pn or SYS_SUBPn) in `tablespace`,
    /// bounded by `high_value`.
    pub(super) fn add_local_child(
        &mut self,
        tid: TableId,
        iid: usize,
        at: usize,
        (name, tablespace, high_value): (&str, &Option<String>, &str),
        generated: Option<&str>,
    ) -> Result<(), LabError> {
        let ix = &self.inst.cat.indexes[iid];
        let (iname, cols, unique, pool) = (ix.name.clone(), ix.columns.clone(), ix.unique, ix.pool);
        let leaf = (ix.btree.pctfree, ix.btree.prefix_cols);
        let c = self.build_index(tid, &iname, cols, (unique, IndexKind::BTree), pool, leaf, Some(&|_| false))?;
        let name = match generated {
            Some(prefix) => format!("{prefix}{}", self.inst.cat.indexes[c].stamp.id),
            None => name.to_string(),
        };
        let of = PartOf { parent: iid, name, tablespace: tablespace.clone(), high_value: high_value.to_string() };
        self.inst.cat.indexes[c].part = Some(Box::new(IndexPart::Child(of)));
        if let Some(IndexPart::Parent(ps)) = self.inst.cat.indexes[iid].part.as_deref_mut() {
            ps.children.insert(at.min(ps.children.len()), c);
        }
        Ok(())
    }

    /// DML on a table with an UNUSABLE unique index: ORA-01502.
    pub(super) fn check_unusable(&self, tid: TableId, pos: Pos) -> Result<(), LabError> {
        match self.inst.cat.unusable_unique(tid) {
            Some(n) => Err(LabError::with_args(ora::INDEX_UNUSABLE, &[&self.inst.cat.schema, &n], pos)),
            None => Ok(()),
        }
    }

    /// An index (partition)'s segment dropped with it.
    pub(super) fn drop_index_segment(&mut self, iid: usize) {
        let ix = &mut self.inst.cat.indexes[iid];
        ix.dropped = true;
        ix.btree.free_entries();
        let seg = ix.seg;
        self.inst.cat.segments[seg as usize].dropped = true;
        self.inst.sga.cache.invalidate_segment(seg);
        self.inst.io.drop_segment(seg);
    }

    /// DROP INDEX or DROP TABLE of a partitioned index: its partitions too.
    pub(super) fn drop_index_partitions(&mut self, iid: usize) {
        let children = self.inst.cat.indexes[iid].parts().map(|p| p.children.clone()).unwrap_or_default();
        for c in children {
            self.drop_index_segment(c);
        }
    }

    /// ALTER INDEX ... REBUILD [PARTITION p] of an index on a partitioned
    /// table, or of one that is UNUSABLE: Some when done here.
    pub(super) fn rebuild_part_index(&mut self, iid: usize, a: &AlterIndex) -> Result<Option<Outcome>, LabError> {
        let ix = &self.inst.cat.indexes[iid];
        let target = match (&a.partition, ix.parts()) {
            (None, Some(_)) => return Err(LabError::new(ora::PARTITIONED_INDEX_REBUILD, a.name.pos)),
            (None, None) if !ix.unusable => return Ok(None),
            (None, None) => iid,
            (Some(p), None) => return Err(LabError::new(ora::OBJECT_NOT_PARTITIONED, p.pos)),
            // A composite index's partition has no segment: its subpartitions are rebuilt.
            (Some(p), Some(ps)) if ps.tops.iter().any(|t| t.name == p.name) => {
                return Err(LabError::new(ora::COMPOSITE_INDEX_PARTITION_REBUILD, p.pos))
            }
            (Some(p), Some(ps)) if !ps.tops.is_empty() => {
                return Err(LabError::new(ora::PARTITION_DOES_NOT_EXIST, p.pos))
            }
            (Some(p), Some(ps)) => *ps
                .children
                .iter()
                .find(|&&c| self.inst.cat.indexes[c].part_of().is_some_and(|o| o.name == p.name))
                .ok_or_else(|| LabError::new(ora::PARTITION_DOES_NOT_EXIST, p.pos))?,
        };
        let tid = self.inst.cat.indexes[target].table;
        let keep: Vec<bool> = {
            let t = &self.inst.cat.tables[tid];
            (0..t.rows.len() as u32)
                .map(|r| {
                    let row: Vec<Value> = t.rows.row(r as usize).to_vec();
                    !t.loc[r as usize].is_dead() && self.inst.cat.index_target(iid, t, r, &row) == target
                })
                .collect()
        };
        self.refill_index(target, &|r| keep.get(r).copied().unwrap_or(false), true)?;
        self.invalidate_table(tid);
        Ok(Some(Outcome { feedback: Some("Index altered.".into()), ..Default::default() }))
    }
}
