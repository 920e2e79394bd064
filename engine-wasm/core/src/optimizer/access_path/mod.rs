//! Access paths: each file costs one way to reach the rows of a table
//! reference and returns it as candidates ([`Candidate`]); [`gather`]
//! asks every path (dispatching on the storage and on each index's
//! [`IndexKind`]), [`rank`] picks one, and `exec/plan/access.rs` builds
//! its operators.
//!
//! The ranking is by cost: a hinted candidate (or a bound unique key, or
//! a bound hash-cluster key, whose cost is not Oracle's) wins; otherwise the cheapest costed
//! one, compared unrounded as Oracle compares them. The tiers (MIN/MAX, the storage's own key, a unique
//! key, an equality prefix, a range, a hinted full index scan, a fast
//! full scan, the full scan) only break exact ties.

use super::predicate::{key_for, usable_equalities};
use crate::catalog::IndexKind;

pub mod bitmap;
pub mod bitmap_combine;
pub mod bitmap_minus;
pub mod candidate;
pub mod full_scan;
pub mod hash_cluster;
pub mod index_fast_full;
pub mod index_full;
pub mod index_range;
pub mod index_skip;
pub mod index_unique;
pub mod iot;
pub mod memopt;
pub mod min_max;
pub mod sample;

pub use candidate::{index_covers, AccessPath, Beats, BitmapLeg, Candidate, TableRef, Tier};

/// Every candidate for `r`, the full scan last.
pub fn gather(r: &TableRef<'_>) -> Vec<Candidate> {
    let mut out = Vec::new();
    let forced_full = r.full_hint();
    if !forced_full {
        if r.single && r.is_heap() {
            out.extend(min_max::candidate(r));
        }
        out.extend(iot::candidate(r));
        out.extend(hash_cluster::candidate(r));
        if !r.t.is_iot() {
            keyed_indexes(r, &mut out);
        }
        ranged_indexes(r, &mut out);
        bitmap_combine::and(r, &mut out);
        bitmap_combine::or(r, &mut out);
        if r.is_heap() {
            index_skip::candidates(r, &mut out);
            if let Some(want) = r.index_hint() {
                index_full::candidates(r, want, &mut out);
            }
            index_fast_full::candidates(r, &mut out);
        }
    }
    out.push(full_scan::candidate(r));
    out.retain(|c| c.path.fits_partitioned(r.cat));
    out
}

/// Unique keys and equality prefixes, index by index (the primary key
/// first, a hinted index before it): a unique key bound, or a hinted
/// index, ends the walk.
fn keyed_indexes(r: &TableRef<'_>, out: &mut Vec<Candidate>) {
    let eq = usable_equalities(r.conjuncts, r.used, r.src, r.available);
    let mut cands = r.indexes();
    if let Some(Some(name)) = r.index_hint() {
        cands.sort_by_key(|i| r.cat.indexes[*i].name != name);
    }
    for ixid in cands {
        let ix = &r.cat.indexes[ixid];
        let c = match ix.kind {
            IndexKind::BTree if ix.unique => {
                key_for(&eq, &ix.columns).map(|(cis, keys)| index_unique::candidate(r, ixid, cis, keys))
            }
            IndexKind::BTree => index_range::equality(r, ixid, &eq),
            IndexKind::Bitmap => bitmap::equality(r, ixid, &eq),
        };
        if let Some(c) = c {
            // (A bitmap index hinted by INDEX_COMBINE leaves the others
            // to be combined with it.)
            let last = (c.forced && !combined(r, &c)) || c.tier == Tier::UniqueKey;
            out.push(c);
            if last {
                return;
            }
        }
    }
}

/// Ranges on the leading column of each index: a hinted one ends the walk.
fn ranged_indexes(r: &TableRef<'_>, out: &mut Vec<Candidate>) {
    for ixid in r.indexes() {
        let ix = &r.cat.indexes[ixid];
        let c = match ix.kind {
            IndexKind::BTree => index_range::leading_range(r, ixid),
            IndexKind::Bitmap => bitmap::range(r, ixid),
        };
        if let Some(c) = c {
            let last = c.forced && !combined(r, &c);
            out.push(c);
            if last {
                return;
            }
        }
    }
}

