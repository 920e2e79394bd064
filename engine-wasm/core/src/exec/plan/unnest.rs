//! Subquery unnesting: a WHERE conjunct `[NOT] EXISTS (subquery)` or
//! `x [NOT] IN (subquery)` whose subquery asks for it (`UNNEST`,
//! `HASH_SJ` / `HASH_AJ`, `NL_SJ` / `NL_AJ`) becomes a table of the block
//! joined as a semi join (EXISTS, IN) or an anti join (NOT EXISTS, NOT IN)
//! after the tables it names (`outer_join.rs` builds it), its WHERE
//! clause (and for IN, `x = its column`) the join's conditions. A NOT IN
//! on a nullable column is null-aware (`ANTI NA` when the subquery's column
//! is nullable, `ANTI SNA` when only `x` is).
//!
//! The lab unnests only on request: without a hint the subquery stays a
//! FILTER child (Oracle unnests by cost; the lab does not cost the
//! transformation). A subquery of other than one table, or with grouping,
//! ROWNUM, an outer join or a subquery of its own, is refused when unnesting
//! is asked for, as is a null-aware anti join that is correlated or by
//! nested loops, and a merge semi or anti join.

use super::relations::Rel;
use super::rownum::{any_expr, mentions_rownum};
use super::*;
use lio_sql::ast::SubqueryHint;

/// The block's query without the unnested conjuncts (and with the hints
/// that carry each subquery's join method and access), and each unnested
/// table: its relation's index, its join conditions, its mode.
pub(super) struct Unnested {
    pub(super) query: Option<Query>,
    pub(super) joins: Vec<(usize, Vec<CExpr>, JoinMode)>,
}

impl Builder<'_> {
    /// Unnest the WHERE clause's hinted subqueries of `q` into `rels`
    /// (`scope` the block's).
    pub(super) fn unnest(
        &mut self,
        q: &Query,
        scope: &[ScopeEntry],
        rels: &mut Vec<Rel>,
    ) -> Result<Unnested, LabError> {
        let mut out = Unnested { query: None, joins: Vec::new() };
        let Some(w) = &q.where_clause else { return Ok(out) };
        let mut conj = Vec::new();
        split_ast_and(w, &mut conj);
        if !conj.iter().any(|c| candidate(c).is_some()) {
            return Ok(out);
        }
        let mut rewritten = q.clone();
        let mut kept: Option<Expr> = None;
        for c in conj {
            let Some((left, sub, negated, hint)) = candidate(c) else {
                kept = Some(match kept.take() {
                    Some(k) => Expr::Binary { op: BinaryOp::And, left: Box::new(k), right: Box::new(c.clone()) },
                    None => c.clone(),
                });
                continue;
            };
            if matches!(c, Expr::InSubquery { quant: Some(_), .. }) {
                let what =
                    "an unnested ANY or ALL comparison other than = ANY and <> ALL (Oracle's semi or anti join on it)";
                return Err(LabError::with(ora::LAB_UNSUPPORTED, what, sub.pos));
            }
            let (alias, conds, mode) = self.unnest_one(left, sub, negated, hint, scope, rels)?;
            let name = lio_sql::ast::Ident { name: alias, pos: sub.pos };
            // A null-aware anti join is a hash join's only (Oracle's too).
            match hint {
                SubqueryHint::Nl => rewritten.hints.push(Hint::UseNl(vec![name.clone()])),
                _ if hint == SubqueryHint::Hash || mode.null_aware() => {
                    rewritten.hints.push(Hint::UseHash(vec![name.clone()]))
                }
                _ => {}
            }
            // The subquery's access and swap hints on its table.
            for h in &sub.hints {
                let named = match h {
                    Hint::Full(a) | Hint::Index { alias: a, .. } => a.name == name.name,
                    Hint::SwapJoinInputs(l) | Hint::NoSwapJoinInputs(l) => l.iter().any(|a| a.name == name.name),
                    _ => false,
                };
                if named {
                    rewritten.hints.push(h.clone());
                }
            }
            out.joins.push((rels.len() - 1, conds, mode));
        }
        rewritten.where_clause = kept;
        out.query = Some(rewritten);
        Ok(out)
    }

    /// One subquery's table into `rels`: its alias, join conditions, mode.
    fn unnest_one(
        &mut self,
        left: Option<&Expr>,
        sub: &Query,
        negated: bool,
        hint: SubqueryHint,
        scope: &[ScopeEntry],
        rels: &mut Vec<Rel>,
    ) -> Result<(String, Vec<CExpr>, JoinMode), LabError> {
        let unsupported = |what: &str| Err(LabError::with(ora::LAB_UNSUPPORTED, what, sub.pos));
        let nested = |e: &Expr| matches!(e, Expr::Subquery(_) | Expr::InSubquery { .. } | Expr::Exists { .. });
        if sub.from.len() != 1
            || !matches!(sub.from[0], FromItem::Table { .. })
            || !sub.group_by.is_empty()
            || sub.having.is_some()
            || sub.connect_by.is_some()
            || !sub.union_all.is_empty()
            || !sub.outer_joins.is_empty()
            || !sub.using.is_empty()
            || mentions_rownum(sub)
            || sub.where_clause.as_ref().is_some_and(|w| any_expr(w, &nested))
        {
            return unsupported("unnesting a subquery of other than one table and a WHERE clause");
        }
        if hint == SubqueryHint::Merge {
            return unsupported("a merge semi or anti join (MERGE_SJ, MERGE_AJ)");
        }
        let (mut sub_rels, sub_scope) = self.relations(sub)?;
        let Some(rel @ Rel::Table { .. }) = sub_rels.pop() else {
            return unsupported("unnesting a subquery on other than a table");
        };
        let alias = rel.alias().to_string();
        if rels.iter().any(|r| r.alias() == alias) {
            return unsupported("unnesting a subquery whose table has the alias of the block's");
        }
        let refs = self.outer_refs;
        self.outer_scopes.push(scope.to_vec());
        let compiled = self.unnested_conditions(left, sub, scope, &sub_scope);
        self.outer_scopes.pop();
        let correlated = self.outer_refs != refs;
        self.outer_refs = refs;
        let (conds, nulls) = compiled?;
        let mode = match (negated, nulls) {
            (false, _) => JoinMode::Semi,
            (true, None | Some((false, false))) => JoinMode::Anti,
            (true, Some((_, true))) => JoinMode::AntiNa,
            (true, Some((true, false))) => JoinMode::AntiSna,
        };
        if mode.null_aware() && (correlated || hint == SubqueryHint::Nl || !hash_key(&conds[0], &rel)) {
            return unsupported("a NOT IN on a nullable column unnested other than by an uncorrelated hash join");
        }
        rels.push(rel);
        Ok((alias, conds, mode))
    }

    /// The subquery's WHERE conjuncts (in its scope, the block's as the
    /// enclosing one) and, for IN, `x = its column`; and for IN whether
    /// `x` and the column may be NULL.
    #[allow(clippy::type_complexity)]
    fn unnested_conditions(
        &mut self,
        left: Option<&Expr>,
        sub: &Query,
        scope: &[ScopeEntry],
        sub_scope: &[ScopeEntry],
    ) -> Result<(Vec<CExpr>, Option<(bool, bool)>), LabError> {
        let mut conds = Vec::new();
        if let Some(w) = &sub.where_clause {
            split_and(self.compile_expr(w, sub_scope, None)?, &mut conds);
        }
        let Some(left) = left else { return Ok((conds, None)) };
        let [SelectItem::Expr { expr, .. }] = sub.select.as_slice() else {
            let n = if sub.select.len() > 1 { ora::TOO_MANY_VALUES } else { ora::NOT_ENOUGH_VALUES };
            return Err(LabError::new(n, sub.pos));
        };
        if has_aggregate(expr) {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "unnesting a subquery with an aggregate", sub.pos));
        }
        let l = self.compile_expr(left, scope, None)?;
        let r = self.compile_expr(expr, sub_scope, None)?;
        let nullable = |e: &CExpr| match e {
            CExpr::Col { table, col, .. } => !self.ctx.cat.tables[*table].columns[*col].not_null,
            _ => true,
        };
        let nulls = (nullable(&l), nullable(&r));
        conds.insert(0, CExpr::Bin(BinaryOp::Eq, Box::new(l), Box::new(r), expr_pos(left)));
        Ok((conds, Some(nulls)))
    }
}

