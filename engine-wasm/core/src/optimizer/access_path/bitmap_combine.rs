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

use super::bitmap::{count_only, table_part};
use super::{AccessPath, Beats, BitmapLeg, Candidate, TableRef, Tier};
use crate::catalog::IndexKind;
use crate::exec::expr::CExpr;
use crate::optimizer::cost::{IndexCost, CPU_PER_BLOCK, CPU_PER_ROW};
use crate::optimizer::predicate::eq_column;
use lio_sql::ast::{BinaryOp, Hint, IndexWay};

/// Add the BITMAP AND candidate of the bitmap candidates in `out` (two
/// or more indexes); under INDEX_COMBINE it is the one forced.
pub fn and(r: &TableRef<'_>, out: &mut Vec<Candidate>) {
    let mut legs = legs_of(out);
    let combine =
        r.q.hints
            .iter()
            .any(|h| matches!(h, Hint::IndexWay { alias, way: IndexWay::Combine, .. } if alias.name == r.alias));
    if combine {
        legs.retain(|l| r.way_hinted(&r.cat.indexes[l.index], IndexWay::Combine));
    }
    if legs.len() < 2 {
        return;
    }
    legs.sort_by(|a, b| a.sel.total_cmp(&b.sel));
    let take = if combine { legs.len() } else { cheapest_prefix(r, &legs) };
    legs.truncate(take);
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

/// The bitmap candidates' legs, one an index (the most selective).
fn legs_of(out: &[Candidate]) -> Vec<BitmapLeg> {
    let mut legs: Vec<BitmapLeg> = Vec::new();
    for c in out {
        let AccessPath::Bitmap { index, keys, low, high, .. } = &c.path else { continue };
        let sel = c.ix_sel.unwrap_or(1.0);
        let leg = BitmapLeg {
            index: *index,
            keys: keys.clone(),
            low: low.clone(),
            high: high.clone(),
            sel,
            index_io: c.index_io,
            consumes: c.consumes.clone(),
        };
        match legs.iter_mut().find(|l| l.index == *index) {
            Some(l) if l.sel > sel => *l = leg,
            Some(_) => {}
            None => legs.push(leg),
        }
    }
    legs
}

/// How many of `legs` (by ascending selectivity) to take: while the next
/// one lowers the cost, at least two.
fn cheapest_prefix(r: &TableRef<'_>, legs: &[BitmapLeg]) -> usize {
    let mut best = (2, cost(r, &legs[..2], and_sel(&legs[..2]), false).1);
    for k in 3..=legs.len() {
        let c = cost(r, &legs[..k], and_sel(&legs[..k]), false).1;
        if c >= best.1 {
            break;
        }
        best = (k, c);
    }
    best.0
}

/// The AND of `legs`: the product of their selectivities.
fn and_sel(legs: &[BitmapLeg]) -> f64 {
    legs.iter().map(|l| l.sel).product()
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
    let counted = r.aggregate_query && count_only(r.q) && covered(r, &legs);
    let sel = if or { or_sel(&legs) } else { and_sel(&legs) };
    let (ic, exact) = cost(r, &legs, sel, counted);
    let e_rows = (r.num_rows * sel).max(1.0).round();
    let bytes = (!counted).then(|| e_rows * r.row_bytes());
    let mut consumes: Vec<usize> = legs.iter().flat_map(|l| l.consumes.iter().copied()).collect();
    consumes.sort_unstable();
    consumes.dedup();
    let path = AccessPath::BitmapCombine { or, legs, index_only: counted, counted };
    let why = if or { "BITMAP OR of bitmap indexes" } else { "BITMAP AND of bitmap indexes" };
    let c = Candidate::new(path, Tier::EqualityPrefix, (exact.round(), e_rows, bytes), why)
        .parts(ic.index_io + ic.table_io, ic.index_cpu + ic.table_cpu)
        .index_part(sel, ic.index_io)
        .exact(exact)
        .consumes(consumes)
        .forced(forced)
        .beats(Beats::Strictly);
    Some(c)
}

/// The legs' indexes hold every column the block reads.
fn covered(r: &TableRef<'_>, legs: &[BitmapLeg]) -> bool {
    let Some(names) = r.referenced else { return false };
    r.t.columns.iter().enumerate().all(|(i, c)| {
        legs.iter().any(|l| r.cat.indexes[l.index].columns.contains(&i))
            || !names.contains(&c.name.to_ascii_uppercase())
    })
}

/// Add a BITMAP OR candidate for each unused conjunct that is a
/// disjunction (or an IN list) of equalities each on the leading column
/// of a bitmap index of the table: a BITMAP INDEX SINGLE VALUE a
/// disjunct. Its selectivity: a column's disjuncts summed, the columns'
/// combined as independent (1 - the product of 1 - s).
pub fn or(r: &TableRef<'_>, out: &mut Vec<Candidate>) {
    let combine =
        r.q.hints
            .iter()
            .any(|h| matches!(h, Hint::IndexWay { alias, way: IndexWay::Combine, .. } if alias.name == r.alias));
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
        legs.extend(legs_of(std::slice::from_ref(&c)));
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
