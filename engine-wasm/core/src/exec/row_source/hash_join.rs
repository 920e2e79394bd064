//! HASH JOIN: its first call reads the build input (first child) to the
//! end into a hash table on the join keys (rows with a NULL key are left
//! out: they join nothing), in its work area (`exec/hash_area.rs`:
//! optimal, or partitions spilled to temp). An empty build input ends the
//! join without starting the probe input (its Starts is 0, as Oracle's
//! plans show). Then each probe row (second child) is looked up and every
//! build row with an equal key comes out with it, the join's filter
//! tested on the pair. When the probe input ends, a spilled join writes
//! and reads back its spilled partitions and the work area's execution is
//! counted.
//!
//! Each side is read once: the join's gets are the two inputs' gets.
//!
//! Its mode (`JoinMode`): HASH JOIN OUTER keeps every build row (those
//! with a NULL key too) and, when the probe ends, returns those no probe
//! row matched with the probe side NULL; HASH JOIN SEMI returns a build
//! row the first time a probe row matches it; HASH JOIN ANTI the build
//! rows never matched, after the probe; ANTI NA (NOT IN) none at all when
//! a probe key is NULL, and build rows with a NULL key only when the probe
//! input was empty. HASH JOIN FULL OUTER is the outer join that also
//! returns each probe row no build row matched (a NULL key's too), at
//! once, with the build side NULL.

use super::*;
use crate::catalog::TableId;

/// A row source and the table it reads (a table source).
type Src = (usize, Option<TableId>);
use crate::exec::hash_area::{key_bytes, HashTable};
use crate::exec::key_index::END;
use crate::trace::kind;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::HashJoin { build, state, .. } = kind else { unreachable!() };
    let t = state.as_mut();
    t.keys.clear();
    t.rows.clear();
    t.matched.clear();
    t.built = false;
    t.chain = None;
    t.spill = None;
    t.drain = None;
    t.probe_null = false;
    t.build_null = false;
    t.probe_matched = false;
    t.build_bytes = 0;
    t.probe_bytes = 0;
    t.probe_rows = 0;
    t.ended = false;
    build.open(rt, env, keep_pins)
}

pub(super) fn next(
    kind: &mut OpKind,
    rt: &mut Rt<'_>,
    env: &mut Env,
    line: u16,
    st: usize,
) -> Result<bool, Box<LabError>> {
    let OpKind::HashJoin { build, probe, build_keys, probe_keys, build_srcs, probe_srcs, filter, mode, swapped, state } =
        kind
    else {
        unreachable!()
    };
    // A full outer join keeps both sides' rows whichever builds: its
    // swapped inputs only change which side's are kept when.
    let (t, mode, swapped) = (state.as_mut(), *mode, *swapped && *mode != JoinMode::Full);
    if !t.built {
        t.built = true;
        // Swapped, the build side's unmatched rows never come out.
        let build_mode = if swapped { JoinMode::Inner } else { mode };
        build_table(rt, env, (line, st), build, build_keys, build_srcs, build_mode, t)?;
        // Swapped, an outer or anti join returns its probe rows though
        // the build input be empty; so does a full outer join.
        let probe_kept = (swapped || mode == JoinMode::Full) && mode.keeps_unmatched();
        if t.rows.is_empty() && !(probe_kept && !(mode.null_aware() && t.build_null)) {
            // Nothing to join: the probe input is never started.
            t.ended = true;
            end(rt, line, st, t)?;
            return Ok(false);
        }
        let own = rt.stacks[st].own;
        t.probe_stack = rt.k.cost.child(own, PROBE_FRAMES);
        probe.open(rt, env, false)?;
    }
    if t.ended {
        return Ok(false);
    }
    if swapped {
        return next_swapped(rt, env, (line, st), (probe, probe_keys), (build_srcs, probe_srcs), filter, mode, t);
    }
    loop {
        if let Some(r) = t.chain {
            if r != END {
                t.chain = Some(t.keys.next(r));
                let r = r as usize;
                if mode.once() && t.matched[r] != 0 {
                    // A semi join's row came out already; an anti join's is out.
                    continue;
                }
                restore(env, build_srcs, &t.rows, r);
                if rt.test_all(filter, env)? {
                    if mode != JoinMode::Inner {
                        t.matched[r] = 1;
                    }
                    match mode {
                        JoinMode::Inner | JoinMode::Outer | JoinMode::Full | JoinMode::Semi => {
                            t.probe_matched = true;
                            return Ok(true);
                        }
                        JoinMode::Anti | JoinMode::AntiNa | JoinMode::AntiSna => {}
                    }
                }
                continue;
            }
            t.chain = None;
            if mode == JoinMode::Full && !t.probe_matched {
                null_sources(env, build_srcs);
                return Ok(true);
            }
        }
        if let Some(r) = t.drain {
            return drain(rt, env, (line, st), (build_srcs, probe_srcs), mode, t, r);
        }
        if !probe.next(rt, env)? {
            if mode.keeps_unmatched() {
                t.drain = Some(0);
                continue;
            }
            t.ended = true;
            end(rt, line, st, t)?;
            return Ok(false);
        }
        probe_row(rt, env, probe_keys, probe_srcs, t)?;
        t.probe_matched = false;
        if t.keyvals.iter().any(Value::is_null) {
            t.probe_null = true;
            if mode == JoinMode::Full {
                null_sources(env, build_srcs);
                return Ok(true);
            }
            continue;
        }
        key_bytes(&t.keyvals, &mut t.keybuf);
        row_event(rt, kind::HASH_PROBE, line, &t.keybuf, t.probe_rows, t.probe_stack);
        t.chain = Some(t.keys.first(&t.keybuf));
    }
}

