//! FILTER: its child's rows that pass the predicates (the FILTER with
//! subqueries is `subquery_filter.rs`). A start-up filter (`startup:
//! Some(..)`, plan/startup.rs) tests its predicates once when opened and
//! keeps the result: when false its child is never started.

use super::*;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::Filter { child, preds, startup } = kind else { unreachable!() };
    if let Some(pass) = startup {
        // Tested once: when false, the child is never started.
        *pass = rt.test_all(preds, env)?;
        if !*pass {
            return Ok(());
        }
    }
    child.open(rt, env, keep_pins)
}

#[inline(always)]
pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
    let OpKind::Filter { child, preds, startup } = kind else { unreachable!() };
    match startup {
        Some(false) => return Ok(false),
        Some(true) => return child.next(rt, env),
        None => {}
    }
    loop {
        if !child.next(rt, env)? {
            return Ok(false);
        }
        if rt.test_all(preds, env)? {
            return Ok(true);
        }
    }
}

/// BITMAP CONVERSION COUNT: its child's rows (a bit each), its line
/// counting one a piece.
pub(super) fn next_count(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, line: u16) -> Result<bool, Box<LabError>> {
    let OpKind::BitmapCount(child) = kind else { unreachable!() };
    // The child's line counts a row a piece (index_range_scan.rs).
    let before = rt.lines[child.line as usize].a_rows;
    if !child.next(rt, env)? {
        return Ok(false);
    }
    if rt.lines[child.line as usize].a_rows == before {
        let l = &mut rt.lines[line as usize];
        l.a_rows = l.a_rows.saturating_sub(1);
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    /// The predicate left above a view filters its rows.
    #[test]
    fn keeps_the_rows_that_pass() {
        let q = "select * from (select grp, count(*) c from t where id <= 4 group by grp) where c > 1;";
        let s = run(&format!("{}{q}", table_t(300)));
        let l = line(&s, "FILTER");
        assert_eq!((l.starts, l.a_rows), (1, 1));
        assert_eq!(rows(&s), ["1|2"]);
    }
}
