//! A table read with `SAMPLE [BLOCK] (p)`: only a full scan of the table
//! (TABLE ACCESS SAMPLE) or of an index that covers the block and has a
//! NOT NULL column (INDEX SAMPLE FAST FULL SCAN) can sample, so those are
//! the candidates, ranked as usual (an `INDEX_FFS` hint forces the index,
//! `FULL` the table). E-Rows is NUM_ROWS * p / 100 before the block's
//! filters. Row sampling reads every block below the high water mark and
//! is costed as the full scan; block sampling reads about p% of them and
//! is costed as a multiblock scan of p% of the blocks and rows.

use super::{full_scan, index_fast_full, AccessPath, Candidate, TableRef};

/// The sampled reference's candidates, the full scan last.
pub fn candidates(r: &TableRef<'_>, percent: f64, block: bool) -> Vec<Candidate> {
    let f = percent / 100.0;
    let mut out = Vec::new();
    if r.is_heap() && !r.full_hint() {
        index_fast_full::candidates(r, &mut out);
    }
    out.push(full_scan::candidate(r));
    out.retain(|c| c.path.fits_partitioned(r.cat));
    out.into_iter().map(|c| scaled(r, c, f, block)).collect()
}

/// `c` with its E-Rows and Bytes scaled by the fraction `f`, and, for a
/// block sample, its cost that of reading `f` of the blocks.
fn scaled(r: &TableRef<'_>, mut c: Candidate, f: f64, block: bool) -> Candidate {
    c.card = r.num_rows * f;
    c.bytes = c.bytes.map(|b| b * f);
    if block {
        let (blocks, last) = match c.path {
            AccessPath::IndexFastFull { index } => (r.cat.indexes[index].btree.blocks() as f64, 0),
            _ => (r.stats.blocks as f64, r.last_column()),
        };
        let scan = r.costing.multiblock((blocks * f).max(1.0), r.num_rows * f, last);
        c.cost = scan.cost;
        c.exact = scan.io + r.costing.cpu_units(scan.cpu);
        c.io = scan.io;
        c.cpu = scan.cpu;
    }
    c
}
