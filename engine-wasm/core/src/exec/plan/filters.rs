//! Where a block's remaining predicates go: on the row source that reads
//! the columns (a scan, a table access by rowid, a join), or a FILTER line
//! above it. A table access by an INDEX RANGE SCAN leaves the predicates
//! that read only the index's columns to the index, as Oracle does: the
//! entries they reject cost no table visit, and the INDEX line prints them
//! as `filter()` (an index on (N1, N2, N3) with `n1 = 5 AND n3 = 7`:
//! access("N1"=5), filter("N3"=7) on the index).

use super::*;

pub(super) fn attach_filters(op: &mut Op, mut preds: Vec<CExpr>, b: &mut Builder<'_>) {
    if let OpKind::ByRowid { child, src, .. } = &mut op.kind {
        // Predicates on the index's own columns filter its entries before
        // the table is visited (`filter()` on the INDEX line).
        let src = *src;
        if let OpKind::IndexRange { index, filter, skip: None, nulls: false, .. } = &mut child.kind {
            let cols = &b.ctx.cat.indexes[*index].columns;
            let (on_index, rest): (Vec<_>, Vec<_>) =
                preds.into_iter().partition(|p| crate::optimizer::predicate::reads_only(p, src, cols));
            filter.extend(on_index);
            preds = rest;
            if preds.is_empty() {
                return;
            }
        }
    }
    match &mut op.kind {
        OpKind::Full { filter, .. }
        | OpKind::ByRowid { filter, .. }
        | OpKind::RowidFetch { filter, .. }
        | OpKind::Hash { filter, .. }
        | OpKind::IndexUnique { filter, .. }
        | OpKind::IndexRange { filter, .. }
        | OpKind::IndexMinMax { filter, .. }
        | OpKind::IndexFast { filter, .. }
        | OpKind::FixedTable { filter, .. }
        | OpKind::HashJoin { filter, .. }
        | OpKind::MergeJoin { filter, .. } => filter.extend(preds),
        _ => {
            let inner = std::mem::replace(op, Op { line: 0, st: 0, kind: OpKind::Dual { src: 0, done: true } });
            let e_rows = b.drafts[inner.line as usize].e_rows;
            let cost = b.drafts[inner.line as usize].cost;
            *op = b.op(
                "FILTER",
                None,
                e_rows,
                cost,
                None,
                "qerflFetch",
                OpKind::Filter { child: Box::new(inner), preds, startup: None },
            );
        }
    }
}
