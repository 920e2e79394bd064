//! ROWNUM in a WHERE clause. ROWNUM numbers the rows as a COUNT row source
//! passes them, after the block's other predicates: `ROWNUM <= n`,
//! `ROWNUM < n` and `ROWNUM = 1` become COUNT STOPKEY, which stops asking
//! for rows once the limit is reached (a full scan stops early). Other
//! uses of ROWNUM in a WHERE clause are refused rather than answered wrong.

use super::*;

/// The query without its ROWNUM conjuncts, and the COUNT STOPKEY limit
/// they set (None: the WHERE clause does not use ROWNUM).
pub(super) fn split_rownum(q: &Query) -> Result<Option<(Query, u64)>, LabError> {
    for f in &q.from {
        if let FromItem::Subquery { query, .. } = f {
            refuse_nested(query)?;
        }
    }
    let Some(w) = &q.where_clause else { return Ok(None) };
    if !any_expr(w, &|e| matches!(e, Expr::Rownum(_))) {
        return Ok(None);
    }
    let mut conjuncts = Vec::new();
    flatten_and(w, &mut conjuncts);
    let mut limit = u64::MAX;
    let mut rest: Vec<Expr> = Vec::new();
    for c in conjuncts {
        if !any_expr(c, &|e| matches!(e, Expr::Rownum(_))) {
            rest.push(c.clone());
            continue;
        }
        let l = stopkey_limit(c).ok_or_else(|| {
            LabError::with(
                ora::LAB_UNSUPPORTED,
                "ROWNUM predicates other than ROWNUM <= n, ROWNUM < n and ROWNUM = 1 (n a number)",
                expr_pos(c),
            )
        })?;
        limit = limit.min(l);
    }
    if !q.union_all.is_empty() {
        return Err(LabError::with(
            ora::LAB_UNSUPPORTED,
            "ROWNUM in the WHERE clause of a UNION ALL branch",
            expr_pos(w),
        ));
    }
    let aggregates = q.select.iter().any(|s| matches!(s, SelectItem::Expr { expr, .. } if has_aggregate(expr)));
    if aggregates || q.distinct || !q.group_by.is_empty() || !q.order_by.is_empty() || q.connect_by.is_some() {
        return Err(LabError::with(
            ora::LAB_UNSUPPORTED,
            "ROWNUM in the WHERE clause of a query with ORDER BY, GROUP BY, DISTINCT, aggregates or CONNECT BY",
            expr_pos(w),
        ));
    }
    let mut q2 = q.clone();
    q2.where_clause =
        rest.into_iter().reduce(|a, b| Expr::Binary { op: BinaryOp::And, left: Box::new(a), right: Box::new(b) });
    Ok(Some((q2, limit)))
}

/// ROWNUM in the WHERE clause of an inline view is that view's own
/// numbering: refused until views have their COUNT row source.
fn refuse_nested(q: &Query) -> Result<(), LabError> {
    if let Some(w) = &q.where_clause {
        if any_expr(w, &|e| matches!(e, Expr::Rownum(_))) {
            return Err(LabError::with(
                ora::LAB_UNSUPPORTED,
                "ROWNUM in the WHERE clause of an inline view or subquery",
                expr_pos(w),
            ));
        }
    }
    for f in &q.from {
        if let FromItem::Subquery { query, .. } = f {
            refuse_nested(query)?;
        }
    }
    for b in &q.union_all {
        refuse_nested(b)?;
    }
    Ok(())
}

/// The rows `ROWNUM <= n`, `ROWNUM < n`, `ROWNUM = 1` (or mirrored) let through.
fn stopkey_limit(c: &Expr) -> Option<u64> {
    let Expr::Binary { op, left, right } = c else { return None };
    let (op, n) = match (&**left, &**right) {
        (Expr::Rownum(_), Expr::Number(n, _)) => (*op, n.to_f64()),
        (Expr::Number(n, _), Expr::Rownum(_)) => match op {
            BinaryOp::Ge => (BinaryOp::Le, n.to_f64()),
            BinaryOp::Gt => (BinaryOp::Lt, n.to_f64()),
            BinaryOp::Eq => (BinaryOp::Eq, n.to_f64()),
            _ => return None,
        },
        _ => return None,
    };
    if !n.is_finite() {
        return None;
    }
    let whole = |x: f64| if x <= 0.0 { 0 } else { x.min(u64::MAX as f64) as u64 };
    match op {
        BinaryOp::Le => Some(whole(n.floor())),
        BinaryOp::Lt => Some(whole(n.ceil() - 1.0)),
        BinaryOp::Eq if n == 1.0 => Some(1),
        _ => None,
    }
}

fn flatten_and<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    match e {
        Expr::Binary { op: BinaryOp::And, left, right } => {
            flatten_and(left, out);
            flatten_and(right, out);
        }
        _ => out.push(e),
    }
}

/// Whether `f` holds for `e` or any expression inside it.
pub(crate) fn any_expr(e: &Expr, f: &impl Fn(&Expr) -> bool) -> bool {
    f(e) || match e {
        Expr::Function { args, .. } => args.iter().any(|a| any_expr(a, f)),
        Expr::Aggregate { arg, within, .. } => {
            // An ordered aggregate's keys and constant are read too.
            let keys = within.iter().flat_map(|w| w.order.iter().map(|o| &o.expr).chain(w.param.as_ref()));
            arg.iter().map(|a| &**a).chain(keys).any(|x| any_expr(x, f))
        }
        Expr::Binary { left, right, .. } => any_expr(left, f) || any_expr(right, f),
        Expr::Negate(x) | Expr::Not(x) => any_expr(x, f),
        Expr::Between { expr, low, high } => any_expr(expr, f) || any_expr(low, f) || any_expr(high, f),
        Expr::IsNull { expr, .. } | Expr::InSubquery { expr, .. } => any_expr(expr, f),
        Expr::InList { expr, list, .. } => any_expr(expr, f) || list.iter().any(|a| any_expr(a, f)),
        Expr::Like { expr, pattern, escape, .. } => {
            any_expr(expr, f) || any_expr(pattern, f) || escape.as_deref().is_some_and(|x| any_expr(x, f))
        }
        Expr::Case { operand, whens, otherwise, .. } => {
            operand.as_deref().is_some_and(|x| any_expr(x, f))
                || whens.iter().any(|(a, b)| any_expr(a, f) || any_expr(b, f))
                || otherwise.as_deref().is_some_and(|x| any_expr(x, f))
        }
        Expr::Analytic(a) => {
            a.args.iter().chain(&a.partition).chain(a.order.iter().map(|o| &o.expr)).any(|x| any_expr(x, f))
        }
        _ => false,
    }
}

/// Whether ROWNUM appears anywhere in the query's WHERE clauses, select
/// lists or its inline views.
pub(super) fn mentions_rownum(q: &Query) -> bool {
    let r = &|e: &Expr| matches!(e, Expr::Rownum(_));
    q.where_clause.as_ref().is_some_and(|w| any_expr(w, r))
        || q.select.iter().any(|s| matches!(s, SelectItem::Expr { expr, .. } if any_expr(expr, r)))
        || q.from.iter().any(|f| matches!(f, FromItem::Subquery { query, .. } if mentions_rownum(query)))
        || q.union_all.iter().any(mentions_rownum)
}
