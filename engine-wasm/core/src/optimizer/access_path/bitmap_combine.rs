//! BITMAP AND over two or more bitmap indexes of one table, each reached
//! by an equality (BITMAP INDEX SINGLE VALUE) or bounds (BITMAP INDEX
//! RANGE SCAN under BITMAP MERGE) on its leading column.
//!
//! Costed as Lewis, Cost-Based Oracle Fundamentals ch. 8, describes the
//! combination: each leg's index part as a single bitmap access costs it
//! (`bitmap.rs`), summed; the rows are the table's at the product of the
//! legs' selectivities, visited as any bitmap access visits them (80%
//! packed, 20% scattered). Unhinted, the legs are taken in ascending
//! selectivity while each one added lowers the cost (Lewis: the optimizer
//! stops adding bitmaps once the next costs more than it saves); under
//! INDEX_COMBINE every hinted leg is taken and the combination wins.
//!
//! BITMAP MINUS legs (`col != v`, `col IS NOT NULL`) and B-tree legs
//! under BITMAP CONVERSION FROM ROWIDS (`bitmap_minus.rs`) join the AND:
//! a MINUS leg's index part is added, the rows kept are the share its
//! keys do not hold; unhinted, MINUS units are added after the AND's legs,
//! the most selective first, while each lowers the cost, and B-tree
//! rowids are converted only where the table has a bitmap index and the
//! combination holds a bitmap leg (Oracle's `_b_tree_bitmap_plans`).

use super::bitmap::{count_only, table_part};
use super::{AccessPath, Beats, BitmapLeg, Candidate, TableRef, Tier};
use crate::catalog::IndexKind;
use crate::exec::expr::CExpr;
use crate::optimizer::cost::{IndexCost, CPU_PER_BLOCK, CPU_PER_ROW};
use crate::optimizer::predicate::eq_column;
use lio_sql::ast::{BinaryOp, Hint, IndexWay};

/// Add the BITMAP AND (and MINUS) candidate of the bitmap candidates in
/// `out` and of the conjuncts a BITMAP MINUS takes away: two or more legs,
/// at least one a bitmap to take from. Under INDEX_COMBINE it is the one
/// forced (a B-tree index's leg alone too: BITMAP CONVERSION FROM ROWIDS
/// under TO ROWIDS).
pub fn and(r: &TableRef<'_>, out: &mut Vec<Candidate>) {
    let combine = combine_hinted(r);
    let mut legs = legs_of(r, out);
    legs.extend(super::bitmap_minus::null_legs(r));
    let mut units = super::bitmap_minus::units(r);
    if combine {
        legs.retain(|l| r.way_hinted(&r.cat.indexes[l.index], IndexWay::Combine));
        units.retain(|u| r.way_hinted(&r.cat.indexes[u[0].index], IndexWay::Combine));
        if let Some(c) = refused(r, &legs) {
            out.push(c);
            return;
        }
    } else if !r.indexes().iter().any(|&i| r.cat.indexes[i].kind == IndexKind::Bitmap) {
        // Unhinted, B-tree rowids are converted only to meet a bitmap.
        return;
    }
    legs.sort_by(|a, b| a.sel.total_cmp(&b.sel));
    units.sort_by(|a, b| kept(a).total_cmp(&kept(b)));
    let (take, minus) = if combine { (legs.len(), units.len()) } else { cheapest(r, &legs, &units) };
    legs.truncate(take);
    // One leg alone: a B-tree's under INDEX_COMBINE, or the NULL key's
    // (no single bitmap access reads it).
    let alone = legs.len() == 1 && minus == 0 && ((combine && is_btree(r, &legs[0])) || legs[0].nulls);
    if legs.is_empty() || (legs.len() + minus < 2 && !alone) {
        return;
    }
    if !combine && legs.iter().all(|l| is_btree(r, l)) && minus == 0 {
        return;
    }
    legs.extend(units.into_iter().take(minus).flatten());
    let Some(c) = candidate(r, legs, false, combine) else { return };
    if combine {
        // The single bitmap accesses the hint also named give way.
        for o in out.iter_mut() {
            if matches!(o.path, AccessPath::Bitmap { .. }) {
                o.forced = false;
            }
        }
    }
    out.push(c);
}

