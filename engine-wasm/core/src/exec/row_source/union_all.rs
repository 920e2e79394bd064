//! UNION-ALL: each branch's rows in turn, projected into one source; a
//! branch is started when the one before it ends.
//!
//! INTERSECTION and MINUS (`merge`): the first branch's rows (distinct,
//! from its SORT UNIQUE, in its order) that every other branch has
//! (INTERSECTION) or that no other branch has (MINUS). The first branch
//! is started and fetched first (its sort runs first), then each other
//! branch is read to its end into a set of its rows; NULLs compare equal.

use super::set_merge::SetMerge;
use super::*;
use crate::exec::hash_area::key_bytes;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::UnionAll { branches, current, merge, .. } = kind else { unreachable!() };
    *current = 0;
    if let Some(m) = merge {
        m.others.clear();
        m.built = false;
        if let Some(r) = &mut m.rec {
            r.reset();
        }
    }
    if let Some((b, _)) = branches.first_mut() {
        b.open(rt, env, keep_pins)?;
    }
    Ok(())
}

#[inline(always)]
pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
    let OpKind::UnionAll { branches, out_src, current, merge } = kind else { unreachable!() };
    if let Some(m) = merge {
        if let Some(r) = &mut m.rec {
            return super::recursive_with::next(r, branches, *out_src, rt, env);
        }
        return merge_next(m, branches, *out_src, rt, env);
    }
    loop {
        let Some((b, exprs)) = branches.get_mut(*current) else { return Ok(false) };
        if b.next(rt, env)? {
            let mut out = Vec::with_capacity(exprs.len());
            for e in exprs.iter() {
                out.push(rt.eval(e, env)?);
            }
            env.gen[*out_src] = out;
            return Ok(true);
        }
        *current += 1;
        if let Some((b, _)) = branches.get_mut(*current) {
            b.open(rt, env, false)?;
        }
    }
}

/// The row `exprs` project, evaluated.
fn row(rt: &mut Rt<'_>, env: &Env, exprs: &[CExpr]) -> Result<Vec<Value>, Box<LabError>> {
    let mut out = Vec::with_capacity(exprs.len());
    for e in exprs {
        out.push(rt.eval(e, env)?);
    }
    Ok(out)
}

#[inline(never)]
fn merge_next(
    m: &mut SetMerge,
    branches: &mut [(Op, Vec<CExpr>)],
    out_src: usize,
    rt: &mut Rt<'_>,
    env: &mut Env,
) -> Result<bool, Box<LabError>> {
    let Some(((first, first_exprs), rest)) = branches.split_first_mut() else { return Ok(false) };
    let mut have = first.next(rt, env)?;
    let mut held = if have { row(rt, env, first_exprs)? } else { Vec::new() };
    if !m.built {
        m.built = true;
        // An empty first branch: MINUS and INTERSECTION return nothing,
        // and Oracle starts no other branch.
        if !have {
            return Ok(false);
        }
        for (b, exprs) in rest.iter_mut() {
            b.open(rt, env, false)?;
            let mut set = std::collections::HashSet::new();
            let mut n = 0u64;
            while b.next(rt, env)? {
                let r = row(rt, env, exprs)?;
                let mut k = Vec::new();
                key_bytes(&r, &mut k);
                if set.insert(k) {
                    rt.k.stats.work.rows_held += 1;
                }
                n += 1;
                if n & 1023 == 0 {
                    rt.work.check(rt.k.stats).map_err(Box::new)?;
                }
            }
            m.others.push(set);
        }
    }
    while have {
        key_bytes(&held, &mut m.key);
        let keep = if m.minus {
            !m.others.iter().any(|s| s.contains(&m.key))
        } else {
            m.others.iter().all(|s| s.contains(&m.key))
        };
        if keep {
            env.gen[out_src] = held;
            return Ok(true);
        }
        have = first.next(rt, env)?;
        if have {
            held = row(rt, env, first_exprs)?;
        }
    }
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    #[test]
    fn each_branch_in_turn() {
        let s = run("select 1 from dual union all select 2 from dual union all select 3 from dual;");
        assert_eq!(line(&s, "UNION-ALL").a_rows, 3);
        assert_eq!(rows(&s), ["1", "2", "3"]);
    }
}
