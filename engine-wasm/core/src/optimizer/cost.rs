//! The cost and selectivity formulas the access paths and the join share.

use super::predicate::RangeBounds;
use crate::exec::expr::CExpr;
use crate::storage::BTree;
use lio_sql::ast::BinaryOp;

/// Optimizer cost of a full scan of `blocks` blocks: multiblock reads
/// (noworkload statistics: about 6.6 blocks per read) plus one.
pub fn multiblock_scan_cost(blocks: u64) -> f64 {
    (blocks as f64 / 6.59).ceil() + 1.0
}

/// DISTINCT_KEYS: the index's different keys.
pub fn distinct_keys(bt: &BTree) -> usize {
    bt.distinct_keys()
}

/// Estimated fraction of the index a range reads: from the column's
/// low/high values for literal bounds, Oracle's defaults (5% one-sided,
/// 0.25% bounded) for binds and join columns.
pub fn range_selectivity(r: &RangeBounds, bt: &BTree) -> f64 {
    let num = |b: &Option<(CExpr, bool)>| match b {
        Some((CExpr::Const(v), _)) => v.as_f64(),
        _ => None,
    };
    let known = |b: &Option<(CExpr, bool)>| b.is_none() || num(b).is_some();
    if known(&r.low) && known(&r.high) {
        if let Some((lo, hi)) = bt.first_range() {
            if let (Some(min), Some(max)) = (lo.as_f64(), hi.as_f64()) {
                if max > min {
                    let a = num(&r.low).unwrap_or(min).max(min);
                    let b = num(&r.high).unwrap_or(max).min(max);
                    return ((b - a) / (max - min)).clamp(0.0, 1.0).max(1.0 / bt.len().max(1) as f64);
                }
            }
        }
    }
    if r.low.is_some() && r.high.is_some() {
        0.0025
    } else {
        0.05
    }
}

/// The selectivity of filter predicates the lab has no column statistics
/// for: Oracle's defaults, 1% for `f(col) = value`, 5% otherwise.
pub fn filter_selectivity(filters: &[CExpr]) -> f64 {
    filters
        .iter()
        .map(|f| match f {
            CExpr::Bin(BinaryOp::Eq, a, b, _) if matches!(**a, CExpr::Func(..)) || matches!(**b, CExpr::Func(..)) => {
                0.01
            }
            _ => 0.05,
        })
        .product()
}