/// Whether `x = column` (an IN's condition) can be a hash key: `x` reads
/// the block's tables only, the other side the subquery's table only.
fn hash_key(c: &CExpr, rel: &Rel) -> bool {
    let (CExpr::Bin(BinaryOp::Eq, l, r, _), Rel::Table { src, .. }) = (c, rel) else { return false };
    let (mut ls, mut rs) = (Vec::new(), Vec::new());
    l.sources(&mut ls);
    r.sources(&mut rs);
    !ls.is_empty() && !ls.contains(src) && !rs.is_empty() && rs.iter().all(|s| s == src)
}

/// An unnesting candidate: (IN's left side, the subquery, NOT, its hint).
fn candidate(e: &Expr) -> Option<(Option<&Expr>, &Query, bool, SubqueryHint)> {
    let (left, query, negated) = match e {
        Expr::Exists { query, negated, .. } => (None, query.as_ref(), *negated),
        Expr::Not(x) => match x.as_ref() {
            Expr::Exists { query, negated, .. } => (None, query.as_ref(), !*negated),
            _ => return None,
        },
        Expr::InSubquery { expr, query, negated, .. } => (Some(expr.as_ref()), query.as_ref(), *negated),
        _ => return None,
    };
    let hint = query.hints.iter().find_map(|h| if let Hint::Subquery(s) = h { Some(*s) } else { None })?;
    (hint != SubqueryHint::NoUnnest).then_some((left, query, negated, hint))
}

/// The conjuncts of an AST condition, in order (a loop: the tree is the
/// user's).
fn split_ast_and<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        match e {
            Expr::Binary { op: BinaryOp::And, left, right } => {
                stack.push(right);
                stack.push(left);
            }
            _ => out.push(e),
        }
    }
}
