//! INDEX RANGE SCAN: an equality on the leading column, or bounds on it;
//! then the table by rowid unless the index answers alone (an IOT, or an
//! index holding every column the block reads). Costed as Oracle costs an
//! index access (`cost::IndexAccess`): BLEVEL, the share of the leaf
//! blocks the predicate selects, the same share of the clustering factor
//! for the table visits; E-Rows from the same selectivity
//! (`selectivity::key_equality`, `selectivity::key_range`).

use super::{index_covers, AccessPath, Beats, Candidate, TableRef, Tier};
use crate::catalog::IndexId;
use crate::exec::expr::CExpr;
use crate::optimizer::cost::IndexAccess;
use crate::optimizer::predicate::{key_for, range_on};
use crate::optimizer::selectivity::{key_equality, key_range};

/// The costed access through `index` at selectivity `sel`: (unrounded
/// Cost, E-Rows, Bytes, index only, the INDEX line's Cost), and its parts.
fn costed(r: &TableRef<'_>, index: IndexId, sel: f64, all_equal: bool) -> ((f64, f64, Option<f64>, bool, f64), Parts) {
    costed_filtered(r, index, (sel, sel), all_equal)
}

/// The same with the index's own filters (`tb_sel` = `ix_sel` x their
/// selectivity): the table visits are the entries they keep.
fn costed_filtered(
    r: &TableRef<'_>,
    index: IndexId,
    (sel, tb_sel): (f64, f64),
    all_equal: bool,
) -> ((f64, f64, Option<f64>, bool, f64), Parts) {
    let ix = &r.cat.indexes[index];
    let index_only = r.t.is_iot() || index_covers(r.referenced, r.t, ix);
    let f = r.index_figures(index);
    let access = IndexAccess {
        blevel: f.blevel,
        leaf_blocks: f.leaf_blocks,
        clustering_factor: f.clustering_factor,
        ix_sel: sel,
        tb_sel,
        num_rows: r.num_rows,
        all_equal,
        index_only,
    };
    let mut ic = access.cost();
    if r.costing.io_model {
        (ic.index_cpu, ic.table_cpu) = (0.0, 0.0);
    }
    let (index_cost, cost) = ic.units(&r.costing);
    // E-Rows by the access alone: the table line applies the block's other
    // predicates' selectivity to it (an index filter's too), so the INDEX
    // line prints the entries its access selects, not those its filter
    // keeps (Oracle prints the latter).
    let e_rows = (r.num_rows * sel).max(1.0).round();
    // An index-only line carries the referenced columns' bytes too (all
    // in the index): `select n1 ... where n1 = 5` prints 100 rows, 300 bytes.
    let bytes = Some(e_rows * r.row_bytes());
    let parts = Parts { io: ic.index_io + ic.table_io, cpu: ic.index_cpu + ic.table_cpu, index_io: ic.index_io, sel };
    ((cost, e_rows, bytes, index_only, index_cost.round()), parts)
}

/// An index path's cost parts (for the 10053 trace).
struct Parts {
    io: f64,
    cpu: f64,
    index_io: f64,
    sel: f64,
}

impl Parts {
    fn on(self, c: Candidate) -> Candidate {
        c.parts(self.io, self.cpu).index_part(self.sel, self.index_io)
    }
}

