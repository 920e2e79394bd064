//! Scalar subqueries in the plan: compiled with the enclosing scope
//! visible (correlated when they read it), placed where they run
//! (`row_source/scalar_subquery.rs`), and numbered where Oracle prints
//! them: a select list's first under the block's parent line, before the
//! block's row source; a WHERE clause's uncorrelated one under the line
//! whose predicate reads it, after that line's children; a correlated one
//! of a WHERE clause as a FILTER's second child.

use super::*;
use crate::exec::row_source::NO_LINE;

impl Builder<'_> {
    /// `(SELECT ...)` as a value: a subquery of the block, whose value
    /// the expression reads from its slot.
    pub(super) fn scalar_subquery(&mut self, q: &Query, scope: &[ScopeEntry]) -> Result<CExpr, LabError> {
        if !self.subqueries_ok && !self.scalar_ok {
            return Err(LabError::unsupported(
                "scalar subqueries other than in a WHERE clause or the select list of a query without GROUP BY, DISTINCT or HAVING",
                q.pos,
            ));
        }
        let stop = rownum::split_rownum(q)?;
        let q2 = stop.as_ref().map_or(q, |(q2, _)| q2);
        let before = self.outer_ref_exprs.len();
        let (sub, correlated) = self.subquery_block(q2, scope)?;
        if sub.project.len() != 1 {
            let n = if sub.project.len() > 1 { ora::TOO_MANY_VALUES } else { ora::NOT_ENOUGH_VALUES };
            return Err(LabError::new(n, q.pos));
        }
        let keys = self.correlation_keys(before, scope, Vec::new());
        let mut op = sub.op;
        if let Some((_, limit)) = stop {
            let e_rows = sub.e_rows.min(limit as f64);
            let kind = OpKind::CountStopkey { child: Box::new(op), limit, count: 0, first_row: false };
            op = self.op("COUNT STOPKEY", None, e_rows, sub.cost, None, "qercoFetch", kind);
        }
        let value = sub.project.into_iter().next().expect("one column");
        let slot = self.new_source();
        let k = crate::exec::convert::kind(&value, &self.kinds());
        self.set_source_kinds(slot, vec![k]);
        let text = self.subq.text.take();
        self.pending_subs.push(SubPlan {
            op,
            kind: SubKind::Scalar { value },
            slot,
            correlated,
            cache: None,
            pos: q.pos,
            keys,
            memo: Box::default(),
            text,
        });
        Ok(CExpr::Gen { src: slot, col: 0 })
    }

    /// The correlation values of the subquery just compiled: `first` (an
    /// IN's left operand, pushed into it), then the enclosing blocks'
    /// columns it read (`outer_ref_exprs` from `before`), each once.
    pub(super) fn correlation_keys(&self, before: usize, scope: &[ScopeEntry], first: Vec<CExpr>) -> Vec<CExpr> {
        // The sources a correlation value may come from: this block's and
        // the enclosing blocks'.
        let mut outer_srcs = Vec::new();
        for e in scope.iter().chain(self.outer_scopes.iter().flatten()) {
            for (_, c) in &e.columns {
                c.sources(&mut outer_srcs);
            }
        }
        let mut keys = first;
        for k in &self.outer_ref_exprs[before..] {
            let mut s = Vec::new();
            k.sources(&mut s);
            if s.iter().all(|x| outer_srcs.contains(x)) && !keys.iter().any(|o| o.same(k)) {
                keys.push(k.clone());
            }
        }
        keys
    }

    /// The select list's scalar subqueries (`subs`) run over `op`, the
    /// block's joined rows; returns the operator and its draft line (for
    /// [`Self::hoist_scalars`]).
    pub(super) fn select_list_scalars(&mut self, op: Op, subs: Vec<SubPlan>) -> (Op, Option<u16>) {
        if subs.is_empty() {
            return (op, None);
        }
        let kind = OpKind::ScalarSubs { child: Box::new(op), subs, hoist: true, shown: false };
        let op = self.op("SCALAR SUBQUERIES", None, 0.0, 0.0, None, "qerscFetch", kind);
        let line = op.line;
        (op, Some(line))
    }

    /// The block's top operator `top` shows the subqueries of the select
    /// list's operator `scalars` first, under its own parent.
    pub(super) fn hoist_scalars(&mut self, top: &Op, scalars: Option<u16>) {
        if let Some(s) = scalars {
            if top.line != s {
                self.hoists.push((top.line, s));
            }
        }
    }

    /// A WHERE clause's uncorrelated scalar subqueries, run once before
    /// `op` reads a row.
    pub(super) fn where_scalars(&mut self, op: Op, subs: Vec<SubPlan>) -> Op {
        if subs.is_empty() {
            return op;
        }
        let kind = OpKind::ScalarSubs { child: Box::new(op), subs, hoist: false, shown: false };
        self.op("SCALAR SUBQUERIES", None, 0.0, 0.0, None, "qerscFetch", kind)
    }
}

