//! FIXED TABLE FULL: the rows of a `V$` view, taken when the statement
//! executed (`Rt::fixed`), from memory: no buffer visit.

use super::*;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind) {
    let OpKind::FixedTable { next, .. } = kind else { unreachable!() };
    *next = 0;
}

#[inline(always)]
pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
    let OpKind::FixedTable { src, slot, next, filter } = kind else { unreachable!() };
    loop {
        let Some(rows) = rt.fixed.get(*slot) else { return Ok(false) };
        if !rows.row_into(*next, &mut env.gen[*src]) {
            return Ok(false);
        }
        *next += 1;
        if rt.test_all(filter, env)? {
            return Ok(true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    #[test]
    fn rows_from_memory() {
        let s = run("select count(*) from v$version;");
        let l = line(&s, "FIXED TABLE FULL");
        assert_eq!(l.buffers, 0);
        assert!(l.a_rows > 0);
    }
}
