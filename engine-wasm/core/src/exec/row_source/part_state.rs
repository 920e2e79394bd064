//! The state of a partitioned table's full scan (`partition_scan.rs`
//! runs it): the partitions the plan keeps, the predicates on binds that
//! narrow them at open, and where the scan is. A leaf: it imports neither
//! the row sources nor the plan.

use crate::catalog::partition::{Cmp, Partitioning};
use crate::exec::expr::CExpr;

/// One level's PARTITION line of a composite table's scan.
#[derive(Debug, Clone, Default)]
pub struct Level {
    pub operation: String,
    pub pstart: String,
    pub pstop: String,
}

/// The partitions a scan reads, and where it is.
#[derive(Debug, Clone, Default)]
pub struct PartScan {
    /// The partitions the plan keeps (positions, ascending).
    pub kept: Vec<u16>,
    /// Comparisons of the key with values known at run time (binds).
    pub keys: Vec<(Cmp, CExpr)>,
    /// `key IN (:a, :b, ...)`: the partitions of any of the values.
    pub inlist: Vec<CExpr>,
    /// The plan line above the scan (`PARTITION RANGE SINGLE`) and the
    /// Pstart and Pstop both lines print.
    pub operation: String,
    pub pstart: String,
    pub pstop: String,
    /// A composite table's: comparisons and IN lists of the subpartition
    /// key with values known at run time, and the two PARTITION lines
    /// (range, hash) above the scan, whose Pstart and Pstop `pstart` and
    /// `pstop` (the scan line's) are not.
    pub sub_keys: Vec<(Cmp, CExpr)>,
    pub sub_inlist: Vec<CExpr>,
    pub levels: Option<Box<[Level; 2]>>,
    /// A composite table's LOCAL index scan with no table access above
    /// it: its parent is the subpartition line, whose Starts it counts.
    pub bare: bool,
    /// An index scan's: its table, the index partition at each partition
    /// position, and the global partitioned index whose bounds prune
    /// (None: a local index, pruned as its table).
    pub table: usize,
    pub index_parts: Vec<usize>,
    pub global: Option<usize>,
    /// This execution's partitions.
    pub(crate) active: Vec<u16>,
    /// Row numbers of the active partitions, partition after partition
    /// (within one in row order, which is its block order); `starts[i]`
    /// is where active partition i's rows begin.
    pub(crate) order: Vec<u32>,
    pub(crate) starts: Vec<usize>,
    /// What `order` was built for: the table's change stamp and rows, and
    /// the active partitions.
    pub(crate) built: Option<(u64, usize)>,
    pub(crate) built_for: Vec<u16>,
    pub(crate) cur: usize,
    pub(crate) pos: usize,
    pub(crate) entered: bool,
}

impl PartScan {
    /// The partitions this execution reads.
    pub(crate) fn active_count(&self) -> usize {
        self.active.len()
    }

    /// Group the rows of the active partitions (once per change of the
    /// table or of the partitions).
    pub(crate) fn build_order(&mut self, t: &crate::catalog::Table, pt: &Partitioning) {
        let stamp = (t.changed_at, t.rows.len());
        if self.built == Some(stamp) && self.built_for == self.active {
            return;
        }
        let mut slot = vec![usize::MAX; pt.parts.len()];
        for (i, &p) in self.active.iter().enumerate() {
            slot[p as usize] = i;
        }
        let mut counts = vec![0usize; self.active.len() + 1];
        for &p in &pt.row_part {
            if let Some(&s) = slot.get(p as usize).filter(|s| **s != usize::MAX) {
                counts[s + 1] += 1;
            }
        }
        for i in 1..counts.len() {
            counts[i] += counts[i - 1];
        }
        self.starts.clone_from(&counts);
        self.order.clear();
        self.order.resize(counts[counts.len() - 1], 0);
        let mut fill = counts;
        for (r, &p) in pt.row_part.iter().enumerate() {
            if let Some(&s) = slot.get(p as usize).filter(|s| **s != usize::MAX) {
                self.order[fill[s]] = r as u32;
                fill[s] += 1;
            }
        }
        self.built = Some(stamp);
        self.built_for.clone_from(&self.active);
    }
}