/// Equalities on the index's leading columns, the longest prefix bound,
/// and a range on the column after it (`n1 = 5 AND n2 BETWEEN 10 AND 20`
/// on (N1, N2): access on all three, as Oracle's plans print it). The
/// selectivity is the product of the columns' (1/NDV each, decayed outside
/// low..high for a literal; the range's share of the next column's
/// low..high); with every column of the index bound by an equality, the
/// index's DISTINCT_KEYS stands for NDV (as Oracle's "AllEqRange" /
/// "AllEqJoin" take it).
pub fn equality(r: &TableRef<'_>, index: IndexId, eq: &[(usize, usize, CExpr)]) -> Option<Candidate> {
    let ix = &r.cat.indexes[index];
    let n = ix.columns.iter().take_while(|&&c| eq.iter().any(|(_, col, _)| *col == c)).count();
    let (mut cis, keys) = key_for(eq, &ix.columns[..n]).filter(|_| n > 0)?;
    // Every column bound: the index's DISTINCT_KEYS stands for NDV.
    let all_equal = n == ix.columns.len();
    let mut sel = 1.0;
    for (i, key) in keys.iter().enumerate() {
        let mut st = r.column_stats(ix.columns[i]);
        if all_equal && n == 1 {
            st.ndv = r.index_figures(index).distinct_keys as u64;
        }
        sel *= key_equality(&st, r.num_rows, key, r.peek);
    }
    if all_equal && n > 1 {
        sel = 1.0 / r.index_figures(index).distinct_keys.max(1.0);
    }
    // A range on the next column (not in a reverse key index: its keys
    // are not in the column's order).
    let next = ix.columns.get(n).filter(|_| !ix.reverse);
    let range = next.and_then(|&c| range_on(r.conjuncts, r.used, r.src, c, r.available).map(|b| (c, b)));
    let (low, high) = match range {
        Some((c, b)) => {
            let st = r.column_stats(c);
            sel *= key_range(&st, r.num_rows, bound(&b.low), bound(&b.high), r.peek);
            cis.extend(b.conjuncts);
            (b.low, b.high)
        }
        None => (None, None),
    };
    let tb_sel = sel * index_filter_sel(r, index, &cis);
    let ((cost, e_rows, bytes, index_only, index_cost), parts) = costed_filtered(r, index, (sel, tb_sel), all_equal);
    let why = if n == 1 && low.is_none() && high.is_none() {
        "equality on the leading column"
    } else {
        "equality on the leading columns"
    };
    let path = AccessPath::IndexRange { index, keys, low, high, index_only, index_cost };
    // At equal (printed) cost the probe beats the full scan.
    let c = Candidate::new(path, Tier::EqualityPrefix, (cost.round(), e_rows, bytes), why);
    Some(parts.on(c).exact(cost).consumes(cis).forced(r.hinted(ix)).beats(Beats::OrTies))
}

/// Bounds on the index's leading column: selectivity the range's share of
/// the column's low..high, plus 1/NDV for each closed bound.
pub fn leading_range(r: &TableRef<'_>, index: IndexId) -> Option<Candidate> {
    let ix = &r.cat.indexes[index];
    if ix.reverse {
        // Its keys are not in the column's order: no range scan.
        return None;
    }
    let b = range_on(r.conjuncts, r.used, r.src, ix.columns[0], r.available)?;
    let st = r.column_stats(ix.columns[0]);
    let sel = key_range(&st, r.num_rows, bound(&b.low), bound(&b.high), r.peek);
    let ((cost, e_rows, bytes, index_only, index_cost), parts) = costed(r, index, sel, false);
    let path = AccessPath::IndexRange { index, keys: vec![], low: b.low, high: b.high, index_only, index_cost };
    let c = Candidate::new(path, Tier::Range, (cost.round(), e_rows, bytes), "range on the leading column");
    Some(parts.on(c).exact(cost).consumes(b.conjuncts).forced(r.hinted(ix)).beats(Beats::Strictly))
}

/// The selectivity of the block's other predicates that read only the
/// index's columns (not `consumed` by its access): the index filters them.
fn index_filter_sel(r: &TableRef<'_>, index: IndexId, consumed: &[usize]) -> f64 {
    use crate::optimizer::predicate::reads_only;
    use crate::optimizer::selectivity::{of_filters, Columns};
    let cols = &r.cat.indexes[index].columns;
    let filters: Vec<CExpr> = (0..r.conjuncts.len())
        .filter(|&i| !r.used[i] && !consumed.contains(&i) && reads_only(&r.conjuncts[i], r.src, cols))
        .map(|i| r.conjuncts[i].clone())
        .collect();
    if filters.is_empty() {
        return 1.0;
    }
    let stats = |c: usize| r.column_stats(c);
    let c = Columns { src: r.src, num_rows: r.num_rows, stats: &stats, outer: r.available, peek: r.peek };
    of_filters(&filters, Some(&c))
}

fn bound(x: &Option<(CExpr, bool)>) -> Option<(&CExpr, bool)> {
    x.as_ref().map(|(e, closed)| (e, *closed))
}