/// The sources of a side with no row to join: NULL.
#[inline(always)]
fn null_sources(env: &mut Env, srcs: &[Src]) {
    for &(s, _) in srcs {
        env.rows[s] = u32::MAX;
        env.gen[s].clear();
    }
}

/// The swapped joins (SWAP_JOIN_INPUTS' HASH JOIN, HASH JOIN RIGHT OUTER /
/// SEMI / ANTI): each probe row comes out with its matches (right outer:
/// or once with the build side NULL), once at its first match (right semi), or when it has none
/// (right anti; null-aware: no row at all when a build key was NULL, a
/// probe row with a NULL key only when the build input was empty).
#[allow(clippy::too_many_arguments)]
fn next_swapped(
    rt: &mut Rt<'_>,
    env: &mut Env,
    (line, st): (u16, usize),
    (probe, probe_keys): (&mut Op, &[CExpr]),
    (build_srcs, probe_srcs): (&[Src], &[Src]),
    filter: &[CExpr],
    mode: JoinMode,
    t: &mut HashTable,
) -> Result<bool, Box<LabError>> {
    let unmatched = |env: &mut Env, t: &HashTable| {
        if mode.pads() {
            null_sources(env, build_srcs);
        }
        mode.keeps_unmatched() && !(mode.null_aware() && t.build_null)
    };
    loop {
        if let Some(r) = t.chain {
            if r != END {
                t.chain = Some(t.keys.next(r));
                restore(env, build_srcs, &t.rows, r as usize);
                if rt.test_all(filter, env)? {
                    t.probe_matched = true;
                    if mode.once() {
                        // A semi join's row is out, an anti join's is not.
                        t.chain = None;
                        if mode == JoinMode::Semi {
                            return Ok(true);
                        }
                        continue;
                    }
                    return Ok(true);
                }
                continue;
            }
            t.chain = None;
            if !t.probe_matched && unmatched(env, t) {
                return Ok(true);
            }
            continue;
        }
        if !probe.next(rt, env)? || (mode.null_aware() && t.build_null) {
            t.ended = true;
            end(rt, line, st, t)?;
            return Ok(false);
        }
        probe_row(rt, env, probe_keys, probe_srcs, t)?;
        t.probe_matched = false;
        if t.keyvals.iter().any(Value::is_null) {
            // No match; a NOT IN's row only when the build input was empty.
            if (!mode.null_aware() || t.rows.is_empty()) && unmatched(env, t) {
                return Ok(true);
            }
            continue;
        }
        key_bytes(&t.keyvals, &mut t.keybuf);
        row_event(rt, kind::HASH_PROBE, line, &t.keybuf, t.probe_rows, t.probe_stack);
        match t.keys.first(&t.keybuf) {
            END if unmatched(env, t) => return Ok(true),
            END => {}
            r => t.chain = Some(r),
        }
    }
}

