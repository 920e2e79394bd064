//! FILTER: its child's rows that pass the predicates (the FILTER with
//! subqueries is `subquery_filter.rs`).

use super::*;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::Filter { child, .. } = kind else { unreachable!() };
    child.open(rt, env, keep_pins)
}

#[inline(always)]
pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
    let OpKind::Filter { child, preds } = kind else { unreachable!() };
    loop {
        if !child.next(rt, env)? {
            return Ok(false);
        }
        if rt.test_all(preds, env)? {
            return Ok(true);
        }
    }
}
