//! Ordered aggregates at run time (LISTAGG, PERCENTILE_CONT and _DISC,
//! KEEP (DENSE_RANK FIRST | LAST)): each group holds its rows' values
//! after their sort keys (rows the memory budget counts); at the group's
//! end they are sorted (in the sort SORT AGGREGATE or SORT GROUP BY
//! counts). LISTAGG joins the values with the delimiter into a
//! VARCHAR2(4000): longer is ORA-01489 (also with `ON OVERFLOW ERROR`);
//! `ON OVERFLOW TRUNCATE` returns the same value when it fits and is
//! refused (LAB-00001) when it would cut, since where Oracle cuts (the
//! room it keeps for the indicator and the count) is not established
//! from a published run.

use super::super::sort_order_by::order_rows;
use super::*;
use crate::exec::expr::OrderedSpec;
use crate::exec::func_math::{num, num_error};
use crate::exec::scalar::SQL_VARCHAR2_MAX;
use crate::number::Number;
use lio_sql::ast::AggregateFunc;

/// Hold the row's value and its keys in the group's state: a NULL value
/// only for KEEP (the row still ranks); COUNT(*)'s value is 1.
pub(in crate::exec::row_source) fn add(
    rt: &mut Rt<'_>,
    env: &Env,
    a: &AggSpec,
    w: &OrderedSpec,
    s: &mut AggState,
) -> Result<(), LabError> {
    let v = match &a.arg {
        Some(e) => rt.eval(e, env)?,
        None => Value::int(1),
    };
    if v.is_null() && w.keep.is_none() {
        return Ok(());
    }
    let mut row = Vec::with_capacity(w.keys.len() + 1);
    for k in &w.keys {
        row.push(rt.eval(k, env)?);
    }
    row.push(v);
    rt.k.stats.work.rows_held += 1;
    // `count` is the bytes held (the sort's), for these aggregates.
    s.count += crate::exec::workarea::SORT_ROW_OVERHEAD + row.iter().map(|v| v.column_len() as u64).sum::<u64>();
    if s.count > rt.memory_room() {
        return Err(crate::kernel::limits::memory_error(rt.max_memory_mb));
    }
    s.items.push(row);
    Ok(())
}

/// Each aggregate's value at the group's end; an ordered one's held rows
/// sorted first (stable: rows equal on the keys keep their order).
pub(in crate::exec::row_source) fn results(aggs: &[AggSpec], states: &mut [AggState]) -> Result<Vec<Value>, LabError> {
    let mut out = Vec::with_capacity(aggs.len());
    for (a, s) in aggs.iter().zip(states.iter_mut()) {
        let Some(w) = &a.ordered else {
            out.push(s.result(a.func));
            continue;
        };
        let dirs: Vec<(usize, bool, bool)> = w.dirs.iter().enumerate().map(|(i, (d, f))| (i, *d, *f)).collect();
        s.items.sort_by(|x, y| order_rows(x, y, &dirs));
        out.push(match (a.func, w.keep) {
            (_, Some(first)) => keep(s, a.func, w, first, &dirs)?,
            (AggregateFunc::PercentileCont, _) => percentile_cont(s, w)?,
            (AggregateFunc::PercentileDisc, _) => percentile_disc(s, w),
            (
                AggregateFunc::HypRank
                | AggregateFunc::HypDenseRank
                | AggregateFunc::CumeDist
                | AggregateFunc::PercentRank,
                _,
            ) => hypothetical(s, a.func, w, &dirs)?,
            _ => listagg(s, w, a.distinct)?,
        });
    }
    Ok(out)
}

/// LISTAGG: the values in order (each once when `distinct`), joined with
/// the delimiter; NULL when there are none.
fn listagg(s: &AggState, w: &OrderedSpec, distinct: bool) -> Result<Value, LabError> {
    let n = w.keys.len();
    let mut seen = std::collections::HashSet::new();
    let mut out = String::new();
    for (i, row) in s.items.iter().enumerate() {
        let Some(v) = row.get(n) else { continue };
        if distinct {
            let mut kb = Vec::new();
            crate::exec::hash_area::key_bytes(std::slice::from_ref(v), &mut kb);
            if !seen.insert(kb) {
                continue;
            }
        }
        if i > 0 {
            out.push_str(&w.delimiter);
        }
        match v {
            Value::Str(t) => out.push_str(t),
            other => out.push_str(&other.to_string()),
        }
        if out.len() > SQL_VARCHAR2_MAX {
            return Err(match w.truncate {
                Some(true) => LabError::unsupported(
                    "LISTAGG ON OVERFLOW TRUNCATE past 4000 bytes (where Oracle cuts is not established)",
                    w.pos,
                ),
                _ => LabError::new(lio_sql::ora::CONCAT_TOO_LONG, w.pos),
            });
        }
    }
    Ok(if out.is_empty() { Value::Null } else { Value::str(&out) })
}

