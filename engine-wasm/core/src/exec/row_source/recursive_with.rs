//! UNION ALL (RECURSIVE WITH)'s row source: its state is
//! `set_merge/recursive.rs` (which says what it does).

use super::set_merge::recursive::{Node, RecUnion, NO_PARENT};
use super::*;
use crate::exec::hash_area::key_bytes;
use lio_sql::ora;

/// The next row of the recursive union into `out_src`.
pub(super) fn next(
    r: &mut RecUnion,
    branches: &mut [(Op, Vec<CExpr>)],
    out_src: usize,
    rt: &mut Rt<'_>,
    env: &mut Env,
) -> Result<bool, Box<LabError>> {
    if r.search.is_none() {
        return match produce(r, branches, rt, env)? {
            Some(n) => {
                emit(r, n, None, out_src, env);
                Ok(true)
            }
            None => Ok(false),
        };
    }
    if !r.built {
        r.built = true;
        while produce(r, branches, rt, env)?.is_some() {}
        r.order = search_order(r);
    }
    let Some(&n) = r.order.get(r.next) else { return Ok(false) };
    r.next += 1;
    emit(r, n, Some(r.next), out_src, env);
    Ok(true)
}

/// The row of node `n` (its SEARCH number, its CYCLE mark) into `out_src`.
fn emit(r: &RecUnion, n: u32, ord: Option<usize>, out_src: usize, env: &mut Env) {
    let node = &r.nodes[n as usize];
    let mut out = Vec::with_capacity(r.width + 2);
    out.extend_from_slice(&node.row);
    if let Some(o) = ord {
        out.push(Value::int(o as i64));
    }
    if let Some((mark, default)) = &r.cycle {
        out.push(if node.cycle { mark.clone() } else { default.clone() });
    }
    env.gen[out_src] = out;
}

/// The next row produced (its node), starting iterations as they end.
fn produce(
    r: &mut RecUnion,
    branches: &mut [(Op, Vec<CExpr>)],
    rt: &mut Rt<'_>,
    env: &mut Env,
) -> Result<Option<u32>, Box<LabError>> {
    if r.phase == 0 && r.nodes.is_empty() {
        r.room = rt.memory_room();
    }
    loop {
        let b = r.phase as usize;
        let Some((op, exprs)) = branches.get_mut(b).filter(|_| b < 2) else { return Ok(None) };
        if op.next(rt, env)? {
            let mut row = Vec::with_capacity(exprs.len());
            for e in exprs.iter() {
                row.push(rt.eval(e, env)?);
            }
            let parent = if b == 0 {
                NO_PARENT
            } else {
                env.gen[r.pump_src].get(r.width).and_then(Value::as_f64).map_or(NO_PARENT, |v| v as u32)
            };
            return add(r, rt, row, parent).map(Some);
        }
        // The iteration ended: the next one reads its rows.
        r.prev = std::mem::take(&mut r.cur);
        if r.prev.is_empty() {
            r.phase = 2;
            return Ok(None);
        }
        let mut buf = std::mem::take(&mut env.gen[r.buf_src]);
        buf.clear();
        for &n in &r.prev {
            buf.extend_from_slice(&r.nodes[n as usize].row);
            buf.push(Value::int(i64::from(n)));
        }
        env.gen[r.buf_src] = buf;
        r.phase = 1;
        branches[1].0.open(rt, env, false)?;
    }
}

/// Keep a produced row; a cycle is marked, or ORA-32044.
fn add(r: &mut RecUnion, rt: &mut Rt<'_>, row: Vec<Value>, parent: u32) -> Result<u32, Box<LabError>> {
    let mut key = Vec::new();
    if !r.cycle_cols.is_empty() {
        let vals: Vec<Value> = r.cycle_cols.iter().map(|&c| row[c].clone()).collect();
        key_bytes(&vals, &mut key);
    }
    let mut cycle = false;
    let mut a = parent;
    while !r.cycle_cols.is_empty() && a != NO_PARENT {
        let anc = &r.nodes[a as usize];
        if anc.key == key {
            cycle = true;
            break;
        }
        a = anc.parent;
    }
    if cycle && r.cycle.is_none() {
        return Err(Box::new(LabError::new(ora::RECURSIVE_WITH_CYCLE, Pos::default())));
    }
    let level = if parent == NO_PARENT { 1 } else { r.nodes[parent as usize].level + 1 };
    let bytes: u64 = row.iter().map(|v| v.stored_len() as u64 + crate::catalog::VALUE_BYTES).sum::<u64>()
        + key.len() as u64
        + crate::catalog::ROW_BYTES;
    rt.hold(&mut r.room, bytes)?;
    rt.k.stats.work.rows_held += 1;
    let n = r.nodes.len() as u32;
    r.nodes.push(Node { row, parent, level, key, cycle });
    if !cycle {
        r.cur.push(n);
    }
    Ok(n)
}

/// SEARCH's order of the rows produced.
fn search_order(r: &RecUnion) -> Vec<u32> {
    let Some((depth, by)) = &r.search else { return Vec::new() };
    let cmp = |a: &u32, b: &u32| {
        let (x, y) = (&r.nodes[*a as usize].row, &r.nodes[*b as usize].row);
        super::sort_order_by::order_rows(x, y, by)
    };
    let mut all: Vec<u32> = (0..r.nodes.len() as u32).collect();
    if !*depth {
        all.sort_by(|a, b| r.nodes[*a as usize].level.cmp(&r.nodes[*b as usize].level).then_with(|| cmp(a, b)));
        return all;
    }
    // Depth first: children per parent (in the BY order), walked with an
    // explicit stack.
    let mut kids: Vec<Vec<u32>> = vec![Vec::new(); r.nodes.len()];
    let mut roots = Vec::new();
    for n in all {
        match r.nodes[n as usize].parent {
            NO_PARENT => roots.push(n),
            p => kids[p as usize].push(n),
        }
    }
    roots.sort_by(cmp);
    kids.iter_mut().for_each(|k| k.sort_by(cmp));
    let mut out = Vec::with_capacity(r.nodes.len());
    let mut stack: Vec<u32> = roots.into_iter().rev().collect();
    while let Some(n) = stack.pop() {
        out.push(n);
        stack.extend(kids[n as usize].iter().rev());
    }
    out
}
