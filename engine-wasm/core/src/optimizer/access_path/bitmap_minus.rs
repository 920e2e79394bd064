//! The legs a BITMAP MINUS takes away, and the B-tree legs a BITMAP
//! CONVERSION FROM ROWIDS brings into a combination (`bitmap_combine.rs`).
//!
//! BITMAP MINUS: a conjunct `col != v` (or `NOT (col = v)`) on the column
//! of a one-column bitmap index is the key `v`'s bitmap taken away from
//! the others' and, when the column may hold NULLs, the NULL key's bitmap
//! too (`!=` is not true of a NULL): Oracle's plans show BITMAP MINUS over
//! BITMAP MINUS, the second BITMAP INDEX SINGLE VALUE with
//! `access("COL" IS NULL)`. `col IS NOT NULL` takes away the NULL key
//! alone. A MINUS needs a bitmap to take from: it is a leg of a
//! combination with at least one other (`bitmap_combine::and`).
//!
//! BITMAP CONVERSION FROM ROWIDS: an INDEX RANGE SCAN of a B-tree index
//! with every key column bound by an equality hands its rowids up in rowid
//! order (the entries of one key sort by rowid), made a bitmap. A B-tree
//! scan of a range or of a key prefix would hand them up in key order,
//! which Oracle sorts first: not modelled (refused when hinted).

use super::bitmap::BitmapAccess;
use super::{AccessPath, BitmapLeg, Candidate, TableRef};
use crate::catalog::{IndexId, IndexKind};
use crate::exec::expr::CExpr;
use crate::optimizer::predicate::eq_column;
use crate::optimizer::selectivity::key_equality;
use lio_sql::ast::BinaryOp;

/// The MINUS units of `r`'s unused conjuncts: each the legs one
/// conjunct takes away (its key's, then the NULL key's).
pub fn units(r: &TableRef<'_>) -> Vec<Vec<BitmapLeg>> {
    let mut out = Vec::new();
    for (ci, p) in r.conjuncts.iter().enumerate() {
        if r.used[ci] {
            continue;
        }
        let Some((col, value)) = negated(p, r.src) else { continue };
        if let Some(v) = value {
            let mut s = Vec::new();
            v.sources(&mut s);
            if !s.iter().all(|x| r.available.contains(x)) || matches!(v, CExpr::Const(c) if c.is_null()) {
                continue;
            }
        }
        let Some(ix) = bitmap_on(r, col) else { continue };
        let st = r.column_stats(col);
        let rows = r.num_rows.max(1.0);
        let mut legs = Vec::with_capacity(2);
        if let Some(v) = value {
            let sel = key_equality(&st, r.num_rows, v, r.peek);
            legs.push(leg(r, ix, (vec![v.clone()], false), sel, ci));
        }
        if !r.t.columns[col].not_null {
            legs.push(leg(r, ix, (vec![], true), (st.nulls as f64 / rows).min(1.0), ci));
        }
        if !legs.is_empty() {
            out.push(legs);
        }
    }
    out
}

/// The legs of `r`'s unused conjuncts `col IS NULL` on the column of a
/// one-column bitmap index: BITMAP INDEX SINGLE VALUE of the NULL key
/// (bitmap indexes hold NULLs; orafaq's "The Bitmap Dominion" plan,
/// `access("BIRTHORDER" IS NULL)`).
pub fn null_legs(r: &TableRef<'_>) -> Vec<BitmapLeg> {
    let mut out = Vec::new();
    for (ci, p) in r.conjuncts.iter().enumerate() {
        let CExpr::IsNull(e, false) = p else { continue };
        let CExpr::Col { src, col, .. } = e.as_ref() else { continue };
        if r.used[ci] || *src != r.src || r.t.columns[*col].not_null {
            continue;
        }
        let Some(ix) = bitmap_on(r, *col) else { continue };
        let sel = (r.column_stats(*col).nulls as f64 / r.num_rows.max(1.0)).min(1.0);
        out.push(BitmapLeg { minus: false, ..leg(r, ix, (vec![], true), sel, ci) });
    }
    out
}

/// The usable one-column bitmap index on column `col`.
fn bitmap_on(r: &TableRef<'_>, col: usize) -> Option<IndexId> {
    r.indexes().into_iter().find(|&i| {
        let ix = &r.cat.indexes[i];
        ix.kind == IndexKind::Bitmap && ix.columns == [col]
    })
}

/// A leg taking away `index`'s key (or, `nulls`, its NULL key), at
/// selectivity `sel`, its index part costed as a bitmap access's.
fn leg(r: &TableRef<'_>, index: IndexId, (keys, nulls): (Vec<CExpr>, bool), sel: f64, ci: usize) -> BitmapLeg {
    let index_io = BitmapAccess::of(r, &r.cat.indexes[index], sel, true).cost().index_io;
    BitmapLeg { index, keys, low: None, high: None, sel, index_io, consumes: vec![ci], minus: true, nulls }
}

/// `p` as (column, value) when it is `col != value`, `NOT (col =
/// value)` (value Some) or `col IS NOT NULL` (None) on source `src`.
fn negated(p: &CExpr, src: usize) -> Option<(usize, Option<&CExpr>)> {
    match p {
        CExpr::Bin(BinaryOp::Ne, a, b, x) => {
            let eq = CExpr::Bin(BinaryOp::Eq, a.clone(), b.clone(), *x);
            let col = eq_column(&eq, src)?.0;
            // The value is the side that is not the column.
            let v = match a.as_ref() {
                CExpr::Col { src: s, col: c, .. } if *s == src && *c == col => b.as_ref(),
                _ => a.as_ref(),
            };
            Some((col, Some(v)))
        }
        CExpr::Not(e) => eq_column(e, src).map(|(col, v)| (col, Some(v))),
        CExpr::IsNull(e, true) => match e.as_ref() {
            CExpr::Col { src: s, col, .. } if *s == src => Some((*col, None)),
            _ => None,
        },
        _ => None,
    }
}

/// A B-tree candidate usable as a FROM ROWIDS leg: an INDEX RANGE SCAN
/// of a non-unique B-tree index with every key column bound.
pub fn btree_leg(r: &TableRef<'_>, c: &Candidate) -> Option<BitmapLeg> {
    let AccessPath::IndexRange { index, keys, low: None, high: None, .. } = &c.path else { return None };
    let ix = &r.cat.indexes[*index];
    if ix.kind != IndexKind::BTree || keys.len() != ix.columns.len() || !r.is_heap() {
        return None;
    }
    Some(BitmapLeg {
        index: *index,
        keys: keys.clone(),
        low: None,
        high: None,
        sel: c.ix_sel.unwrap_or(1.0),
        index_io: c.index_io,
        consumes: c.consumes.clone(),
        minus: false,
        nulls: false,
    })
}
