//! Oracle's outer join operator: `WHERE a.x = b.y(+)` is `a LEFT JOIN b ON
//! a.x = b.y`. The AND-ed conditions of the WHERE clause that mark one
//! table's columns with `(+)` become that table's ON condition; anything
//! else with `(+)` (under OR or NOT, two tables marked, an inline view)
//! is refused.

use super::*;
use lio_sql::ast::Ident;

fn unsupported(what: &str, at: Pos) -> LabError {
    LabError::with(ora::LAB_UNSUPPORTED, what, at)
}

fn conjuncts(e: &Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::Binary { op: BinaryOp::And, left, right } => {
            conjuncts(left, out);
            conjuncts(right, out);
        }
        other => out.push(other.clone()),
    }
}

/// The qualifiers of the marked columns in `e`, and `e` without its
/// marks. Marks under OR or NOT are refused.
fn strip(e: &Expr, marks: &mut Vec<Option<Ident>>, under_or: bool) -> Result<Expr, LabError> {
    let mut rec = |x: &Expr, or: bool| strip(x, marks, or);
    Ok(match e {
        Expr::OuterMark(c) => {
            if under_or {
                return Err(unsupported("the outer join operator (+) under OR or NOT", expr_pos(c)));
            }
            if let Expr::Column { qualifier, .. } = c.as_ref() {
                marks.push(qualifier.clone());
            }
            (**c).clone()
        }
        Expr::Binary { op, left, right } => {
            let or = under_or || *op == BinaryOp::Or;
            Expr::Binary { op: *op, left: Box::new(rec(left, or)?), right: Box::new(rec(right, or)?) }
        }
        Expr::Not(x) => Expr::Not(Box::new(rec(x, true)?)),
        Expr::Negate(x) => Expr::Negate(Box::new(rec(x, under_or)?)),
        Expr::Function { name, args } => Expr::Function {
            name: name.clone(),
            args: args.iter().map(|a| rec(a, under_or)).collect::<Result<_, _>>()?,
        },
        Expr::Between { expr, low, high } => Expr::Between {
            expr: Box::new(rec(expr, under_or)?),
            low: Box::new(rec(low, under_or)?),
            high: Box::new(rec(high, under_or)?),
        },
        Expr::IsNull { expr, negated } => Expr::IsNull { expr: Box::new(rec(expr, under_or)?), negated: *negated },
        other => {
            if contains_mark(other) {
                return Err(unsupported("the outer join operator (+) in this kind of condition", expr_pos(other)));
            }
            other.clone()
        }
    })
}

/// Whether `e` has a `(+)` anywhere.
fn contains_mark(e: &Expr) -> bool {
    let mut found = false;
    strip_probe(e, &mut found);
    found
}

fn strip_probe(e: &Expr, found: &mut bool) {
    match e {
        Expr::OuterMark(_) => *found = true,
        Expr::Binary { left, right, .. } => {
            strip_probe(left, found);
            strip_probe(right, found)
        }
        Expr::Not(x) | Expr::Negate(x) => strip_probe(x, found),
        Expr::Function { args, .. } => args.iter().for_each(|a| strip_probe(a, found)),
        Expr::Between { expr, low, high } => {
            strip_probe(expr, found);
            strip_probe(low, found);
            strip_probe(high, found)
        }
        Expr::IsNull { expr, .. } | Expr::InSubquery { expr, .. } => strip_probe(expr, found),
        Expr::InList { expr, list, .. } => {
            strip_probe(expr, found);
            list.iter().for_each(|a| strip_probe(a, found))
        }
        Expr::Like { expr, pattern, escape, .. } => {
            strip_probe(expr, found);
            strip_probe(pattern, found);
            if let Some(x) = escape {
                strip_probe(x, found)
            }
        }
        Expr::Case { operand, whens, otherwise, .. } => {
            if let Some(x) = operand {
                strip_probe(x, found)
            }
            for (a, b) in whens {
                strip_probe(a, found);
                strip_probe(b, found)
            }
            if let Some(x) = otherwise {
                strip_probe(x, found)
            }
        }
        _ => {}
    }
}

/// The query with its `(+)` conditions turned into LEFT JOIN conditions,
/// or None when its WHERE clause has none.
pub(super) fn rewrite(q: &Query) -> Result<Option<Query>, LabError> {
    let Some(w) = &q.where_clause else { return Ok(None) };
    if !contains_mark(w) {
        return Ok(None);
    }
    let mut all = Vec::new();
    conjuncts(w, &mut all);
    let mut rest: Vec<Expr> = Vec::new();
    let mut on: Vec<(usize, Expr)> = Vec::new();
    for c in all {
        if !contains_mark(&c) {
            rest.push(c);
            continue;
        }
        let mut marks = Vec::new();
        let stripped = strip(&c, &mut marks, false)?;
        let at = expr_pos(&c);
        let mut target: Option<usize> = None;
        for m in marks {
            let Some(alias) = m else {
                return Err(unsupported("the outer join operator (+) on an unqualified column", at));
            };
            let i = q
                .from
                .iter()
                .position(|f| match f {
                    FromItem::Table { name, alias: a, .. } => a.as_ref().unwrap_or(name).name == alias.name,
                    FromItem::Subquery { alias: Some(a), .. } => a.name == alias.name,
                    _ => false,
                })
                .ok_or_else(|| {
                    LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{}\"", alias.name), alias.pos)
                })?;
            if target.is_some_and(|t| t != i) {
                return Err(unsupported("the outer join operator (+) on two tables in one condition", at));
            }
            target = Some(i);
        }
        let Some(i) = target else { return Err(unsupported("the outer join operator (+) here", at)) };
        if q.outer_joins.iter().any(|(j, _)| *j == i) {
            return Err(unsupported("the outer join operator (+) on a table also in a LEFT JOIN", at));
        }
        match on.iter_mut().find(|(j, _)| *j == i) {
            Some((_, e)) => {
                let prev = std::mem::replace(e, Expr::Null(at));
                *e = Expr::Binary { op: BinaryOp::And, left: Box::new(prev), right: Box::new(stripped) };
            }
            None => on.push((i, stripped)),
        }
    }
    let mut q2 = q.clone();
    q2.where_clause =
        rest.into_iter().reduce(|a, b| Expr::Binary { op: BinaryOp::And, left: Box::new(a), right: Box::new(b) });
    q2.outer_joins.extend(on);
    Ok(Some(q2))
}
