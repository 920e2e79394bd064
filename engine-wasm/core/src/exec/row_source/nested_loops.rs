//! NESTED LOOPS: for each outer row, the inner row source restarted and
//! read to its end (or, after a unique probe, to its one row). The loop
//! tells the inner side when the outer row source moved to a new block
//! (`Rt::outer_moved`), which decides the kept leaf pins (`pins.rs`).
//! MERGE JOIN CARTESIAN is this loop over a BUFFER SORT (a SORT JOIN
//! without keys, `merge_join.rs`): its child read once, its rows handed
//! back for each outer row.

use super::*;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
    let OpKind::NestedLoops { outer, inner, inner_active, .. } = kind else { unreachable!() };
    *inner_active = false;
    // MERGE JOIN CARTESIAN's BUFFER SORT: read again in a new execution.
    if let OpKind::SortJoin { state, .. } = &mut inner.kind {
        state.sorted = false;
    }
    outer.open(rt, env, keep_pins)
}

#[inline(always)]
pub(super) fn next(kind: &mut OpKind, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
    let OpKind::NestedLoops { outer, inner, inner_active, keep_inner_pins, last_outer } = kind else { unreachable!() };
    loop {
        if !*inner_active {
            if !outer.next(rt, env)? {
                return Ok(false);
            }
            let b = outer.current_block();
            rt.outer_moved = b != *last_outer;
            *last_outer = b;
            inner.open(rt, env, *keep_inner_pins)?;
            rt.outer_moved = false;
            *inner_active = true;
        }
        if inner.next(rt, env)? {
            // A unique probe has nothing more for this outer row:
            // asking it again would only return "no row".
            if inner.at_most_one_row() {
                *inner_active = false;
            }
            return Ok(true);
        }
        *inner_active = false;
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    /// The inner row source starts once per outer row.
    #[test]
    fn inner_starts_per_outer_row() {
        let q = "select /*+ leading(a) use_nl(b) */ count(*) from t a, t b where b.id = a.id and a.grp = 0;";
        let s = run(&format!("{}{q}", table_t(300)));
        let l = line(&s, "INDEX UNIQUE SCAN");
        assert_eq!((l.starts, l.a_rows), (100, 100));
        assert_eq!(line(&s, "NESTED LOOPS").a_rows, 100);
    }
}
