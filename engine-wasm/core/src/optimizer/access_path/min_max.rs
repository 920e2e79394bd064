//! `SELECT MIN(col) | MAX(col) FROM t [WHERE <range on col>]` with an
//! index leading on `col`: INDEX FULL SCAN (MIN/MAX), or FIRST ROW over
//! INDEX RANGE SCAN (MIN/MAX) when a range bounds it. One descent to the
//! first or last entry in range; no table visit. `col IS NOT NULL` (true
//! of every entry MIN or MAX can return) is a filter on the scan, FIRST
//! ROW above it (Malakshinov's orasql.org MIN/MAX plan).

use super::{AccessPath, Candidate, TableRef, Tier};
use crate::exec::expr::CExpr;
use crate::optimizer::predicate::range_on;
use lio_sql::ast::{AggregateFunc, Expr, SelectItem};

pub fn candidate(r: &TableRef<'_>) -> Option<Candidate> {
    let q = r.q;
    if q.distinct || !q.group_by.is_empty() || q.having.is_some() || !q.union_all.is_empty() {
        return None;
    }
    let [SelectItem::Expr { expr: Expr::Aggregate { func, arg: Some(arg), .. }, .. }] = q.select.as_slice() else {
        return None;
    };
    let max = match func {
        AggregateFunc::Max => true,
        AggregateFunc::Min => false,
        _ => return None,
    };
    let Expr::Column { name, .. } = arg.as_ref() else { return None };
    let col = r.t.columns.iter().position(|c| c.name.eq_ignore_ascii_case(&name.name))?;
    // The hinted index first: an INDEX hint on it is obeyed by the MIN/MAX
    // path (Dyke's INDEX (RANGE SCAN (MIN/MAX)) page), not a range scan.
    // Not a bitmap index: its MIN/MAX is an aggregate over BITMAP
    // CONVERSION TO ROWIDS (`bitmap.rs`), as Dyke's index-only bitmap plans.
    let mut ixs: Vec<_> = r
        .indexes()
        .into_iter()
        .filter(|&i| {
            let ix = &r.cat.indexes[i];
            ix.columns[0] == col && !ix.reverse && ix.kind != crate::catalog::IndexKind::Bitmap
        })
        .collect();
    ixs.sort_by_key(|&i| !r.hinted(&r.cat.indexes[i]));
    let ixid = *ixs.first()?;
    let ix = &r.cat.indexes[ixid];
    // `col IS NOT NULL` conjuncts: filters of the scan.
    let not_null: Vec<usize> = (0..r.conjuncts.len())
        .filter(|&i| {
            !r.used[i]
                && matches!(&r.conjuncts[i], CExpr::IsNull(a, true)
                    if matches!(**a, CExpr::Col { src, col: c, .. } if src == r.src && c == col))
        })
        .collect();
    let pending = r.used.iter().filter(|u| !**u).count() - not_null.len();
    let (low, high, mut cis) = match range_on(r.conjuncts, r.used, r.src, col, r.available) {
        Some(b) if b.conjuncts.len() == pending => (b.low, b.high, b.conjuncts),
        None if pending == 0 => (None, None, Vec::new()),
        _ => return None,
    };
    let filter: Vec<CExpr> = not_null.iter().map(|&i| r.conjuncts[i].clone()).collect();
    cis.extend(not_null);
    let cost = r.cat.index_figures(ixid).blevel as f64 + 1.0;
    let path = AccessPath::MinMax { index: ixid, low, high, max, filter };
    // One entry of one column: its average length in Bytes.
    let bytes = r.stats.avg_col_len.get(col).map(|&b| b as f64);
    let c = Candidate::new(path, Tier::MinMax, (cost, 1.0, bytes), "MIN/MAX of an index's leading column");
    Some(c.consumes(cis).forced(r.hinted(ix)))
}
