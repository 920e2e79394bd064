//! INDEX FAST FULL SCAN: every block of the index in block order (the
//! segment's space-management gets, then branch and leaf blocks, as a
//! full table scan reads a table), the leaves' entries as rows. Per
//! line: one get per block, `index fast full scans (full)`.

use super::*;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind, rt: &mut Rt<'_>) {
    let OpKind::IndexFast { started, sample, .. } = kind else { unreachable!() };
    *started = false;
    if let Some(s) = sample {
        s.start(rt.k.cost.now_us());
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
    let OpKind::IndexFast { index, src, block, pos, started, filter, sample } = kind else { unreachable!() };
    let ix = &rt.cat.indexes[*index];
    let (bt, seg) = (&ix.btree, ix.seg);
    if !*started {
        *started = true;
        rt.k.stats.access.index_fast_full_scans_full += 1;
        for _ in 0..rt.k.profile.full_scan_header_gets {
            rt.get(line, st, seg, 0, GetKind::Normal, false);
        }
        *block = 1;
        *pos = 0;
    }
    let first_leaf = bt.leaf_block(0);
    let n = bt.len();
    loop {
        // Entries of the leaves already read, then the next block.
        let leaves_read = block.saturating_sub(first_leaf) as usize;
        let read_to = bt.leaf_start.get(leaves_read).map_or(n, |&s| s as usize).min(n);
        if *pos < read_to {
            let p = *pos;
            *pos += 1;
            if sample.as_ref().is_some_and(|s| !s.row_kept(*block, p as u64)) {
                continue;
            }
            rt.pinned_read(st);
            env.rows[*src] = bt.row_at(p);
            env.blocks[*src] = bt.rowid_block_at(p);
            if rt.test_all(filter, env)? {
                return Ok(true);
            }
            continue;
        }
        if *block >= bt.blocks() {
            return Ok(false);
        }
        // A block sample reads only the blocks it keeps (branch blocks
        // too: they hold no entries).
        if sample.as_ref().is_none_or(|s| s.block_kept(*block)) {
            rt.get(line, st, seg, *block, GetKind::Normal, true);
        } else {
            let from = *pos;
            let leaves_read = (*block + 1).saturating_sub(first_leaf) as usize;
            *pos = bt.leaf_start.get(leaves_read).map_or(n, |&s| s as usize).min(n).max(from);
        }
        *block += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    /// A count over the smaller index: every entry, one fast full scan.
    #[test]
    fn every_entry() {
        let s = run(&format!("{}select count(*) from t;", table_t(3000)));
        let l = line(&s, "INDEX FAST FULL SCAN");
        assert_eq!((l.starts, l.a_rows), (1, 3000));
        assert_eq!(stat(&s, "index fast full scans (full)"), 1);
    }
}