/// Split a WHERE clause's subqueries into the FILTER's and the
/// uncorrelated scalar ones (run once, their slots available from the
/// start).
pub(super) fn split_where_subs(subs: Vec<SubPlan>) -> (Vec<SubPlan>, Vec<SubPlan>) {
    subs.into_iter().partition(|s| s.correlated || !matches!(s.kind, SubKind::Scalar { .. }))
}

/// Whether a parsed expression holds a subquery.
pub(super) fn has_subquery(e: &Expr) -> bool {
    super::rownum::any_expr(e, &|x| matches!(x, Expr::Subquery(_) | Expr::InSubquery { .. } | Expr::Exists { .. }))
}

/// Numbering the plan lines: the hoisted select lists' tops and the
/// uncorrelated WHERE subqueries waiting for the line that reads them.
struct Numbering<'d> {
    drafts: &'d [Draft],
    lines: Vec<PlanLine>,
    hoists: &'d [(u16, u16)],
    /// Taken out of their operator while numbered; whether numbered yet.
    pending: Vec<(Option<SubPlan>, bool)>,
}

impl Builder<'_> {
    /// The plan lines of `root` after `lines` (SELECT STATEMENT), each
    /// operator given its line's id and every line its CPU part.
    pub(super) fn number_lines(&self, root: &mut Op, lines: Vec<PlanLine>) -> Vec<PlanLine> {
        let mut n = Numbering { drafts: &self.drafts, lines, hoists: &self.hoists, pending: Vec::new() };
        renumber(root, 0, 1, &mut n);
        super::cpu::resolve(&mut n.lines);
        n.lines
    }
}

fn find_scalars(op: &mut Op, draft: u16) -> Option<&mut Op> {
    if op.line == draft && matches!(op.kind, OpKind::ScalarSubs { .. }) {
        return Some(op);
    }
    children_mut(op).into_iter().find_map(|c| find_scalars(c, draft))
}

/// The expressions a line tests or positions with.
fn line_exprs(op: &Op) -> Vec<&CExpr> {
    let mut v: Vec<&CExpr> = Vec::new();
    match &op.kind {
        OpKind::Full { filter, .. }
        | OpKind::ByRowid { filter, .. }
        | OpKind::RowidFetch { filter, .. }
        | OpKind::IndexFast { filter, .. }
        | OpKind::FixedTable { filter, .. }
        | OpKind::HashJoin { filter, .. }
        | OpKind::GroupBy { filter, .. } => v.extend(filter),
        OpKind::Hash { key, filter, .. } => {
            v.push(key);
            v.extend(filter)
        }
        OpKind::IndexUnique { keys, filter, .. } => {
            v.extend(keys);
            v.extend(filter)
        }
        OpKind::IndexRange { keys, low, high, filter, .. } => {
            v.extend(keys);
            v.extend(low.iter().map(|(e, _)| e));
            v.extend(high.iter().map(|(e, _)| e));
            v.extend(filter)
        }
        OpKind::IndexMinMax { low, high, filter, .. } => {
            v.extend(low.iter().map(|(e, _)| e));
            v.extend(high.iter().map(|(e, _)| e));
            v.extend(filter)
        }
        OpKind::Filter { preds, .. } | OpKind::SubqueryFilter { preds, .. } => v.extend(preds),
        _ => {}
    }
    v
}