/// One probe row read: its keys into `t.keyvals`, its bytes counted.
#[inline(always)]
fn probe_row(
    rt: &mut Rt<'_>,
    env: &mut Env,
    probe_keys: &[CExpr],
    probe_srcs: &[(usize, Option<TableId>)],
    t: &mut HashTable,
) -> Result<(), Box<LabError>> {
    t.probe_rows += 1;
    t.keyvals.clear();
    for e in probe_keys.iter() {
        let v = rt.eval(e, env)?;
        t.probe_bytes += v.column_len() as u64;
        t.keyvals.push(v);
    }
    // A probe row written to temp weighs as a build row does.
    t.probe_bytes += crate::exec::hash_area::HASH_ROW_OVERHEAD;
    for &(s, table) in probe_srcs.iter() {
        t.probe_bytes += source_bytes(rt.cat, env, s, table);
    }
    rt.k.cost.charge(t.probe_stack, rt.k.params.row_us);
    Ok(())
}

/// Kept row `r`'s sources (`saved`: per row, per source, its row, block
/// and generated values) back into `env`. Shared with SORT JOIN.
#[inline(always)]
pub(super) fn restore(env: &mut Env, srcs: &[(usize, Option<TableId>)], saved: &[(u32, u32, Vec<Value>)], r: usize) {
    let base = r * srcs.len();
    for (i, &(s, _)) in srcs.iter().enumerate() {
        let (row, block, ref gen) = saved[base + i];
        env.rows[s] = row;
        env.blocks[s] = block;
        if !gen.is_empty() || !env.gen[s].is_empty() {
            env.gen[s].clone_from(gen);
        }
    }
}

/// After the probe: the build rows no probe row matched, from `from` on
/// (an outer join's with the probe sources NULL; a null-aware anti join
/// returns none when a probe key was NULL, and those with a NULL key only
/// when the probe was empty). The work area's execution is counted first.
fn drain(
    rt: &mut Rt<'_>,
    env: &mut Env,
    (line, st): (u16, usize),
    (build_srcs, probe_srcs): (&[Src], &[Src]),
    mode: JoinMode,
    t: &mut HashTable,
    from: usize,
) -> Result<bool, Box<LabError>> {
    if from == 0 {
        end(rt, line, st, t)?;
    }
    let none = mode.null_aware() && t.probe_null;
    let nulls_out = !mode.null_aware() || t.probe_rows == 0;
    let mut r = from;
    while !none && r < t.matched.len() {
        let m = t.matched[r];
        r += 1;
        if m == 0 || (m == 2 && nulls_out) {
            t.drain = Some(r);
            restore(env, build_srcs, &t.rows, r - 1);
            if mode.pads() {
                null_sources(env, probe_srcs);
            }
            return Ok(true);
        }
    }
    t.ended = true;
    Ok(false)
}

/// The build phase's frames (Oracle's function names: `qerhjBuildHashTable`
/// is in published stacks; the `kxhf*` leaf is unsure).
const BUILD_FRAMES: &str = "qerhjBuildHashTable;kxhfInsert";
/// The probe's frames (likewise `qerhjInnerProbeHashTable`; `kxhfFindFirst` unsure).
const PROBE_FRAMES: &str = "qerhjInnerProbeHashTable;kxhfFindFirst";