/// The block has an INDEX_COMBINE hint for `r`.
fn combine_hinted(r: &TableRef<'_>) -> bool {
    r.q.hints.iter().any(|h| matches!(h, Hint::IndexWay { alias, way: IndexWay::Combine, .. } if alias.name == r.alias))
}

/// `l` reads a B-tree index (under BITMAP CONVERSION FROM ROWIDS).
fn is_btree(r: &TableRef<'_>, l: &BitmapLeg) -> bool {
    r.cat.indexes[l.index].kind == IndexKind::BTree
}

/// The legs the candidates in `out` give, one an index (the most
/// selective): bitmap accesses, and B-tree range scans of a whole key
/// (`bitmap_minus::btree_leg`).
fn legs_of(r: &TableRef<'_>, out: &[Candidate]) -> Vec<BitmapLeg> {
    let mut legs: Vec<BitmapLeg> = Vec::new();
    for c in out {
        let leg = match &c.path {
            AccessPath::Bitmap { index, keys, low, high, .. } => BitmapLeg {
                index: *index,
                keys: keys.clone(),
                low: low.clone(),
                high: high.clone(),
                sel: c.ix_sel.unwrap_or(1.0),
                index_io: c.index_io,
                consumes: c.consumes.clone(),
                minus: false,
                nulls: false,
            },
            _ => match super::bitmap_minus::btree_leg(r, c) {
                Some(l) => l,
                None => continue,
            },
        };
        match legs.iter_mut().find(|l| l.index == leg.index) {
            Some(l) if l.sel > leg.sel => *l = leg,
            Some(_) => {}
            None => legs.push(leg),
        }
    }
    legs
}

/// An INDEX_COMBINE naming a B-tree index no leg reads (a range or a key
/// prefix: Oracle would sort its rowids before converting them, which the
/// lab does not model): refused.
fn refused(r: &TableRef<'_>, legs: &[BitmapLeg]) -> Option<Candidate> {
    let (name, pos) = r.q.hints.iter().find_map(|h| match h {
        Hint::IndexWay { alias, index: Some(i), way: IndexWay::Combine } if alias.name == r.alias => {
            let ix = r.indexes().into_iter().find(|&x| r.cat.indexes[x].name == i.name)?;
            let btree = r.cat.indexes[ix].kind == IndexKind::BTree;
            (btree && !legs.iter().any(|l| l.index == ix)).then(|| (i.name.clone(), i.pos))
        }
        _ => None,
    })?;
    let what = format!(
        "INDEX_COMBINE on B-tree index {name} without an equality on each of its columns \
         (BITMAP CONVERSION FROM ROWIDS of rowids in key order)"
    );
    let e = lio_sql::LabError::with(lio_sql::ora::LAB_UNSUPPORTED, what, pos);
    Some(Candidate::new(AccessPath::Refused(e), Tier::Range, (0.0, 0.0, None), "refused hint").forced(true))
}

/// How many of `legs` (by ascending selectivity: at least two, or one
/// with a MINUS) and of the MINUS `units` (the most selective first) to
/// take: each added while it lowers the cost.
fn cheapest(r: &TableRef<'_>, legs: &[BitmapLeg], units: &[Vec<BitmapLeg>]) -> (usize, usize) {
    let with = |k: usize, m: usize| {
        let mut v = legs[..k].to_vec();
        v.extend(units[..m].iter().flatten().cloned());
        let sel = and_sel(&v);
        cost(r, &v, sel, false).1
    };
    if legs.is_empty() {
        return (0, 0);
    }
    let mut best = if legs.len() >= 2 { (2, 0, with(2, 0)) } else { (1, 0, f64::INFINITY) };
    for k in best.0 + 1..=legs.len() {
        let c = with(k, 0);
        if c >= best.2 {
            break;
        }
        best = (k, 0, c);
    }
    for m in 1..=units.len() {
        let c = with(best.0, m);
        if c >= best.2 {
            break;
        }
        best = (best.0, m, c);
    }
    (best.0, best.1)
}

