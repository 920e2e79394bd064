//! SORT AGGREGATE: reads its child to the end in its first call and
//! produces one row of aggregates into its source.

use super::*;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::SortAggregate { child, done, .. } = kind else { unreachable!() };
    *done = false;
    child.open(rt, env, keep_pins)
}

#[inline(never)]
pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
    let OpKind::SortAggregate { child, aggs, out_src, done, pos } = kind else { unreachable!() };
    if *done {
        return Ok(false);
    }
    *done = true;
    let mut states: Vec<AggState> = vec![AggState::new(); aggs.len()];
    while child.next(rt, env)? {
        add_row(rt, env, aggs, &mut states, *pos)?;
    }
    env.gen[*out_src] = aggs.iter().zip(states.iter()).map(|(a, s)| s.result(a.func)).collect();
    Ok(true)
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
        match &a.arg {
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
            let room = rt.max_memory_mb.saturating_mul(1 << 20).saturating_sub(rt.cat.memory_bytes());
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
