//! FILTER with subqueries (IN, EXISTS): for each row of its child, each
//! subquery's result (TRUE, FALSE or NULL) goes into its source, then the
//! predicates are tested. An uncorrelated subquery runs once per
//! execution (its values kept, counted against the memory budget); a
//! correlated one runs for each row and stops at the first row that
//! decides, a correlated EXISTS only for correlation values it has not
//! met (the FILTER's cache).

use super::*;
use lio_sql::ast::{BinaryOp, Quantifier};

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::SubqueryFilter { child, subs, .. } = kind else { unreachable!() };
    for s in subs.iter_mut() {
        s.reset();
    }
    child.open(rt, env, keep_pins)
}

#[inline(always)]
pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
    let OpKind::SubqueryFilter { child, subs, preds } = kind else { unreachable!() };
    loop {
        if !child.next(rt, env)? {
            return Ok(false);
        }
        for s in subs.iter_mut() {
            let v = run_subquery(rt, env, s)?;
            env.gen[s.slot].clear();
            env.gen[s.slot].push(v);
        }
        if rt.test_all(preds, env)? {
            return Ok(true);
        }
    }
}

fn truth3(b: Option<bool>) -> Value {
    match b {
        Some(true) => Value::int(1),
        Some(false) => Value::int(0),
        None => Value::Null,
    }
}

/// `v IN (values)`: TRUE on a match, else NULL when a comparison was
/// NULL, else FALSE (an empty list is FALSE even for a NULL `v`).
fn in_values<'v>(
    v: &Value,
    values: impl Iterator<Item = &'v Value>,
    quant: Option<Quantifier>,
    pos: Pos,
) -> Result<Option<bool>, LabError> {
    let mut q = Quantified::new(quant);
    for w in values {
        if let Some(t) = q.take(v, w, pos)? {
            return Ok(Some(t));
        }
    }
    Ok(q.end())
}

/// `v op ANY | ALL` over values taken one at a time (IN is `= ANY`):
/// ANY is TRUE at the first value the comparison holds for, ALL FALSE at
/// the first it fails; otherwise UNKNOWN if a comparison was (a NULL on
/// either side), else FALSE for ANY and TRUE for ALL (an empty set too).
struct Quantified {
    op: BinaryOp,
    all: bool,
    unknown: bool,
}

impl Quantified {
    fn new(quant: Option<Quantifier>) -> Self {
        let (op, all) = quant.map_or((BinaryOp::Eq, false), |q| (q.op, q.all));
        Quantified { op, all, unknown: false }
    }

    /// The answer, when `w` decides it.
    fn take(&mut self, v: &Value, w: &Value, pos: Pos) -> Result<Option<bool>, LabError> {
        match crate::exec::expr::compare(v, w, pos)? {
            Some(o) if self.op.holds(o) != self.all => Ok(Some(!self.all)),
            Some(_) => Ok(None),
            None => {
                self.unknown = true;
                Ok(None)
            }
        }
    }

    /// The answer after the last value.
    fn end(&self) -> Option<bool> {
        if self.unknown {
            None
        } else {
            Some(self.all)
        }
    }
}

/// Evaluate one FILTER subquery for the current row. An uncorrelated one
/// runs once per execution (its values kept, counted against the memory
/// budget); a correlated one runs for each row and stops at the first
/// row that decides.
fn run_subquery(rt: &mut Rt<'_>, env: &mut Env, s: &mut SubPlan) -> Result<Value, Box<LabError>> {
    if matches!(s.kind, SubKind::Scalar { .. }) {
        return super::scalar_subquery::run(rt, env, s);
    }
    if s.correlated && !s.keys.is_empty() && matches!(s.kind, SubKind::Exists) {
        // The FILTER keeps each EXISTS result per distinct correlation
        // values, as scalar subquery caching does (Lewis, "Filter
        // Subqueries"): its Starts are the distinct values.
        let key = match super::scalar_subquery::memo_find(rt, env, &s.keys, &mut s.memo)? {
            Ok(v) => return Ok(v),
            Err(key) => key,
        };
        s.op.open(rt, env, false)?;
        let v = truth3(Some(s.op.next(rt, env)?));
        super::scalar_subquery::memo_keep(&mut s.memo, key, &v);
        return Ok(v);
    }
    if !s.correlated && s.cache.is_none() {
        let mut vals = Vec::new();
        let mut room = rt.memory_room();
        s.op.open(rt, env, false)?;
        while s.op.next(rt, env)? {
            let v = match &s.kind {
                SubKind::Exists => Value::Null,
                SubKind::In { right, .. } => rt.eval(right, env)?,
                SubKind::Scalar { .. } => unreachable!("run above"),
            };
            let held = crate::catalog::ROW_BYTES + crate::catalog::VALUE_BYTES + v.stored_len() as u64;
            rt.hold(&mut room, held)?;
            rt.k.stats.work.rows_held += 1;
            vals.push(v);
            if matches!(s.kind, SubKind::Exists) {
                break;
            }
        }
        s.cache = Some(vals);
    }
    match (&s.kind, &s.cache) {
        (SubKind::Scalar { .. }, _) => unreachable!("run above"),
        (SubKind::Exists, Some(vals)) => Ok(truth3(Some(!vals.is_empty()))),
        (SubKind::In { left, quant, .. }, Some(vals)) => {
            let v = rt.eval(left, env)?;
            if v.is_null() {
                return Ok(truth3(Quantified { unknown: !vals.is_empty(), ..Quantified::new(*quant) }.end()));
            }
            rt.k.stats.work.text += vals.len() as u64 * crate::stats::COMPARE_TEXT_WORK;
            Ok(truth3(in_values(&v, vals.iter(), *quant, s.pos)?))
        }
        (SubKind::Exists, None) => {
            s.op.open(rt, env, false)?;
            Ok(truth3(Some(s.op.next(rt, env)?)))
        }
        (SubKind::In { left, right, quant }, None) => {
            let v = rt.eval(left, env)?;
            s.op.open(rt, env, false)?;
            let mut q = Quantified::new(*quant);
            while s.op.next(rt, env)? {
                let w = rt.eval(right, env)?;
                if let Some(t) = q.take(&v, &w, s.pos)? {
                    return Ok(truth3(Some(t)));
                }
            }
            Ok(truth3(q.end()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;
    use super::*;

    #[test]
    fn exists_and_in() {
        let s = run(&format!("{}select count(*) from t where exists (select 1 from dual);", table_t(300)));
        assert_eq!(line(&s, "FILTER").a_rows, 300);
        let s = run(&format!("{}select count(*) from t where id in (select id from t where grp = 0);", table_t(300)));
        assert_eq!(rows(&s), ["100"]);
    }

    /// Three-valued IN: a NULL comparison makes a non-match unknown.
    #[test]
    fn in_values_three_valued() {
        let p = Pos::default();
        let (one, two, n) = (Value::int(1), Value::int(2), Value::Null);
        assert_eq!(in_values(&one, [&two, &one].into_iter(), None, p).unwrap(), Some(true));
        assert_eq!(in_values(&one, [&two, &n].into_iter(), None, p).unwrap(), None);
        assert_eq!(in_values(&one, [&two].into_iter(), None, p).unwrap(), Some(false));
    }
}
