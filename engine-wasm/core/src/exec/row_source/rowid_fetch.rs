//! TABLE ACCESS BY INDEX ROWID as the inner row source of a batched
//! nested loop (NLJ batching): one row per start, the rowid set by the
//! outer join's index probe; the visit is `table_access_by_rowid::fetch`.

use super::*;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, keep_pins: bool) {
    let OpKind::RowidFetch { pinned, ready, .. } = kind else { unreachable!() };
    *ready = true;
    if !keep_pins {
        *pinned = None;
    }
}

#[inline(always)]
pub(super) fn next(
    kind: &mut OpKind,
    rt: &mut Rt<'_>,
    env: &mut Env,
    line: u16,
    st: usize,
) -> Result<bool, Box<LabError>> {
    let OpKind::RowidFetch { table, src, pinned, filter, ready } = kind else { unreachable!() };
    // Batched nested loop: the rowid the outer join just found.
    if !std::mem::take(ready) {
        return Ok(false);
    }
    Ok(table_access_by_rowid::fetch(rt, env, (line, st), (*table, *src), false, false, pinned, filter)? == Some(true))
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    /// NLJ batching (11g and later): the second loop fetches each row the
    /// probe found, one start per outer row.
    #[test]
    fn batched_fetch_per_outer_row() {
        // FULL(a): the outer table's own rowid access (its range on the
        // primary key costs less than its full scan since issue 31) would
        // be the first TABLE ACCESS BY INDEX ROWID line.
        let q =
            "select /*+ leading(a) full(a) use_nl(b) */ count(b.pad) from t a, t b where b.id = a.id and a.id <= 5;";
        let s = run(&format!("{}{q}", table_t(300)));
        let l = line(&s, "TABLE ACCESS BY INDEX ROWID");
        assert_eq!((l.starts, l.a_rows), (5, 5));
        assert_eq!(rows(&s), ["5"]);
    }
}
