//! TABLE ACCESS FULL: every block below the high-water mark in multiblock
//! reads. Always a candidate, and the yardstick index paths are costed
//! against.

use super::{AccessPath, Candidate, TableRef, Tier};
use crate::optimizer::cost::multiblock_scan_cost;

pub fn candidate(r: &TableRef<'_>) -> Candidate {
    let cost = multiblock_scan_cost(r.cat.table_blocks(r.t));
    let bytes = Some(r.num_rows * r.row_bytes());
    Candidate::new(AccessPath::FullScan, Tier::FullScan, (cost, r.num_rows, bytes), "full scan")
}
