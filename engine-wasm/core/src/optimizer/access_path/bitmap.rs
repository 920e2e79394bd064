//! Bitmap index access: BITMAP INDEX SINGLE VALUE (an equality on the
//! leading column) or BITMAP INDEX RANGE SCAN (bounds on it), under
//! BITMAP CONVERSION TO ROWIDS and TABLE ACCESS BY INDEX ROWID BATCHED
//! unless the index answers alone.
//!
//! Costed as Lewis, Cost-Based Oracle Fundamentals ch. 8 ("Bitmap
//! Indexes") describes it: the index part is the B-tree formula, BLEVEL
//! plus the selected share of the leaf blocks, scaled by 1.1; the
//! clustering factor of a bitmap index (its number of pieces) says nothing
//! of the rows' scatter, so the table part assumes 80% of the selected
//! rows packed in as few blocks as they fill (rows / rows per block) and
//! 20% scattered, a block each (Lewis on oracle-l, 21 December 2007:
//! "80% of the rows are tightly packed, 20% are widely scattered").

use super::{index_covers, AccessPath, Beats, Candidate, TableRef, Tier};
use crate::catalog::IndexId;
use crate::exec::expr::CExpr;
use crate::optimizer::cost::{IndexCost, CPU_PER_BLOCK, CPU_PER_ROW};
use crate::optimizer::predicate::{key_for, range_on};
use crate::optimizer::selectivity::{key_equality, key_range};
use lio_sql::ast::IndexWay;

/// The bitmap index part's scale on the B-tree formula (Lewis ch. 8).
const BITMAP_INDEX_SCALE: f64 = 1.1;
/// The share of the selected rows assumed packed (the rest scattered).
const PACKED_SHARE: f64 = 0.8;

/// A bitmap access's cost from the index's and the table's statistics.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BitmapAccess {
    pub blevel: u32,
    pub leaf_blocks: f64,
    pub sel: f64,
    pub num_rows: f64,
    pub table_blocks: f64,
    pub index_only: bool,
}

impl BitmapAccess {
    /// The access of `r` through bitmap index `ix` at selectivity `sel`.
    pub fn of(r: &TableRef<'_>, ix: &crate::catalog::Index, sel: f64, index_only: bool) -> Self {
        BitmapAccess {
            blevel: ix.btree.blevel(),
            leaf_blocks: ix.btree.leaf_count() as f64,
            sel,
            num_rows: r.num_rows,
            table_blocks: r.stats.blocks as f64,
            index_only,
        }
    }

    pub fn cost(&self) -> IndexCost {
        let index_io = (f64::from(self.blevel) + (self.leaf_blocks * self.sel).ceil()) * BITMAP_INDEX_SCALE;
        let rows = self.num_rows * self.sel;
        let index_cpu = index_io * CPU_PER_BLOCK + rows * CPU_PER_ROW;
        let (table_io, table_cpu) =
            if self.index_only { (0.0, 0.0) } else { table_part(rows, self.num_rows, self.table_blocks) };
        IndexCost { index_io, index_cpu, table_io, table_cpu }
    }
}

/// The table visits of `rows` rows reached through bitmaps: 80% packed in
/// as few blocks as they fill, 20% a block each (I/O, CPU).
pub fn table_part(rows: f64, num_rows: f64, table_blocks: f64) -> (f64, f64) {
    let per_block = (num_rows / table_blocks.max(1.0)).max(1.0);
    let io = (PACKED_SHARE * rows / per_block + (1.0 - PACKED_SHARE) * rows).ceil();
    (io, io * CPU_PER_BLOCK + rows * CPU_PER_ROW)
}

/// The candidate through bitmap index `index` at selectivity `sel`.
fn candidate(r: &TableRef<'_>, index: IndexId, sel: f64, bounds: Bounds, why: &'static str) -> Option<Candidate> {
    let ix = &r.cat.indexes[index];
    let index_only = index_covers(r.referenced, r.t, ix);
    let hinted = r.hinted(ix) || r.way_hinted(ix, IndexWay::Combine);
    // Another aggregate than count(*) over the index alone is not
    // modelled: not a candidate unless hinted (then refused below).
    let ic = BitmapAccess::of(r, ix, sel, index_only).cost();
    let (index_cost, cost) = ic.units(&r.costing);
    let e_rows = (r.num_rows * sel).max(1.0).round();
    let bytes = (!index_only).then(|| e_rows * r.row_bytes());
    let (keys, low, high, cis) = bounds;
    let tier = if keys.is_empty() { Tier::Range } else { Tier::EqualityPrefix };
    let counted = index_only && r.aggregate_query && count_only(r.q);
    let path = AccessPath::Bitmap { index, keys, low, high, index_only, index_cost: index_cost.round(), counted };
    let c = Candidate::new(path, tier, (cost.round(), e_rows, bytes), why)
        .parts(ic.index_io + ic.table_io, ic.index_cpu + ic.table_cpu)
        .index_part(sel, ic.index_io)
        .exact(cost)
        .consumes(cis)
        .forced(hinted)
        .beats(Beats::Strictly);
    Some(c)
}

/// The block's select list is `count(*)` (or `count(constant)`) alone,
/// with no GROUP BY or HAVING.
pub fn count_only(q: &lio_sql::ast::Query) -> bool {
    use lio_sql::ast::{AggregateFunc, Expr, SelectItem};
    q.group_by.is_empty()
        && q.having.is_none()
        && !q.select.is_empty()
        && q.select.iter().all(|s| match s {
            SelectItem::Expr {
                expr: Expr::Aggregate { func: AggregateFunc::Count, arg, distinct: false, .. }, ..
            } => arg.as_deref().is_none_or(|a| matches!(a, Expr::Number(..))),
            _ => false,
        })
}

type Bounds = (Vec<CExpr>, Option<(CExpr, bool)>, Option<(CExpr, bool)>, Vec<usize>);

/// An equality on the index's leading column (a one-column bitmap index:
/// NDV its DISTINCT_KEYS).
pub fn equality(r: &TableRef<'_>, index: IndexId, eq: &[(usize, usize, CExpr)]) -> Option<Candidate> {
    let ix = &r.cat.indexes[index];
    let (cis, keys) = key_for(eq, &ix.columns[..1])?;
    let mut st = r.column_stats(ix.columns[0]);
    if ix.columns.len() == 1 {
        st.ndv = r.cat.index_figures(ix.id).distinct_keys as u64;
    }
    let sel = key_equality(&st, r.num_rows, &keys[0], r.peek);
    candidate(r, index, sel, (keys, None, None, cis), "equality on a bitmap index")
}

/// Bounds on the index's leading column.
pub fn range(r: &TableRef<'_>, index: IndexId) -> Option<Candidate> {
    let ix = &r.cat.indexes[index];
    let b = range_on(r.conjuncts, r.used, r.src, ix.columns[0], r.available)?;
    let st = r.column_stats(ix.columns[0]);
    let (lo, hi) = (b.low.as_ref().map(|(e, c)| (e, *c)), b.high.as_ref().map(|(e, c)| (e, *c)));
    let sel = key_range(&st, r.num_rows, lo, hi, r.peek);
    candidate(r, index, sel, (vec![], b.low, b.high, b.conjuncts), "range on a bitmap index")
}