/// The share of the rows a MINUS unit keeps.
fn kept(unit: &[BitmapLeg]) -> f64 {
    (1.0 - unit.iter().map(|l| l.sel).sum::<f64>()).clamp(0.0, 1.0)
}

/// The AND of `legs`: the product of their selectivities, each index's
/// MINUS legs keeping the rest of the rows (1 - their sum).
fn and_sel(legs: &[BitmapLeg]) -> f64 {
    let plus: f64 = legs.iter().filter(|l| !l.minus).map(|l| l.sel).product();
    let mut minus: Vec<(crate::catalog::IndexId, f64)> = Vec::new();
    for l in legs.iter().filter(|l| l.minus) {
        match minus.iter_mut().find(|(i, _)| *i == l.index) {
            Some((_, s)) => *s += l.sel,
            None => minus.push((l.index, l.sel)),
        }
    }
    plus * minus.iter().map(|(_, s)| (1.0 - s).clamp(0.0, 1.0)).product::<f64>()
}

/// The OR of `legs`: an index's legs (one column's disjoint values)
/// summed, the indexes' sums combined as independent.
fn or_sel(legs: &[BitmapLeg]) -> f64 {
    let mut sums: Vec<(crate::catalog::IndexId, f64)> = Vec::new();
    for l in legs {
        match sums.iter_mut().find(|(i, _)| *i == l.index) {
            Some((_, s)) => *s = (*s + l.sel).min(1.0),
            None => sums.push((l.index, l.sel)),
        }
    }
    1.0 - sums.iter().map(|(_, s)| 1.0 - s).product::<f64>()
}

/// The combination's cost parts and its unrounded cost, at selectivity
/// `sel`.
fn cost(r: &TableRef<'_>, legs: &[BitmapLeg], sel: f64, index_only: bool) -> (IndexCost, f64) {
    let rows = r.num_rows * sel;
    let index_io: f64 = legs.iter().map(|l| l.index_io).sum();
    let index_cpu = index_io * CPU_PER_BLOCK + rows * CPU_PER_ROW;
    let (table_io, table_cpu) =
        if index_only { (0.0, 0.0) } else { table_part(rows, r.num_rows, r.stats.blocks as f64) };
    let ic = IndexCost { index_io, index_cpu, table_io, table_cpu };
    let (_, exact) = ic.units(&r.costing);
    (ic, exact)
}

/// The candidate combining `legs` (`or`: BITMAP OR, its selectivity the
/// legs' union).
pub fn candidate(r: &TableRef<'_>, legs: Vec<BitmapLeg>, or: bool, forced: bool) -> Option<Candidate> {
    let counted = r.aggregate_query && count_only(r.q) && covered(r, &legs, |_, ix| ix.columns.clone());
    // A row's values known from the legs alone: each column an AND
    // equality's key (Julian Dyke's `SELECT c1 ... WHERE c1 = 0 AND c2 =
    // 0`, no table line).
    let keyed = |l: &BitmapLeg, ix: &'_ crate::catalog::Index| -> Vec<usize> {
        if l.minus {
            return vec![];
        }
        ix.columns[..l.keys.len()].to_vec()
    };
    let listed = !or && !r.aggregate_query && covered(r, &legs, keyed);
    let index_only = counted || listed;
    let sel = if or { or_sel(&legs) } else { and_sel(&legs) };
    let (ic, exact) = cost(r, &legs, sel, index_only);
    let e_rows = (r.num_rows * sel).max(1.0).round();
    let bytes = (!counted).then(|| e_rows * r.row_bytes());
    let mut consumes: Vec<usize> = legs.iter().flat_map(|l| l.consumes.iter().copied()).collect();
    consumes.sort_unstable();
    consumes.dedup();
    let why = match (or, legs.iter().any(|l| l.minus)) {
        (true, _) => "BITMAP OR of bitmap indexes",
        (false, true) => "BITMAP MINUS of bitmap indexes",
        (false, false) => "BITMAP AND of bitmap indexes",
    };
    let path = AccessPath::BitmapCombine { or, legs, index_only, counted };
    let c = Candidate::new(path, Tier::EqualityPrefix, (exact.round(), e_rows, bytes), why)
        .parts(ic.index_io + ic.table_io, ic.index_cpu + ic.table_cpu)
        .index_part(sel, ic.index_io)
        .exact(exact)
        .consumes(consumes)
        .forced(forced)
        .beats(Beats::Strictly);
    Some(c)
}

