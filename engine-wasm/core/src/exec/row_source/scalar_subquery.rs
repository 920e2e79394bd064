//! Scalar subqueries: `(SELECT one_column ...)` as a value. A subquery
//! returning no row is NULL, more than one row ORA-01427.
//!
//! Scalar subquery caching: Oracle keeps each scalar subquery's results
//! in a small hash table for the statement's execution, keyed by the
//! values of the enclosing row it reads (its correlation values), and
//! keeps the last value it computed "next to" the table (Tom Kyte, "On
//! Caching and Evangelizing SQL", Oracle Magazine Sept/Oct 2011; Jonathan
//! Lewis, "Filter Subqueries", 2006). A value found there is not computed
//! again: the subquery's Starts are the number of distinct correlation
//! values while they fit the table. The table has 1,024 entries from 10g
//! (256 in 8i and 9i; Lewis quoted on AskTom). Oracle places a value by
//! an internal hash and does not cache a value whose slot is taken (a
//! collision); the lab has not Oracle's hash function, so it fills the
//! table in arrival order and caches nothing once it is full: the same
//! Starts whenever no two values collide. An uncorrelated scalar
//! subquery has one key, and runs once per execution.
//!
//! `OpKind::ScalarSubs` runs the subqueries of a select list for each row
//! of its child (`hoist`: the plan shows them first under the block's
//! parent line), or, for an uncorrelated subquery of a WHERE clause, once
//! when it opens, before its child reads a row (the plan shows it under
//! the line whose predicate reads it). It has no plan line of its own.

use super::subq_state::SCALAR_CACHE_ENTRIES;
use super::*;

/// The value of scalar subquery `s` for the row in `env` (from its cache
/// when it holds the row's correlation values), into its slot.
pub(super) fn run(rt: &mut Rt<'_>, env: &mut Env, s: &mut SubPlan) -> Result<Value, Box<LabError>> {
    let SubKind::Scalar { value } = &s.kind else { unreachable!("a scalar subquery") };
    let key = match memo_find(rt, env, &s.keys, &mut s.memo)? {
        Ok(v) => return Ok(v),
        Err(key) => key,
    };
    s.op.open(rt, env, false)?;
    let v = if s.op.next(rt, env)? {
        let v = rt.eval(value, env)?;
        if s.op.next(rt, env)? {
            return Err(Box::new(LabError::new(lio_sql::ora::SINGLE_ROW_SUBQUERY_TOO_MANY_ROWS, s.pos)));
        }
        v
    } else {
        Value::Null
    };
    memo_keep(&mut s.memo, key, &v);
    Ok(v)
}

/// The result kept for the row's correlation values `keys` (`Ok`), or
/// the key to keep the result under once computed (`Err`).
pub(super) fn memo_find(
    rt: &mut Rt<'_>,
    env: &mut Env,
    keys: &[CExpr],
    memo: &mut ScalarCache,
) -> Result<Result<Value, Vec<u8>>, Box<LabError>> {
    memo.vals.clear();
    rt.k.stats.work.memo_probes += 1;
    for k in keys {
        let v = rt.eval(k, env)?;
        memo.vals.push(v);
    }
    let mut key = std::mem::take(&mut memo.key);
    crate::exec::hash_area::key_bytes(&memo.vals, &mut key);
    let found = match &memo.last {
        Some((k, v)) if *k == key => Some(v.clone()),
        _ => memo.map.get(&key).cloned(),
    };
    Ok(match found {
        Some(v) => {
            memo.key = key;
            Ok(v)
        }
        None => Err(key),
    })
}

/// Keep `v` for `key` while the table has room, and as the last value.
pub(super) fn memo_keep(memo: &mut ScalarCache, key: Vec<u8>, v: &Value) {
    if memo.map.len() < SCALAR_CACHE_ENTRIES {
        memo.map.insert(key.clone(), v.clone());
    }
    memo.last = Some((key, v.clone()));
}

/// Each subquery's value into its slot.
fn run_all(rt: &mut Rt<'_>, env: &mut Env, subs: &mut [SubPlan]) -> Result<(), Box<LabError>> {
    for s in subs.iter_mut() {
        let v = run(rt, env, s)?;
        env.gen[s.slot].clear();
        env.gen[s.slot].push(v);
    }
    Ok(())
}

pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::ScalarSubs { child, subs, hoist, .. } = kind else { unreachable!() };
    for s in subs.iter_mut() {
        s.reset();
    }
    if !*hoist {
        run_all(rt, env, subs)?;
    }
    child.open(rt, env, keep_pins)
}

pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
    let OpKind::ScalarSubs { child, subs, hoist, .. } = kind else { unreachable!() };
    if !child.next(rt, env)? {
        return Ok(false);
    }
    if *hoist {
        run_all(rt, env, subs)?;
    }
    Ok(true)
}
