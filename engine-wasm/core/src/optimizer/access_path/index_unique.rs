//! A unique index with every column bound by an equality: INDEX UNIQUE
//! SCAN (READ OPTIM for a MemOptimized lookup), then the table by rowid
//! unless the index holds every column the block reads. A unique key
//! bound wins without being costed against the other paths, as Oracle's
//! unique-key lookup does (an empty table's full scan costs less).

use super::index_covers;
use super::{memopt, AccessPath, Candidate, TableRef, Tier};
use crate::catalog::IndexId;
use crate::exec::expr::CExpr;

pub fn candidate(r: &TableRef<'_>, index: IndexId, cis: Vec<usize>, keys: Vec<CExpr>) -> Candidate {
    let ix = &r.cat.indexes[index];
    let read_optim = memopt::applies(r, index, cis.len(), &keys);
    let index_only = !read_optim && index_covers(r.referenced, r.t, ix);
    let index_cost = r.index_figures(index).blevel.max(1) as f64;
    let (cost, bytes) =
        if index_only { (index_cost, Some(r.row_bytes())) } else { (index_cost + 1.0, Some(r.row_bytes())) };
    let path = AccessPath::IndexUnique { index, keys, read_optim, index_only, index_cost };
    Candidate::new(path, Tier::UniqueKey, (cost, 1.0, bytes), "unique key bound").consumes(cis).forced(true)
}
