//! Partition pruning: which partitions of a partitioned table a table
//! reference reads, from the predicates on its partition key, and how
//! the plan shows it: a `PARTITION RANGE | LIST | HASH` line above the
//! TABLE ACCESS FULL, both with DBMS_XPLAN's Pstart and Pstop.
//!
//! - Literals prune at parse time: `SINGLE` (one partition, its position
//!   in Pstart and Pstop), `ITERATOR` (a run of them, the first and last),
//!   `ALL` (1 and the count), `INLIST` (an IN list reaching more than one
//!   partition: `KEY(I)`), `EMPTY` (none: `INVALID`).
//! - Binds prune at run time (the scan's open evaluates them): Pstart and
//!   Pstop are `KEY` (`KEY(I)` for an IN list), `SINGLE` when every such
//!   predicate is an equality, else `ITERATOR`.
//! - A HASH table prunes on equality and IN lists only; a range
//!   comparison keeps every partition.
//!
//! The statistics the costing reads (`scoped_stats`): one partition known
//! at parse time, its own (its rows and blocks; the column statistics stay
//! the table's, a simplification: the lab keeps no partition-level column
//! statistics); several, the table's rows and the kept partitions'
//! blocks; a partition known only at run time (KEY), the table's
//! statistics with its blocks averaged over the partitions, as the
//! optimizer costs an unknown partition.

use super::*;
use crate::catalog::partition::{Cmp, Partitioning};
use crate::catalog::{Table, TableStats};
use crate::exec::row_source::part_state::PartScan;
use crate::value::Value;
use lio_sql::ast::BinaryOp;

/// The partitions `src` (reading partitioned table `t`) reads, given the
/// block's conjuncts.
pub(super) fn prune(t: &Table, pt: &Partitioning, src: usize, conjuncts: &[CExpr]) -> PartScan {
    let n = pt.parts.len();
    let mut set = vec![true; n];
    let mut keys = Vec::new();
    let mut inlist = Vec::new();
    let mut static_in = false;
    let is_key = |e: &CExpr| matches!(e, CExpr::Col { src: s, col, .. } if *s == src && *col == pt.key);
    let keep = |set: &mut Vec<bool>, m: Vec<u16>| {
        for (i, k) in set.iter_mut().enumerate() {
            *k &= m.contains(&(i as u16));
        }
    };
    for c in conjuncts {
        match c {
            CExpr::Bin(op, a, b, _) => {
                let (op, v) = match (cmp_of(*op), is_key(a), is_key(b)) {
                    (Some(o), true, false) => (o, b.as_ref()),
                    (Some(o), false, true) => (flip(o), a.as_ref()),
                    _ => continue,
                };
                match value_of(v) {
                    Known::Const(x) => keep(&mut set, pt.matching(op, &x)),
                    Known::Runtime => keys.push((op, v.clone())),
                    Known::No => {}
                }
            }
            CExpr::Between(x, lo, hi) if is_key(x) => {
                for (op, v) in [(Cmp::Ge, lo.as_ref()), (Cmp::Le, hi.as_ref())] {
                    match value_of(v) {
                        Known::Const(y) => keep(&mut set, pt.matching(op, &y)),
                        Known::Runtime => keys.push((op, v.clone())),
                        Known::No => {}
                    }
                }
            }
            CExpr::InList(x, list, false, _) if is_key(x) => {
                let vals: Vec<Known> = list.iter().map(value_of).collect();
                if vals.iter().all(|v| matches!(v, Known::Const(_))) {
                    let mut m = Vec::new();
                    for v in vals {
                        if let Known::Const(y) = v {
                            m.extend(pt.matching(Cmp::Eq, &y));
                        }
                    }
                    keep(&mut set, m);
                    static_in = true;
                } else if vals.iter().all(|v| !matches!(v, Known::No)) {
                    inlist = list.clone();
                }
            }
            _ => {}
        }
    }
    let kept: Vec<u16> = (0..n as u16).filter(|&i| set[i as usize]).collect();
    let method = pt.method.name();
    let num = |i: u16| (i + 1).to_string();
    let (what, start, stop, kept) = if kept.is_empty() {
        ("EMPTY", "INVALID".to_string(), "INVALID".to_string(), kept)
    } else if !inlist.is_empty() {
        ("INLIST", "KEY(I)".into(), "KEY(I)".into(), kept)
    } else if !keys.is_empty() {
        let single = keys.iter().all(|(op, _)| *op == Cmp::Eq);
        (if single { "SINGLE" } else { "ITERATOR" }, "KEY".into(), "KEY".into(), kept)
    } else if static_in && kept.len() > 1 {
        ("INLIST", "KEY(I)".into(), "KEY(I)".into(), kept)
    } else if kept.len() == n {
        ("ALL", "1".into(), n.to_string(), kept)
    } else if kept.len() == 1 {
        ("SINGLE", num(kept[0]), num(kept[0]), kept)
    } else {
        // A run from the first kept partition to the last.
        let (a, b) = (kept[0], kept[kept.len() - 1]);
        ("ITERATOR", num(a), num(b), (a..=b).collect())
    };
    let _ = t;
    PartScan {
        kept,
        keys,
        inlist,
        operation: format!("PARTITION {method} {what}"),
        pstart: start,
        pstop: stop,
        ..Default::default()
    }
}

