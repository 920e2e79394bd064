//! TABLE ACCESS FULL of a partitioned table, under its PARTITION RANGE |
//! LIST | HASH line: the partitions kept (those the plan kept, narrowed at
//! open by the predicates on binds), one after another in position order,
//! each its own segment: its header and space-management gets, its short
//! or long table scan, its blocks in order (read ahead within the
//! partition). A partition with no segment yet (deferred) reads nothing.

use super::part_state::PartScan;
use super::*;
use crate::catalog::partition::{Cmp, Partitioning};

/// This execution's partitions: the kept ones the bind predicates allow.
pub(super) fn open(ps: &mut PartScan, rt: &mut Rt<'_>, env: &Env, pt: &Partitioning) -> Result<(), Box<LabError>> {
    ps.active.clone_from(&ps.kept);
    let (top, sub) = (|o, v: &Value| pt.matching(o, v), |o, v: &Value| pt.sub_matching(o, v));
    narrow(&mut ps.active, (&ps.keys, &ps.inlist), rt, env, top)?;
    narrow(&mut ps.active, (&ps.sub_keys, &ps.sub_inlist), rt, env, sub)?;
    ps.cur = 0;
    ps.pos = 0;
    ps.entered = false;
    Ok(())
}

/// `active` narrowed to the partitions whose keys can satisfy the
/// comparisons and IN list, their values evaluated now (`matching` a
/// level's partitions for `key op v`).
fn narrow(
    active: &mut Vec<u16>,
    (keys, inlist): (&[(Cmp, CExpr)], &[CExpr]),
    rt: &mut Rt<'_>,
    env: &Env,
    matching: impl Fn(Cmp, &Value) -> Vec<u16>,
) -> Result<(), Box<LabError>> {
    for (op, e) in keys {
        let v = rt.eval(e, env).map_err(Box::new)?;
        let m = matching(*op, &v);
        active.retain(|p| m.contains(p));
    }
    if !inlist.is_empty() {
        let mut any = Vec::new();
        for e in inlist {
            let v = rt.eval(e, env).map_err(Box::new)?;
            any.extend(matching(Cmp::Eq, &v));
        }
        active.retain(|p| any.contains(p));
    }
    Ok(())
}

/// A composite table's scan: the partitions it reads this execution (its
/// hash line starts once for each); None for a one-level table.
pub(super) fn tops_read(ps: &PartScan, pt: &Partitioning) -> Option<usize> {
    let s = pt.sub.as_ref().filter(|_| ps.levels.is_some())?;
    let mut tops: Vec<usize> = ps.active.iter().map(|&p| s.top_of(p as usize).0).collect();
    tops.dedup();
    Some(tops.len())
}

/// An index scan's partitions for this execution (`ps.global`: a global
/// partitioned index's own bounds prune, else the table's); the index
/// line is started once per partition it reads.
pub(super) fn open_index(ps: &mut PartScan, rt: &mut Rt<'_>, env: &Env, line: u16) -> Result<(), Box<LabError>> {
    let cat = rt.cat;
    let pt = match ps.global {
        Some(g) => cat.indexes[g].parts().and_then(|p| p.scheme.as_deref()),
        None => cat.tables[ps.table].part.as_deref(),
    };
    let Some(pt) = pt else { return Ok(()) };
    open(ps, rt, env, pt)?;
    let s = &mut rt.lines[line as usize].starts;
    *s = (*s + ps.active_count() as u64).saturating_sub(1);
    if ps.bare {
        subpartition_line_starts(ps, rt, line);
    }
    Ok(())
}

/// A composite table's LOCAL index access (`line` the table access by
/// rowid, or the index scan with none above it): its parent, the
/// subpartition line, started once per partition read.
pub(super) fn subpartition_line_starts(ps: &PartScan, rt: &mut Rt<'_>, line: u16) {
    let Some(pt) = rt.cat.tables[ps.table].part.as_deref() else { return };
    if let (Some(n), Some(l)) = (tops_read(ps, pt), line.checked_sub(1)) {
        let s = &mut rt.lines[l as usize].starts;
        *s = (*s + n as u64).saturating_sub(1);
    }
}

/// The next row of a partitioned table's full scan.
#[inline(never)]
pub(super) fn next(
    kind: &mut OpKind,
    rt: &mut Rt<'_>,
    env: &mut Env,
    line: u16,
    st: usize,
) -> Result<bool, Box<LabError>> {
    let OpKind::Full { table, src, filter, pinned, started, smart, direct, parts: Some(ps), .. } = kind else {
        unreachable!()
    };
    let t = &rt.cat.tables[*table];
    let Some(pt) = t.part.as_deref() else { return Ok(false) };
    if !*started {
        *started = true;
        ps.build_order(t, pt);
    }
    loop {
        let Some(&p) = ps.active.get(ps.cur) else { return Ok(false) };
        let part = &pt.parts[p as usize];
        let Some(seg) = part.seg else {
            ps.cur += 1;
            continue;
        };
        let blocks = part.blocks();
        if !ps.entered {
            ps.entered = true;
            ps.pos = ps.starts[ps.cur];
            *pinned = None;
            *direct = None;
            *smart = None;
            let mut no_order = Vec::new();
            table_access_full::start(rt, t, (seg, blocks), (line, st), (&mut no_order, &mut 0), smart, direct);
        }
        if ps.pos >= ps.starts[ps.cur + 1] {
            ps.cur += 1;
            ps.entered = false;
            continue;
        }
        let r = ps.order[ps.pos];
        ps.pos += 1;
        let l = t.loc[r as usize];
        if *pinned != Some(l.block) {
            table_access_full::visit(rt, (line, st), (seg, blocks), l.block, smart, direct);
            *pinned = Some(l.block);
        }
        if l.is_dead() {
            continue;
        }
        rt.pinned_read(st);
        rt.k.stats.access.table_scan_rows += 1;
        env.rows[*src] = r;
        if rt.test_all(filter, env)? {
            return Ok(true);
        }
    }
}

/// The next row of a partitioned index's scan (INDEX RANGE or UNIQUE
/// SCAN): each index partition this execution reads, one after another.
/// `parts` is the scan's partition state, `enter` points the row source at
/// an index partition and resets it (a descent of its own), `read` reads
/// the partition entered.
#[inline(always)]
pub(super) fn next_over_index_partitions(
    kind: &mut OpKind,
    rt: &mut Rt<'_>,
    env: &mut Env,
    parts: fn(&mut OpKind) -> &mut PartScan,
    enter: fn(&mut OpKind, usize),
    mut read: impl FnMut(&mut OpKind, &mut Rt<'_>, &mut Env) -> Result<bool, Box<LabError>>,
) -> Result<bool, Box<LabError>> {
    loop {
        let ps = parts(kind);
        if !ps.entered {
            let Some(&p) = ps.active.get(ps.cur) else { return Ok(false) };
            let ix = ps.index_parts[p as usize];
            ps.entered = true;
            enter(kind, ix);
        }
        if read(kind, rt, env)? {
            return Ok(true);
        }
        let ps = parts(kind);
        ps.cur += 1;
        ps.entered = false;
    }
}
