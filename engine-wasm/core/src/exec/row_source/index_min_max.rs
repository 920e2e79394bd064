//! INDEX FULL SCAN (MIN/MAX) / INDEX RANGE SCAN (MIN/MAX): the first
//! (`max` false) or last in-range entry of an index, reached by one
//! descent; one row per start. Per line: the descent's gets,
//! `index scans kdiixs1`.

use super::*;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind) {
    let OpKind::IndexMinMax { done, .. } = kind else { unreachable!() };
    *done = false;
}

#[inline(always)]
pub(super) fn next(
    kind: &mut OpKind,
    rt: &mut Rt<'_>,
    env: &mut Env,
    line: u16,
    st: usize,
) -> Result<bool, Box<LabError>> {
    let OpKind::IndexMinMax { index, low, high, src, max, done, filter } = kind else { unreachable!() };
    if *done {
        return Ok(false);
    }
    *done = true;
    let lowv = match low.as_ref() {
        Some((e, incl)) => Some((rt.eval(e, env)?, *incl)),
        None => None,
    };
    let highv = match high.as_ref() {
        Some((e, incl)) => Some((rt.eval(e, env)?, *incl)),
        None => None,
    };
    let ix = &rt.cat.indexes[*index];
    let (bt, seg) = (&ix.btree, ix.seg);
    rt.k.stats.access.index_scans_kdiixs1 += 1;
    let n = bt.len();
    // From the first entry in range to one past the last (NULL
    // keys sort last and are never a MIN or MAX).
    let null_bound =
        lowv.as_ref().is_some_and(|(v, _)| v.is_null()) || highv.as_ref().is_some_and(|(v, _)| v.is_null());
    let (lo, hi) = if null_bound {
        (0, 0)
    } else {
        let lo = lowv.as_ref().map_or(0, |(v, incl)| bt.first_bound(v, *incl));
        let mut hi = highv.as_ref().map_or(n, |(v, incl)| bt.first_bound(v, !*incl));
        while hi > 0 && bt.first_is_null(hi - 1) {
            hi -= 1;
        }
        (lo, hi)
    };
    // The entry the descent lands on, found or not.
    let at = if *max { hi.saturating_sub(1) } else { lo };
    if n > 0 {
        let leaf = bt.leaf_of(at.min(n - 1));
        for level in 0..bt.level_counts.len() - 1 {
            rt.get(line, st, seg, bt.path_block(level, leaf), GetKind::Examination, false);
        }
        rt.get(line, st, seg, bt.leaf_block(leaf), GetKind::Normal, true);
    }
    if lo >= hi {
        return Ok(false);
    }
    env.rows[*src] = bt.row_at(at);
    env.blocks[*src] = bt.rowid_block_at(at);
    Ok(rt.test_all(filter, env)?)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    #[test]
    fn one_descent_one_row() {
        let s = run(&format!("{}select max(id) from t;", table_t(300)));
        let l = line(&s, "INDEX FULL SCAN (MIN/MAX)");
        assert_eq!((l.starts, l.a_rows), (1, 1));
        assert_eq!(rows(&s), ["300"]);
    }
}
