//! SORT ORDER BY: reads its child to the end in its first call, holds
//! the projected rows (against the lab's memory budget) and sorts them in
//! its work area (spilling beyond it, `workarea.rs`), then produces them
//! in order. ROWNUM is assigned before the sort. Per line: `sorts
//! (memory)` or the spill's direct path I/O.

use super::*;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::SortOrderBy { child, rows, next, sorted, .. } = kind else { unreachable!() };
    rows.clear();
    *next = 0;
    *sorted = false;
    child.open(rt, env, keep_pins)
}

#[inline(always)]
pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, st: usize) -> Result<bool, Box<LabError>> {
    let OpKind::SortOrderBy { child, keys, exprs, out_src, rows, next, sorted, limit } = kind else { unreachable!() };
    if !*sorted {
        *sorted = true;
        *rows = sort(rt, env, st, child, (keys, exprs), *limit)?;
    }
    match rows.get(*next) {
        Some(r) => {
            env.gen[*out_src] = r.clone();
            *next += 1;
            Ok(true)
        }
        None => Ok(false),
    }
}

/// Read the child to its end and sort its projected rows; a top-n sort
/// (`limit` rows, SORT ORDER BY STOPKEY) holds no more than `limit` rows
/// at a time beyond as many again, the others dropped as they fall out.
#[inline(never)]
fn sort(
    rt: &mut Rt<'_>,
    env: &mut Env,
    st: usize,
    child: &mut Op,
    (keys, exprs): (&[(CExpr, bool, bool)], &[CExpr]),
    limit: u64,
) -> Result<Vec<Vec<Value>>, Box<LabError>> {
    let mut keyed: Vec<(Vec<Value>, Vec<Value>)> = Vec::new();
    // Memory the sort may take: the budget less the data.
    let mut room = rt.memory_room();
    let dirs: Vec<(usize, bool, bool)> = keys.iter().enumerate().map(|(i, (_, d, n))| (i, *d, *n)).collect();
    let keep = usize::try_from(limit).unwrap_or(usize::MAX);
    let mut held_bytes: Vec<u64> = Vec::new();
    while child.next(rt, env)? {
        // ROWNUM is assigned before the sort.
        env.rownum += 1;
        let mut k = Vec::with_capacity(keys.len());
        for (e, _, _) in keys.iter() {
            k.push(rt.eval(e, env)?);
        }
        let mut out = Vec::with_capacity(exprs.len());
        for e in exprs.iter() {
            out.push(rt.eval(e, env)?);
        }
        let bytes: u64 = k.iter().chain(out.iter()).map(|v| v.stored_len() as u64 + 1).sum();
        let held = crate::catalog::ROW_BYTES + crate::catalog::VALUE_BYTES * (k.len() + out.len()) as u64 + bytes;
        rt.hold(&mut room, held)?;
        keyed.push((k, out));
        if keep != usize::MAX {
            held_bytes.push(held);
            if keyed.len() >= keep.saturating_mul(2).max(1024) {
                // The rows past the first `keep` can never be returned.
                let mut order: Vec<usize> = (0..keyed.len()).collect();
                order.sort_by(|a, b| order_rows(&keyed[*a].0, &keyed[*b].0, &dirs));
                room += order[keep..].iter().map(|&i| held_bytes[i]).sum::<u64>();
                let mut slots: Vec<Option<(Vec<Value>, Vec<Value>)>> = keyed.drain(..).map(Some).collect();
                keyed = order[..keep].iter().filter_map(|&i| slots[i].take()).collect();
                held_bytes = order[..keep].iter().map(|&i| held_bytes[i]).collect();
            }
        }
        // Rows held by the sort weigh like rows held for an insert.
        rt.k.stats.work.rows_held += 1;
        if keyed.len() & 1023 == 0 {
            rt.work.check(rt.k.stats).map_err(Box::new)?;
        }
    }
    keyed.sort_by(|a, b| order_rows(&a.0, &b.0, &dirs));
    keyed.truncate(keep);
    // The bytes the sort holds in its work area: a top-n sort's n rows.
    let sort_bytes: u64 = keyed
        .iter()
        .map(|(k, out)| {
            crate::exec::workarea::SORT_ROW_OVERHEAD
                + k.iter().chain(out.iter()).map(|v| v.column_len() as u64).sum::<u64>()
        })
        .sum();
    let own = rt.stacks[st].own;
    let n = keyed.len() as u64;
    rt.end_sort("SORT (v2)", sort_bytes, n, own)?;
    Ok(keyed.into_iter().map(|(_, r)| r).collect())
}

/// Compare two rows on (column, descending, nulls first) keys; NULLs
/// compare equal to each other. Shared with SORT GROUP BY.
pub(super) fn order_rows(a: &[Value], b: &[Value], dirs: &[(usize, bool, bool)]) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    for &(i, desc, nulls_first) in dirs {
        let (x, y) = (&a[i], &b[i]);
        let o = match (x.is_null(), y.is_null()) {
            (true, true) => Ordering::Equal,
            (true, false) => {
                if nulls_first {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            }
            (false, true) => {
                if nulls_first {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            }
            _ => {
                let o = x.cmp_sql(y);
                if desc {
                    o.reverse()
                } else {
                    o
                }
            }
        };
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    /// (An ORDER BY on the index's own column needs no sort: the range
    /// scan runs DESCENDING, `exec/plan/order.rs`; GRP is in no index.)
    #[test]
    fn sorted_in_memory() {
        let s = run(&format!("{}select id from t where id <= 5 order by grp desc, id;", table_t(300)));
        assert_eq!(line(&s, "SORT ORDER BY").a_rows, 5);
        assert_eq!(rows(&s), ["2", "5", "1", "4", "3"]);
        assert_eq!(stat(&s, "sorts (memory)"), 1);
    }

    /// A top-n sort returns its n first rows in order (the rest dropped as
    /// they fall out), one sort in memory.
    #[test]
    fn top_n_keeps_n_rows() {
        let s = run(&format!(
            "{}select * from (select id from t order by grp desc, id desc) where rownum <= 4;",
            table_t(3000)
        ));
        assert_eq!(line(&s, "SORT ORDER BY STOPKEY").a_rows, 4);
        assert_eq!(rows(&s), ["2999", "2996", "2993", "2990"]);
        assert_eq!(stat(&s, "sorts (memory)"), 1);
    }

    #[test]
    fn nulls_and_descending() {
        use std::cmp::Ordering::*;
        let (n, one, two) = ([Value::Null], [Value::int(1)], [Value::int(2)]);
        assert_eq!(order_rows(&n, &one, &[(0, false, false)]), Greater);
        assert_eq!(order_rows(&n, &one, &[(0, false, true)]), Less);
        assert_eq!(order_rows(&two, &one, &[(0, true, false)]), Less);
        assert_eq!(order_rows(&n, &n, &[(0, true, true)]), Equal);
    }
}
