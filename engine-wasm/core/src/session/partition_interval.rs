//! Interval partitions made by an insert: each key above the transition
//! point whose interval has no partition yet gets one (in the order the
//! rows reach them), SYS_Pn (n its OBJECT_ID), its place in position
//! order among the partitions that exist, and its local index
//! partitions; the table's cursors are invalidated (the partition is
//! DDL, done in a recursive transaction of its own: a rollback of the
//! insert keeps it). `catalog/partition_interval.rs` holds the model.

use super::*;
use crate::catalog::partition::{PartBound, PartStats, Partition, MAX_PARTITIONS};
use crate::catalog::RowStore;
use crate::storage::HeapSegment;

/// The most partitions the lab keeps of one table (its declared ones too).
const LAB_MAX_PARTS: usize = 1024;

impl Run<'_> {
    /// The interval partitions the rows of an insert into table `tid`
    /// need: ORA-14400 for a NULL key, ORA-14300 beyond partition number
    /// 1048575, checked for every row before any partition is made.
    pub(super) fn create_interval_partitions(
        &mut self,
        tid: TableId,
        rows: &RowStore,
        pos: Pos,
    ) -> Result<(), LabError> {
        let Some(pt) = self.inst.cat.tables[tid].part.as_deref() else { return Ok(()) };
        // A composite table's interval is its partitions' (above the subpartitions).
        let (p, each) = (pt.top(), pt.sub.as_ref().map_or(1, |s| s.count()));
        if p.interval.is_none() {
            return Ok(());
        }
        let r = p.range_count() as u64;
        let mut need: Vec<u64> = Vec::new();
        for i in 0..rows.len() {
            let key = rows.row(i).value(p.key);
            if key.is_null() {
                return Err(LabError::new(ora::PARTITION_KEY_NO_PARTITION, pos));
            }
            let Some(k) = p.interval_seq(&key) else { continue };
            if r + k > MAX_PARTITIONS as u64 || p.interval_bound(k).is_none() {
                return Err(LabError::new(ora::INTERVAL_PARTITION_LIMIT, pos));
            }
            if !need.contains(&k) && !p.parts.iter().any(|q| q.seq as u64 == k) {
                need.push(k);
            }
        }
        if pt.parts.len() + need.len() * each > LAB_MAX_PARTS {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "more than 1024 partitions", pos));
        }
        for k in need {
            self.add_interval_partition(tid, k)?;
        }
        Ok(())
    }

    /// Interval `k`'s partition, at its place; the rows of the partitions
    /// after it one position up.
    fn add_interval_partition(&mut self, tid: TableId, k: u64) -> Result<(), LabError> {
        if self.inst.cat.tables[tid].part.as_ref().is_some_and(|p| p.sub.is_some()) {
            return self.add_interval_composite(tid, k);
        }
        let stamp = self.object_stamp();
        let bs = self.inst.params.current.db_block_size;
        let t = &mut self.inst.cat.tables[tid];
        let pctfree = t.pctfree;
        let Some(p) = t.part.as_mut() else { return Ok(()) };
        let Some(high) = p.interval_bound(k) else { return Ok(()) };
        let at = p.parts.iter().position(|q| q.seq as u64 > k).unwrap_or(p.parts.len());
        p.parts.insert(at, interval_partition(stamp, high, k, HeapSegment::new(bs, pctfree)));
        for q in p.row_part.iter_mut().filter(|q| **q != u16::MAX && **q as usize >= at) {
            *q += 1;
        }
        self.partition_added_to_indexes(tid, Some(at))?;
        self.invalidate_table(tid);
        Ok(())
    }
}

/// Interval `k`'s partition, SYS_Pn (n its OBJECT_ID), bounded by `high`.
pub(super) fn interval_partition(stamp: crate::catalog::ObjStamp, high: Value, k: u64, heap: HeapSegment) -> Partition {
    Partition {
        name: format!("SYS_P{}", stamp.id),
        high_value: super::partition::high_value_text(&high),
        bound: PartBound::Less(Some(high)),
        stamp,
        seg: None,
        heap,
        tablespace: None,
        stats: PartStats::default(),
        data_id: None,
        seq: k as u32,
    }
}
