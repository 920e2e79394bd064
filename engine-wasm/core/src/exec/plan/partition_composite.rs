//! Pruning of a composite (RANGE-HASH) table: each level pruned on its
//! own key as a one-level table is (`partition::prune`: the range level
//! on comparisons, IN lists and binds of the partition key, the hash
//! level on equality and IN lists of the subpartition key), and the plan
//! lines Oracle prints for it: `PARTITION RANGE x` over `PARTITION HASH
//! y` over the TABLE ACCESS FULL.
//!
//! Pstart and Pstop: the range line's are partition numbers; the hash
//! line's a subpartition's number within its partition (1 to the count
//! of subpartitions per partition); the table line's the subpartitions'
//! absolute numbers (partition p's subpartition j is (p-1)n + j) when
//! the subpartitions read are a contiguous run known at parse time, else
//! KEY (Antognini, Troubleshooting Oracle Performance, 2nd ed. p. 540: a
//! range ITERATOR 1..7 over a list SINGLE 3 prints KEY, KEY on the
//! table line).

use super::partition::prune;
use super::*;
use crate::catalog::partition::Partitioning;
use crate::catalog::Table;
use crate::exec::row_source::part_state::{Level, PartScan};

/// An interval-* table's table line: the subpartitions' numbers counted
/// over every partition number, made or not ((p-1)n + j, p the
/// partition's number), when those read are one run of them (one
/// partition, or every subpartition of each); KEY otherwise. (Not found
/// published for interval composites: the rule of the range ones, over
/// interval partition numbers.)
fn interval_numbers(top: &PartScan, sub: &PartScan, n: u64) -> (String, String) {
    let num = |x: &str| x.parse::<u64>().ok();
    match (num(&top.pstart), num(&top.pstop), num(&sub.pstart), num(&sub.pstop)) {
        (Some(a), Some(b), Some(c), Some(d)) if a == b || (c == 1 && d == n) => {
            (((a - 1) * n + c).to_string(), ((b - 1) * n + d).to_string())
        }
        _ if top.pstart == "INVALID" || sub.pstart == "INVALID" => ("INVALID".into(), "INVALID".into()),
        _ => ("KEY".into(), "KEY".into()),
    }
}

/// The partitions (a composite table's subpartitions) `src` reads.
pub(super) fn prune_table(t: &Table, pt: &Partitioning, src: usize, conjuncts: &[CExpr]) -> PartScan {
    let Some(s) = &pt.sub else { return prune(t, pt, src, conjuncts) };
    let top = prune(t, &s.top, src, conjuncts);
    let sub = prune(t, &s.template, src, conjuncts);
    let kept: Vec<u16> = top
        .kept
        .iter()
        .flat_map(|&p| sub.kept.iter().map(move |&j| (s.first[p as usize] + j as usize) as u16))
        .collect();
    let known = |x: &PartScan| !x.pstart.starts_with("KEY");
    let run = kept.windows(2).all(|w| w[1] == w[0] + 1);
    let (pstart, pstop) = match (kept.first(), kept.last()) {
        _ if s.top.interval.is_some() => interval_numbers(&top, &sub, s.count() as u64),
        (None, _) | (_, None) => ("INVALID".to_string(), "INVALID".to_string()),
        (Some(a), Some(b)) if known(&top) && known(&sub) && run => ((a + 1).to_string(), (b + 1).to_string()),
        _ => ("KEY".to_string(), "KEY".to_string()),
    };
    let level =
        |x: &PartScan| Level { operation: x.operation.clone(), pstart: x.pstart.clone(), pstop: x.pstop.clone() };
    let levels = Box::new([level(&top), level(&sub)]);
    PartScan {
        kept,
        operation: top.operation.clone(),
        keys: top.keys,
        inlist: top.inlist,
        sub_keys: sub.keys,
        sub_inlist: sub.inlist,
        pstart,
        pstop,
        levels: Some(levels),
        ..Default::default()
    }
}
