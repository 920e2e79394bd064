//! A join step's figures: its cardinality as Oracle's join arithmetic
//! gives it (`join::equijoin_selectivity` per equijoin, the other
//! predicates' selectivity), whether the table brought in is joined to the
//! rows before it at all, a relation's filters on its line, and the step
//! into event 10053's record.

use super::outer_join::Preds;
use super::*;
use crate::optimizer::join;

impl Builder<'_> {
    /// A nested loop's E-Rows as Oracle's join cardinality: the outer
    /// rows times the inner table's rows, times each equijoin's
    /// selectivity (`join::equijoin_selectivity`; a column that is a
    /// single-column index's has its DISTINCT_KEYS for NDV) and the other
    /// predicates' this relation brought in (those `p.used` gained since
    /// `before`).
    /// Returns the rows, the inner table's rows and the selectivity.
    pub(super) fn join_rows(
        &self,
        outer_rows: f64,
        p: &Preds,
        before: &[bool],
        (table, src): (TableId, usize),
    ) -> (f64, f64, f64) {
        let cat = self.ctx.cat;
        let rows_and_stats = |table: TableId, col: usize| {
            let t = &cat.tables[table];
            let mut st = match t.stats.columns.get(col) {
                Some(c) if t.stats.gathered => c.clone(),
                _ => t.column_stats(col),
            };
            // A single-column index on it: its DISTINCT_KEYS is the NDV.
            let index =
                t.indexes.iter().copied().find(|&i| !cat.indexes[i].dropped && cat.indexes[i].columns[..] == [col]);
            if let Some(ix) = index {
                st.ndv = cat.index_figures(ix).distinct_keys as u64;
            }
            let rows = if t.stats.gathered { t.stats.num_rows as f64 } else { t.live_rows() as f64 };
            (st, rows.max(1.0))
        };
        let t = &cat.tables[table];
        let inner_rows = if t.stats.gathered { t.stats.num_rows as f64 } else { t.live_rows() as f64 };
        let mut sel = 1.0;
        let mut local = Vec::new();
        for (i, c) in p.conjuncts.iter().enumerate() {
            if !p.used[i] || before.get(i).copied().unwrap_or(false) {
                continue;
            }
            match equijoin(c, src) {
                Some(((it, ic), (ot, oc))) => {
                    let (a, ar) = rows_and_stats(it, ic);
                    let (b, br) = rows_and_stats(ot, oc);
                    sel *= join::equijoin_selectivity((&a, ar), (&b, br));
                }
                None => local.push(c.clone()),
            }
        }
        if !local.is_empty() {
            sel *= self.filter_selectivity(&local, Some((table, src)));
        }
        ((outer_rows * inner_rows * sel).max(1.0).round(), inner_rows, sel)
    }

    /// A join step into event 10053's record: the method taken, and the
    /// other's cost when `hash_join_method` costed both.
    pub(super) fn record_join(&mut self, method: &'static str, j: crate::cbo_trace::CboJoinOut) {
        if let Some(r) = self.cbo.as_mut() {
            r.join_step(method, j);
        }
    }

    /// A nested-loop step: (outer rows, cost), (inner rows, selectivity), (rows, cost).
    pub(super) fn record_nl(
        &mut self,
        outer: (f64, f64),
        inner: (f64, f64),
        (card, cost): (f64, f64),
        outer_join: bool,
    ) {
        let j = super::cbo::join_out(outer, inner, (card, cost));
        self.record_join("NestedLoop", crate::cbo_trace::CboJoinOut { nl_cost: Some(cost), outer_join, ..j });
    }

    /// `filters` on the relation just reached (`op`): its line's E-Rows
    /// (and Bytes) become the rows they pass (`e_rows_f`).
    pub(super) fn filter_relation(&mut self, op: &mut Op, filters: Vec<CExpr>, e_rows_f: f64) {
        if filters.is_empty() {
            return;
        }
        super::filters::attach_filters(op, filters, self);
        let d = &mut self.drafts[op.line as usize];
        d.bytes = d.bytes.map(|b| b / d.e_rows.max(1.0) * e_rows_f);
        d.e_rows = e_rows_f;
    }

    /// Whether the join so far costs more than the best order's
    /// (`join_limit`, while join orders are costed).
    pub(super) fn passed_limit(&self, tree: &Option<(Op, f64, f64)>) -> bool {
        matches!((self.join_limit, tree), (Some(limit), Some((_, _, cost))) if *cost > limit)
    }
}

/// Whether a conjunct the relation just reached (`srcs`) brought into use
/// (unused in `before`) also reads a row source joined before it (not the
/// enclosing blocks', `base`): a join predicate.
pub(super) fn joins_before(p: &Preds, before: &[bool], srcs: &[usize], base: &[usize]) -> bool {
    p.conjuncts.iter().enumerate().any(|(i, c)| {
        if !p.used[i] || before.get(i).copied().unwrap_or(true) {
            return false;
        }
        let mut s = Vec::new();
        c.sources(&mut s);
        s.iter().any(|x| srcs.contains(x)) && s.iter().any(|x| !srcs.contains(x) && !base.contains(x))
    })
}

/// `inner.col = other.col` with one side a column of source `src` and the
/// other a column of another source: ((table, column) of each, inner first).
fn equijoin(c: &CExpr, src: usize) -> Option<((TableId, usize), (TableId, usize))> {
    let CExpr::Bin(lio_sql::ast::BinaryOp::Eq, a, b, _) = c else { return None };
    let (CExpr::Col { src: sa, table: ta, col: ca }, CExpr::Col { src: sb, table: tb, col: cb }) =
        (a.as_ref(), b.as_ref())
    else {
        return None;
    };
    match (*sa == src, *sb == src) {
        (true, false) => Some(((*ta, *ca), (*tb, *cb))),
        (false, true) => Some(((*tb, *cb), (*ta, *ca))),
        _ => None,
    }
}
