//! GROUP BY ROLLUP, CUBE and GROUPING SETS, and GROUPING(), GROUPING_ID()
//! and GROUP_ID().
//!
//! The group row of such a block is its keys (NULL where the row's set
//! leaves a key out), a GROUPING flag per key (1: left out), the GROUP_ID,
//! then the aggregates. Plan shapes, as Oracle prints them:
//!
//! - ROLLUP: one SORT GROUP BY ROLLUP; each row counts in every prefix
//!   set; the groups come out sorted on the keys, a subtotal after the
//!   rows it totals and the grand total last (the published order).
//! - CUBE: SORT GROUP BY over GENERATE CUBE over SORT GROUP BY: the lower
//!   sort groups on all the keys, GENERATE CUBE copies each group into
//!   every set (2^n rows), the upper sort re-aggregates them (SUM of the
//!   COUNTs and SUMs, MIN of MINs, MAX of MAXs; other aggregates refused).
//!   Its order: per key, the subtotal over the key's values first, then
//!   the values (no published output without ORDER BY was found; the lab
//!   chose this one).
//! - GROUPING SETS: where its sets form a chain (each inside the one
//!   before, as ROLLUP's), as ROLLUP; other sets are refused (Oracle
//!   loads each set into a SYS_TEMP table: TEMP TABLE TRANSFORMATION).

use super::*;
use crate::exec::row_source::GroupSets;
use ast::{GroupingKind, GroupingSets};

/// The grouping functions.
pub(super) const NAMES: [&str; 3] = ["GROUPING", "GROUPING_ID", "GROUP_ID"];

/// The placeholder source of a grouping function's flag or GROUP_ID in a
/// grouped block's expressions, rewired to the group row (group.rs).
pub(super) const GROUPING_SRC: usize = usize::MAX - 1;

/// A grouped block's grouping sets, its keys deduplicated.
pub(super) struct Grouping {
    pub(super) masks: Vec<(Vec<bool>, u32)>,
    pub(super) kind: GroupingKind,
}

/// The grouping sets of `gs` over the compiled GROUP BY expressions
/// `keys` (one per `group_by` entry), which become the distinct keys, in
/// the order the sort compares them.
pub(super) fn grouping(gs: &GroupingSets, keys: &mut Vec<CExpr>) -> Result<Grouping, LabError> {
    let mut distinct: Vec<CExpr> = Vec::new();
    let mut map = Vec::with_capacity(keys.len());
    for k in keys.drain(..) {
        match distinct.iter().position(|d| d.same(&k)) {
            Some(i) => map.push(i),
            None => {
                map.push(distinct.len());
                distinct.push(k);
            }
        }
    }
    let n = distinct.len();
    let mut masks: Vec<Vec<bool>> = gs
        .sets
        .iter()
        .map(|s| {
            let mut m = vec![false; n];
            s.iter().for_each(|&i| m[map[i]] = true);
            m
        })
        .collect();
    let mut kind = gs.kind;
    if kind != GroupingKind::Cube {
        // A chain of sets: the keys kept longest compare first.
        let mut by_size: Vec<&Vec<bool>> = masks.iter().collect();
        by_size.sort_by_key(|m| std::cmp::Reverse(m.iter().filter(|b| **b).count()));
        let chain = by_size.windows(2).all(|w| w[1].iter().zip(w[0]).all(|(b, a)| !*b || *a));
        if !chain {
            return Err(LabError::unsupported(
                "GROUPING SETS other than ROLLUP's and CUBE's sets (Oracle's TEMP TABLE TRANSFORMATION)",
                gs.pos,
            ));
        }
        let kept: Vec<usize> = (0..n).map(|i| masks.iter().filter(|m| m[i]).count()).collect();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(kept[i]));
        let mut old: Vec<Option<CExpr>> = distinct.into_iter().map(Some).collect();
        distinct = order.iter().filter_map(|&i| old[i].take()).collect();
        masks = masks.iter().map(|m| order.iter().map(|&i| m[i]).collect()).collect();
        kind = GroupingKind::Rollup;
    }
    *keys = distinct;
    let mut out: Vec<(Vec<bool>, u32)> = Vec::with_capacity(masks.len());
    for m in masks {
        let gid = out.iter().filter(|(o, _)| *o == m).count() as u32;
        out.push((m, gid));
    }
    Ok(Grouping { masks: out, kind })
}

