//! TABLE ACCESS FULL: every block below the high-water mark in multiblock
//! reads, costed with CPU costing under noworkload system statistics
//! (`cost::ScanCosting::multiblock`). Always a candidate, and the
//! yardstick index paths are costed against. Its E-Rows is the table's;
//! the filters the block applies to it scale it (`exec/plan/block.rs`).

use super::{AccessPath, Candidate, TableRef, Tier};

pub fn candidate(r: &TableRef<'_>) -> Candidate {
    let scan = r.costing.multiblock(r.stats.blocks as f64, r.num_rows, r.last_column());
    let bytes = Some(r.num_rows * r.row_bytes());
    let c = Candidate::new(AccessPath::FullScan, Tier::FullScan, (scan.cost, r.num_rows, bytes), "full scan");
    c.exact(scan.io + r.costing.cpu_units(scan.cpu)).parts(scan.io, scan.cpu)
}