/// KEEP (DENSE_RANK FIRST | LAST): the aggregate over the rows that tie
/// with the first (or last) row on the keys.
fn keep(
    s: &AggState,
    func: AggregateFunc,
    w: &OrderedSpec,
    first: bool,
    dirs: &[(usize, bool, bool)],
) -> Result<Value, LabError> {
    let mut acc = AggState::new();
    let edge = if first { s.items.first() } else { s.items.last() };
    let Some(edge) = edge else { return Ok(acc.result(func)) };
    let n = w.keys.len();
    for row in s.items.iter().filter(|r| order_rows(r, edge, dirs).is_eq()) {
        acc.add(func, row.get(n).cloned(), w.pos)?;
    }
    Ok(acc.result(func))
}

/// PERCENTILE_CONT(p): with n values in order, row RN = 1 + p (n - 1);
/// the value there, or between the rows FLOOR(RN) and CEIL(RN):
/// (CEIL(RN) - RN) v(FLOOR) + (RN - FLOOR(RN)) v(CEIL) (SQL Language
/// Reference, PERCENTILE_CONT).
fn percentile_cont(s: &AggState, w: &OrderedSpec) -> Result<Value, LabError> {
    let n = w.keys.len();
    let mut v = Vec::with_capacity(s.items.len());
    for r in &s.items {
        if let Some(x) = r.get(n).map(|x| num(x, w.pos)).transpose()?.flatten() {
            v.push(x);
        }
    }
    if v.is_empty() {
        return Ok(Value::Null);
    }
    let e = |r: Result<Number, crate::number::NumError>| r.map_err(|e| num_error(e, w.pos));
    let rn = e(Number::from_i64(1).add(&e(w.fraction.mul(&Number::from_u64(v.len() as u64 - 1)))?))?;
    let (lo, hi) = (e(rn.floor())?, e(rn.ceil())?);
    let at = |x: &Number| v[(x.to_f64() as usize).clamp(1, v.len()) - 1];
    if lo.cmp(&hi).is_eq() {
        return Ok(Value::Num(at(&rn)));
    }
    let a = e(e(hi.sub(&rn))?.mul(&at(&lo)))?;
    let b = e(e(rn.sub(&lo))?.mul(&at(&hi)))?;
    Ok(Value::Num(e(a.add(&b))?))
}

/// PERCENTILE_DISC(p): the first value in order whose cumulative
/// distribution (its row / n) is p or more: row MAX(1, CEIL(p n)).
fn percentile_disc(s: &AggState, w: &OrderedSpec) -> Value {
    let n = w.keys.len();
    let rows: Vec<&Value> = s.items.iter().filter_map(|r| r.get(n)).collect();
    if rows.is_empty() {
        return Value::Null;
    }
    let at = w.fraction.mul(&Number::from_u64(rows.len() as u64)).and_then(|x| x.ceil());
    let i = at.map_or(1, |x| x.to_f64() as usize).clamp(1, rows.len());
    rows[i - 1].clone()
}

/// A hypothetical-set aggregate over the group's rows (sorted on the
/// keys) and the row `w.hyp`, placed by the same ORDER BY (NULLs by its
/// rules) after the rows it ties with (SQL Language Reference, RANK,
/// DENSE_RANK, CUME_DIST, PERCENT_RANK): with n rows, b of them before it
/// and e tied with it, RANK is 1 + b; DENSE_RANK 1 + the distinct keys
/// before it; CUME_DIST (b + e + 1) / (n + 1); PERCENT_RANK b / n (0 for
/// no rows).
fn hypothetical(
    s: &AggState,
    func: AggregateFunc,
    w: &OrderedSpec,
    dirs: &[(usize, bool, bool)],
) -> Result<Value, LabError> {
    let (mut before, mut tied, mut distinct) = (0u64, 0u64, 0u64);
    let mut last: Option<&Vec<Value>> = None;
    for r in &s.items {
        match order_rows(r, &w.hyp, dirs) {
            std::cmp::Ordering::Less => {
                before += 1;
                if last.is_none_or(|l| !order_rows(l, r, dirs).is_eq()) {
                    distinct += 1;
                }
                last = Some(r);
            }
            std::cmp::Ordering::Equal => tied += 1,
            std::cmp::Ordering::Greater => {}
        }
    }
    let n = s.items.len() as u64;
    let e = |r: Result<Number, crate::number::NumError>| r.map_err(|e| num_error(e, w.pos));
    let v = match func {
        AggregateFunc::HypRank => Number::from_u64(before + 1),
        AggregateFunc::HypDenseRank => Number::from_u64(distinct + 1),
        AggregateFunc::CumeDist => e(Number::from_u64(before + tied + 1).div(&Number::from_u64(n + 1)))?,
        _ if n == 0 => Number::ZERO,
        _ => e(Number::from_u64(before).div(&Number::from_u64(n)))?,
    };
    Ok(Value::Num(v))
}
