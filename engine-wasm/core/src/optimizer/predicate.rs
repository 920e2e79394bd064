//! Which compiled predicates an access path can use: equalities on a
//! column (keys) and ranges on one (bounds).

use crate::exec::expr::CExpr;
use lio_sql::ast::BinaryOp;

/// `col(src) = expr` with the column on either side.
pub fn eq_column(p: &CExpr, src: usize) -> Option<(usize, &CExpr)> {
    if let CExpr::Bin(BinaryOp::Eq, a, b, _) = p {
        let refs_src = |e: &CExpr| {
            let mut v = Vec::new();
            e.sources(&mut v);
            v.contains(&src)
        };
        if let CExpr::Col { src: s, col, .. } = a.as_ref() {
            if *s == src && !refs_src(b) {
                return Some((*col, b.as_ref()));
            }
        }
        if let CExpr::Col { src: s, col, .. } = b.as_ref() {
            if *s == src && !refs_src(a) {
                return Some((*col, a.as_ref()));
            }
        }
    }
    None
}

/// Range bounds on one column, from the conjuncts that give them.
pub struct RangeBounds {
    pub low: Option<(CExpr, bool)>,
    pub high: Option<(CExpr, bool)>,
    pub conjuncts: Vec<usize>,
}

/// `col > e`, `col >= e`, `col < e`, `col <= e` (either side) and
/// `col BETWEEN a AND b` on column `col` of source `src`, whose other sides
/// only read `available` sources.
pub fn range_on(
    conjuncts: &[CExpr],
    used: &[bool],
    src: usize,
    col: usize,
    available: &[usize],
) -> Option<RangeBounds> {
    let is_col = |e: &CExpr| matches!(e, CExpr::Col { src: s, col: c, .. } if *s == src && *c == col);
    let usable = |e: &CExpr| {
        let mut v = Vec::new();
        e.sources(&mut v);
        v.iter().all(|x| available.contains(x))
    };
    let mut r = RangeBounds { low: None, high: None, conjuncts: Vec::new() };
    for (i, p) in conjuncts.iter().enumerate() {
        if used[i] {
            continue;
        }
        match p {
            CExpr::Bin(op @ (BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Lt | BinaryOp::Le), a, b, _) => {
                let (op, e) = if is_col(a) && usable(b) {
                    (*op, b.as_ref())
                } else if is_col(b) && usable(a) {
                    // e < col  is  col > e
                    let flipped = match op {
                        BinaryOp::Gt => BinaryOp::Lt,
                        BinaryOp::Ge => BinaryOp::Le,
                        BinaryOp::Lt => BinaryOp::Gt,
                        _ => BinaryOp::Ge,
                    };
                    (flipped, a.as_ref())
                } else {
                    continue;
                };
                match op {
                    BinaryOp::Gt | BinaryOp::Ge if r.low.is_none() => r.low = Some((e.clone(), op == BinaryOp::Ge)),
                    BinaryOp::Lt | BinaryOp::Le if r.high.is_none() => r.high = Some((e.clone(), op == BinaryOp::Le)),
                    _ => continue,
                }
                r.conjuncts.push(i);
            }
            CExpr::Between(x, lo, hi)
                if is_col(x) && usable(lo) && usable(hi) && r.low.is_none() && r.high.is_none() =>
            {
                r.low = Some(((**lo).clone(), true));
                r.high = Some(((**hi).clone(), true));
                r.conjuncts.push(i);
            }
            _ => {}
        }
    }
    if r.conjuncts.is_empty() {
        None
    } else {
        Some(r)
    }
}

/// The equalities usable as keys on source `src`: (conjunct, column,
/// the other side), for conjuncts not used yet whose other side reads
/// only `available` sources.
pub fn usable_equalities(
    conjuncts: &[CExpr],
    used: &[bool],
    src: usize,
    available: &[usize],
) -> Vec<(usize, usize, CExpr)> {
    let mut eq = Vec::new();
    for (ci, p) in conjuncts.iter().enumerate() {
        if used[ci] {
            continue;
        }
        if let Some((col, e)) = eq_column(p, src) {
            let mut s = Vec::new();
            e.sources(&mut s);
            if s.iter().all(|x| available.contains(x)) {
                eq.push((ci, col, e.clone()));
            }
        }
    }
    eq
}

/// Keys for every column of `cols` from `eq`: (conjuncts, key expressions).
pub fn key_for(eq: &[(usize, usize, CExpr)], cols: &[usize]) -> Option<(Vec<usize>, Vec<CExpr>)> {
    let mut cis = Vec::new();
    let mut ks = Vec::new();
    for c in cols {
        let (ci, _, e) = eq.iter().find(|(_, col, _)| col == c)?;
        cis.push(*ci);
        ks.push(e.clone());
    }
    Some((cis, ks))
}

/// `p` reads only columns of source `src` that index columns `cols` hold
/// (and at least one of them): a predicate the index's entries answer,
/// applied to them before the table is visited (`filter()` on the INDEX
/// line).
pub fn reads_only(p: &CExpr, src: usize, cols: &[usize]) -> bool {
    let (mut any, mut ok) = (false, true);
    p.walk(&mut |e| match e {
        CExpr::Col { src: s, col, .. } => {
            any = true;
            ok &= *s == src && cols.contains(col);
        }
        CExpr::Gen { .. } | CExpr::RowId(_) | CExpr::Rownum | CExpr::Level => ok = false,
        _ => {}
    });
    any && ok
}
