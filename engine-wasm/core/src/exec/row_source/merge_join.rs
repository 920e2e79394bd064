//! MERGE JOIN and its two SORT JOIN inputs. Each SORT JOIN reads its
//! child to the end in its first call, keeps each row's sources with its
//! join keys (a row with a NULL key joins nothing and is left out), sorts
//! them on the keys in its work area (`workarea.rs`: `sorts (memory)`, or a
//! spill to temp) and holds them for the execution.
//!
//! The first SORT JOIN returns its rows in key order. The second is probed
//! once for each of them (its Starts is the first input's rows, as in
//! Oracle's plans) and returns the rows with an equal key (its A-Rows):
//! the join keeps a position in the second input that only moves forward,
//! as both are in the same order, and a run of equal keys is returned
//! again for the next first-input row with the same key. The join's filter
//! tests each pair the second SORT JOIN returned. Each input is read once: the join's gets are theirs.

use super::hash_join::{restore, source_bytes};
use super::*;
use crate::exec::merge_area::{MergeState, SortJoinState};
use std::cmp::Ordering;

#[inline(always)]
pub(super) fn open_sort(
    kind: &mut OpKind,
    rt: &mut Rt<'_>,
    env: &mut Env,
    keep_pins: bool,
) -> Result<(), Box<LabError>> {
    let OpKind::SortJoin { child, state, .. } = kind else { unreachable!() };
    if state.sorted {
        // The second input probed again: its sorted rows stay.
        state.pos = 0;
        return Ok(());
    }
    state.rows.clear();
    state.saved.clear();
    state.pos = 0;
    child.open(rt, env, keep_pins)
}

pub(super) fn next_sort(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, st: usize) -> Result<bool, Box<LabError>> {
    let OpKind::SortJoin { child, keys, srcs, state } = kind else { unreachable!() };
    if !state.sorted {
        sort(rt, env, st, child, keys, srcs, state)?;
    }
    let Some(&(_, r)) = state.rows.get(state.pos) else { return Ok(false) };
    state.pos += 1;
    restore(env, srcs, &state.saved, r as usize);
    Ok(true)
}

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::MergeJoin { left, right, state, .. } = kind else { unreachable!() };
    **state = MergeState::default();
    for side in [left.as_mut(), right.as_mut()] {
        if let OpKind::SortJoin { state, .. } = &mut side.kind {
            state.sorted = false;
        }
    }
    left.open(rt, env, keep_pins)
}

pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
    let OpKind::MergeJoin { left, right, filter, state } = kind else { unreachable!() };
    loop {
        if let Some((i, end)) = state.run {
            if i < end {
                state.run = Some((i + 1, end));
                let OpKind::SortJoin { srcs, state: r, .. } = &right.kind else { unreachable!() };
                restore(env, srcs, &r.saved, r.rows[i].1 as usize);
                // The SORT JOIN returned it; the join's filter tests the pair.
                rt.produced(right.line, right.st)?;
                if rt.test_all(filter, env)? {
                    return Ok(true);
                }
                continue;
            }
            state.run = None;
        }
        if !left.next(rt, env)? {
            return Ok(false);
        }
        right.open(rt, env, false)?;
        let st = right.st;
        let OpKind::SortJoin { child, keys, srcs, state: r } = &mut right.kind else { unreachable!() };
        if !r.sorted {
            sort(rt, env, st, child, keys, srcs, r)?;
        }
        let OpKind::SortJoin { state: l, .. } = &left.kind else { unreachable!() };
        let key = &l.rows[l.pos - 1].0;
        let rows = &r.rows;
        while state.pos < rows.len() && cmp_keys(&rows[state.pos].0, key).is_lt() {
            state.pos += 1;
        }
        let mut end = state.pos;
        while end < rows.len() && cmp_keys(&rows[end].0, key).is_eq() {
            end += 1;
        }
        if end > state.pos {
            state.run = Some((state.pos, end));
        }
    }
}

/// A sort's frames (Oracle's `qersoFetch` / `qersoProcessULS` are in
/// published stacks; the leaf is unsure).
const SORT_FRAMES: &str = "qersoProcessULS;smbput";

/// Read the child to its end, keep its rows with their keys, sort them.
#[inline(never)]
fn sort(
    rt: &mut Rt<'_>,
    env: &mut Env,
    st: usize,
    child: &mut Op,
    keys: &[CExpr],
    srcs: &[(usize, Option<TableId>)],
    s: &mut SortJoinState,
) -> Result<(), Box<LabError>> {
    s.sorted = true;
    let mut room = rt.memory_room();
    let own = rt.stacks[st].own;
    let stack = rt.k.cost.child(own, SORT_FRAMES);
    let mut sort_bytes = 0u64;
    while child.next(rt, env)? {
        let mut k = Vec::with_capacity(keys.len());
        for e in keys {
            k.push(rt.eval(e, env)?);
        }
        rt.k.cost.charge(stack, rt.k.params.row_us);
        if k.iter().any(Value::is_null) {
            continue;
        }
        // The row in the sort: its keys and its sources' columns.
        let mut bytes = crate::exec::workarea::SORT_ROW_OVERHEAD + k.iter().map(|v| v.column_len() as u64).sum::<u64>();
        for &(src, table) in srcs {
            bytes += source_bytes(rt.cat, env, src, table);
        }
        sort_bytes += bytes;
        let held = crate::catalog::ROW_BYTES + crate::catalog::VALUE_BYTES * (k.len() + srcs.len()) as u64 + bytes;
        rt.hold(&mut room, held)?;
        s.rows.push((k, s.rows.len() as u32));
        for &(src, _) in srcs {
            s.saved.push((env.rows[src], env.blocks[src], env.gen[src].clone()));
        }
        rt.k.stats.work.rows_held += 1;
        if s.rows.len() & 1023 == 0 {
            rt.work.check(rt.k.stats).map_err(Box::new)?;
        }
    }
    s.rows.sort_by(|a, b| cmp_keys(&a.0, &b.0));
    let n = s.rows.len() as u64;
    rt.end_sort("SORT (v2)", sort_bytes, n, own)?;
    Ok(())
}

/// Keys in ascending order (no NULLs: those rows are left out).
fn cmp_keys(a: &[Value], b: &[Value]) -> Ordering {
    a.iter().zip(b).map(|(x, y)| x.cmp_sql(y)).find(|o| o.is_ne()).unwrap_or(Ordering::Equal)
}
