//! INDEX RANGE SCAN: an equality on the leading column (rows from the
//! index's distinct keys), or bounds on it (rows from the range's share of
//! the column's low/high values); then the table by rowid unless the index
//! answers alone (an IOT, or an index holding every column the block
//! reads).

use super::{index_covers, AccessPath, Beats, Candidate, TableRef, Tier};
use crate::catalog::IndexId;
use crate::exec::expr::CExpr;
use crate::optimizer::cost::{distinct_keys, range_selectivity};
use crate::optimizer::predicate::{key_for, range_on};

/// An equality on the index's leading column. Rows: NUM_ROWS over
/// DISTINCT_KEYS; cost: BLEVEL plus the leaves per key, plus a table visit
/// per row.
pub fn equality(r: &TableRef<'_>, index: IndexId, eq: &[(usize, usize, CExpr)]) -> Option<Candidate> {
    let ix = &r.cat.indexes[index];
    let (cis, keys) = key_for(eq, &ix.columns[..1])?;
    let ndv = distinct_keys(&ix.btree).max(1) as f64;
    let e_rows = (r.num_rows / ndv).max(1.0).round();
    let leaves = ix.btree.leaf_count() as f64;
    let index_cost = ix.btree.blevel() as f64 + (leaves / ndv).ceil().max(1.0);
    let index_only = r.t.is_iot() || index_covers(r.referenced, r.t, ix);
    let cost = if index_only { index_cost } else { index_cost + e_rows };
    let bytes = (!index_only).then(|| e_rows * r.row_bytes());
    let path = AccessPath::IndexRange { index, keys, low: None, high: None, index_only, index_cost };
    // At equal cost the probe beats the full scan (Oracle's CPU cost,
    // which the lab does not print, favours it).
    let c = Candidate::new(path, Tier::EqualityPrefix, (cost, e_rows, bytes), "equality on the leading column");
    Some(c.consumes(cis).forced(r.hinted(ix)).beats(Beats::OrTies))
}

/// Bounds on the index's leading column. Cost: BLEVEL plus the range's
/// share of the leaves, plus its share of the clustering factor for the
/// table visits.
pub fn leading_range(r: &TableRef<'_>, index: IndexId) -> Option<Candidate> {
    let ix = &r.cat.indexes[index];
    let b = range_on(r.conjuncts, r.used, r.src, ix.columns[0], r.available)?;
    let sel = range_selectivity(&b, &ix.btree);
    let e_rows = (r.num_rows * sel).max(1.0).round();
    let leaves = ix.btree.leaf_count() as f64;
    let index_cost = ix.btree.blevel() as f64 + (leaves * sel).ceil();
    let index_only = r.t.is_iot() || index_covers(r.referenced, r.t, ix);
    let table_cost = if index_only { 0.0 } else { (ix.btree.clustering_factor as f64 * sel).ceil() };
    let cost = index_cost + table_cost;
    let bytes = (!index_only).then(|| e_rows * r.row_bytes());
    let path = AccessPath::IndexRange { index, keys: vec![], low: b.low, high: b.high, index_only, index_cost };
    let c = Candidate::new(path, Tier::Range, (cost, e_rows, bytes), "range on the leading column");
    Some(c.consumes(b.conjuncts).forced(r.hinted(ix)).beats(Beats::Strictly))
}
