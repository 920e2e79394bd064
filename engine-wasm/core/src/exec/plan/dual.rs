//! DUAL. Since 10g a query block that reads no column of DUAL gets FAST
//! DUAL (one row, no block visited, no Bytes); one that reads DUMMY (`*`,
//! `dummy`, `d.dummy`, also from a correlated subquery) scans the table:
//! TABLE ACCESS FULL of SYS.DUAL, one row in one block.
//! https://renenyffenegger.ch/notes/development/databases/Oracle/SQL/statement/execution/plan/operations/fast-dual/index

use super::*;
use crate::catalog::Catalog;

const DUMMY: &str = "DUMMY";

/// Whether query block `q` reads the column of its FROM item DUAL known as
/// `alias` (its alias, or DUAL).
pub(super) fn block_reads_dual(q: &Query, alias: &str, cat: &Catalog) -> bool {
    let select_alias_dummy =
        q.select.iter().any(|s| matches!(s, SelectItem::Expr { alias: Some(a), .. } if a.name == DUMMY));
    q.select.iter().any(|s| match s {
        SelectItem::Star(_) => true,
        SelectItem::QualifiedStar(a) => a.name == alias,
        SelectItem::Expr { expr, .. } => reads(expr, alias, false, cat),
    }) || q.where_clause.iter().chain(q.connect_by.iter()).chain(q.group_by.iter()).any(|e| reads(e, alias, false, cat))
        || q.having.as_deref().is_some_and(|e| reads(e, alias, false, cat))
        || q.outer_joins.iter().any(|(_, e)| reads(e, alias, false, cat))
        // ORDER BY DUMMY names the select list's DUMMY when there is one.
        || q.order_by.iter().any(|o| reads(&o.expr, alias, select_alias_dummy, cat))
}

/// Whether a statement's queries read DUAL's column anywhere (the table
/// must then exist before it is planned).
pub fn query_reads_dual(q: &Query, cat: &Catalog) -> bool {
    if cat.table("DUAL").is_some() {
        return false;
    }
    let own = q.from.iter().any(|f| match f {
        FromItem::Table { name, alias, .. } if name.name == "DUAL" => {
            block_reads_dual(q, alias.as_ref().map_or(&name.name, |a| &a.name), cat)
        }
        _ => false,
    });
    own || q.union_all.iter().any(|b| query_reads_dual(b, cat))
        || q.from.iter().any(|f| matches!(f, FromItem::Subquery { query, .. } if query_reads_dual(query, cat)))
        || block_exprs(q).any(|e| expr_reads_dual(e, cat))
}

/// Whether an expression's subqueries read DUAL's column.
pub fn expr_reads_dual(e: &Expr, cat: &Catalog) -> bool {
    let found = std::cell::Cell::new(false);
    visit(e, &mut |x| match x {
        Expr::Subquery(q) | Expr::InSubquery { query: q, .. } | Expr::Exists { query: q, .. }
            if query_reads_dual(q, cat) =>
        {
            found.set(true)
        }
        _ => {}
    });
    found.get()
}

fn block_exprs(q: &Query) -> impl Iterator<Item = &Expr> {
    q.select
        .iter()
        .filter_map(|s| match s {
            SelectItem::Expr { expr, .. } => Some(expr),
            _ => None,
        })
        .chain(q.where_clause.iter())
        .chain(q.connect_by.iter())
        .chain(q.group_by.iter())
        .chain(q.having.as_deref())
        .chain(q.order_by.iter().map(|o| &o.expr))
        .chain(q.outer_joins.iter().map(|(_, e)| e))
}

/// Every sub-expression of `e` (not into subqueries), `e` first.
pub(super) fn visit<'e>(e: &'e Expr, f: &mut impl FnMut(&'e Expr)) {
    f(e);
    match e {
        Expr::Function { args, .. } => args.iter().for_each(|a| visit(a, f)),
        Expr::Aggregate { arg, within, .. } => {
            let keys = within.iter().flat_map(|w| w.order.iter().map(|o| &o.expr).chain(w.param.as_ref()));
            arg.iter().map(|a| &**a).chain(keys).for_each(|x| visit(x, f))
        }
        Expr::Binary { left, right, .. } => {
            visit(left, f);
            visit(right, f);
        }
        Expr::Negate(x) | Expr::Not(x) | Expr::OuterMark(x) => visit(x, f),
        Expr::Between { expr, low, high } => {
            visit(expr, f);
            visit(low, f);
            visit(high, f);
        }
        Expr::IsNull { expr, .. } | Expr::InSubquery { expr, .. } => visit(expr, f),
        Expr::InList { expr, list, .. } => {
            visit(expr, f);
            list.iter().for_each(|a| visit(a, f));
        }
        Expr::Like { expr, pattern, escape, .. } => {
            visit(expr, f);
            visit(pattern, f);
            if let Some(x) = escape {
                visit(x, f);
            }
        }
        Expr::Case { operand, whens, otherwise, .. } => {
            if let Some(x) = operand {
                visit(x, f);
            }
            for (a, b) in whens {
                visit(a, f);
                visit(b, f);
            }
            if let Some(x) = otherwise {
                visit(x, f);
            }
        }
        _ => {}
    }
}

/// Whether `e` names DUAL's column (`alias` in the block being planned);
/// `shadowed`: an unqualified DUMMY means something nearer (a subquery's
/// own table, a select-list alias).
fn reads(e: &Expr, alias: &str, shadowed: bool, cat: &Catalog) -> bool {
    let found = std::cell::Cell::new(false);
    visit(e, &mut |x| match x {
        Expr::Column { qualifier, name } if name.name == DUMMY => {
            let ours = match qualifier {
                None => !shadowed,
                Some(q) => q.name == alias,
            };
            if ours {
                found.set(true);
            }
        }
        Expr::Subquery(q) | Expr::InSubquery { query: q, .. } | Expr::Exists { query: q, .. }
            if subquery_reads(q, alias, shadowed, cat) =>
        {
            found.set(true)
        }
        _ => {}
    });
    found.get()
}

/// A correlated subquery's references to the enclosing block's DUAL.
fn subquery_reads(q: &Query, alias: &str, shadowed: bool, cat: &Catalog) -> bool {
    // Its own FROM items come first in name resolution.
    let mut unqualified_shadowed = shadowed;
    for f in &q.from {
        match f {
            FromItem::Table { name, alias: a, .. } => {
                let own = a.as_ref().map_or(&name.name, |a| &a.name);
                if own == alias {
                    return false;
                }
                let has_dummy = name.name == "DUAL"
                    || cat.table(&name.name).is_some_and(|t| t.column_index(DUMMY).is_some())
                    || crate::exec::fixed::FixedView::lookup(&name.name).is_some_and(|v| v.columns().contains(&DUMMY));
                unqualified_shadowed |= has_dummy;
            }
            FromItem::Subquery { alias: a, .. }
            | FromItem::RecursiveWith { alias: a, .. }
            | FromItem::RecursiveRef { alias: a, .. } => {
                if a.as_ref().is_some_and(|a| a.name == alias) {
                    return false;
                }
                unqualified_shadowed = true;
            }
            FromItem::XmlTableRange { .. } => {}
        }
    }
    block_exprs(q).any(|e| reads(e, alias, unqualified_shadowed, cat))
        || q.union_all.iter().any(|b| subquery_reads(b, alias, shadowed, cat))
}
