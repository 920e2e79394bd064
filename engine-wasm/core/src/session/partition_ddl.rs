//! ALTER TABLE ... ADD | DROP | TRUNCATE PARTITION and ENABLE | DISABLE
//! ROW MOVEMENT. What DROP and TRUNCATE do to the table's indexes is
//! `part_index_ddl.rs`'s. SPLIT, MERGE, EXCHANGE, COALESCE, MOVE and
//! MODIFY PARTITION are refused by the parser, named.

use super::*;
use crate::catalog::partition::{PartBound, PartMethod};
use lio_sql::ast::{AlterTable, AlterTableAction, PartitionBound};

/// `row_part` of a row no partition holds any more (dropped or truncated
/// with its partition): scans and fetches skip it.
pub(super) const NO_PARTITION: u16 = u16::MAX;

impl Run<'_> {
    /// One partition maintenance operation on table `tid`.
    pub(super) fn alter_partitions(&mut self, tid: TableId, a: &AlterTable) -> Result<Outcome, LabError> {
        if let AlterTableAction::RowMovement(on) = a.action {
            self.inst.cat.tables[tid].load.row_movement = on;
            return Ok(Outcome { feedback: Some("Table altered.".into()), ..Default::default() });
        }
        if self.inst.cat.tables[tid].part.is_none() {
            return Err(LabError::new(ora::OBJECT_NOT_PARTITIONED, a.name.pos));
        }
        self.check_not_busy(tid, a.name.pos)?;
        self.interval_maintenance(tid, a)?;
        if self.inst.cat.tables[tid].part.as_ref().is_some_and(|p| p.sub.is_some()) {
            self.invalidate_table(tid);
            self.alter_composite(tid, a)?;
            return Ok(Outcome { feedback: Some("Table altered.".into()), ..Default::default() });
        }
        if let AlterTableAction::TruncateSubpartition(..) = a.action {
            let what = "TRUNCATE SUBPARTITION of a table that is not composite-partitioned";
            return Err(LabError::with(ora::LAB_UNSUPPORTED, what, a.name.pos));
        }
        self.invalidate_table(tid);
        match &a.action {
            AlterTableAction::AddPartition(d) => {
                self.add_partition(tid, d)?;
                self.partition_added_to_indexes(tid, None)?;
            }
            AlterTableAction::DropPartition(n, update) | AlterTableAction::TruncatePartition(n, update) => {
                let drop = matches!(a.action, AlterTableAction::DropPartition(..));
                let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked");
                let i = pt.position(&n.name).ok_or_else(|| LabError::new(ora::PARTITION_DOES_NOT_EXIST, n.pos))?;
                if drop && pt.parts.len() == 1 {
                    return Err(LabError::new(ora::DROP_ONLY_PARTITION, n.pos));
                }
                let gone = self.empty_partition(tid, i);
                self.partition_gone_from_indexes(tid, i, drop, (&gone, *update));
                if drop {
                    self.drop_partition(tid, i);
                } else {
                    self.truncate_partitions(tid, Some(i));
                }
            }
            AlterTableAction::Reorganize(r) => self.reorganize(tid, r)?,
            _ => unreachable!("the caller dispatches only partition operations"),
        }
        Ok(Outcome { feedback: Some("Table altered.".into()), ..Default::default() })
    }

    /// An interval table's maintenance: ADD PARTITION is ORA-14760; the lab
    /// truncates any partition and drops interval partitions, and refuses
    /// the rest (Oracle moves the transition point for them).
    fn interval_maintenance(&self, tid: TableId, a: &AlterTable) -> Result<(), LabError> {
        let Some(pt) = self.inst.cat.tables[tid].part.as_deref().map(|p| p.top()).filter(|p| p.interval.is_some())
        else {
            return Ok(());
        };
        let what = match &a.action {
            AlterTableAction::AddPartition(d) => return Err(LabError::new(ora::INTERVAL_ADD_PARTITION, d.pos)),
            AlterTableAction::TruncatePartition(..) | AlterTableAction::TruncateSubpartition(..) => return Ok(()),
            AlterTableAction::DropPartition(n, _) => match pt.position(&n.name) {
                Some(i) if pt.parts[i].seq == 0 => "DROP PARTITION of an interval table's range section",
                _ => return Ok(()),
            },
            _ => "SPLIT, MERGE or EXCHANGE PARTITION of an interval-partitioned table",
        };
        Err(LabError::with(ora::LAB_UNSUPPORTED, what, a.name.pos))
    }

    /// ADD PARTITION: above the last range bound (ORA-14074; none above
    /// MAXVALUE), a list partition's values, or a hash table's (refused:
    /// Oracle rehashes one partition into two).
    fn add_partition(&mut self, tid: TableId, d: &lio_sql::ast::PartitionDef) -> Result<(), LabError> {
        let part = self.partition_to_add(tid, d)?;
        let stamp = self.object_stamp();
        let Some(pt) = self.inst.cat.tables[tid].part.as_mut() else { return Ok(()) };
        let mut part = part;
        part.stamp = stamp;
        if part.name.is_empty() {
            part.name = format!("SYS_P{}", stamp.id);
        }
        pt.parts.push(part);
        Ok(())
    }

    /// The partition ADD PARTITION `d` adds (no object number yet), its
    /// bound checked against the table's partitions (a composite
    /// table's: those above its subpartitions).
    pub(super) fn partition_to_add(
        &mut self,
        tid: TableId,
        d: &lio_sql::ast::PartitionDef,
    ) -> Result<crate::catalog::partition::Partition, LabError> {
        let t = &self.inst.cat.tables[tid];
        let pt = t.part.as_deref().expect("checked").top();
        let (method, key, name, pctfree) = (pt.method, t.columns[pt.key].clone(), t.name.clone(), t.pctfree);
        let fits = matches!(
            (method, &d.bound),
            (PartMethod::Range, PartitionBound::LessThan(_))
                | (PartMethod::List, PartitionBound::List(_) | PartitionBound::Default)
        );
        if method == PartMethod::Hash {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "ADD PARTITION of a hash-partitioned table", d.pos));
        }
        if !fits {
            return Err(LabError::new(ora::MISSING_OR_INVALID_OPTION, d.pos));
        }
        if let Some(n) = d.name.as_ref().filter(|n| pt.position(&n.name).is_some()) {
            return Err(LabError::new(ora::PARTITION_NAME_CONFLICT, n.pos));
        }
        let part = self.new_partition(Some(d), &key, &name, pctfree)?;
        let pt = self.inst.cat.tables[tid].part.as_deref().expect("checked").top();
        if let (PartBound::Less(b), Some(last)) = (&part.bound, pt.parts.last()) {
            let higher = match (&last.bound, b) {
                (PartBound::Less(Some(_)), None) => true,
                (PartBound::Less(Some(l)), Some(b)) => b.cmp_sql(l) == std::cmp::Ordering::Greater,
                _ => false,
            };
            if !higher {
                return Err(LabError::new(ora::PARTITION_BOUND_NOT_HIGHER, d.pos));
            }
        }
        Ok(part)
    }

    /// The rows of partition `i` leave the table (DROP or TRUNCATE
    /// PARTITION: DDL, nothing to undo).
    pub(super) fn empty_partition(&mut self, tid: TableId, i: usize) -> std::collections::HashSet<u32> {
        let t = &mut self.inst.cat.tables[tid];
        let mut rows = std::collections::HashSet::new();
        let Some(pt) = t.part.as_mut() else { return rows };
        let mut gone = 0;
        for (r, p) in pt.row_part.iter_mut().enumerate() {
            if *p as usize != i {
                continue;
            }
            *p = NO_PARTITION;
            if let Some(l) = t.loc.get_mut(r).filter(|l| !l.is_dead()) {
                l.slot = crate::storage::DEAD_SLOT;
                gone += 1;
                rows.insert(r as u32);
            }
        }
        t.dead_rows += gone;
        t.stats_memo.forget();
        rows
    }

    /// DROP PARTITION: its segment dropped, the partitions after it one
    /// position down.
    pub(super) fn drop_partition(&mut self, tid: TableId, i: usize) {
        let Some(pt) = self.inst.cat.tables[tid].part.as_mut() else { return };
        let gone = pt.parts.remove(i);
        for p in pt.row_part.iter_mut().filter(|p| **p != NO_PARTITION && **p as usize > i) {
            *p -= 1;
        }
        self.drop_segment(gone.seg);
    }

    /// DROP TABLE of a partitioned table (`only` None) or one partition's
    /// segment: dropped, its buffers and extents released.
    pub(super) fn drop_partition_segments(&mut self, tid: TableId, only: Option<usize>) {
        let segs: Vec<Option<u32>> = match self.inst.cat.tables[tid].part.as_deref() {
            Some(p) => {
                p.parts.iter().enumerate().filter(|(i, _)| only.is_none_or(|o| o == *i)).map(|(_, q)| q.seg).collect()
            }
            None => return,
        };
        for seg in segs {
            self.drop_segment(seg);
        }
    }

    fn drop_segment(&mut self, seg: Option<u32>) {
        if let Some(seg) = seg {
            self.inst.cat.segments[seg as usize].dropped = true;
            self.inst.sga.cache.invalidate_segment(seg);
            self.inst.io.drop_segment(seg);
        }
    }
}
