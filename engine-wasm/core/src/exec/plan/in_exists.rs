//! A WHERE clause's `x IN (SELECT y ...)` that is not unnested, as Oracle
//! runs it: a correlated EXISTS with the IN's predicate pushed into the
//! subquery, `filter( EXISTS (SELECT 0 FROM "T0" "T0" WHERE "ID"=:B1))`,
//! so the subquery runs for each distinct `x` (the FILTER's cache), stops
//! at its first row, and may reach it through an index on `y`. `NOT IN`
//! is a NOT EXISTS whose pushed predicate is `LNNVL("Y"<>:B1)`: a NULL on
//! either side makes the NOT IN unknown, which rejects the row.
//!
//! The rewrite is exact where a NULL answer and a FALSE one do the same:
//! an IN reached from the WHERE clause through AND and OR only, or under
//! NOT through them (its polarity, tracked while the clause compiles).
//! Elsewhere (under CASE, a function, IS NULL) and for a subquery the
//! predicate cannot be pushed into (a compound query, GROUP BY, HAVING,
//! an aggregate, a row limit), the three-valued IN of `SubKind::In` runs
//! it once per execution.
//!
//! The subquery's text for the predicate (`SubText`) is kept from the
//! block just compiled: its FROM items and WHERE conjuncts.

use super::in_state::PushIn;
use super::relations::Rel;
use super::*;
use crate::exec::row_source::SubText;

/// An IN's or quantified comparison's parts: `x`, the subquery, NOT IN,
/// the quantifier (`x > ALL (...)`).
pub(super) type InArgs<'a> = (&'a Expr, &'a Query, bool, Option<lio_sql::ast::Quantifier>);

/// Whether `q`'s WHERE clause can take an IN's predicate on its one
/// select-list expression.
fn pushable(q: &Query) -> bool {
    q.union_all.is_empty()
        && q.group_by.is_empty()
        && q.having.is_none()
        && q.connect_by.is_none()
        && q.order_by.is_empty()
        && q.row_limit.is_none()
        && matches!(q.select.as_slice(), [SelectItem::Expr { expr, .. }] if !has_aggregate(expr) && !super::window::has_analytic(expr))
}

