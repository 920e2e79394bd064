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
use crate::catalog::{Catalog, IndexId, IndexKind, Table, TableId, TableStats};
use crate::exec::expr::CExpr;
use lio_sql::ast::{Hint, Pos, Query};
use lio_sql::LabError;
use std::collections::HashSet;

pub mod full_scan;
pub mod hash_cluster;
pub mod index_fast_full;
pub mod index_full;
pub mod index_range;
pub mod index_unique;
pub mod iot;
pub mod memopt;
pub mod min_max;

/// A table reference as the access paths see it.
pub struct TableRef<'a> {
    pub cat: &'a Catalog,
    pub q: &'a Query,
    pub table: TableId,
    pub t: &'a Table,
    /// Its row source (`CExpr::Col::src`).
    pub src: usize,
    pub alias: &'a str,
    /// The statistics the optimizer reads (gathered, else computed).
    pub stats: &'a TableStats,
    pub num_rows: f64,
    /// The block's conjuncts, those already used, and the row sources
    /// whose columns are available (joined before, or enclosing blocks).
    pub conjuncts: &'a [CExpr],
    pub used: &'a [bool],
    pub available: &'a [usize],
    /// The columns the block mentions (`None`: cannot be told).
    pub referenced: &'a Option<HashSet<String>>,
    /// The block reads this table alone.
    pub single: bool,
    /// The block has an aggregate in its select list.
    pub aggregate_query: bool,
    /// The release has the MemOptimized Rowstore.
    pub memoptimize_rowstore: bool,
}

impl TableRef<'_> {
    /// A `FULL(alias)` hint.
    pub fn full_hint(&self) -> bool {
        self.q.hints.iter().any(|h| matches!(h, Hint::Full(a) if a.name == self.alias))
    }

    /// An `INDEX(alias [index])` hint: `Some(None)` for any index.
    pub fn index_hint(&self) -> Option<Option<&str>> {
        self.q.hints.iter().find_map(|h| match h {
            Hint::Index { alias: a, index } if a.name == self.alias => Some(index.as_ref().map(|i| i.name.as_str())),
            _ => None,
        })
    }

    /// Where the `INDEX` hint is (for a refusal of it).
    pub fn index_hint_pos(&self) -> Pos {
        self.q
            .hints
            .iter()
            .find_map(|h| match h {
                Hint::Index { alias: a, index } if a.name == self.alias => {
                    Some(index.as_ref().map_or(a.pos, |i| i.pos))
                }
                _ => None,
            })
            .unwrap_or_default()
    }

    /// Whether `ix` is the one an `INDEX` hint asks for.
    pub fn hinted(&self, ix: &crate::catalog::Index) -> bool {
        match self.index_hint() {
            Some(None) => true,
            Some(Some(n)) => n == ix.name,
            None => false,
        }
    }

    /// The table's live indexes, the primary key's first, then by id.
    pub fn indexes(&self) -> Vec<IndexId> {
        let pk_index = self.pk_index();
        let mut cands: Vec<IndexId> =
            self.t.indexes.iter().copied().filter(|i| !self.cat.indexes[*i].dropped).collect();
        cands.sort_by_key(|i| (Some(*i) != pk_index, *i));
        cands
    }

    pub fn pk_index(&self) -> Option<IndexId> {
        self.t.pk.as_ref().map(|p| p.1)
    }

    /// The table's bytes per row in a plan (AVG_ROW_LEN less the row header).
    pub fn row_bytes(&self) -> f64 {
        self.stats.avg_row_len as f64 - 3.0
    }

    pub fn is_heap(&self) -> bool {
        matches!(self.t.storage, crate::catalog::TableStorage::Heap { .. })
    }
}

/// The order paths are preferred in (see the module note).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier {
    MinMax,
    StorageKey,
    UniqueKey,
    EqualityPrefix,
    Range,
    HintedFullIndex,
    FastFull,
    FullScan,
}

/// How a candidate must compare with the full scan's cost to be taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Beats {
    Always,
    /// At most the full scan's cost.
    OrTies,
    /// Below it.
    Strictly,
}

/// What to build for a candidate (`exec/plan/access.rs`).
#[derive(Debug, Clone)]
pub enum AccessPath {
    /// TABLE ACCESS FULL.
    FullScan,
    /// INDEX FULL|RANGE SCAN (MIN/MAX), under FIRST ROW when ranged.
    MinMax { index: IndexId, low: Option<(CExpr, bool)>, high: Option<(CExpr, bool)>, max: bool },
    /// INDEX UNIQUE SCAN of an index-organized table's primary key.
    IotUnique { index: IndexId, keys: Vec<CExpr> },
    /// TABLE ACCESS HASH of a hash cluster's key.
    HashCluster { key: CExpr, key_col: usize },
    /// INDEX UNIQUE SCAN [READ OPTIM], under TABLE ACCESS BY INDEX ROWID
    /// unless the index answers alone.
    IndexUnique { index: IndexId, keys: Vec<CExpr>, read_optim: bool, index_only: bool, index_cost: f64 },
    /// INDEX RANGE SCAN (an equality prefix, or bounds on the leading
    /// column), under TABLE ACCESS BY INDEX ROWID unless index only.
    IndexRange {
        index: IndexId,
        keys: Vec<CExpr>,
        low: Option<(CExpr, bool)>,
        high: Option<(CExpr, bool)>,
        index_only: bool,
        index_cost: f64,
    },
    /// INDEX FULL SCAN, under TABLE ACCESS BY INDEX ROWID unless it covers.
    IndexFull { index: IndexId, covers: bool, index_cost: f64 },
    /// INDEX FAST FULL SCAN.
    IndexFastFull { index: IndexId },
    /// A hint the lab cannot follow: refused if this candidate wins.
    Refused(LabError),
}

/// One costed way to reach a table reference's rows.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub path: AccessPath,
    pub tier: Tier,
    /// The plan's Cost, E-Rows and Bytes of its top line.
    pub cost: f64,
    pub card: f64,
    pub bytes: Option<f64>,
    /// The conjuncts it uses as access predicates.
    pub consumes: Vec<usize>,
    /// A hint (or, for a unique key, the key itself) decides its tier.
    pub forced: bool,
    pub beats: Beats,
    /// Why it is a candidate (for a 10053-style list of those considered).
    pub why: &'static str,
}

impl Candidate {
    pub fn new(path: AccessPath, tier: Tier, (cost, card, bytes): (f64, f64, Option<f64>), why: &'static str) -> Self {
        Candidate { path, tier, cost, card, bytes, consumes: Vec::new(), forced: false, beats: Beats::Always, why }
    }

    pub fn consumes(mut self, cis: Vec<usize>) -> Self {
        self.consumes = cis;
        self
    }

    pub fn forced(mut self, forced: bool) -> Self {
        self.forced = forced;
        self
    }

    pub fn beats(mut self, beats: Beats) -> Self {
        self.beats = beats;
        self
    }
}

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

/// Whether `ix` holds every column of `t` that the block mentions.
pub fn index_covers(referenced: &Option<HashSet<String>>, t: &Table, ix: &crate::catalog::Index) -> bool {
    let Some(names) = referenced else { return false };
    t.columns.iter().enumerate().all(|(i, c)| ix.columns.contains(&i) || !names.contains(&c.name.to_ascii_uppercase()))
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
