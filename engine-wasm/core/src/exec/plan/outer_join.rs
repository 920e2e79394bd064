//! The joins that keep or drop the rows so far by whether a table has a
//! match: an outer-joined table (`LEFT JOIN`, `(+)`), and an unnested
//! subquery's table (`unnest.rs`) joined as a semi join (EXISTS, IN) or an
//! anti join (NOT EXISTS, NOT IN). Each is a nested loop (NESTED LOOPS
//! OUTER / SEMI / ANTI) or, with hash keys, a hash join whose build input
//! is the rows so far (HASH JOIN OUTER / SEMI / ANTI, ANTI NA and SNA for
//! a NOT IN on nullable columns). The WHERE predicates the joined rows make
//! available filter them in a FILTER above the join.

use super::*;
use crate::optimizer::join;

/// The predicates while the relations are joined: the conjuncts in force
/// (the WHERE clause's, or an outer-joined table's ON conditions while it
/// is reached), which are used, and the row sources whose columns are
/// available.
#[derive(Clone)]
pub(super) struct Preds {
    pub(super) conjuncts: Vec<CExpr>,
    pub(super) used: Vec<bool>,
    pub(super) available: Vec<usize>,
    /// ON conditions per outer-joined FROM item (taken when it is joined).
    pub(super) outer_joined: Vec<(usize, Vec<CExpr>)>,
    /// The FROM items joined as semi or anti joins (unnested subqueries;
    /// their conditions in `outer_joined`), with their mode.
    pub(super) join_modes: Vec<(usize, JoinMode)>,
    /// A FULL JOIN block's WHERE conditions: they filter its VIEW
    /// VW_FOJ_0 line (`full_join::where_above_view`).
    pub(super) view_filter: Vec<CExpr>,
}

impl Builder<'_> {
    /// Whether the table `inner` reads is its hash join's build input
    /// instead of the rows joined before it: as `SWAP_JOIN_INPUTS(t)` /
    /// `NO_SWAP_JOIN_INPUTS(t)` say, else (`sizes`: the bytes of the rows
    /// so far and the table's, for an outer, semi or anti join) the
    /// smaller; an inner join keeps its join order's.
    pub(super) fn swap_inputs(&self, q: &Query, inner: &Op, sizes: Option<(f64, f64)>) -> bool {
        let mut srcs = Vec::new();
        collect_sources(inner, &mut srcs);
        let alias = self.src_alias.iter().find(|(s, _)| srcs.contains(s)).map_or("", |(_, a)| a.as_str());
        let named = |list: &[lio_sql::ast::Ident]| list.iter().any(|a| a.name == alias);
        for h in &q.hints {
            match h {
                Hint::SwapJoinInputs(list) if named(list) => return true,
                Hint::NoSwapJoinInputs(list) if named(list) => return false,
                _ => {}
            }
        }
        sizes.is_some_and(|(outer, inner)| inner < outer)
    }

    /// The table reached (`inner`: operators, E-Rows, cost, its sources)
    /// joined to the rows so far (`outer`) in `mode`: by hash when there
    /// are `keys` (`join_filters` tested on each pair), else by nested
    /// loop. `widths` are the row bytes of each side, `jrows` the inner
    /// join's E-Rows (the outer join's are at least the outer rows; a semi
    /// join's at most; an anti join's the outer rows the semi join leaves).
    /// A hash join builds on the smaller input (its E-Rows times its row
    /// bytes) as Oracle's swap_join_inputs does, the table's side then the
    /// build input (`HASH JOIN RIGHT ...`); `SWAP_JOIN_INPUTS(t)` and
    /// `NO_SWAP_JOIN_INPUTS(t)` decide instead.
    #[allow(clippy::type_complexity, clippy::too_many_arguments)]
    pub(super) fn special_join(
        &mut self,
        q: &Query,
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
            JoinMode::Full => self.full_join_rows(orows, irows, jrows.unwrap_or(orows), &keys),
            JoinMode::Semi => semi.max(1.0).round(),
            JoinMode::Anti | JoinMode::AntiNa | JoinMode::AntiSna => (orows - semi).max(1.0).round(),
        };
        let width = if mode.pads() { obytes + ibytes } else { obytes };
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
                JoinMode::Inner | JoinMode::Outer | JoinMode::Full => "NESTED LOOPS OUTER",
            };
            (self.op(name, None, rows, cost, None, "qerjotFetch", kind), cost)
        } else {
            let swap = self.swap_inputs(q, &inner, Some((orows * obytes, irows * ibytes)));
            let cost = self.hash_cost((orows, ocost, obytes), (irows, icost, ibytes));
            let name = hash_join_name(mode, swap);
            let keys = if swap { keys.into_iter().map(|(a, b)| (b, a)).collect() } else { keys };
            let (build, probe) = if swap { (inner, outer) } else { (outer, inner) };
            let mut hj = self.hash_join(build, probe, keys, (rows, rows * width), cost, (mode, name));
            if let OpKind::HashJoin { filter, swapped, .. } = &mut hj.kind {
                filter.extend(join_filters);
                *swapped = swap;
            }
            (hj, cost)
        };
        let mut rows = rows;
        if mode == JoinMode::Full {
            (op, rows) = self.full_join_view(op, rows, cost, width, std::mem::take(&mut p.view_filter));
        }
        let filters = take_available(&p.conjuncts, &mut p.used, &p.available);
        if !filters.is_empty() {
            let kind = OpKind::Filter { child: Box::new(op), preds: filters, startup: None };
            op = self.op("FILTER", None, rows, cost, None, "qerflFetch", kind);
        }
        (op, rows, cost)
    }
}