/// The statistics the optimizer costs the scan of `ps`'s partitions with.
pub(super) fn scoped_stats(
    cat: &Catalog,
    t: &Table,
    pt: &Partitioning,
    ps: &PartScan,
    mut s: TableStats,
) -> TableStats {
    let known = !ps.pstart.starts_with("KEY");
    let part_blocks = |i: u16| {
        let p = &pt.parts[i as usize];
        if p.stats.gathered {
            p.stats.blocks
        } else {
            p.blocks()
        }
    };
    if !known {
        let n = pt.parts.len().max(1) as u64;
        s.blocks = s.blocks.div_ceil(n);
    } else if ps.kept.len() == 1 && ps.kept.len() < pt.parts.len() {
        let i = ps.kept[0];
        let p = &pt.parts[i as usize];
        s.blocks = part_blocks(i);
        s.num_rows = if p.stats.gathered {
            p.stats.num_rows
        } else {
            pt.row_part.iter().zip(&t.loc).filter(|(q, l)| **q == i && !l.is_dead()).count() as u64
        };
    } else {
        s.blocks = ps.kept.iter().map(|&i| part_blocks(i)).sum();
    }
    let _ = cat;
    s
}

enum Known {
    Const(Value),
    /// Known when the statement runs (binds, functions of binds).
    Runtime,
    No,
}

/// A comparand's value: a constant (folded), one known only at run time,
/// or neither (a column, a subquery).
fn value_of(e: &CExpr) -> Known {
    match crate::exec::fold::fold(e.clone()) {
        CExpr::Const(v) | CExpr::Varchar(v) => Known::Const(v),
        _ if runtime(e, 0) => Known::Runtime,
        _ => Known::No,
    }
}

fn runtime(e: &CExpr, depth: u32) -> bool {
    if depth > 32 {
        return false;
    }
    match e {
        CExpr::Bind(_) | CExpr::Const(_) | CExpr::Varchar(_) => true,
        CExpr::Func(f, args, _) => !f.is_random() && args.iter().all(|a| runtime(a, depth + 1)),
        CExpr::Bin(_, a, b, _) => runtime(a, depth + 1) && runtime(b, depth + 1),
        CExpr::Neg(a, _) => runtime(a, depth + 1),
        _ => false,
    }
}

fn cmp_of(op: BinaryOp) -> Option<Cmp> {
    Some(match op {
        BinaryOp::Eq => Cmp::Eq,
        BinaryOp::Lt => Cmp::Lt,
        BinaryOp::Le => Cmp::Le,
        BinaryOp::Gt => Cmp::Gt,
        BinaryOp::Ge => Cmp::Ge,
        _ => return None,
    })
}

/// `v op key` as `key op' v`.
fn flip(op: Cmp) -> Cmp {
    match op {
        Cmp::Lt => Cmp::Gt,
        Cmp::Le => Cmp::Ge,
        Cmp::Gt => Cmp::Lt,
        Cmp::Ge => Cmp::Le,
        Cmp::Eq => Cmp::Eq,
    }
}

impl Builder<'_> {
    /// A partitioned table's scan under its PARTITION line: the line
    /// repeats the scan's estimates, and both show Pstart and Pstop. The
    /// line passes the rows up (the partition work is the scan's).
    pub(super) fn partition_line(&mut self, op: &mut Op) {
        let OpKind::Full { parts: Some(ps), .. } = &op.kind else { return };
        let (operation, pp) = (ps.operation.clone(), Box::new((ps.pstart.clone(), ps.pstop.clone())));
        let d = &mut self.drafts[op.line as usize];
        d.partition = Some(pp.clone());
        let (e_rows, cost, bytes) = (d.e_rows, d.cost, d.bytes);
        let inner = std::mem::replace(op, Op { line: 0, st: 0, kind: OpKind::Dual { src: 0, done: true } });
        // A COUNT STOPKEY that never stops and numbers nothing: a pass-through.
        let kind = OpKind::CountStopkey { child: Box::new(inner), limit: u64::MAX, count: 0, first_row: true };
        *op = self.op(&operation, None, e_rows, cost, bytes, "qerpxFetch", kind);
        self.drafts[op.line as usize].partition = Some(pp);
    }
}