/// The columns `gives` says each leg's index gives hold every column the
/// block reads.
fn covered<C: AsRef<[usize]>>(
    r: &TableRef<'_>,
    legs: &[BitmapLeg],
    gives: impl Fn(&BitmapLeg, &crate::catalog::Index) -> C,
) -> bool {
    let Some(names) = r.referenced else { return false };
    r.t.columns.iter().enumerate().all(|(i, c)| {
        legs.iter().any(|l| gives(l, &r.cat.indexes[l.index]).as_ref().contains(&i))
            || !names.contains(&c.name.to_ascii_uppercase())
    })
}

/// Add a BITMAP OR candidate for each unused conjunct that is a
/// disjunction (or an IN list) of equalities each on the leading column
/// of a bitmap index of the table: a BITMAP INDEX SINGLE VALUE a
/// disjunct. Its selectivity: a column's disjuncts summed, the columns'
/// combined as independent (1 - the product of 1 - s).
pub fn or(r: &TableRef<'_>, out: &mut Vec<Candidate>) {
    let combine = combine_hinted(r);
    for (ci, p) in r.conjuncts.iter().enumerate() {
        if r.used[ci] {
            continue;
        }
        let mut disjuncts = Vec::new();
        if !flatten(p, r.src, &mut disjuncts) || disjuncts.len() < 2 {
            continue;
        }
        let Some(mut legs) = or_legs(r, ci, &disjuncts, combine) else { continue };
        // The least selective first (Antognini's BITMAP OR of
        // n4 = 6 OR n5 = 42 OR n6 = 11: I_N4, I_N6, I_N5).
        legs.sort_by(|a, b| b.sel.total_cmp(&a.sel));
        let Some(c) = candidate(r, legs, true, combine) else { continue };
        if combine {
            for o in out.iter_mut().filter(|o| matches!(o.path, AccessPath::Bitmap { .. })) {
                o.forced = false;
            }
        }
        out.push(c);
        return;
    }
}

/// The legs of one disjunction: each disjunct on a usable bitmap index
/// (one the hint names, under INDEX_COMBINE), else none.
fn or_legs(r: &TableRef<'_>, ci: usize, disjuncts: &[(usize, CExpr)], combine: bool) -> Option<Vec<BitmapLeg>> {
    let mut legs = Vec::with_capacity(disjuncts.len());
    for (col, e) in disjuncts {
        let mut s = Vec::new();
        e.sources(&mut s);
        if !s.iter().all(|x| r.available.contains(x)) {
            return None;
        }
        let ix = r.indexes().into_iter().find(|&i| {
            let ix = &r.cat.indexes[i];
            ix.kind == IndexKind::Bitmap && ix.columns[0] == *col && (!combine || r.way_hinted(ix, IndexWay::Combine))
        })?;
        let c = super::bitmap::equality(r, ix, &[(ci, *col, e.clone())])?;
        legs.extend(legs_of(r, std::slice::from_ref(&c)));
    }
    Some(legs)
}

/// `p`'s disjuncts as (column, value) when every one is `col = value` on
/// source `src` (an OR tree, or a non-negated IN list).
fn flatten(p: &CExpr, src: usize, out: &mut Vec<(usize, CExpr)>) -> bool {
    match p {
        CExpr::Bin(BinaryOp::Or, a, b, _) => flatten(a, src, out) && flatten(b, src, out),
        CExpr::InList(col, list, false, _) => match col.as_ref() {
            CExpr::Col { src: s, col, .. } if *s == src => {
                out.extend(list.iter().map(|e| (*col, e.clone())));
                true
            }
            _ => false,
        },
        _ => match eq_column(p, src) {
            Some((col, e)) => {
                out.push((col, e.clone()));
                true
            }
            None => false,
        },
    }
}
