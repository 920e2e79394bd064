//! WINDOW SORT / WINDOW BUFFER / WINDOW NOSORT (`exec/window_area.rs`):
//! reads its child to the end in its first call, holds the rows (against
//! the lab's memory budget), sorts them on PARTITION BY and ORDER BY in
//! its work area (WINDOW SORT: one sort, `sorts (memory)` or the spill's
//! direct path I/O, as SORT ORDER BY), computes each function over the
//! rows, then produces them in that order.

use super::sort_order_by::order_rows;
use super::*;
use crate::exec::window_area::{compute, past_stopkey, Held, Layout};

pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::Window { child, state, .. } = kind else { unreachable!() };
    **state = Default::default();
    child.open(rt, env, keep_pins)
}

pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, st: usize) -> Result<bool, Box<LabError>> {
    let OpKind::Window { child, spec, state } = kind else { unreachable!() };
    if !state.done {
        state.done = true;
        state.rows = fill(rt, env, st, child, spec)?;
    }
    match state.rows.get_mut(state.next) {
        Some(r) => {
            env.gen[spec.out_src] = std::mem::take(r);
            state.next += 1;
            Ok(true)
        }
        None => Ok(false),
    }
}

#[inline(never)]
fn fill(
    rt: &mut Rt<'_>,
    env: &mut Env,
    st: usize,
    child: &mut Op,
    spec: &crate::exec::window_area::WindowSpec,
) -> Result<Vec<Vec<Value>>, Box<LabError>> {
    let lay = Layout::of(spec);
    let mut room = rt.memory_room();
    let mut held: Vec<Held> = Vec::new();
    let mut rank = 0u64;
    let args = spec.funcs.iter().flat_map(|f| f.args.iter());
    let exprs: Vec<&CExpr> = spec
        .inputs
        .iter()
        .chain(spec.partition.iter())
        .chain(spec.order.iter().map(|(e, _, _)| e))
        .chain(args)
        .collect();
    while child.next(rt, env)? {
        // ROWNUM is assigned before the window's sort.
        env.rownum += 1;
        let mut vals = Vec::with_capacity(exprs.len() + spec.funcs.len());
        for e in &exprs {
            vals.push(rt.eval(e, env)?);
        }
        let bytes: u64 = vals.iter().map(|v| v.stored_len() as u64 + 1).sum();
        let extra = (crate::catalog::VALUE_BYTES + 8) * spec.funcs.len() as u64;
        rt.hold(
            &mut room,
            crate::catalog::ROW_BYTES + crate::catalog::VALUE_BYTES * vals.len() as u64 + bytes + extra,
        )?;
        held.push(Held { vals });
        if past_stopkey(spec, &lay, &held, &mut rank) {
            held.pop();
            break;
        }
        rt.k.stats.work.rows_held += 1;
        if held.len() & 1023 == 0 {
            rt.work.check(rt.k.stats).map_err(Box::new)?;
        }
    }
    if spec.sort {
        let dirs = lay.sort_dirs(spec);
        held.sort_by(|a, b| order_rows(&a.vals, &b.vals, &dirs));
    }
    let mut work = 0u64;
    let mut values = compute(spec, &lay, &held, &mut work).map_err(Box::new)?;
    if let Some(p) = &spec.pushed {
        let keep: Vec<bool> = values.iter().map(|v| v.get(p.func).is_some_and(|x| p.keeps(x))).collect();
        let mut k = keep.iter();
        held.retain(|_| *k.next().unwrap_or(&false));
        let mut k = keep.iter();
        values.retain(|_| *k.next().unwrap_or(&false));
    }
    if spec.sort {
        let sort_bytes: u64 = held
            .iter()
            .map(|h| {
                crate::exec::workarea::SORT_ROW_OVERHEAD + h.vals.iter().map(|v| v.column_len() as u64).sum::<u64>()
            })
            .sum();
        let own = rt.stacks[st].own;
        rt.end_sort("SORT (v2)", sort_bytes, held.len() as u64, own)?;
    }
    rt.k.stats.work.rows_held += work;
    rt.work.check(rt.k.stats).map_err(Box::new)?;
    Ok(held
        .into_iter()
        .zip(values)
        .map(|(mut h, v)| {
            h.vals.truncate(lay.inputs);
            h.vals.extend(v);
            h.vals
        })
        .collect())
}
