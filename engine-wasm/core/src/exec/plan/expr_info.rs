//! Facts about a parsed expression the planner's files share: where it
//! starts (for an error's position) and whether it holds an aggregate.

use lio_sql::ast::{Expr, Pos};

/// Where an expression starts in the statement's text.
pub(crate) fn expr_pos(e: &Expr) -> Pos {
    match e {
        Expr::Number(_, p)
        | Expr::String(_, p)
        | Expr::Null(p)
        | Expr::Bind(_, p)
        | Expr::Rownum(p)
        | Expr::Level(p)
        | Expr::Default(p) => *p,
        Expr::Column { name, qualifier } => qualifier.as_ref().map(|q| q.pos).unwrap_or(name.pos),
        Expr::Function { name, .. } => name.pos,
        Expr::Aggregate { pos, .. } => *pos,
        Expr::Binary { left, .. } => expr_pos(left),
        Expr::Negate(e) | Expr::Not(e) => expr_pos(e),
        Expr::Between { expr, .. } | Expr::IsNull { expr, .. } => expr_pos(expr),
        Expr::Subquery(q) => q.pos,
        Expr::InList { expr, .. } | Expr::InSubquery { expr, .. } | Expr::Like { expr, .. } => expr_pos(expr),
        Expr::Exists { pos, .. } | Expr::Case { pos, .. } => *pos,
        Expr::OuterMark(e) => expr_pos(e),
        Expr::Analytic(a) => a.pos,
    }
}

/// Whether an expression holds an aggregate function.
pub(crate) fn has_aggregate(e: &Expr) -> bool {
    match e {
        Expr::Aggregate { .. } => true,
        Expr::Function { args, .. } => args.iter().any(has_aggregate),
        Expr::Binary { left, right, .. } => has_aggregate(left) || has_aggregate(right),
        Expr::Negate(e) | Expr::Not(e) => has_aggregate(e),
        Expr::Between { expr, low, high } => has_aggregate(expr) || has_aggregate(low) || has_aggregate(high),
        Expr::IsNull { expr, .. } | Expr::InSubquery { expr, .. } => has_aggregate(expr),
        Expr::InList { expr, list, .. } => has_aggregate(expr) || list.iter().any(has_aggregate),
        Expr::Like { expr, pattern, escape, .. } => {
            has_aggregate(expr) || has_aggregate(pattern) || escape.as_deref().is_some_and(has_aggregate)
        }
        Expr::Case { operand, whens, otherwise, .. } => {
            operand.as_deref().is_some_and(has_aggregate)
                || whens.iter().any(|(a, b)| has_aggregate(a) || has_aggregate(b))
                || otherwise.as_deref().is_some_and(has_aggregate)
        }
        _ => false,
    }
}
