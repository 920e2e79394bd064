//! The joins that keep or drop the rows so far by whether a table has a
//! match: an outer-joined table (`LEFT JOIN`, `(+)`), and an unnested
//! subquery's table (`unnest.rs`) joined as a semi join (EXISTS, IN) or an
//! anti join (NOT EXISTS, NOT IN). Each is a nested loop (NESTED LOOPS
//! OUTER / SEMI / ANTI) or, with hash keys, a hash join whose build input
//! is the rows so far (HASH JOIN OUTER / SEMI / ANTI, ANTI NA and SNA for
//! a NOT IN on nullable columns). The WHERE predicates the joined rows make
//! available filter them in a FILTER above the join.

use super::block::{take_available, Preds};
use super::*;
use crate::optimizer::join;

impl Builder<'_> {
    /// The table reached (`inner`: operators, E-Rows, cost, its sources)
    /// joined to the rows so far (`outer`) in `mode`: by hash when there
    /// are `keys` (`join_filters` tested on each pair), else by nested
    /// loop. `widths` are the row bytes of each side, `jrows` the inner
    /// join's E-Rows (the outer join's are at least the outer rows; a semi
    /// join's at most; an anti join's the outer rows the semi join leaves).
    #[allow(clippy::type_complexity)]
    pub(super) fn special_join(
        &mut self,
        mode: JoinMode,
        (outer, orows, ocost): (Op, f64, f64),
        (inner, irows, icost, inner_srcs): (Op, f64, f64, Vec<usize>),
        (keys, join_filters): (Vec<(CExpr, CExpr)>, Vec<CExpr>),
        ((obytes, ibytes), jrows): ((f64, f64), Option<f64>),
        p: &mut Preds,
    ) -> (Op, f64, f64) {
        let semi = jrows.unwrap_or(orows).min(orows);
        let rows = match mode {
            JoinMode::Inner | JoinMode::Outer if keys.is_empty() => join::outer_join_rows(orows, irows),
            JoinMode::Inner | JoinMode::Outer => jrows.unwrap_or(orows).max(orows),
            JoinMode::Semi => semi.max(1.0).round(),
            JoinMode::Anti | JoinMode::AntiNa | JoinMode::AntiSna => (orows - semi).max(1.0).round(),
        };
        let width = if mode == JoinMode::Outer { obytes + ibytes } else { obytes };
        let (mut op, cost) = if keys.is_empty() {
            let cost = join::nested_loops_cost(ocost, orows, icost);
            let kind = OpKind::NestedLoopsOuter {
                outer: Box::new(outer),
                inner: Box::new(inner),
                inner_srcs,
                inner_active: false,
                matched: false,
                mode,
            };
            let name = match mode {
                JoinMode::Semi => "NESTED LOOPS SEMI",
                JoinMode::Anti | JoinMode::AntiNa | JoinMode::AntiSna => "NESTED LOOPS ANTI",
                JoinMode::Inner | JoinMode::Outer => "NESTED LOOPS OUTER",
            };
            (self.op(name, None, rows, cost, None, "qerjotFetch", kind), cost)
        } else {
            let cost = self.hash_cost((orows, ocost, obytes), (irows, icost, ibytes));
            let name = match mode {
                JoinMode::Semi => "HASH JOIN SEMI",
                JoinMode::Anti => "HASH JOIN ANTI",
                JoinMode::AntiNa => "HASH JOIN ANTI NA",
                JoinMode::AntiSna => "HASH JOIN ANTI SNA",
                JoinMode::Inner | JoinMode::Outer => "HASH JOIN OUTER",
            };
            let mut hj = self.hash_join(outer, inner, keys, (rows, rows * width), cost, (mode, name));
            if let OpKind::HashJoin { filter, .. } = &mut hj.kind {
                filter.extend(join_filters);
            }
            (hj, cost)
        };
        let filters = take_available(&p.conjuncts, &mut p.used, &p.available);
        if !filters.is_empty() {
            let kind = OpKind::Filter { child: Box::new(op), preds: filters };
            op = self.op("FILTER", None, rows, cost, None, "qerflFetch", kind);
        }
        (op, rows, cost)
    }
}
