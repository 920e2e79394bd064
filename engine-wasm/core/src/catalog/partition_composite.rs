//! Composite partitioning (RANGE-HASH): each range partition divided into
//! hash subpartitions, and each subpartition, not the partition, a
//! segment of its own.
//!
//! The table's `parts` are its subpartitions, partition after partition
//! (partition 1's subpartitions, then partition 2's), so a scan, a rowid
//! and a row's `row_part` name a segment as they do for a one-level
//! table. [`super::partition::Subparts`] keeps the level above: the partitions as declared
//! (their bounds, names and object numbers, no segment) and where each
//! one's subpartitions start. A row goes to its partition by the range
//! bounds, then to the subpartition of that partition the hash of its
//! subpartition key picks (the linear-hashing map of
//! `partition::hash_bucket` onto the partition's subpartitions, the same
//! as for a HASH-partitioned table).

use super::partition::{Cmp, PartStats, Partitioning};

use crate::value::Value;

impl Partitioning {
    /// The segment a row goes to (None: ORA-14400); `col` gives the row's
    /// value of a column. One level: its partition; composite: its
    /// partition's subpartition.
    pub fn route_row(&self, col: impl Fn(usize) -> Value) -> Option<usize> {
        match &self.sub {
            None => self.route(&col(self.key)),
            Some(s) => {
                let p = s.top.route(&col(self.key))?;
                let j = s.template.route(&col(s.key))?;
                Some(s.first[p] + j)
            }
        }
    }

    /// The segments whose subpartition key can satisfy `key op v`: in
    /// every partition, the subpartitions the hash of `v` picks (a hash
    /// level prunes on equality only). All of them for a one-level table.
    pub fn sub_matching(&self, op: Cmp, v: &Value) -> Vec<u16> {
        let Some(s) = &self.sub else { return (0..self.parts.len() as u16).collect() };
        let m = s.template.matching(op, v);
        (0..self.parts.len()).filter(|&i| m.contains(&(s.top_of(i).1 as u16))).map(|i| i as u16).collect()
    }
}

impl Partitioning {
    /// The partitions as declared: a composite table's level above its
    /// subpartitions, else the table's own.
    pub fn top(&self) -> &Partitioning {
        self.sub.as_ref().map_or(self, |s| &s.top)
    }

    /// Partition `i`'s statistics (USER_TAB_PARTITIONS): its own, or
    /// for a composite table its subpartitions' summed (rows, blocks),
    /// their average row length weighted by their rows, gathered when
    /// every subpartition's is.
    pub fn partition_stats(&self, i: usize) -> PartStats {
        let Some(s) = &self.sub else { return self.parts[i].stats.clone() };
        let leaves = &self.parts[s.first[i]..s.first[i + 1]];
        let rows: u64 = leaves.iter().map(|p| p.stats.num_rows).sum();
        let len: u64 = leaves.iter().map(|p| p.stats.num_rows * p.stats.avg_row_len as u64).sum();
        PartStats {
            num_rows: rows,
            blocks: leaves.iter().map(|p| p.stats.blocks).sum(),
            avg_row_len: if rows == 0 { 0 } else { len.div_ceil(rows) as u32 },
            gathered: leaves.iter().all(|p| p.stats.gathered),
            analyzed: leaves.iter().filter_map(|p| p.stats.analyzed).max_by_key(|d| d.seconds()),
        }
    }
}
