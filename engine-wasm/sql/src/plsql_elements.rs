//! Collection elements in PL/SQL's static DML: the parser reads `t(i)` (t
//! a collection, i a variable) as the variable `T(I)`
//! (`parser/plsql_collection.rs`); the runtime binds it to the element.

use crate::ast::{Expr, InsertSource, StatementKind};

/// The DML's expressions: INSERT's VALUES, UPDATE's SET values and WHERE,
/// DELETE's WHERE.
pub(crate) fn dml_exprs_mut(kind: &mut StatementKind) -> Vec<&mut Expr> {
    match kind {
        StatementKind::Insert(i) => match &mut i.source {
            InsertSource::Values(v) => v.iter_mut().collect(),
            InsertSource::Query(_) => Vec::new(),
        },
        StatementKind::Update(u) => u.sets.iter_mut().map(|(_, e)| e).chain(u.where_clause.as_mut()).collect(),
        StatementKind::Delete(d) => d.where_clause.as_mut().into_iter().collect(),
        _ => Vec::new(),
    }
}

fn dml_exprs(kind: &StatementKind) -> Vec<&Expr> {
    match kind {
        StatementKind::Insert(i) => match &i.source {
            InsertSource::Values(v) => v.iter().collect(),
            InsertSource::Query(_) => Vec::new(),
        },
        StatementKind::Update(u) => u.sets.iter().map(|(_, e)| e).chain(u.where_clause.as_ref()).collect(),
        StatementKind::Delete(d) => d.where_clause.as_ref().into_iter().collect(),
        _ => Vec::new(),
    }
}

/// The element variables (`T(I)`) a static DML statement reads, each once.
pub fn element_refs(kind: &StatementKind) -> Vec<String> {
    let mut out = Vec::new();
    for e in dml_exprs(kind) {
        collect(e, &mut out);
    }
    out
}

fn collect(e: &Expr, out: &mut Vec<String>) {
    match e {
        Expr::Column { qualifier: None, name }
            if name.name.ends_with(')') && name.name.contains('(') && !out.contains(&name.name) =>
        {
            out.push(name.name.clone());
        }
        Expr::Function { args, .. } => args.iter().for_each(|a| collect(a, out)),
        Expr::Binary { left, right, .. } => {
            collect(left, out);
            collect(right, out);
        }
        Expr::Negate(x) | Expr::Not(x) => collect(x, out),
        Expr::Between { expr, low, high } => {
            collect(expr, out);
            collect(low, out);
            collect(high, out);
        }
        Expr::IsNull { expr, .. } => collect(expr, out),
        _ => {}
    }
}
