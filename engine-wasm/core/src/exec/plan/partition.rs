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
use crate::catalog::partition::{Cmp, Partitioning, MAX_PARTITIONS};
use crate::catalog::{Table, TableStats};
use crate::exec::row_source::part_state::{Level, PartScan};
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
    // An interval table's partition numbers the literals allow (its
    // partitions need not exist): the span, and an IN list's.
    let mut span = (1u64, MAX_PARTITIONS as u64);
    let mut in_nums: Option<Vec<u64>> = None;
    let mut narrow = |set: &mut Vec<bool>, op: Cmp, x: &Value| {
        let (a, b) = pt.number_span(op, x);
        span = (span.0.max(a), span.1.min(b));
        let m = pt.matching(op, x);
        for (i, k) in set.iter_mut().enumerate() {
            *k &= m.contains(&(i as u16));
        }
    };
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
                    Known::Const(x) => narrow(&mut set, op, &x),
                    Known::Runtime => keys.push((op, v.clone())),
                    Known::No => {}
                }
            }
            CExpr::Between(x, lo, hi) if is_key(x) => {
                for (op, v) in [(Cmp::Ge, lo.as_ref()), (Cmp::Le, hi.as_ref())] {
                    match value_of(v) {
                        Known::Const(y) => narrow(&mut set, op, &y),
                        Known::Runtime => keys.push((op, v.clone())),
                        Known::No => {}
                    }
                }
            }
            CExpr::InList(x, list, false, _) if is_key(x) => {
                let vals: Vec<Known> = list.iter().map(value_of).collect();
                if vals.iter().all(|v| matches!(v, Known::Const(_))) {
                    let (mut m, mut nums) = (Vec::new(), Vec::new());
                    for v in vals {
                        if let Known::Const(y) = v {
                            m.extend(pt.matching(Cmp::Eq, &y));
                            nums.extend(pt.number_of(&y).filter(|n| *n <= MAX_PARTITIONS as u64));
                        }
                    }
                    keep(&mut set, m);
                    let prev = in_nums.take();
                    nums.retain(|n| prev.as_ref().is_none_or(|p| p.contains(n)));
                    nums.sort_unstable();
                    nums.dedup();
                    in_nums = Some(nums);
                    static_in = true;
                } else if vals.iter().all(|v| !matches!(v, Known::No)) {
                    inlist = list.clone();
                }
            }
            _ => {}
        }
    }
    let kept: Vec<u16> = (0..n as u16).filter(|&i| set[i as usize]).collect();
    if pt.interval.is_some() {
        let nums = in_nums.map(|v| v.into_iter().filter(|n| (span.0..=span.1).contains(n)).collect::<Vec<_>>());
        return interval_scan(kept, span, nums, keys, inlist);
    }
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