/// The operation of a hash join in `mode`, its inputs swapped or not.
fn hash_join_name(mode: JoinMode, swapped: bool) -> &'static str {
    match (mode, swapped) {
        (JoinMode::Semi, false) => "HASH JOIN SEMI",
        (JoinMode::Semi, true) => "HASH JOIN RIGHT SEMI",
        (JoinMode::Anti, false) => "HASH JOIN ANTI",
        (JoinMode::Anti, true) => "HASH JOIN RIGHT ANTI",
        (JoinMode::AntiNa, false) => "HASH JOIN ANTI NA",
        (JoinMode::AntiNa, true) => "HASH JOIN RIGHT ANTI NA",
        (JoinMode::AntiSna, false) => "HASH JOIN ANTI SNA",
        (JoinMode::AntiSna, true) => "HASH JOIN RIGHT ANTI SNA",
        (JoinMode::Inner | JoinMode::Outer, false) => "HASH JOIN OUTER",
        (JoinMode::Inner | JoinMode::Outer, true) => "HASH JOIN RIGHT OUTER",
        (JoinMode::Full, _) => "HASH JOIN FULL OUTER",
    }
}

/// When FROM item `ri` is outer-joined (or an unnested subquery's table):
/// its ON conditions put in force in place of the WHERE clause's (kept
/// aside in `p.outer_joined` until it is joined), and their `used` flags
/// out; None for another item. `started`: tables were joined before it.
pub(super) fn take_on_conditions(
    p: &mut Preds,
    ri: usize,
    started: bool,
    pos: lio_sql::ast::Pos,
) -> Result<Option<Vec<bool>>, LabError> {
    let Some(mut on) = p.outer_joined.iter_mut().find(|(r, _)| *r == ri).map(|(_, c)| std::mem::take(c)) else {
        return Ok(None);
    };
    if !started {
        return Err(LabError::with(ora::LAB_UNSUPPORTED, "a join order that starts with the outer-joined table", pos));
    }
    let mut used = vec![false; on.len()];
    std::mem::swap(&mut p.conjuncts, &mut on);
    std::mem::swap(&mut p.used, &mut used);
    p.outer_joined.push((usize::MAX, on));
    Ok(Some(used))
}

/// An outer-joined (or semi/anti-joined) table's ON conditions all used
/// once it is reached; one reading a table joined after it is refused.
pub(super) fn all_on_conditions_used(p: &Preds, pos: lio_sql::ast::Pos) -> Result<(), LabError> {
    if p.used.iter().any(|u| !u) {
        return Err(LabError::with(ora::LAB_UNSUPPORTED, "a LEFT JOIN condition on a table joined after it", pos));
    }
    Ok(())
}

/// The conjuncts not used yet whose sources are all available, marked used.
pub(super) fn take_available(conjuncts: &[CExpr], used: &mut [bool], available: &[usize]) -> Vec<CExpr> {
    let mut out = Vec::new();
    for (ci, p) in conjuncts.iter().enumerate() {
        if used[ci] {
            continue;
        }
        let mut s = Vec::new();
        p.sources(&mut s);
        if s.iter().all(|x| available.contains(x)) {
            used[ci] = true;
            out.push(p.clone());
        }
    }
    out
}
