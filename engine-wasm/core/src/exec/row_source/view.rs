//! VIEW over a non-mergeable subquery: each row of its child projected
//! into a generated source (the row buffer reused: no allocation per row).

use super::*;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::View { child, count, .. } = kind else { unreachable!() };
    *count = 0;
    child.open(rt, env, keep_pins)
}

#[inline(always)]
pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
    let OpKind::View { child, exprs, out_src, numbers, count, more } = kind else { unreachable!() };
    loop {
        if !project(child, (exprs, *out_src, *numbers, count), rt, env)? {
            return Ok(false);
        }
        if rt.test_all(&more.filter, env)? {
            return Ok(true);
        }
    }
}

/// The child's next row projected into the view's source; false at its end.
#[inline(always)]
fn project(
    child: &mut Op,
    (exprs, out_src, numbers, count): (&[CExpr], usize, bool, &mut u64),
    rt: &mut Rt<'_>,
    env: &mut Env,
) -> Result<bool, Box<LabError>> {
    if !child.next(rt, env)? {
        return Ok(false);
    }
    // ROWNUM in the view's select list is the view's own row number.
    let outer = env.rownum;
    if numbers {
        *count += 1;
        env.rownum = *count;
    }
    // Reuse the row buffer: no allocation per row.
    let mut out = std::mem::take(&mut env.gen[out_src]);
    out.clear();
    let mut r = Ok(());
    for e in exprs.iter() {
        match rt.eval(e, env) {
            Ok(v) => out.push(v),
            Err(err) => {
                r = Err(err);
                break;
            }
        }
    }
    env.rownum = outer;
    env.gen[out_src] = out;
    r.map(|_| true).map_err(Into::into)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    /// A non-mergeable view (an aggregate) projects its rows into its
    /// source; the FILTER above reads them.
    #[test]
    fn projects_the_subquery_rows() {
        let q = "select * from (select grp, count(*) c from t group by grp) where c > 0 order by grp;";
        let s = run(&format!("{}{q}", table_t(300)));
        assert_eq!(line(&s, "VIEW").a_rows, 3);
        assert_eq!(rows(&s), ["0|100", "1|100", "2|100"]);
    }
}
