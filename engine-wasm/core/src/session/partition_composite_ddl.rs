//! Partition maintenance of a composite-partitioned table, where the
//! subpartitions, not the partitions, are the segments:
//! - TRUNCATE PARTITION p: each of p's subpartitions emptied (a new
//!   DATA_OBJECT_ID, an empty segment), as are the local indexes'
//!   subpartitions at their places;
//! - DROP PARTITION p: p and its subpartitions gone (their segments and
//!   the local indexes' partition and subpartitions with them), the later
//!   partitions one position down; ORA-14083 for the only one;
//! - TRUNCATE SUBPARTITION s: that one segment emptied (ORA-14251 for a
//!   name that is no subpartition of the table);
//! - ADD PARTITION p: above the last range bound or a list's values (as a
//!   one-level table's, `partition_ddl.rs`), its subpartitions the
//!   table's template's: `<p>_<name>` for a template that names them,
//!   SYS_SUBPn (n its OBJECT_ID) for `SUBPARTITIONS n`; each local index
//!   gets its partition and subpartitions, empty, named after the
//!   table's; segments created by their first rows.
//!
//! Global indexes lose the rows of what was dropped or truncated as for a
//! one-level table (`part_index_ddl.rs`): UNUSABLE without `UPDATE
//! [GLOBAL] INDEXES` unless no row went. SPLIT and MERGE:
//! `partition_composite_reorg.rs`; EXCHANGE `partition_exchange_composite.rs`.

use super::*;
use crate::catalog::partition::IndexTop;
use lio_sql::ast::{AlterTable, AlterTableAction};

impl Run<'_> {
    /// One maintenance operation on composite table `tid` (its cursors
    /// already invalidated by the caller).
    pub(super) fn alter_composite(&mut self, tid: TableId, a: &AlterTable) -> Result<(), LabError> {
        match &a.action {
            AlterTableAction::AddPartition(d) => self.add_composite_partition(tid, d),
            AlterTableAction::DropPartition(n, update) | AlterTableAction::TruncatePartition(n, update) => {
                let drop = matches!(a.action, AlterTableAction::DropPartition(..));
                let top = self.inst.cat.tables[tid].part.as_deref().expect("checked").top();
                let p = top.position(&n.name).ok_or_else(|| LabError::new(ora::PARTITION_DOES_NOT_EXIST, n.pos))?;
                if drop && top.parts.len() == 1 {
                    return Err(LabError::new(ora::DROP_ONLY_PARTITION, n.pos));
                }
                let s = self.inst.cat.tables[tid].part.as_deref().and_then(|p| p.sub.as_deref()).expect("composite");
                let segs = s.first[p]..s.first[p + 1];
                // From the last: a dropped segment's place is not reused before its turn.
                for i in segs.rev() {
                    self.empty_segment(tid, i, drop, *update);
                }
                if drop {
                    self.drop_composite_partition(tid, p);
                }
                Ok(())
            }
            AlterTableAction::TruncateSubpartition(n, update) => {
                let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked");
                let i = pt.position(&n.name).ok_or_else(|| LabError::new(ora::SUBPARTITION_DOES_NOT_EXIST, n.pos))?;
                self.empty_segment(tid, i, false, *update);
                Ok(())
            }
            AlterTableAction::Reorganize(r) => self.reorganize_composite(tid, r, a.name.pos),
            _ => unreachable!("the caller dispatches only partition operations"),
        }
    }

    /// Subpartition segment `i` dropped (`drop`) or truncated, with what
    /// that does to the table's indexes (`update`: UPDATE INDEXES).
    fn empty_segment(&mut self, tid: TableId, i: usize, drop: bool, update: bool) {
        let gone = self.empty_partition(tid, i);
        self.partition_gone_from_indexes(tid, i, drop, (&gone, update));
        if drop {
            self.drop_partition(tid, i);
        } else {
            self.truncate_partitions(tid, Some(i));
        }
    }

    /// Partition `p`, whose subpartitions are already gone, out of the
    /// table's partitions and its local indexes' (the later ones' first
    /// segments move down by as many).
    fn drop_composite_partition(&mut self, tid: TableId, p: usize) {
        let Some(s) = self.inst.cat.tables[tid].part.as_mut().and_then(|p| p.sub.as_mut()) else { return };
        let k = s.first[p + 1] - s.first[p];
        s.top.parts.remove(p);
        s.first.remove(p + 1);
        s.first[p + 1..].iter_mut().for_each(|f| *f -= k);
        for iid in self.inst.cat.tables[tid].indexes.clone() {
            if let Some(crate::catalog::partition::IndexPart::Parent(ps)) =
                self.inst.cat.indexes[iid].part.as_deref_mut()
            {
                if ps.local && p < ps.tops.len() {
                    ps.tops.remove(p);
                }
            }
        }
    }

    /// ADD PARTITION of a composite table: the partition (its bound
    /// checked as a one-level table's), then its template's subpartitions.
    fn add_composite_partition(&mut self, tid: TableId, d: &lio_sql::ast::PartitionDef) -> Result<(), LabError> {
        let mut part = self.partition_to_add(tid, d)?;
        let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked");
        if let Some(n) = d.name.as_ref().filter(|n| pt.position(&n.name).is_some()) {
            return Err(LabError::new(ora::PARTITION_NAME_CONFLICT, n.pos));
        }
        let s = pt.sub.as_deref().expect("composite");
        let names: Vec<String> = s.template.parts.iter().map(|q| q.name.clone()).collect();
        let p = s.top.parts.len();
        if let Some(n) = d.name.as_ref() {
            let taken = |sub: &String| !sub.is_empty() && pt.position(&format!("{}_{sub}", n.name)).is_some();
            if names.iter().any(taken) {
                let what = "ADD PARTITION whose template subpartition names another subpartition has";
                return Err(LabError::with(ora::LAB_UNSUPPORTED, what, n.pos));
            }
        }
        part.stamp = self.object_stamp();
        if part.name.is_empty() {
            part.name = format!("SYS_P{}", part.stamp.id);
        }
        let leaves = self.template_leaves(tid, &part);
        let (name, tablespace, high_value) = (part.name.clone(), part.tablespace.clone(), part.high_value.clone());
        let Some(pt) = self.inst.cat.tables[tid].part.as_mut() else { return Ok(()) };
        let Some(s) = pt.sub.as_mut() else { return Ok(()) };
        s.top.parts.push(part);
        pt.parts.extend(leaves);
        s.first.push(pt.parts.len());
        let segs = s.first[p]..s.first[p + 1];
        for iid in self.inst.cat.tables[tid].indexes.clone() {
            if !self.inst.cat.indexes[iid].parts().is_some_and(|ps| ps.local) {
                continue;
            }
            let top = IndexTop {
                name: name.clone(),
                tablespace: tablespace.clone(),
                high_value: high_value.clone(),
                stamp: self.object_stamp(),
            };
            if let Some(crate::catalog::partition::IndexPart::Parent(ps)) =
                self.inst.cat.indexes[iid].part.as_deref_mut()
            {
                ps.tops.push(top);
            }
            for i in segs.clone() {
                let q = &self.inst.cat.tables[tid].part.as_deref().expect("checked").parts[i];
                let (n, ts, hv) = (q.name.clone(), q.tablespace.clone(), q.high_value.clone());
                self.add_local_child(tid, iid, i, (&n, &ts, &hv), None)?;
            }
        }
        Ok(())
    }
}

