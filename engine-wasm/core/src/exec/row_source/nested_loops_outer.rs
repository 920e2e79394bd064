//! NESTED LOOPS OUTER: like NESTED LOOPS, and an outer row the inner
//! side matched no row for comes out once with the inner sources NULL.
//! NESTED LOOPS SEMI returns an outer row at its first inner match (the
//! inner scan stops there); NESTED LOOPS ANTI an outer row the inner side
//! has no row for (stopping at the first match).

use super::*;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::NestedLoopsOuter { outer, inner_active, .. } = kind else { unreachable!() };
    *inner_active = false;
    outer.open(rt, env, keep_pins)
}

#[inline(always)]
pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
    let OpKind::NestedLoopsOuter { outer, inner, inner_srcs, inner_active, matched, mode } = kind else {
        unreachable!()
    };
    loop {
        if !*inner_active {
            if !outer.next(rt, env)? {
                return Ok(false);
            }
            inner.open(rt, env, false)?;
            *inner_active = true;
            *matched = false;
        }
        if inner.next(rt, env)? {
            *matched = true;
            if !mode.once() {
                return Ok(true);
            }
            // A semi join's row is out, an anti join's is not: either way
            // the inner side is not read further.
            *inner_active = false;
            if *mode == JoinMode::Semi {
                return Ok(true);
            }
            continue;
        }
        *inner_active = false;
        if !*matched && *mode != JoinMode::Semi {
            // No inner row: the outer row with NULLs for the inner side.
            for &s in inner_srcs.iter() {
                env.rows[s] = u32::MAX;
                env.gen[s].clear();
            }
            return Ok(true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    /// Outer rows with no inner match come out once, the inner side NULL
    /// (id 301 does not exist). USE_NL: by cost the join is a hash join.
    #[test]
    fn unmatched_rows_with_nulls() {
        let q = "select /*+ use_nl(b) */ a.id, b.id from t a left join t b on b.id = a.id + 298 where a.id <= 3 order by a.id;";
        let s = run(&format!("{}{q}", table_t(300)));
        assert_eq!(line(&s, "NESTED LOOPS OUTER").a_rows, 3);
        assert_eq!(rows(&s), ["1|299", "2|300", "3|null"]);
    }
}
