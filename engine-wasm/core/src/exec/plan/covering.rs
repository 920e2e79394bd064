//! The columns a query block reads, for index-only access: when an index
//! holds every column a block reads from a table, Oracle answers from the
//! index alone (`optimizer::access_path::index_covers`).

use super::rownum::any_expr;
use super::*;
use std::cell::RefCell;
use std::collections::HashSet;

/// The column names a query block mentions anywhere (select list, WHERE,
/// GROUP BY, HAVING, ORDER BY, outer-join conditions), upper-case and
/// without qualifiers; `None` when it cannot be told from the block alone:
/// `*`, `alias.*`, a subquery (which may read the table's other columns) or
/// an outer-join mark. Names from other tables count too, so the answer
/// errs towards reading the table.
pub(super) fn referenced_columns(q: &Query) -> Option<HashSet<String>> {
    let names = RefCell::new(HashSet::new());
    let opaque = &|e: &Expr| {
        if let Expr::Column { name, .. } = e {
            names.borrow_mut().insert(name.name.to_ascii_uppercase());
        }
        matches!(e, Expr::Subquery(_) | Expr::InSubquery { .. } | Expr::Exists { .. } | Expr::OuterMark(_))
    };
    let mut exprs: Vec<&Expr> = Vec::new();
    for s in &q.select {
        match s {
            SelectItem::Expr { expr, .. } => exprs.push(expr),
            SelectItem::Star(_) | SelectItem::QualifiedStar(_) => return None,
        }
    }
    exprs.extend(q.where_clause.iter());
    exprs.extend(q.connect_by.iter());
    if let Some(h) = q.hier.as_deref() {
        exprs.extend(h.start_with.iter());
        exprs.extend(h.siblings.iter().map(|o| &o.expr));
    }
    exprs.extend(q.group_by.iter());
    exprs.extend(q.having.as_deref());
    exprs.extend(q.order_by.iter().map(|o| &o.expr));
    exprs.extend(q.outer_joins.iter().map(|(_, e)| e));
    // JOIN ... USING reads its columns on both sides.
    for c in q.using.iter().flat_map(|u| &u.columns) {
        names.borrow_mut().insert(c.name.to_ascii_uppercase());
    }
    // `any_expr` stops at the first opaque expression: every expression is
    // walked (no short-circuit across them) so the names are complete.
    let mut any_opaque = false;
    for e in exprs {
        any_opaque |= any_expr(e, opaque);
    }
    if any_opaque || !q.union_all.is_empty() {
        return None;
    }
    Some(names.into_inner())
}
