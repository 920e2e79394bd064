//! TABLE ACCESS BY INDEX ROWID: for each rowid its child (an index scan)
//! finds, a visit to the table block the rowid names, kept pinned while
//! the next rowid is in the same block; after a unique probe the
//! examination shortcut (the row fetched via callback); a migrated row
//! reads its body's block too. Per line: the table gets and revisits,
//! `table fetch by rowid`, `table fetch continued row`.

use super::*;

#[inline(always)]
pub(super) fn open(
    kind: &mut OpKind,
    rt: &mut Rt<'_>,
    env: &mut Env,
    keep_pins: bool,
    line: u16,
) -> Result<(), Box<LabError>> {
    let OpKind::ByRowid { child, pinned, .. } = kind else { unreachable!() };
    if !keep_pins {
        *pinned = None;
    }
    child.open(rt, env, keep_pins)?;
    // Under a local index's PARTITION line: started once per partition.
    if let OpKind::IndexRange { parts: Some(ps), .. } | OpKind::IndexUnique { parts: Some(ps), .. } = &child.kind {
        if ps.global.is_none() {
            let s = &mut rt.lines[line as usize].starts;
            *s = (*s + ps.active_count() as u64).saturating_sub(1);
            super::partition_scan::subpartition_line_starts(ps, rt, line);
        }
    }
    Ok(())
}

#[inline(always)]
pub(super) fn next(
    kind: &mut OpKind,
    rt: &mut Rt<'_>,
    env: &mut Env,
    line: u16,
    st: usize,
) -> Result<bool, Box<LabError>> {
    let OpKind::ByRowid { table, src, child, unique_child, read_optim, pinned, filter } = kind else { unreachable!() };
    loop {
        if !child.next(rt, env)? {
            return Ok(false);
        }
        match fetch(rt, env, (line, st), (*table, *src), *unique_child, *read_optim, pinned, filter)? {
            Some(true) => return Ok(true),
            Some(false) => continue,
            None => return Ok(false),
        }
    }
}

/// At most one row per start after a unique probe.
#[inline]
pub(super) fn at_most_one_row(kind: &OpKind) -> bool {
    let OpKind::ByRowid { child, unique_child, .. } = kind else { unreachable!() };
    *unique_child && matches!(child.kind, OpKind::IndexUnique { .. })
}

/// Visit the table row the index entry in `env` points at (TABLE ACCESS BY
/// INDEX ROWID): `Some(passed the filter)`, or `None` when the table has no
/// heap segment. `unique_probe`: the rowid came from a unique probe (the
/// examination shortcut, unless a filter turns it off in this release).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn fetch(
    rt: &mut Rt<'_>,
    env: &mut Env,
    (line, st): (u16, usize),
    (table, src): (TableId, usize),
    unique_probe: bool,
    read_optim: bool,
    pinned: &mut Option<u32>,
    filter: &[CExpr],
) -> Result<Option<bool>, Box<LabError>> {
    let t = &rt.cat.tables[table];
    let r = env.rows[src] as usize;
    if read_optim && env.memopt_hit {
        // The row came from the memoptimize buffer area: no get.
        return Ok(Some(rt.test_all(filter, env)?));
    }
    // A partitioned table's row is in its partition's segment.
    let seg = if t.part.is_some() { t.row_seg(rt.cat, r as u32) } else { t.heap_seg() };
    let Some(seg) = seg else { return Ok(None) };
    // The rowid in the index entry names the block.
    let b = match env.blocks[src] {
        crate::storage::NO_BLOCK => t.loc[r].block,
        b => b,
    };
    // (The pinned buffer is told by its segment too: the partitions' block
    // numbers repeat.)
    let pin = if t.part.is_some() { b ^ (seg << 22) } else { b };
    // 11.1.0.7/11.2.0.1: a filter on the row turns the shortcut off.
    let shortcut = unique_probe && (filter.is_empty() || !rt.k.profile.filtered_unique_probe_pins);
    if shortcut {
        // Shortcut path: examination get, row fetched via callback; neither
        // the index entry's rowid visit nor the row fetch finds the table
        // buffer pinned.
        rt.k.stats.access.buffer_is_not_pinned += 2;
        rt.shortcut_get(line, st, seg, b);
        rt.k.stats.access.table_fetch_by_rowid += 1;
        rt.k.stats.access.rows_fetched_via_callback += 1;
        if rt.k.profile.callback_fetch_pin_check {
            rt.k.stats.access.buffer_is_not_pinned += 1;
        }
    } else {
        if *pinned == Some(pin) {
            rt.revisit(line, st, seg, b);
        } else {
            rt.k.stats.access.buffer_is_not_pinned += 1;
            rt.get(line, st, seg, b, GetKind::Normal, true);
            *pinned = Some(pin);
        }
        // The row is read from the buffer now pinned.
        rt.revisit(line, st, seg, b);
        rt.k.stats.access.table_fetch_by_rowid += 1;
    }
    // Only a table with migrated rows pays for the check (the row's place is
    // another cache line).
    if !t.migrated.is_empty() && t.loc[r].is_migrated() {
        rt.continued_row(line, st, seg, t, r as u32);
    }
    Ok(Some(rt.test_all(filter, env)?))
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    /// One table visit per rowid the index scan finds (the query runs
    /// twice: the first one's hard parse adds recursive lookups). A range
    /// scan's access is BATCHED from 12.1 (plan/batched.rs).
    #[test]
    fn one_fetch_per_rowid() {
        let s = run(&format!("{}select pad from t where id < 3;\nselect pad from t where id < 3;", table_t(3000)));
        let l = line(&s, "TABLE ACCESS BY INDEX ROWID BATCHED");
        assert_eq!((l.starts, l.a_rows), (1, 2));
        assert_eq!(stat(&s, "table fetch by rowid"), 2);
    }
}
