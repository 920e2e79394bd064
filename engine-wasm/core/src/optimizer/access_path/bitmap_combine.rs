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
use crate::optimizer::cost::{IndexCost, CPU_PER_BLOCK, CPU_PER_ROW};
use lio_sql::ast::{Hint, IndexWay};

/// Add the BITMAP AND candidate of the bitmap candidates in `out` (two
/// or more indexes); under INDEX_COMBINE it is the one forced.
pub fn and(r: &TableRef<'_>, out: &mut Vec<Candidate>) {
    let mut legs = legs_of(out);
    let combine = r.q.hints.iter().any(|h| {
        matches!(h, Hint::IndexWay { alias, way: IndexWay::Combine, .. } if alias.name == r.alias)
    });
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

/// The combination's cost parts and its unrounded cost, at selectivity
/// `sel`.
fn cost(r: &TableRef<'_>, legs: &[BitmapLeg], sel: f64, index_only: bool) -> (IndexCost, f64) {
    let rows = r.num_rows * sel;
    let index_io: f64 = legs.iter().map(|l| l.index_io).sum();
    let index_cpu = index_io * CPU_PER_BLOCK + rows * CPU_PER_ROW;
    let (table_io, table_cpu) = if index_only { (0.0, 0.0) } else { table_part(rows, r.num_rows, r.stats.blocks as f64) };
    let ic = IndexCost { index_io, index_cpu, table_io, table_cpu };
    let (_, exact) = ic.units(&r.costing);
    (ic, exact)
}

/// The candidate combining `legs` (`or`: BITMAP OR, its selectivity the
/// legs' union).
pub fn candidate(r: &TableRef<'_>, legs: Vec<BitmapLeg>, or: bool, forced: bool) -> Option<Candidate> {
    let counted = r.aggregate_query && count_only(r.q) && covered(r, &legs);
    let sel = if or { 1.0 - legs.iter().map(|l| 1.0 - l.sel).product::<f64>() } else { and_sel(&legs) };
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