fn reads_slot(op: &Op, slot: usize) -> bool {
    line_exprs(op).into_iter().any(|e| {
        let mut s = Vec::new();
        e.sources(&mut s);
        s.contains(&slot)
    })
}

/// Number plan lines in preorder (id 0 is SELECT STATEMENT).
fn renumber(op: &mut Op, parent: u16, depth: u16, n: &mut Numbering<'_>) {
    // The frame stays small (a join of 1,024 tables recurses as deep): the
    // scalar subqueries' and the line's work is in functions of their own.
    if matches!(op.kind, OpKind::ScalarSubs { .. }) {
        renumber_scalar_subs(op, parent, depth, n);
        return;
    }
    if let Some(&(_, draft)) = n.hoists.iter().find(|(top, _)| *top == op.line) {
        hoisted(op, draft, parent, depth, n);
    }
    let id = push_line(op.line, parent, depth, n);
    let waiting: Vec<usize> = (0..n.pending.len())
        .filter(|&i| !n.pending[i].1 && n.pending[i].0.as_ref().is_some_and(|s| reads_slot(op, s.slot)))
        .collect();
    op.line = id;
    for c in children_mut(op) {
        renumber(c, id, depth + 1, n);
    }
    for i in waiting {
        renumber_pending(i, id, depth + 1, n);
    }
}

/// A ScalarSubs (no line of its own): its subqueries numbered where Oracle
/// prints them (hoisted once, or under the line that reads them).
#[inline(never)]
fn renumber_scalar_subs(op: &mut Op, parent: u16, depth: u16, n: &mut Numbering<'_>) {
    let OpKind::ScalarSubs { child, subs, hoist, shown } = &mut op.kind else { return };
    op.line = NO_LINE;
    if *hoist {
        if !*shown {
            subs.iter_mut().for_each(|s| renumber(&mut s.op, parent, depth, n));
            *shown = true;
        }
        renumber(child, parent, depth, n);
        return;
    }
    let mark = n.pending.len();
    n.pending.extend(std::mem::take(subs).into_iter().map(|s| (Some(s), false)));
    renumber(child, parent, depth, n);
    for (s, numbered) in n.pending.drain(mark..).collect::<Vec<_>>() {
        let mut s = s.expect("put back after numbering");
        // No line reads it (a predicate folded away): under the parent.
        if !numbered {
            renumber(&mut s.op, parent, depth, n);
        }
        subs.push(s);
    }
}

/// The hoisted scalar subqueries of the line `draft` under `op`, numbered once.
#[inline(never)]
fn hoisted(op: &mut Op, draft: u16, parent: u16, depth: u16, n: &mut Numbering<'_>) {
    if let Some(OpKind::ScalarSubs { subs, shown, .. }) = find_scalars(op, draft).map(|o| &mut o.kind) {
        if !*shown {
            subs.iter_mut().for_each(|s| renumber(&mut s.op, parent, depth, n));
            *shown = true;
        }
    }
}

/// The plan line of draft `line`, numbered next; its id.
#[inline(never)]
fn push_line(line: u16, parent: u16, depth: u16, n: &mut Numbering<'_>) -> u16 {
    let d = &n.drafts[line as usize];
    let id = n.lines.len() as u16;
    n.lines.push(PlanLine {
        id,
        parent: Some(parent),
        depth,
        operation: d.operation.clone(),
        name: d.name.clone(),
        e_rows: d.e_rows,
        cost: d.cost,
        cpu: d.cpu,
        cpu_add: d.cpu_add,
        bytes: d.bytes,
        partition: d.partition.clone(),
    });
    id
}

/// Pending subquery `i`, read by the line numbered `id`: numbered under it.
#[inline(never)]
fn renumber_pending(i: usize, id: u16, depth: u16, n: &mut Numbering<'_>) {
    if let Some(mut s) = n.pending[i].0.take() {
        renumber(&mut s.op, id, depth, n);
        n.pending[i] = (Some(s), true);
    }
}