/// Read the build input to its end into the hash table; a build larger
/// than the work area writes its spilled partitions to temp.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn build_table(
    rt: &mut Rt<'_>,
    env: &mut Env,
    (line, st): (u16, usize),
    build: &mut Op,
    keys: &[CExpr],
    srcs: &[(usize, Option<crate::catalog::TableId>)],
    mode: JoinMode,
    t: &mut HashTable,
) -> Result<(), Box<LabError>> {
    let mut room = rt.memory_room();
    let own = rt.stacks[st].own;
    let build_stack = rt.k.cost.child(own, BUILD_FRAMES);
    let mut n: u32 = 0;
    while build.next(rt, env)? {
        t.keyvals.clear();
        for e in keys {
            t.keyvals.push(rt.eval(e, env)?);
        }
        rt.k.cost.charge(build_stack, rt.k.params.row_us);
        // A NULL key joins nothing: the row is left out, unless the join
        // returns unmatched build rows.
        let null_key = t.keyvals.iter().any(Value::is_null);
        t.build_null |= null_key;
        if null_key && !mode.keeps_unmatched() {
            continue;
        }
        // The row's bytes in the hash table: its key and its sources' columns.
        let mut bytes = crate::exec::hash_area::HASH_ROW_OVERHEAD;
        bytes += t.keyvals.iter().map(|v| v.column_len() as u64).sum::<u64>();
        for &(s, table) in srcs {
            bytes += source_bytes(rt.cat, env, s, table);
        }
        t.build_bytes += bytes;
        let held = crate::catalog::ROW_BYTES + crate::catalog::VALUE_BYTES * srcs.len() as u64 + bytes;
        rt.hold(&mut room, held)?;
        for &(s, _) in srcs {
            t.rows.push((env.rows[s], env.blocks[s], env.gen[s].clone()));
        }
        if mode != JoinMode::Inner {
            t.matched.push(if null_key { 2 } else { 0 });
        }
        if null_key {
            t.keys.push_unkeyed();
        } else {
            key_bytes(&t.keyvals, &mut t.keybuf);
            t.keys.push(&t.keybuf);
            row_event(rt, kind::HASH_BUILD, line, &t.keybuf, n as u64 + 1, build_stack);
        }
        n += 1;
        rt.k.stats.work.rows_held += 1;
        if n & 1023 == 0 {
            rt.work.check(rt.k.stats).map_err(Box::new)?;
        }
    }
    let wa = rt.workarea.hash();
    t.spill = crate::exec::hash_area::end_build(&mut rt.k, &rt.work, &wa, t.build_bytes, (line, own))?;
    Ok(())
}

/// The bytes a build source's current row holds: a table row's columns
/// (each its stored length and a length byte; the lab holds the whole
/// row, Oracle only the columns the query reads), a generated row's values'.
pub(super) fn source_bytes(cat: &Catalog, env: &Env, s: usize, table: Option<crate::catalog::TableId>) -> u64 {
    match table {
        Some(tid) => {
            let t = &cat.tables[tid];
            let r = env.rows[s] as usize;
            // Each column's bytes and its length byte (one pass over the record).
            let n = t.columns.len();
            t.rows.get(r).map_or(0, |row| row.stored_lens().take(n).map(|l| l as u64).sum::<u64>() + n as u64)
        }
        None => env.gen[s].iter().map(|v| v.column_len() as u64).sum(),
    }
}

/// A build or probe row's operator event (the first
/// `OPERATOR_ROW_EVENTS` rows of each side, the `n`th here): its key's
/// bucket among the picture's (`trace::contract`).
#[inline]
fn row_event(rt: &mut Rt<'_>, ev: u8, line: u16, key: &[u8], n: u64, stack: crate::sim::cost::StackId) {
    use crate::trace::contract::{HASH_PICTURE_BUCKETS, OPERATOR_ROW_EVENTS};
    if !rt.k.trace.operators || n > OPERATOR_ROW_EVENTS as u64 {
        return;
    }
    // FNV-1a, its high bits folded onto the low ones.
    let mut h: u32 = 0x811c_9dc5;
    for &b in key {
        h = (h ^ b as u32).wrapping_mul(0x0100_0193);
    }
    rt.k.op_event(ev, line, (h ^ (h >> 16)) % HASH_PICTURE_BUCKETS, stack);
}

/// The probe ended: the work area's execution (and a spill's temp I/O).
fn end(rt: &mut Rt<'_>, line: u16, st: usize, t: &mut HashTable) -> Result<(), Box<LabError>> {
    let own = rt.stacks[st].own;
    let wa = rt.workarea.hash();
    let sizes = (t.build_bytes, t.probe_bytes);
    let w =
        crate::exec::hash_area::end_probe(&mut rt.k, &rt.work, &wa, t.spill.take(), sizes, t.probe_rows, (line, own))?;
    rt.lines[line as usize].workarea = Some(w);
    Ok(())
}