/// `c` is a bitmap access an INDEX_COMBINE hint asks for.
fn combined(r: &TableRef<'_>, c: &Candidate) -> bool {
    match c.path {
        AccessPath::Bitmap { index, .. } => r.way_hinted(&r.cat.indexes[index], lio_sql::ast::IndexWay::Combine),
        _ => false,
    }
}

/// The candidate taken: a hinted one if there is one (the first tier's
/// among them); else the cheapest by its unrounded
/// cost, as Oracle picks. At an equal cost an equality probe (or a path
/// that always wins the tie) is preferred to the full scan, and the full
/// scan to a range or a fast full scan; then the tier decides.
pub fn rank(cands: Vec<Candidate>) -> Candidate {
    let i = best(&cands);
    rank_at(cands, i)
}

/// The candidate at `i` (what [`best`] found).
pub fn rank_at(mut cands: Vec<Candidate>, i: usize) -> Candidate {
    cands.swap_remove(i)
}

/// The place in `cands` of the one [`rank`] takes (the 10053 record marks it).
pub fn best(cands: &[Candidate]) -> usize {
    let tie = |c: &Candidate| u8::from(c.beats == Beats::Strictly);
    let mut best: Option<usize> = None;
    for (i, c) in cands.iter().enumerate() {
        let better = match best.map(|b| &cands[b]) {
            None => true,
            Some(b) if c.forced != b.forced => c.forced,
            Some(b) if c.forced => c.tier < b.tier || (c.tier == b.tier && c.exact < b.exact),
            Some(b) => {
                let key = |x: &Candidate| (x.exact, tie(x), x.tier);
                key(c).partial_cmp(&key(b)) == Some(std::cmp::Ordering::Less)
            }
        };
        if better {
            best = Some(i);
        }
    }
    best.expect("the full scan is always a candidate")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(tier: Tier, cost: f64) -> Candidate {
        Candidate::new(AccessPath::FullScan, tier, (cost, 1.0, None), "test")
    }

    #[test]
    fn rank_takes_the_hint_else_the_cheapest() {
        // The cheapest wins whatever its tier: a range at 4.005 beats the
        // full scan at 4.012 (both print 4); a dearer equality loses.
        let eq = cand(Tier::EqualityPrefix, 12.0).beats(Beats::OrTies);
        let range = cand(Tier::Range, 4.0).exact(4.005).beats(Beats::Strictly);
        let full = cand(Tier::FullScan, 4.0).exact(4.012);
        let c = rank(vec![eq.clone(), range.clone(), full.clone()]);
        assert_eq!((c.tier, c.exact), (Tier::Range, 4.005));
        // At an exactly equal cost the equality probe wins the tie, a range
        // loses it.
        let eq4 = cand(Tier::EqualityPrefix, 4.0).exact(4.012).beats(Beats::OrTies);
        assert_eq!(rank(vec![full.clone(), eq4]).tier, Tier::EqualityPrefix);
        let r4 = cand(Tier::Range, 4.0).exact(4.012).beats(Beats::Strictly);
        assert_eq!(rank(vec![r4, full.clone()]).tier, Tier::FullScan);
        // A hinted candidate wins whatever it costs; of two hinted, the
        // first tier's.
        let hinted = cand(Tier::Range, 50.0).beats(Beats::Strictly).forced(true);
        let c = rank(vec![range.clone(), hinted.clone(), full.clone()]);
        assert_eq!((c.cost, c.forced), (50.0, true));
        let unique = cand(Tier::UniqueKey, 3.0).forced(true);
        assert_eq!(rank(vec![hinted, unique, full]).tier, Tier::UniqueKey);
    }
}
