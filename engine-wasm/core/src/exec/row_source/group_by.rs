//! HASH GROUP BY, SORT GROUP BY, HASH UNIQUE, SORT UNIQUE: reads its
//! child to the end in its first call, one row per distinct key into its
//! source (keys, then the aggregates), in the order the groups were first
//! seen, or sorted (SORT GROUP BY, in its work area); HAVING tested on
//! each group's row. The groups count against the lab's memory budget.

use super::sort_aggregate::add_row;
use super::sort_order_by::order_rows;
use super::*;
use crate::exec::hash_area::key_bytes;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::GroupBy { child, rows, next, built, .. } = kind else { unreachable!() };
    rows.clear();
    *next = 0;
    *built = false;
    child.open(rt, env, keep_pins)
}

#[inline(always)]
pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, st: usize) -> Result<bool, Box<LabError>> {
    let OpKind::GroupBy { child, keys, aggs, out_src, order, filter, rows, next, built, pos, sets, .. } = kind else {
        unreachable!()
    };
    if !*built {
        *built = true;
        let distinct_sorted;
        (*rows, distinct_sorted) = group_rows(rt, env, child, (keys, aggs, sets.as_deref()), (*pos, st))?;
        if let Some(dirs) = order {
            rows.sort_by(|a, b| order_rows(a, b, dirs));
        }
        // One sort: the groups' with their distinct values (counted when
        // those were), else the groups'.
        if let (Some(_), false) = (order, distinct_sorted) {
            // A sort group by holds its groups in its work area.
            let sort_bytes: u64 = rows
                .iter()
                .map(|r| {
                    crate::exec::workarea::SORT_ROW_OVERHEAD + r.iter().map(|v| v.column_len() as u64).sum::<u64>()
                })
                .sum();
            let own = rt.stacks[st].own;
            let n = rows.len() as u64;
            rt.end_sort("GROUP BY (SORT)", sort_bytes, n, own)?;
        }
    }
    loop {
        match rows.get_mut(*next) {
            Some(r) => {
                env.gen[*out_src] = std::mem::take(r);
                *next += 1;
                if rt.test_all(filter, env)? {
                    return Ok(true);
                }
            }
            None => return Ok(false),
        }
    }
}

/// Read the child to its end and aggregate its rows per key: the groups
/// in the order first seen, each as its keys then its aggregates. The
/// rows the hash table holds count against the memory budget, as a
/// sort's do.
fn group_rows(
    rt: &mut Rt<'_>,
    env: &mut Env,
    child: &mut Op,
    (keys, aggs, sets): (&[CExpr], &[AggSpec], Option<&GroupSets>),
    (pos, st): (Pos, usize),
) -> Result<(Vec<Vec<Value>>, bool), Box<LabError>> {
    let mut index: std::collections::HashMap<Vec<u8>, usize> = std::collections::HashMap::new();
    let mut groups: Vec<(Vec<Value>, Vec<AggState>)> = Vec::new();
    let mut room = rt.memory_room();
    let mut kb = Vec::new();
    let mut seen: u64 = 0;
    let one = [(Vec::new(), 0)];
    // ROWNUM numbers the rows as they come to the grouping.
    let outer = std::mem::take(&mut env.rownum);
    while child.next(rt, env)? {
        env.rownum += 1;
        let mut k = Vec::with_capacity(keys.len());
        for e in keys {
            k.push(rt.eval(e, env)?);
        }
        let masks = sets.map_or(&one[..], |s| &s.masks[..]);
        for (mask, gid) in masks {
            let k = match sets {
                Some(s) => s.row(&k, mask, *gid),
                None => std::mem::take(&mut k),
            };
            key_bytes(&k, &mut kb);
            let g = match index.get(&kb) {
                Some(&g) if !sets.is_some_and(|s| s.expand) => g,
                _ => {
                    let bytes: u64 = k.iter().map(|v| v.stored_len() as u64 + 1).sum::<u64>() + kb.len() as u64;
                    let held = crate::catalog::ROW_BYTES
                        + crate::catalog::VALUE_BYTES * (k.len() + aggs.len()) as u64 * 2
                        + bytes;
                    rt.hold(&mut room, held)?;
                    rt.k.stats.work.rows_held += 1;
                    if !sets.is_some_and(|s| s.expand) {
                        index.insert(kb.clone(), groups.len());
                    }
                    groups.push((k, vec![AggState::new(); aggs.len()]));
                    groups.len() - 1
                }
            };
            add_row(rt, env, aggs, &mut groups[g].1, pos)?;
            seen += 1;
            if seen & 1023 == 0 {
                rt.work.check(rt.k.stats).map_err(Box::new)?;
            }
        }
    }
    env.rownum = outer;
    let mut states: Vec<Vec<AggState>> = groups.iter_mut().map(|(_, s)| std::mem::take(s)).collect();
    let distinct_sorted = super::sort_aggregate::distinct_sort(rt, st, &states)?;
    let mut rows = Vec::with_capacity(groups.len());
    for ((mut k, _), st) in groups.into_iter().zip(states.iter_mut()) {
        k.extend(super::sort_aggregate::listagg::results(aggs, st)?);
        rows.push(k);
    }
    Ok((rows, distinct_sorted))
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    #[test]
    fn hash_and_sort_group_by() {
        let s = run(&format!("{}select grp, count(*) from t group by grp;", table_t(300)));
        assert_eq!(line(&s, "HASH GROUP BY").a_rows, 3);
        let s = run(&format!("{}select grp, count(*) from t group by grp order by grp;", table_t(300)));
        assert_eq!(line(&s, "SORT GROUP BY").a_rows, 3);
        assert_eq!(rows(&s), ["0|100", "1|100", "2|100"]);
        let s = run(&format!("{}select distinct grp from t;", table_t(300)));
        assert_eq!(line(&s, "HASH UNIQUE").a_rows, 3);
    }

    /// Equal SQL values give equal key bytes: 1 and 1.0, NULL and NULL.
    #[test]
    fn key_bytes_of_equal_values() {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        key_bytes(&[Value::int(1), Value::Null], &mut a);
        key_bytes(&[Value::from_f64(1.0), Value::Null], &mut b);
        assert_eq!(a, b);
        key_bytes(&[Value::str("1")], &mut b);
        assert_ne!(a, b);
    }
}
