//! UNION-ALL: each branch's rows in turn, projected into one source; a
//! branch is started when the one before it ends.

use super::*;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::UnionAll { branches, current, .. } = kind else { unreachable!() };
    *current = 0;
    if let Some((b, _)) = branches.first_mut() {
        b.open(rt, env, keep_pins)?;
    }
    Ok(())
}

#[inline(always)]
pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
    let OpKind::UnionAll { branches, out_src, current } = kind else { unreachable!() };
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
