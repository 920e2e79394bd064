//! SORT AGGREGATE: reads its child to the end in its first call and
//! produces one row of aggregates into its source.

use super::*;

/// LISTAGG's values, held and joined (a file of its own beside this one).
#[path = "listagg.rs"]
pub(super) mod listagg;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::SortAggregate { child, done, .. } = kind else { unreachable!() };
    *done = false;
    child.open(rt, env, keep_pins)
}

#[inline(never)]
pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, st: usize) -> Result<bool, Box<LabError>> {
    let OpKind::SortAggregate { child, aggs, out_src, done, pos } = kind else { unreachable!() };
    if *done {
        return Ok(false);
    }
    *done = true;
    let mut states: Vec<AggState> = vec![AggState::new(); aggs.len()];
    // ROWNUM numbers the rows as they come to the aggregate (`sum(rownum)`).
    let outer = std::mem::take(&mut env.rownum);
    while child.next(rt, env)? {
        env.rownum += 1;
        add_row(rt, env, aggs, &mut states, *pos)?;
    }
    env.rownum = outer;
    distinct_sort(rt, st, std::slice::from_ref(&states))?;
    env.gen[*out_src] = listagg::results(aggs, &mut states)?;
    Ok(true)
}

/// The sort that removed a DISTINCT aggregate's duplicates, or put
/// LISTAGG's values in order: one sort (in its work area, `GROUP BY
/// (SORT)`) of the values of every group, as SORT AGGREGATE and SORT
/// GROUP BY sort them. Returns whether there was one (a SORT GROUP BY
/// then counts no second sort).
pub(super) fn distinct_sort(rt: &mut Rt<'_>, st: usize, groups: &[Vec<AggState>]) -> Result<bool, Box<LabError>> {
    let (mut bytes, mut n, mut any) = (0u64, 0u64, false);
    for s in groups.iter().flatten() {
        if let Some(seen) = &s.seen {
            any = true;
            n += seen.0.len() as u64;
            bytes += seen.1;
        }
        if !s.items.is_empty() {
            // LISTAGG's state counts the bytes it holds (`listagg.rs`).
            any = true;
            n += s.items.len() as u64;
            bytes += s.count;
        }
    }
    if !any {
        return Ok(false);
    }
    let own = rt.stacks[st].own;
    rt.end_sort("GROUP BY (SORT)", bytes, n, own)?;
    Ok(true)
}

/// A DISTINCT aggregate's argument: added when first seen in its group
/// (NULLs never count); each value kept counts as a row held.
#[inline(never)]
fn add_distinct(rt: &mut Rt<'_>, env: &Env, a: &AggSpec, s: &mut AggState, pos: Pos) -> Result<(), LabError> {
    let Some(e) = &a.arg else { return Ok(()) };
    let v = rt.eval(e, env)?;
    if v.is_null() {
        return Ok(());
    }
    let mut kb = Vec::new();
    crate::exec::hash_area::key_bytes(std::slice::from_ref(&v), &mut kb);
    let seen = s.seen.get_or_insert_with(Default::default);
    let len = crate::exec::workarea::SORT_ROW_OVERHEAD + v.column_len() as u64;
    if seen.0.insert(kb) {
        seen.1 += len;
        rt.k.stats.work.rows_held += 1;
        s.add(a.func, Some(v), pos)?;
    }
    Ok(())
}

/// Add the row in `env` to each aggregate's state (a column argument read
/// in place, without a copy). Shared with GROUP BY.
#[inline(always)]
pub(super) fn add_row(
    rt: &mut Rt<'_>,
    env: &Env,
    aggs: &[AggSpec],
    states: &mut [AggState],
    pos: Pos,
) -> Result<(), LabError> {
    for (a, s) in aggs.iter().zip(states.iter_mut()) {
        if let Some(w) = &a.ordered {
            listagg::add(rt, env, a, w, s)?;
            continue;
        }
        if a.distinct {
            add_distinct(rt, env, a, s, pos)?;
            continue;
        }
        match &a.arg {
            // A view's column is borrowed where it lies (no copy).
            Some(CExpr::Gen { src, col }) => match env.gen[*src].get(*col) {
                Some(v) => s.add_ref(a.func, v, pos)?,
                None => s.add_ref(a.func, &Value::Null, pos)?,
            },
            Some(e) => match e.column_value(rt.cat, env) {
                Some(v) => s.add_ref(a.func, &v, pos)?,
                None => {
                    let v = rt.eval(e, env)?;
                    s.add(a.func, Some(v), pos)?
                }
            },
            None => s.add(a.func, None, pos)?,
        }
        // MEDIAN holds its values: work, and memory within the budget.
        if a.func == lio_sql::ast::AggregateFunc::Median {
            rt.k.stats.work.rows_held += 1;
            let room = rt.memory_room();
            if (s.vals.len() * std::mem::size_of::<crate::number::Number>()) as u64 > room {
                return Err(crate::kernel::limits::memory_error(rt.max_memory_mb));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    #[test]
    fn one_row_of_aggregates() {
        let s = run(&format!("{}select count(*), sum(id), min(grp), max(grp) from t;", table_t(300)));
        let l = line(&s, "SORT AGGREGATE");
        assert_eq!((l.starts, l.a_rows), (1, 1));
        assert_eq!(rows(&s), ["300|45150|0|2"]);
    }
}
