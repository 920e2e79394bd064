//! CONNECT BY over a row source (`CONNECT BY NO FILTERING WITH
//! START-WITH`, `CONNECT BY WITHOUT FILTERING`): the child's rows read
//! once and kept (against the memory budget), the roots those START WITH
//! accepts (every row without it), then each row's children found by the
//! CONNECT BY condition (an index on its `child = PRIOR parent` keys),
//! walked depth first, pre-order, with an explicit stack whose frames the
//! budget counts too: no recursion, whatever the data's depth.
//!
//! A row whose PRIOR expressions' values equal an ancestor's is a loop:
//! ORA-01436, or with NOCYCLE the row is left out and its parent's
//! CONNECT_BY_ISCYCLE is 1 (Oracle's rule, SQL Language Reference,
//! "Hierarchical Queries"; a condition without PRIOR has no loop).
//! Memory exhausted is ORA-30009, as Oracle says it.

use super::hash_join::restore;
use super::*;
use crate::exec::hash_area::key_bytes;
use crate::exec::hier_area::{Frame, HierItem, HierSpec, HierState};
use lio_sql::ora;

/// Bytes of a frame beside its values, and of an arena entry.
const FRAME_BYTES: u64 = 96;
const ENTRY_BYTES: u64 = 8;

fn no_memory() -> Box<LabError> {
    Box::new(LabError::new(ora::CONNECT_BY_NO_MEMORY, Pos::default()))
}

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::ConnectBy { child, state, .. } = kind else { unreachable!() };
    **state = HierState::default();
    child.open(rt, env, keep_pins)
}

pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
    let OpKind::ConnectBy { child, spec, state } = kind else { unreachable!() };
    let (spec, t) = (&**spec, &mut **state);
    if !t.built {
        t.built = true;
        build(rt, env, child, spec, t)?;
    }
    loop {
        let Some(top) = t.stack.last_mut() else {
            let Some(&r) = t.roots.get(t.next_root) else { return Ok(false) };
            t.next_root += 1;
            visit(rt, env, spec, t, r)?;
            return Ok(true);
        };
        if top.next < top.kids.1 {
            let r = t.arena[top.next];
            top.next += 1;
            visit(rt, env, spec, t, r)?;
            return Ok(true);
        }
        let f = t.stack.pop().expect("a frame");
        t.arena.truncate(f.kids.0);
        t.room += f.held;
        leave(t, f.row);
    }
}

/// Read the child's rows; the roots; the index of child keys.
#[inline(never)]
fn build(
    rt: &mut Rt<'_>,
    env: &mut Env,
    child: &mut Op,
    spec: &HierSpec,
    t: &mut HierState,
) -> Result<(), Box<LabError>> {
    t.room = rt.memory_room();
    let mut vals = Vec::new();
    while child.next(rt, env)? {
        let n = t.priors.len() as u32;
        env.level = 1;
        let mut bytes = crate::catalog::ROW_BYTES + crate::catalog::VALUE_BYTES * spec.srcs.len() as u64;
        for &(s, table) in &spec.srcs {
            bytes += super::hash_join::source_bytes(rt.cat, env, s, table);
            t.saved.push((env.rows[s], env.blocks[s], env.gen[s].clone()));
        }
        let mut p = Vec::with_capacity(spec.priors.len());
        for e in &spec.priors {
            p.push(rt.eval(e, env)?);
        }
        let mut k = Vec::with_capacity(spec.siblings.len());
        for (e, _, _) in &spec.siblings {
            k.push(rt.eval(e, env)?);
        }
        bytes += p.iter().chain(k.iter()).map(|v| v.stored_len() as u64 + crate::catalog::VALUE_BYTES).sum::<u64>();
        key_bytes(&p, &mut t.keybuf);
        bytes += 2 * (t.keybuf.len() as u64 + crate::catalog::VALUE_BYTES);
        t.pkeys.push(t.keybuf.clone());
        if !spec.keys.is_empty() {
            vals.clear();
            for (_, e) in &spec.keys {
                vals.push(rt.eval(e, env)?);
            }
            // A NULL key equals nothing: no parent finds this row.
            if !vals.iter().any(Value::is_null) {
                key_bytes(&vals, &mut t.keybuf);
                bytes += t.keybuf.len() as u64 + ENTRY_BYTES;
                t.index.entry(t.keybuf.clone()).or_default().push(n);
            }
        }
        let root = match &spec.start_with {
            Some(c) => rt.test_all(std::slice::from_ref(c), env)?,
            None => true,
        };
        if root {
            t.roots.push(n);
            bytes += ENTRY_BYTES;
        }
        t.room = t.room.checked_sub(bytes).ok_or_else(no_memory)?;
        t.priors.push(p);
        t.sib.push(k);
        rt.k.stats.work.rows_held += 1;
        if n & 1023 == 0 {
            rt.work.check(rt.k.stats).map_err(Box::new)?;
        }
    }
    let mut roots = std::mem::take(&mut t.roots);
    sort_siblings(spec, t, &mut roots);
    t.roots = roots;
    Ok(())
}

