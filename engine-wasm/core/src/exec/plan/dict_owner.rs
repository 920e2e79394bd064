//! `DBA_` and `ALL_` views of tables, indexes, columns, segments and
//! column statistics. The lab has its schema's objects, not the
//! database's own (SYS's thousands of tables and indexes), so such a view
//! is answered only where the query block names the schema's objects:
//! `OWNER = '<schema>'` (or `= USER`), `TABLE_NAME` / `INDEX_NAME` /
//! `SEGMENT_NAME` / `SEQUENCE_NAME` equal to one of its objects, or a join on those columns
//! to a view so named. Elsewhere the answer would lack the dictionary's
//! rows: refused (LAB-00001), as is an OWNER of another schema.

use crate::catalog::Catalog;
use lio_sql::ast::{BinaryOp, Expr, Query};
use lio_sql::ora;
use lio_sql::LabError;

/// Columns naming an owner, and an object.
const OWNER_COLS: [&str; 4] = ["OWNER", "TABLE_OWNER", "INDEX_OWNER", "SEQUENCE_OWNER"];
const NAME_COLS: [&str; 4] = ["TABLE_NAME", "INDEX_NAME", "SEGMENT_NAME", "SEQUENCE_NAME"];

/// Whether relation `alias` (a `DBA_` view, `view` its name) of `q` is
/// limited to the lab's schema; `user` is the session's (`USER`).
pub(super) fn check(
    q: &Query,
    alias: &str,
    view: &str,
    cat: &Catalog,
    user: &str,
    pos: lio_sql::ast::Pos,
) -> Result<(), LabError> {
    let mut conj = Vec::new();
    if let Some(w) = &q.where_clause {
        conjuncts(w, &mut conj);
    }
    let schema = &*cat.schema;
    // (alias, pinned by a constant), then joins.
    let mut pinned: Vec<String> = Vec::new();
    let mut joins: Vec<(String, String)> = Vec::new();
    for c in &conj {
        let Expr::Binary { op: BinaryOp::Eq, left, right } = c else { continue };
        for (col, other) in [(&**left, &**right), (&**right, &**left)] {
            let Some((qual, name)) = column(col, alias) else { continue };
            if let Some((oq, oname)) = column(other, alias) {
                if oname == name && oq != qual {
                    joins.push((qual.clone(), oq));
                }
                continue;
            }
            let Some(value) = constant(other, user) else { continue };
            if OWNER_COLS.contains(&name.as_str()) {
                if value != schema {
                    return Err(LabError::with(
                        ora::LAB_UNSUPPORTED,
                        format_args!("objects of schema {value} (the lab has one schema, {schema})"),
                        pos,
                    ));
                }
                pinned.push(qual.clone());
            } else if NAME_COLS.contains(&name.as_str())
                && (cat.table(&value).is_some_and(|t| !t.sys)
                    || cat.index_id(&value).is_some()
                    || cat.sequence(&value).is_some())
            {
                pinned.push(qual.clone());
            }
        }
    }
    let ok = pinned.iter().any(|p| p == alias)
        || joins.iter().any(|(a, b)| (a == alias && pinned.contains(b)) || (b == alias && pinned.contains(a)));
    if ok {
        return Ok(());
    }
    Err(LabError::with(
        ora::LAB_UNSUPPORTED,
        format_args!(
            "{view} without a condition naming the schema's objects (OWNER = '{schema}', or TABLE_NAME / INDEX_NAME \
             / SEQUENCE_NAME of one of them): the database's own objects are not in the lab"
        ),
        pos,
    ))
}

fn conjuncts<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match e {
        Expr::Binary { op: BinaryOp::And, left, right } => {
            conjuncts(left, out);
            conjuncts(right, out);
        }
        e => out.push(e),
    }
}

/// A column reference: (its qualifier, or `alias` when unqualified; name).
fn column(e: &Expr, alias: &str) -> Option<(String, String)> {
    match e {
        Expr::Column { qualifier, name } if name.name != "USER" => {
            Some((qualifier.as_ref().map_or_else(|| alias.to_string(), |q| q.name.clone()), name.name.clone()))
        }
        _ => None,
    }
}

/// A constant name: `'T'`, `UPPER('t')`, `USER`.
fn constant(e: &Expr, user: &str) -> Option<String> {
    match e {
        Expr::String(s, _) => Some(s.clone()),
        Expr::Column { qualifier: None, name } if name.name == "USER" => Some(user.to_string()),
        Expr::Function { name, args } if name.name == "UPPER" && args.len() == 1 => {
            constant(&args[0], user).map(|s| s.to_uppercase())
        }
        _ => None,
    }
}