impl Builder<'_> {
    /// `GROUPING(e)`, `GROUPING_ID(e, ...)`, `GROUP_ID()` in a select list,
    /// HAVING or ORDER BY of a block with ROLLUP, CUBE or GROUPING SETS.
    pub(super) fn grouping_fn(
        &mut self,
        name: &ast::Ident,
        args: &[Expr],
        scope: &[ScopeEntry],
        grouped: bool,
    ) -> Result<CExpr, LabError> {
        if !grouped {
            return Err(LabError::new(ora::GROUP_FUNCTION_NOT_ALLOWED, name.pos));
        }
        let Some(n) = self.ext.grouping_keys.as_ref().map(|k| k.len()) else {
            return Err(LabError::unsupported(
                format!("{} without ROLLUP, CUBE or GROUPING SETS", name.name),
                name.pos,
            ));
        };
        let flag = |b: &mut Self, e: &Expr| -> Result<CExpr, LabError> {
            let c = b.compile_expr(e, scope, None)?;
            let keys = b.ext.grouping_keys.as_deref().unwrap_or(&[]);
            match keys.iter().position(|k| k.same(&c)) {
                Some(i) => Ok(CExpr::Gen { src: GROUPING_SRC, col: n + i }),
                None => Err(LabError::new(ora::NOT_A_GROUP_BY_EXPRESSION, expr_info::expr_pos(e))),
            }
        };
        match (name.name.as_str(), args) {
            ("GROUP_ID", []) => Ok(CExpr::Gen { src: GROUPING_SRC, col: 2 * n }),
            ("GROUPING", [e]) => flag(self, e),
            ("GROUPING_ID", [_, ..]) => {
                let mut sum: Option<CExpr> = None;
                for (j, e) in args.iter().enumerate() {
                    let w = crate::value::Value::from_f64(2f64.powi((args.len() - 1 - j) as i32));
                    let term = CExpr::Bin(BinaryOp::Mul, Box::new(flag(self, e)?), Box::new(CExpr::Const(w)), name.pos);
                    sum = Some(match sum {
                        Some(s) => CExpr::Bin(BinaryOp::Add, Box::new(s), Box::new(term), name.pos),
                        None => term,
                    });
                }
                Ok(sum.unwrap_or(CExpr::Const(crate::value::Value::Null)))
            }
            _ => Err(LabError::new(ora::INVALID_NUMBER_OF_ARGUMENTS, name.pos)),
        }
    }

    /// SORT GROUP BY ROLLUP, or CUBE's three lines, over `op`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn grouping_op(
        &mut self,
        q: &Query,
        scope: &[ScopeEntry],
        op: Op,
        (keys, aggs, having, gout): (Vec<CExpr>, Vec<AggItem>, Vec<CExpr>, usize),
        g: Grouping,
        order_keys: &[(CExpr, bool, bool)],
        (e_rows, cost, row_bytes): (f64, f64, f64),
    ) -> Result<(Op, f64, bool), LabError> {
        let specs = self.agg_specs(&aggs, scope)?;
        let nk = keys.len();
        let key_kinds: Vec<_> = keys.iter().map(|k| crate::exec::convert::kind(k, &self.kinds())).collect();
        let agg_kinds: Vec<_> = specs.iter().map(|a| super::project::aggregate_kind(a, &self.kinds())).collect();
        let mut row_kinds = key_kinds.clone();
        row_kinds.extend(std::iter::repeat_n(crate::exec::convert::Kind::Number, nk + 1));
        row_kinds.extend(agg_kinds.iter().copied());
        self.set_source_kinds(gout, row_kinds.clone());
        let groups = self.group_rows(&keys, e_rows);
        let out_rows = (groups * g.masks.len() as f64).round();
        let e_out = if having.is_empty() { out_rows } else { (out_rows * 0.05).max(1.0).round() };
        let sets = |expand| Some(Box::new(GroupSets { masks: g.masks.clone(), masked: nk, expand }));
        if g.kind == GroupingKind::Rollup {
            let mut order: Vec<(usize, bool, bool)> =
                (0..nk).flat_map(|i| [(nk + i, false, false), (i, false, false)]).collect();
            order.push((2 * nk, false, false));
            // ORDER BY the leading keys ascending: the rollup's own order.
            let sorted = !order_keys.is_empty()
                && order_keys.iter().enumerate().all(|(i, (c, d, nf))| {
                    matches!(c, CExpr::Gen { src, col } if *src == gout && *col == i) && !*d && !*nf
                });
            let mut kind = group::group_kind(op, keys, specs, gout, Some(order), having, q.pos);
            set_sets(&mut kind, sets(false));
            let bytes = Some(e_out * row_bytes);
            let sorted_cost = cost + self.sort_units("SORT GROUP BY ROLLUP", e_rows, row_bytes);
            let op = self.op("SORT GROUP BY ROLLUP", None, e_out, sorted_cost, bytes, "qerghFetch", kind);
            self.sort_cpu(op.line, "SORT GROUP BY ROLLUP", e_rows, row_bytes);
            return Ok((op, e_out, sorted));
        }
        // CUBE: the lower SORT GROUP BY on every key.
        let mut merged = Vec::with_capacity(specs.len());
        let lout = self.new_source();
        let mut lower_kinds = key_kinds;
        lower_kinds.extend(agg_kinds);
        self.set_source_kinds(lout, lower_kinds);
        let cout = self.new_source();
        self.set_source_kinds(cout, row_kinds);
        for (j, a) in specs.iter().enumerate() {
            let func = match a.func {
                AggregateFunc::Count | AggregateFunc::Sum => AggregateFunc::Sum,
                AggregateFunc::Min => AggregateFunc::Min,
                AggregateFunc::Max => AggregateFunc::Max,
                f => return Err(LabError::unsupported(format!("{} with GROUP BY CUBE", f.name()), q.pos)),
            };
            if a.distinct {
                return Err(LabError::unsupported("DISTINCT aggregates with GROUP BY CUBE", q.pos));
            }
            let arg = Some(CExpr::Gen { src: cout, col: 2 * nk + 1 + j });
            merged.push(AggSpec { func, arg, distinct: false, ordered: None });
        }
        let na = specs.len();
        let by_keys = Some((0..nk).map(|i| (i, false, false)).collect());
        let lower = group::group_kind(op, keys, specs, lout, by_keys, Vec::new(), q.pos);
        let cost = cost + self.sort_units("SORT GROUP BY", e_rows, row_bytes);
        let lower = self.op("SORT GROUP BY", None, groups, cost, Some(groups * row_bytes), "qerghFetch", lower);
        self.sort_cpu(lower.line, "SORT GROUP BY", e_rows, row_bytes);
        let pass: Vec<CExpr> = (0..nk + na).map(|col| CExpr::Gen { src: lout, col }).collect();
        let mut gen = group::group_kind(lower, pass, Vec::new(), cout, None, Vec::new(), q.pos);
        set_sets(&mut gen, sets(true));
        let n_gen = (groups * g.masks.len() as f64).round();
        let gen = self.op("GENERATE CUBE", None, n_gen, cost, Some(n_gen * row_bytes), "qerghFetch", gen);
        let upper_keys: Vec<CExpr> = (0..2 * nk + 1).map(|col| CExpr::Gen { src: cout, col }).collect();
        let mut order: Vec<(usize, bool, bool)> =
            (0..nk).flat_map(|i| [(nk + i, true, false), (i, false, false)]).collect();
        order.push((2 * nk, false, false));
        let upper = group::group_kind(gen, upper_keys, merged, gout, Some(order), having, q.pos);
        let cost = cost + self.sort_units("SORT GROUP BY", n_gen, row_bytes);
        let op = self.op("SORT GROUP BY", None, e_out, cost, Some(e_out * row_bytes), "qerghFetch", upper);
        self.sort_cpu(op.line, "SORT GROUP BY", n_gen, row_bytes);
        Ok((op, e_out, false))
    }
}

/// Give a GROUP BY operator its grouping sets.
fn set_sets(kind: &mut OpKind, s: Option<Box<GroupSets>>) {
    if let OpKind::GroupBy { sets, .. } = kind {
        *sets = s;
    }
}
