//! The row limiting clause's VIEW (12.1+): `OFFSET m ROWS FETCH FIRST n
//! [PERCENT] ROWS ONLY | WITH TIES`. Oracle rewrites the query into a view
//! of it with ROW_NUMBER() (RANK() for WITH TIES; COUNT(*) OVER () as
//! `rowlimit_$$_total` for PERCENT) and filters the view's rows on it;
//! the window line below (WINDOW SORT PUSHED RANK, WINDOW NOSORT STOPKEY,
//! WINDOW BUFFER, WINDOW SORT) numbers them. Here the window line is the
//! sort (or the stopkey) below, and this operator numbers the rows it
//! passes: it skips the first `offset`, stops after the limit (row
//! number, or rank: a row whose ORDER BY keys equal the previous row's
//! has its rank), PERCENT's limit `CEIL(total * p / 100)` from the rows
//! the sort below holds.

use super::*;

pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::RowLimit { child, state, .. } = kind else { unreachable!() };
    **state = Default::default();
    child.open(rt, env, keep_pins)
}

pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
    let OpKind::RowLimit { child, spec, state, .. } = kind else { unreachable!() };
    loop {
        if state.done || !child.next(rt, env)? {
            return Ok(false);
        }
        state.count += 1;
        if state.count == 1 {
            state.limit = match (spec.fetch, spec.percent) {
                (_, Some(p)) => {
                    let total = match &child.kind {
                        OpKind::SortOrderBy { rows, .. } => rows.len() as f64,
                        _ => 0.0,
                    };
                    spec.offset.saturating_add((total * p / 100.0).ceil().max(0.0) as u64)
                }
                (Some(n), None) => spec.offset.saturating_add(n),
                (None, None) => u64::MAX,
            };
        }
        let at = if spec.ties.is_empty() {
            state.count
        } else {
            let src = &env.gen[spec.tie_src];
            let vals: Vec<Value> = spec.ties.iter().map(|&c| src.get(c).cloned().unwrap_or(Value::Null)).collect();
            crate::exec::hash_area::key_bytes(&vals, &mut state.key);
            if state.count == 1 || state.key != state.last {
                state.rank = state.count;
                std::mem::swap(&mut state.key, &mut state.last);
            }
            state.rank
        };
        if at > state.limit {
            state.done = true;
            return Ok(false);
        }
        if state.count > spec.offset {
            // Without ties the last row is known when it comes: the pushed
            // rank keeps its n rows (its A-Rows n, as Oracle's does), the
            // child is not asked for another. (A PERCENT window numbers
            // every row in Oracle: left as it was.)
            if spec.ties.is_empty() && spec.percent.is_none() && at == state.limit {
                state.done = true;
            }
            return Ok(true);
        }
    }
}