/// (see `add_interval_composite`)
impl Run<'_> {
    /// An interval-* table's interval `k` partition, made by an insert:
    /// SYS_Pn at its place among the partitions, with the template's
    /// subpartitions, each SYS_SUBPn (n its OBJECT_ID: Oracle's VLDB guide,
    /// "for interval-* subpartitioning, the subpartition names are
    /// system-generated"); the segments after them, and their rows, move
    /// up by as many; each local index gets its partition (SYS_Pn) and
    /// subpartitions (SYS_SUBPn).
    pub(super) fn add_interval_composite(&mut self, tid: TableId, k: u64) -> Result<(), LabError> {
        let bs = self.inst.params.current.db_block_size;
        let pctfree = self.inst.cat.tables[tid].pctfree;
        let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked");
        let s = pt.sub.as_deref().expect("composite");
        let Some(high) = s.top.interval_bound(k) else { return Ok(()) };
        let at = s.top.parts.iter().position(|q| q.seq as u64 > k).unwrap_or(s.top.parts.len());
        let (seg_at, mut leaves) = (s.first[at], s.template.parts.clone());
        let part = super::partition_interval::interval_partition(
            self.object_stamp(),
            high,
            k,
            crate::storage::HeapSegment::new(bs, pctfree),
        );
        for q in leaves.iter_mut() {
            q.stamp = self.object_stamp();
            q.name = format!("SYS_SUBP{}", q.stamp.id);
        }
        let n = leaves.len();
        let Some(pt) = self.inst.cat.tables[tid].part.as_mut() else { return Ok(()) };
        let Some(s) = pt.sub.as_mut() else { return Ok(()) };
        s.top.parts.insert(at, part);
        s.first[at + 1..].iter_mut().for_each(|f| *f += n);
        s.first.insert(at + 1, seg_at + n);
        pt.parts.splice(seg_at..seg_at, leaves);
        for q in pt.row_part.iter_mut().filter(|q| **q != super::partition_ddl::NO_PARTITION && **q as usize >= seg_at)
        {
            *q += n as u16;
        }
        for iid in self.inst.cat.tables[tid].indexes.clone() {
            if !self.inst.cat.indexes[iid].parts().is_some_and(|ps| ps.local) {
                continue;
            }
            let stamp = self.object_stamp();
            let top =
                IndexTop { name: format!("SYS_P{}", stamp.id), tablespace: None, high_value: String::new(), stamp };
            let hv = self.inst.cat.tables[tid].part.as_deref().map(|p| p.top().parts[at].high_value.clone());
            if let Some(crate::catalog::partition::IndexPart::Parent(ps)) =
                self.inst.cat.indexes[iid].part.as_deref_mut()
            {
                ps.tops.insert(at.min(ps.tops.len()), IndexTop { high_value: hv.unwrap_or_default(), ..top });
            }
            for i in seg_at..seg_at + n {
                let q = &self.inst.cat.tables[tid].part.as_deref().expect("checked").parts[i];
                let (name, ts, hv) = (q.name.clone(), q.tablespace.clone(), q.high_value.clone());
                self.add_local_child(tid, iid, i, (&name, &ts, &hv), Some("SYS_SUBP"))?;
            }
        }
        self.invalidate_table(tid);
        Ok(())
    }
}
