//! LISTAGG's run-time part: each group holds its non-NULL values with
//! their WITHIN GROUP sort keys (rows the memory budget counts); at the
//! group's end they are sorted (in the sort SORT AGGREGATE or SORT GROUP
//! BY counts) and joined with the delimiter. The result is a
//! VARCHAR2(4000): longer is ORA-01489 (also with `ON OVERFLOW ERROR`);
//! `ON OVERFLOW TRUNCATE` returns the same value when it fits and is
//! refused (LAB-00001) when it would cut, since where Oracle cuts (the
//! room it keeps for the indicator and the count) is not established
//! from a published run.

use super::super::sort_order_by::order_rows;
use super::*;
use crate::exec::expr::ListaggSpec;
use crate::exec::scalar::SQL_VARCHAR2_MAX;

/// Hold the row's value (if not NULL) and its keys in the group's state.
pub(in crate::exec::row_source) fn add(
    rt: &mut Rt<'_>,
    env: &Env,
    a: &AggSpec,
    w: &ListaggSpec,
    s: &mut AggState,
) -> Result<(), LabError> {
    let Some(e) = &a.arg else { return Ok(()) };
    let v = rt.eval(e, env)?;
    if v.is_null() {
        return Ok(());
    }
    let mut row = Vec::with_capacity(w.keys.len() + 1);
    for k in &w.keys {
        row.push(rt.eval(k, env)?);
    }
    row.push(v);
    rt.k.stats.work.rows_held += 1;
    s.count += crate::exec::workarea::SORT_ROW_OVERHEAD + row.iter().map(|v| v.column_len() as u64).sum::<u64>();
    if s.count > rt.memory_room() {
        return Err(crate::kernel::limits::memory_error(rt.max_memory_mb));
    }
    s.items.push(row);
    Ok(())
}

/// The group's value: its values in the WITHIN GROUP order (each once
/// when `distinct`), joined with the delimiter; NULL when there are none.
fn finish(s: &mut AggState, w: &ListaggSpec, distinct: bool) -> Result<Value, LabError> {
    let n = w.keys.len();
    let dirs: Vec<(usize, bool, bool)> = w.dirs.iter().enumerate().map(|(i, (d, f))| (i, *d, *f)).collect();
    // A stable sort: rows equal on the keys keep the order they came in.
    s.items.sort_by(|a, b| order_rows(a, b, &dirs));
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

/// Each aggregate's value at the group's end.
pub(in crate::exec::row_source) fn results(aggs: &[AggSpec], states: &mut [AggState]) -> Result<Vec<Value>, LabError> {
    let mut out = Vec::with_capacity(aggs.len());
    for (a, s) in aggs.iter().zip(states.iter_mut()) {
        out.push(match &a.listagg {
            Some(w) => finish(s, w, a.distinct)?,
            None => s.result(a.func),
        });
    }
    Ok(out)
}
