//! Access paths: each file costs one way to reach the rows of a table
//! reference and returns it as candidates ([`Candidate`]); [`gather`]
//! asks every path (dispatching on the storage and on each index's
//! [`IndexKind`]), [`rank`] picks one, and `exec/plan/access.rs` builds
//! its operators.
//!
//! The ranking is today's: the paths are tried in tiers (MIN/MAX, the
//! storage's own key, a unique key, an equality prefix, a range, a hinted
//! full index scan, a fast full scan, the full scan), and within a tier a
//! hinted candidate wins, else the cheapest (the first at equal cost). An
//! index path costed above the full scan loses. Issue 31 replaces the
//! tiers with costs.

use super::predicate::{key_for, usable_equalities};
use crate::catalog::IndexKind;

pub mod candidate;
pub mod full_scan;
pub mod hash_cluster;
pub mod index_fast_full;
pub mod index_full;
pub mod index_range;
pub mod index_unique;
pub mod iot;
pub mod memopt;
pub mod min_max;

pub use candidate::{index_covers, AccessPath, Beats, Candidate, TableRef, Tier};

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
        if r.is_heap() {
            if let Some(want) = r.index_hint() {
                index_full::candidates(r, want, &mut out);
            }
            index_fast_full::candidates(r, &mut out);
        }
    }
    out.push(full_scan::candidate(r));
    out
}

/// Unique keys and equality prefixes, index by index (the primary key
/// first, a hinted index before it): a unique key, or a hinted index,
/// ends the walk.
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
        };
        if let Some(c) = c {
            let last = c.forced;
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
        };
        if let Some(c) = c {
            let last = c.forced;
            out.push(c);
            if last {
                return;
            }
        }
    }
}

/// The candidate taken: the first tier with one that may be taken; in
/// it, the hinted one, else the cheapest (the first at equal cost).
pub fn rank(cands: Vec<Candidate>) -> Candidate {
    let full = cands.iter().find(|c| c.tier == Tier::FullScan).map_or(f64::INFINITY, |c| c.cost);
    let takeable = |c: &Candidate| match c.beats {
        Beats::Always => true,
        Beats::OrTies => c.forced || c.cost <= full,
        Beats::Strictly => c.forced || c.cost < full,
    };
    let mut best: Option<Candidate> = None;
    for c in cands.into_iter().filter(takeable) {
        let better = match &best {
            None => true,
            Some(b) => {
                (c.tier, !c.forced) < (b.tier, !b.forced)
                    || (c.tier == b.tier && c.forced == b.forced && c.cost < b.cost)
            }
        };
        if better {
            best = Some(c);
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
    fn rank_takes_the_first_tier_then_the_hint_then_the_cheapest() {
        // An equality prefix costed above the full scan loses; a range
        // below it wins over a dearer range, the first at equal cost.
        let eq = cand(Tier::EqualityPrefix, 12.0).beats(Beats::OrTies);
        let r1 = cand(Tier::Range, 5.0).beats(Beats::Strictly);
        let r2 = cand(Tier::Range, 4.0).beats(Beats::Strictly);
        let r3 = cand(Tier::Range, 4.0).beats(Beats::Strictly).consumes(vec![7]);
        let full = cand(Tier::FullScan, 10.0);
        let c = rank(vec![eq.clone(), r1.clone(), r2.clone(), r3, full.clone()]);
        assert_eq!((c.tier, c.cost, c.consumes.len()), (Tier::Range, 4.0, 0));
        // At the full scan's cost: the equality prefix ties and wins, a
        // range does not.
        let eq10 = cand(Tier::EqualityPrefix, 10.0).beats(Beats::OrTies);
        assert_eq!(rank(vec![eq10, full.clone()]).tier, Tier::EqualityPrefix);
        let r10 = cand(Tier::Range, 10.0).beats(Beats::Strictly);
        assert_eq!(rank(vec![r10, full.clone()]).tier, Tier::FullScan);
        // A hinted range wins whatever it costs.
        let hinted = cand(Tier::Range, 50.0).beats(Beats::Strictly).forced(true);
        let c = rank(vec![r2, hinted, full.clone()]);
        assert_eq!((c.cost, c.forced), (50.0, true));
        // A unique key ranks before any range.
        let unique = cand(Tier::UniqueKey, 3.0).forced(true);
        assert_eq!(rank(vec![r1, unique, full]).tier, Tier::UniqueKey);
    }
}