impl Builder<'_> {
    /// The polarity of `e`'s operands, from `e`'s own.
    pub(super) fn operand_polarity(e: &Expr, own: Option<bool>) -> Option<bool> {
        match e {
            Expr::Binary { op: BinaryOp::And | BinaryOp::Or, .. } => own,
            Expr::Not(_) => own.map(|p| !p),
            _ => None,
        }
    }

    /// `expr [NOT] IN (subquery)` as a correlated [NOT] EXISTS, where
    /// that is exact (module comment); None otherwise.
    pub(super) fn in_as_exists(
        &mut self,
        (expr, query, negated, quant): InArgs<'_>,
        scope: &[ScopeEntry],
        aggs: &mut Option<&mut Vec<AggItem>>,
    ) -> Result<Option<CExpr>, LabError> {
        let Some(polarity) = self.subq.node_polarity else { return Ok(None) };
        if !pushable(query) {
            return Ok(None);
        }
        // `x op ALL (q)` is `NOT (x neg ANY (q))` (the optimizer's own
        // rewrite): an ANY comparison, under NOT for ALL.
        let (cmp, negated) = match quant {
            None => (BinaryOp::Eq, negated),
            Some(q) if q.all => (q.op.negated(), true),
            Some(q) => (q.op, false),
        };
        // The IN itself is positive when `NOT IN` sits where a NOT would
        // be negative.
        let positive = polarity != negated;
        let left = self.compile_expr_inner(expr, scope, aggs)?;
        let mut q = query.clone();
        // EXISTS reads one row: DISTINCT changes nothing.
        q.distinct = false;
        self.subq.push = Some(PushIn { left: left.clone(), cmp, lnnvl: !positive, pos: expr_pos(expr) });
        let before = self.outer_ref_exprs.len();
        let (sub, _) = self.subquery_block(&q, scope)?;
        let keys = self.correlation_keys(before, scope, vec![left]);
        let slot = self.new_source();
        let text = self.subq.text.take();
        self.pending_subs.push(SubPlan {
            op: sub.op,
            kind: SubKind::Exists,
            slot,
            correlated: true,
            cache: None,
            pos: query.pos,
            keys,
            memo: Box::default(),
            text,
        });
        let c = CExpr::Gen { src: slot, col: 0 };
        Ok(Some(if negated { CExpr::Not(Box::new(c)) } else { c }))
    }

    /// In the subquery's block: the IN's predicate on its select-list
    /// expression `y`, `y = x` or `LNNVL(y <> x)` (`y < x` or
    /// `LNNVL(y < x)` for `x > ANY` and `x > ALL`).
    pub(super) fn pushed_in_predicate(
        &mut self,
        push: PushIn,
        q: &Query,
        scope: &[ScopeEntry],
    ) -> Result<CExpr, LabError> {
        let [SelectItem::Expr { expr, .. }] = q.select.as_slice() else {
            unreachable!("pushable: one select-list expression")
        };
        let mut y = self.compile_expr(expr, scope, None)?;
        let mut x = push.left;
        crate::exec::convert::coerce_pair(&mut y, &mut x, &self.kinds(), push.pos);
        // `x cmp y` written `y swapped(cmp) x`, as Oracle prints it
        // (`"Y"<:B1` for `x > ANY`); under NOT its negation in LNNVL.
        let op = if push.lnnvl { push.cmp.negated() } else { push.cmp };
        let c = CExpr::Bin(op.swapped(), Box::new(y), Box::new(x), push.pos);
        Ok(if push.lnnvl { CExpr::Func(Func::Lnnvl, vec![c], push.pos) } else { c })
    }

    /// The table sources of a block whose columns the predicate text
    /// qualifies: all when it has more than one FROM item (an unnested
    /// subquery's table counts), else one named by an alias.
    pub(super) fn note_qualified(&mut self, q: &Query, rels: &[Rel]) {
        for (i, r) in rels.iter().enumerate() {
            let aliased = matches!(q.from.get(i), Some(FromItem::Table { alias: Some(_), .. }));
            if let Rel::Table { src, .. } = r {
                if rels.len() > 1 || aliased {
                    self.qualified_srcs.push(*src);
                }
            }
        }
    }

    /// Take the IN predicate meant for the block about to compile.
    pub(super) fn take_push(&mut self) -> Option<PushIn> {
        self.subq.push.take()
    }

    /// Keep the block's FROM items and WHERE conjuncts for its text as a
    /// subquery (None when a FROM item is not a table). Only a block
    /// compiled inside a subquery (an enclosing scope) has its text taken:
    /// a statement's top-level blocks keep none (no copy of their conjuncts).
    pub(super) fn keep_block_text(&mut self, q: &Query, rels: &[Rel], conjuncts: &[CExpr]) {
        if self.outer_scopes.is_empty() {
            self.subq.text = None;
            return;
        }
        let mut from = Vec::new();
        for (r, item) in rels.iter().zip(&q.from) {
            match (r, item) {
                (Rel::Table { table, alias, .. }, _) => {
                    let name = &self.ctx.cat.tables[*table].name;
                    let owner = if name == "DUAL" { "\"SYS\"." } else { "" };
                    from.push(format!("{owner}\"{name}\" \"{alias}\""))
                }
                (Rel::Fixed { alias, .. }, FromItem::Table { name, .. }) if name.name == "DUAL" => {
                    from.push(format!("\"SYS\".\"DUAL\" \"{alias}\""))
                }
                _ => {
                    self.subq.text = None;
                    return;
                }
            }
        }
        let text = SubText { from: from.join(", "), preds: conjuncts.to_vec() };
        self.subq.text = Some(Box::new(text));
    }
}