/// Order rows of one parent by ORDER SIBLINGS BY (stable: the child's
/// order among equals).
fn sort_siblings(spec: &HierSpec, t: &HierState, rows: &mut [u32]) {
    if spec.siblings.is_empty() {
        return;
    }
    let dirs: Vec<(usize, bool, bool)> = spec.siblings.iter().enumerate().map(|(i, (_, d, n))| (i, *d, *n)).collect();
    rows.sort_by(|a, b| super::sort_order_by::order_rows(&t.sib[*a as usize], &t.sib[*b as usize], &dirs));
}

/// Row `r` reached (a root when the stack is empty, else a child of the
/// top frame): its children found, its frame pushed, and the row and its
/// pseudo-columns set in `env` for the parent operator.
fn visit(rt: &mut Rt<'_>, env: &mut Env, spec: &HierSpec, t: &mut HierState, r: u32) -> Result<(), Box<LabError>> {
    let level = t.stack.len() as u64 + 1;
    let start = t.arena.len();
    let mut cycle = false;
    // Candidates: the rows whose key equals this row's PRIOR values, or
    // every row.
    let cands: Option<&Vec<u32>> = if spec.keys.is_empty() {
        None
    } else {
        t.vals.clear();
        let p = &t.priors[r as usize];
        t.vals.extend(spec.keys.iter().map(|(i, _)| p[*i].clone()));
        if t.vals.iter().any(Value::is_null) {
            Some(&EMPTY)
        } else {
            key_bytes(&t.vals, &mut t.keybuf);
            Some(t.index.get(&t.keybuf).unwrap_or(&EMPTY))
        }
    };
    let n = cands.map_or(t.priors.len(), Vec::len);
    // This row's PRIOR values join the path's (a child with the same
    // values as any of them is a loop).
    let has_priors = !spec.priors.is_empty();
    if has_priors {
        *t.path.entry(t.pkeys[r as usize].clone()).or_default() += 1;
    }
    env.gen[spec.prior_src].clone_from(&t.priors[r as usize]);
    for i in 0..n {
        let c = cands.map_or(i as u32, |v| v[i]);
        restore(env, &spec.srcs, &t.saved, c as usize);
        env.level = level + 1;
        rt.k.stats.work.rows += 1;
        if rt.k.stats.work.rows & 1023 == 0 {
            rt.work.check(rt.k.stats).map_err(Box::new)?;
        }
        if !rt.test_all(&spec.residual, env)? {
            continue;
        }
        // A loop: the child's PRIOR values are an ancestor's (or this row's).
        if has_priors && t.path.contains_key(&t.pkeys[c as usize]) {
            if !spec.nocycle {
                return Err(Box::new(LabError::new(ora::CONNECT_BY_LOOP, Pos::default())));
            }
            cycle = true;
            continue;
        }
        t.room = t.room.checked_sub(ENTRY_BYTES).ok_or_else(no_memory)?;
        t.arena.push(c);
    }
    let mut kids = std::mem::take(&mut t.arena);
    sort_siblings(spec, t, &mut kids[start..]);
    t.arena = kids;
    let end = t.arena.len();
    // The row itself, and its pseudo-columns.
    restore(env, &spec.srcs, &t.saved, r as usize);
    env.level = level;
    let parent = t.stack.last();
    let mut vals = Vec::with_capacity(spec.items.len());
    let mut out = Vec::with_capacity(2 + spec.items.len());
    out.push(Value::int((start == end) as i64));
    out.push(Value::int(cycle as i64));
    for (i, item) in spec.items.iter().enumerate() {
        let (own, shown) = match item {
            HierItem::Prior(e) => (rt.eval(e, env)?, parent.map_or(Value::Null, |p| p.vals[i].clone())),
            HierItem::Root(e) => {
                let v = match parent {
                    Some(p) => p.vals[i].clone(),
                    None => rt.eval(e, env)?,
                };
                (v.clone(), v)
            }
            HierItem::Path(e, sep) => {
                let v = rt.eval(e, env)?;
                let text = if v.is_null() { String::new() } else { v.to_string() };
                if !sep.is_empty() && text.contains(sep.as_str()) {
                    return Err(Box::new(LabError::new(ora::CONNECT_BY_PATH_SEPARATOR_IN_VALUE, Pos::default())));
                }
                let mut path = match parent.map(|p| &p.vals[i]) {
                    Some(Value::Str(s)) => s.to_string(),
                    _ => String::new(),
                };
                path.push_str(sep);
                path.push_str(&text);
                if path.len() > 4000 {
                    return Err(Box::new(LabError::new(ora::CONCAT_TOO_LONG, Pos::default())));
                }
                let v = if path.is_empty() { Value::Null } else { Value::str(&path) };
                (v.clone(), v)
            }
        };
        vals.push(own);
        out.push(shown);
    }
    let held = FRAME_BYTES + vals.iter().map(|v| v.stored_len() as u64 + crate::catalog::VALUE_BYTES).sum::<u64>();
    t.room = t.room.checked_sub(held).ok_or_else(no_memory)?;
    env.gen[spec.out_src] = out;
    t.stack.push(Frame { row: r, kids: (start, end), next: start, vals, held });
    Ok(())
}

static EMPTY: Vec<u32> = Vec::new();

/// Row `r` leaves the path.
fn leave(t: &mut HierState, r: u32) {
    if let Some(n) = t.path.get_mut(&t.pkeys[r as usize]) {
        *n -= 1;
        if *n == 0 {
            t.path.remove(&t.pkeys[r as usize]);
        }
    }
}
