//! COUNT STOPKEY: numbers its child's rows (ROWNUM) and stops asking the
//! child once `limit` rows have passed; as FIRST ROW (above a MIN/MAX
//! index scan) it stops without numbering them.

use super::*;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::CountStopkey { child, count, .. } = kind else { unreachable!() };
    *count = 0;
    child.open(rt, env, keep_pins)
}

#[inline(always)]
pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
    let OpKind::CountStopkey { child, limit, count, first_row } = kind else { unreachable!() };
    if *count >= *limit || !child.next(rt, env)? {
        return Ok(false);
    }
    *count += 1;
    if !*first_row {
        env.rownum = *count;
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    /// The scan below stops after the rows asked for.
    #[test]
    fn stops_its_child() {
        // Every column: the primary key index does not cover it (a fast
        // full scan of it costs less than the table's since issue 31).
        let s = run(&format!("{}select * from t where rownum <= 7;", table_t(300)));
        assert_eq!(line(&s, "COUNT STOPKEY").a_rows, 7);
        assert_eq!(line(&s, "TABLE ACCESS FULL").a_rows, 7);
    }
}