/// An interval table's scan: Pstart and Pstop are partition numbers, up
/// to 1048575 (every interval is numbered whether it exists or not), so
/// `x = 1235` is SINGLE at its number even with no partition there; a
/// bind bounds its side KEY and leaves the other the literals' (`x >=
/// :b`: KEY to 1048575).
fn interval_scan(
    kept: Vec<u16>,
    span: (u64, u64),
    nums: Option<Vec<u64>>,
    keys: Vec<(Cmp, CExpr)>,
    inlist: Vec<CExpr>,
) -> PartScan {
    let max = MAX_PARTITIONS as u64;
    let (what, start, stop) = match &nums {
        _ if span.0 > span.1 || nums.as_ref().is_some_and(|v| v.is_empty()) => {
            ("EMPTY", "INVALID".to_string(), "INVALID".to_string())
        }
        _ if !inlist.is_empty() => ("INLIST", "KEY(I)".into(), "KEY(I)".into()),
        _ if !keys.is_empty() => {
            let low = keys.iter().any(|(o, _)| matches!(o, Cmp::Eq | Cmp::Gt | Cmp::Ge));
            let high = keys.iter().any(|(o, _)| matches!(o, Cmp::Eq | Cmp::Lt | Cmp::Le));
            let single = keys.iter().all(|(op, _)| *op == Cmp::Eq);
            let side = |key: bool, n: u64| if key { "KEY".to_string() } else { n.to_string() };
            (if single { "SINGLE" } else { "ITERATOR" }, side(low, span.0), side(high, span.1))
        }
        Some(v) if v.len() > 1 => ("INLIST", "KEY(I)".into(), "KEY(I)".into()),
        Some(v) => ("SINGLE", v[0].to_string(), v[0].to_string()),
        None if span == (1, max) => ("ALL", "1".into(), max.to_string()),
        None if span.0 == span.1 => ("SINGLE", span.0.to_string(), span.0.to_string()),
        None => ("ITERATOR", span.0.to_string(), span.1.to_string()),
    };
    PartScan {
        kept,
        keys,
        inlist,
        operation: format!("PARTITION RANGE {what}"),
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
    let known = match &ps.levels {
        Some(l) => l.iter().all(|l| !l.pstart.starts_with("KEY")),
        None => !ps.pstart.starts_with("KEY"),
    };
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
    /// The chosen access to partitioned table `t` (`ps`: the partitions
    /// its predicates keep) told which partitions it reads: a full scan
    /// those; a local index's scan the same partitions of the index (its
    /// lines TABLE ACCESS BY LOCAL INDEX ROWID, Pstart and Pstop the
    /// table's); a global index's table access BY GLOBAL INDEX ROWID
    /// (Pstart and Pstop ROWID: each row's partition is in its rowid), a
    /// global partitioned index's scan the index partitions its own bounds
    /// keep.
    pub(super) fn attach_partitions(
        &mut self,
        op: &mut Op,
        t: &Table,
        ps: Option<PartScan>,
        src: usize,
        conjuncts: &[CExpr],
    ) {
        if let OpKind::Full { parts, .. } = &mut op.kind {
            if let Some(ps) = ps {
                self.drafts[op.line as usize].partition = Some(Box::new((ps.pstart.clone(), ps.pstop.clone())));
                *parts = Some(Box::new(ps));
            }
            return;
        }
        let cat = self.ctx.cat;
        // (A table that is not partitioned may have a global partitioned index.)
        let by_rowid = matches!(op.kind, OpKind::ByRowid { .. }).then_some(op.line);
        let global_line = by_rowid.filter(|_| ps.is_some());
        let ix_op = match &mut op.kind {
            OpKind::ByRowid { child, .. } => child.as_mut(),
            _ => op,
        };
        let ip = match &ix_op.kind {
            OpKind::IndexRange { index, .. } | OpKind::IndexUnique { index, .. } => cat.indexes[*index].parts(),
            _ => None,
        };
        let Some(ip) = ip else {
            if let Some(l) = global_line {
                self.global_rowid_line(l);
            }
            return;
        };
        let (OpKind::IndexRange { index, parts, .. } | OpKind::IndexUnique { index, parts, .. }) = &mut ix_op.kind
        else {
            return;
        };
        let mut scan = match (ip.scheme.as_deref(), ps) {
            (Some(sc), _) => prune(t, sc, src, conjuncts),
            (None, Some(ps)) => ps,
            (None, None) => return,
        };
        scan.table = t.id;
        scan.index_parts = ip.children.clone();
        scan.global = (!ip.local).then_some(*index);
        let pp = Box::new((scan.pstart.clone(), scan.pstop.clone()));
        self.drafts[ix_op.line as usize].partition = Some(pp.clone());
        *parts = Some(Box::new(scan));
        if ip.local {
            if let Some(l) = by_rowid {
                let d = &mut self.drafts[l as usize];
                d.operation = d.operation.replace("BY INDEX ROWID", "BY LOCAL INDEX ROWID");
                d.partition = Some(pp);
            }
        } else if let Some(l) = global_line {
            self.global_rowid_line(l);
        }
    }

    /// TABLE ACCESS BY GLOBAL INDEX ROWID, its partition from each rowid.
    fn global_rowid_line(&mut self, line: u16) {
        let d = &mut self.drafts[line as usize];
        d.operation = d.operation.replace("BY INDEX ROWID", "BY GLOBAL INDEX ROWID");
        d.partition = Some(Box::new(("ROWID".into(), "ROWID".into())));
    }

    /// A partitioned table's access under its PARTITION line: the line
    /// repeats the estimates of the line it stands over, and both show
    /// Pstart and Pstop. Over a full scan or a local index's access (the
    /// table's partitions), or over a global partitioned index's scan
    /// alone (its own partitions; the table access above it is by global
    /// rowid). The line passes the rows up (the partition work is the
    /// scan's).
    pub(super) fn partition_line(&mut self, op: &mut Op) {
        if self.composite_lines(op) {
            return;
        }
        let scan_of = |k: &OpKind| match k {
            OpKind::Full { parts: Some(ps), .. }
            | OpKind::IndexRange { parts: Some(ps), .. }
            | OpKind::IndexUnique { parts: Some(ps), .. } => Some((ps.operation.clone(), ps.global.is_some())),
            _ => None,
        };
        let target = match &mut op.kind {
            OpKind::ByRowid { child, .. } => match scan_of(&child.kind) {
                Some((operation, true)) => Some((child.as_mut(), operation)),
                Some((operation, false)) => return self.wrap_partition(op, &operation),
                None => None,
            },
            k => scan_of(k).map(|(operation, _)| operation).map(|o| (op, o)),
        };
        if let Some((inner, operation)) = target {
            self.wrap_partition(inner, &operation);
        }
    }

    /// A composite table's full scan or local index access under its two
    /// PARTITION lines (the subpartition line, started per partition
    /// read, then the range line); false for another access.
    pub(super) fn composite_lines(&mut self, op: &mut Op) -> bool {
        let Some(levels) = levels_of(op) else { return false };
        for l in levels.iter().rev() {
            self.wrap_with(op, &l.operation, Box::new((l.pstart.clone(), l.pstop.clone())));
        }
        true
    }

    fn wrap_partition(&mut self, op: &mut Op, operation: &str) {
        if let Some(pp) = self.drafts[op.line as usize].partition.clone() {
            self.wrap_with(op, operation, pp);
        }
    }

    /// `op` under a PARTITION line `operation` whose Pstart and Pstop are `pp`.
    fn wrap_with(&mut self, op: &mut Op, operation: &str, pp: Box<(String, String)>) {
        let d = &self.drafts[op.line as usize];
        let (e_rows, cost, bytes) = (d.e_rows, d.cost, d.bytes);
        let inner = std::mem::replace(op, Op { line: 0, st: 0, kind: OpKind::Dual { src: 0, done: true } });
        // A COUNT STOPKEY that never stops and numbers nothing: a pass-through.
        let kind = OpKind::CountStopkey { child: Box::new(inner), limit: u64::MAX, count: 0, first_row: true };
        *op = self.op(operation, None, e_rows, cost, bytes, "qerpxFetch", kind);
        self.drafts[op.line as usize].partition = Some(pp);
    }
}

/// The two PARTITION lines a composite table's access goes under: a
/// full scan's, or a LOCAL index's (its table access by rowid, or the
/// index scan alone, whose `bare` then says the subpartition line is
/// its parent: it counts that line's Starts).
fn levels_of(op: &mut Op) -> Option<Box<[Level; 2]>> {
    fn local(k: &mut OpKind) -> Option<&mut PartScan> {
        match k {
            OpKind::IndexRange { parts: Some(ps), .. } | OpKind::IndexUnique { parts: Some(ps), .. }
                if ps.global.is_none() =>
            {
                Some(ps.as_mut())
            }
            _ => None,
        }
    }
    match &mut op.kind {
        OpKind::Full { parts: Some(ps), .. } => ps.levels.clone(),
        OpKind::ByRowid { child, .. } => local(&mut child.kind).and_then(|ps| ps.levels.clone()),
        k => {
            let ps = local(k)?;
            ps.bare = ps.levels.is_some();
            ps.levels.clone()
        }
    }
}
