//! TABLE ACCESS FULL: every block of the table's segment in block order
//! (after the segment header and space-management gets), read ahead by
//! `db_file_multiblock_read_count`, read direct for a long serial scan or
//! offloaded as a smart scan on a cell. IOT and cluster rows are read in
//! block order. Per line: the gets of each block (`table scan blocks
//! gotten`, `table scan rows gotten`, `table scans (short|long tables)`).

use super::*;

#[inline(always)]
pub(super) fn open(
    kind: &mut OpKind,
    rt: &mut Rt<'_>,
    env: &Env,
    keep_pins: bool,
    line: u16,
) -> Result<(), Box<LabError>> {
    let OpKind::Full { table, next_row, pinned, started, direct, smart, parts, sample, .. } = kind else {
        unreachable!()
    };
    if let Some(s) = sample {
        s.start(rt.k.cost.now_us());
    }
    *next_row = 0;
    *started = false;
    *direct = None;
    *smart = None;
    if !keep_pins {
        *pinned = None;
    }
    if let (Some(ps), Some(pt)) = (parts.as_mut(), rt.cat.tables[*table].part.as_deref()) {
        super::partition_scan::open(ps, rt, env, pt)?;
        // Started once per partition it reads (Starts), none when pruned to none.
        let s = &mut rt.lines[line as usize].starts;
        *s = (*s + ps.active_count() as u64).saturating_sub(1);
        // A composite table's hash line, the scan's parent (numbered just above it).
        if let (Some(n), Some(l)) = (super::partition_scan::tops_read(ps, pt), line.checked_sub(1)) {
            let s = &mut rt.lines[l as usize].starts;
            *s = (*s + n as u64).saturating_sub(1);
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
    if matches!(kind, OpKind::Full { parts: Some(_), .. }) {
        return super::partition_scan::next(kind, rt, env, line, st);
    }
    let OpKind::Full { table, src, filter, next_row, pinned, started, order, order_at, smart, direct, sample, .. } =
        kind
    else {
        unreachable!()
    };
    let t = &rt.cat.tables[*table];
    let Some(seg) = rt.cat.scan_segment(t) else { return Ok(false) };
    let blocks = rt.cat.table_blocks(t);
    if !*started {
        *started = true;
        start(rt, t, (seg, blocks), (line, st), (order, order_at), smart, direct);
    }
    loop {
        let i = *next_row as usize;
        if i >= t.rows.len() {
            return Ok(false);
        }
        let r = if order.is_empty() { i as u32 } else { order[i] };
        *next_row += 1;
        let l = t.loc[r as usize];
        let b = l.block;
        if b == crate::storage::NO_BLOCK {
            // A deleted row's slot a SHRINK SPACE purged: in no block.
            continue;
        }
        if let Some(s) = sample.as_deref() {
            // A block sample skips the blocks it does not keep unread; a
            // row sample reads every block and returns some rows.
            if !s.block_kept(b) {
                continue;
            }
            if *pinned != Some(b) {
                visit(rt, (line, st), (seg, blocks), b, smart, direct);
                *pinned = Some(b);
            }
            if l.is_dead() || !s.row_kept(b, u64::from(r)) {
                continue;
            }
        }
        if *pinned != Some(b) {
            visit(rt, (line, st), (seg, blocks), b, smart, direct);
            *pinned = Some(b);
        }
        if l.is_dead() {
            continue;
        }
        rt.pinned_read(st);
        rt.k.stats.access.table_scan_rows += 1;
        env.rows[*src] = r;
        if rt.test_all(filter, env)? {
            return Ok(true);
        }
    }
}

/// A visit of block `b` of segment `seg` (of `blocks` blocks): through
/// the cache (reading ahead on a miss), by direct read or smart scan.
#[inline(always)]
pub(super) fn visit(
    rt: &mut Rt<'_>,
    (line, st): (u16, usize),
    (seg, blocks): (u32, u64),
    b: u32,
    smart: &mut Option<Box<crate::io::exadata::SmartScan>>,
    direct: &mut Option<(u32, u32)>,
) {
    match (smart.as_mut(), direct.as_mut()) {
        (Some(scan), _) => rt.smart_get(line, st, scan, b),
        (None, None) => rt.scan_get(line, st, seg, b, blocks),
        (None, Some(range)) => {
            let stacks: &[OpStacks] = rt.stacks;
            if !(range.0..range.1).contains(&b) {
                let n = (blocks.saturating_sub(b as u64)).clamp(1, rt.mbrc.max(1) as u64) as u32;
                rt.k.direct_read(seg, b, n, line, &stacks[st]);
                *range = (b, b + n);
            }
            rt.lines[line as usize].own_buffers += rt.k.direct_get(&stacks[st]);
        }
    }
    rt.k.stats.access.table_scan_blocks += 1;
}

/// The scan's first row of segment `seg` (of `blocks` blocks): its header
/// and space-management gets, short or long table, direct read or smart
/// scan, and the block order of IOT and cluster rows.
#[inline(always)]
pub(super) fn start(
    rt: &mut Rt<'_>,
    t: &crate::catalog::Table,
    (seg, blocks): (u32, u64),
    (line, st): (u16, usize),
    (order, order_at): (&mut Vec<u32>, &mut u64),
    smart: &mut Option<Box<crate::io::exadata::SmartScan>>,
    direct: &mut Option<(u32, u32)>,
) {
    // Segment header and space-management blocks first.
    for _ in 0..t.full_scan_header_gets(rt.k.profile.full_scan_header_gets) {
        rt.get(line, st, seg, 0, GetKind::Normal, false);
    }
    // Oracle's short-table threshold: 2% of the buffer cache.
    let stt = rt.k.cache.small_table_threshold();
    if blocks <= stt {
        rt.k.stats.access.table_scans_short += 1;
    } else {
        rt.k.stats.access.table_scans_long += 1;
        let (cached, dirty) = rt.k.cache.segment_buffers(seg);
        if let (Some(shape), TableStorage::Heap { .. }) = (rt.k.io.smart_scan(seg), &t.storage) {
            // A long scan of a heap segment on a cell is
            // offloaded; DBWR first writes its dirty buffers
            // (the cell reads the blocks from disk).
            if dirty > 0 {
                let stacks: &[OpStacks] = rt.stacks;
                rt.k.object_checkpoint(seg, &stacks[st]);
            }
            let bs = rt.k.cache.block_size;
            *smart =
                Some(Box::new(crate::io::exadata::SmartScan::new(seg, blocks.min(u32::MAX as u64) as u32, bs, shape)));
            rt.k.stats.gets.cell_scans += 1;
        } else if rt.direct_reads && cached * 2 < blocks && dirty * 4 < blocks {
            // A serial scan of a long table reads direct unless
            // half its blocks are cached or a quarter dirty;
            // DBWR first writes its dirty buffers.
            let stacks: &[OpStacks] = rt.stacks;
            if dirty > 0 {
                rt.k.object_checkpoint(seg, &stacks[st]);
            }
            *direct = Some((0, 0));
        }
    }
    let stale = order.len() != t.rows.len() || *order_at != t.changed_at;
    let heap = matches!(t.storage, TableStorage::Heap { .. });
    if stale && !heap {
        // IOT and cluster rows are read in block order.
        let mut o: Vec<u32> = (0..t.rows.len() as u32).collect();
        o.sort_by_key(|&r| t.loc[r as usize].block);
        *order = o;
        *order_at = t.changed_at;
    } else if stale && t.load.reordered {
        // A shrunk heap: block order, and in a block its row directory's.
        let mut o: Vec<u32> = (0..t.rows.len() as u32).collect();
        o.sort_by_key(|&r| (t.loc[r as usize].block, t.loc[r as usize].slot & !crate::storage::MIGRATED));
        *order = o;
        *order_at = t.changed_at;
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    /// Every row of the table is read once, the filter keeps a third.
    #[test]
    fn reads_every_row_and_filters() {
        let s = run(&format!("{}select count(*) from t where grp = 1;", table_t(300)));
        let l = line(&s, "TABLE ACCESS FULL");
        assert_eq!((l.starts, l.a_rows), (1, 100));
        assert_eq!(stat(&s, "table scan rows gotten"), 300);
        assert_eq!(rows(&s), ["100"]);
    }
}
