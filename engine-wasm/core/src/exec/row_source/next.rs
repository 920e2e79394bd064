//! The next row of the hot row sources: full scans, index probes and
//! range scans, table access by rowid, hash cluster access, MemOptimized
//! lookups and nested loops.

use super::*;
use crate::io::BlockDevice;

impl Op {
    /// Produce the next row into `env`; false at the end (timed.rs wraps it).
    pub(super) fn next_untimed(&mut self, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
        let line = self.line;
        let st = self.st;
        let got = match &mut self.kind {
            OpKind::Full { table, src, filter, next_row, pinned, started, order, order_at, smart, direct } => {
                let t = &rt.cat.tables[*table];
                let Some(seg) = rt.cat.scan_segment(t) else { return Ok(false) };
                if !*started {
                    *started = true;
                    // Segment header and space-management blocks first.
                    for _ in 0..t.full_scan_header_gets(rt.k.profile.full_scan_header_gets) {
                        rt.get(line, st, seg, 0, GetKind::Normal, false);
                    }
                    let blocks = rt.cat.table_blocks(t);
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
                            *smart = Some(Box::new(crate::io::exadata::SmartScan::new(
                                seg,
                                blocks.min(u32::MAX as u64) as u32,
                                bs,
                                shape,
                            )));
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
                    if stale && !matches!(t.storage, TableStorage::Heap { .. }) {
                        // IOT and cluster rows are read in block order.
                        let mut o: Vec<u32> = (0..t.rows.len() as u32).collect();
                        o.sort_by_key(|&r| t.loc[r as usize].block);
                        *order = o;
                        *order_at = t.changed_at;
                    }
                }
                loop {
                    let i = *next_row as usize;
                    if i >= t.rows.len() {
                        break false;
                    }
                    let r = if order.is_empty() { i as u32 } else { order[i] };
                    *next_row += 1;
                    let l = t.loc[r as usize];
                    let b = l.block;
                    if *pinned != Some(b) {
                        let blocks = rt.cat.table_blocks(t);
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
                        *pinned = Some(b);
                    }
                    if l.is_dead() {
                        continue;
                    }
                    rt.pinned_read(st);
                    rt.k.stats.access.table_scan_rows += 1;
                    env.rows[*src] = r;
                    if rt.test_all(filter, env)? {
                        break true;
                    }
                }
            }
            OpKind::IndexUnique { index, keys, src, read_optim, done, keybuf, filter, finger, leaf_hint, kept } => {
                if *done {
                    return Ok(false);
                }
                *done = true;
                // A one-column key (the common probe) needs no key buffer.
                let single;
                let key: &[Value] = if keys.len() == 1 {
                    single = rt.eval(&keys[0], env)?;
                    std::slice::from_ref(&single)
                } else {
                    keybuf.clear();
                    for k in keys.iter() {
                        let v = rt.eval(k, env)?;
                        keybuf.push(v);
                    }
                    keybuf
                };
                let ix = &rt.cat.indexes[*index];
                let t = &rt.cat.tables[ix.table];
                let bt = &ix.btree;
                let pos = bt.lower_bound_from(key, *finger);
                let ascending = pos == *finger + 1;
                *finger = pos;
                let found = bt.key_equals(pos, key);
                env.memopt_hit = false;
                if *read_optim && rt.fast_lookup {
                    // kpoxihLookup: probe the MemOptimized hash index.
                    let p = &rt.k.params;
                    let (lookup_us, fetch_us) = (p.memopt_lookup_us, p.memopt_fetch_us);
                    rt.k.stats.memopt.lookups += 1;
                    let stacks = rt.stacks[st];
                    let heap_seg = t.heap_seg().unwrap_or(ix.seg);
                    let row = if found { Some(bt.row_at(pos)) } else { None };
                    let block = row.map(|r| t.loc[r as usize].block).unwrap_or(0);
                    rt.k.memopt_event(kind::MEMOPT_LOOKUP, heap_seg, block, line, stacks.memopt_lookup, lookup_us);
                    if let Some(r) = row.filter(|r| rt.k.memopt.has_row(t.id, *r)) {
                        rt.k.stats.memopt.hits += 1;
                        // kpoxihFetch: the row comes from the buffer area.
                        rt.k.memopt_event(kind::MEMOPT_READ, heap_seg, block, line, stacks.memopt_fetch, fetch_us);
                        env.rows[*src] = r;
                        env.memopt_hit = true;
                        rt.produced(line, st)?;
                        return Ok(true);
                    }
                    rt.k.stats.memopt.misses += 1;
                }
                let leaf =
                    if bt.entries.is_empty() { 0 } else { bt.leaf_of_from(pos.min(bt.entries.len() - 1), *leaf_hint) };
                *leaf_hint = leaf;
                let holds_rows = bt.holds_rows;
                let path = if holds_rows {
                    LeafPath::Descend
                } else {
                    kept.path(leaf, true, ascending, rt.k.profile.nl_kept_leaf_trust)
                };
                kept.taken(path, leaf, false);
                if path == LeafPath::Kept {
                    rt.pinned_read(st);
                } else {
                    for level in 0..bt.level_counts.len() - 1 {
                        rt.get(line, st, ix.seg, bt.path_block(level, leaf), GetKind::Examination, false);
                    }
                    let lb = bt.leaf_block(leaf);
                    match path {
                        LeafPath::Next | LeafPath::Repeat => rt.get(line, st, ix.seg, lb, GetKind::Normal, true),
                        _ => {
                            if holds_rows {
                                // The row is in the leaf: a visit to an unpinned buffer.
                                rt.k.stats.access.buffer_is_not_pinned += 1;
                            }
                            rt.get(line, st, ix.seg, lb, GetKind::Examination, false);
                            if kept.in_loop && !holds_rows {
                                // In a loop, the descent ends checking the leaf
                                // against the pins the loop keeps.
                                rt.revisit(line, st, ix.seg, lb);
                            }
                        }
                    }
                }
                rt.k.stats.access.index_fetch_by_key += 1;
                if !found {
                    return Ok(false);
                }
                env.rows[*src] = bt.row_at(pos);
                env.blocks[*src] = bt.rowid_block_at(pos);
                rt.test_all(filter, env)?
            }
            OpKind::IndexRange {
                index,
                keys,
                low,
                high,
                src,
                pos,
                started,
                pinned_leaf,
                keybuf,
                high_value,
                end,
                filter,
                kept,
                silent,
            } => {
                let ix = &rt.cat.indexes[*index];
                let bt = &ix.btree;
                let seg = ix.seg;
                loop {
                    if *end {
                        return Ok(false);
                    }
                    if !*started {
                        *started = true;
                        // Where the previous probe's scan stopped.
                        let stopped = *pos;
                        keybuf.clear();
                        for k in keys.iter() {
                            let v = rt.eval(k, env)?;
                            keybuf.push(v);
                        }
                        rt.k.stats.access.index_scans_kdiixs1 += 1;
                        *high_value = None;
                        if keys.is_empty() {
                            // A range on the first key column.
                            let lowv = match low.as_ref() {
                                Some((e, incl)) => Some((rt.eval(e, env)?, *incl)),
                                None => None,
                            };
                            if let Some((e, incl)) = high.as_ref() {
                                *high_value = Some((rt.eval(e, env)?, *incl));
                            }
                            let null_bound = lowv.as_ref().is_some_and(|(v, _)| v.is_null())
                                || high_value.as_ref().is_some_and(|(v, _)| v.is_null());
                            *pos = match &lowv {
                                Some((v, incl)) => bt.first_bound(v, *incl),
                                None => 0,
                            };
                            if null_bound {
                                *pos = bt.entries.len();
                            }
                        } else {
                            *pos = bt.lower_bound(keybuf);
                        }
                        let leaf = if bt.entries.is_empty() { 0 } else { bt.leaf_of((*pos).min(bt.entries.len() - 1)) };
                        let path = if bt.holds_rows {
                            LeafPath::Descend
                        } else {
                            kept.path(leaf, false, *pos == stopped, rt.k.profile.nl_kept_leaf_trust)
                        };
                        kept.taken(path, leaf, true);
                        *silent = matches!(path, LeafPath::Kept | LeafPath::Next);
                        let lb = bt.leaf_block(leaf);
                        match path {
                            LeafPath::Kept => rt.pinned_read(st),
                            LeafPath::Next => rt.get_sibling(line, st, seg, lb),
                            _ => {
                                for level in 0..bt.level_counts.len() - 1 {
                                    rt.get(line, st, seg, bt.path_block(level, leaf), GetKind::Examination, false);
                                }
                                rt.get(line, st, seg, lb, GetKind::Normal, true);
                            }
                        }
                        *pinned_leaf = Some(lb);
                    } else {
                        // Check the next entry: in the pinned leaf, or the next leaf.
                        *pos += 1;
                        if *pos >= bt.entries.len() {
                            *end = true;
                            return Ok(false);
                        }
                        let lf = bt.leaf_of(*pos);
                        let lb = bt.leaf_block(lf);
                        if *pinned_leaf == Some(lb) {
                            if !(*silent && kept.leaf == Some(lf)) {
                                rt.revisit(line, st, seg, lb);
                            }
                        } else {
                            rt.get(line, st, seg, lb, GetKind::Normal, true);
                            *pinned_leaf = Some(lb);
                        }
                    }
                    let p = *pos;
                    let in_range = if keys.is_empty() {
                        p < bt.entries.len()
                            && !bt.first_at(p).is_null()
                            && match high_value.as_ref() {
                                Some((h, incl)) => match bt.first_at(p).cmp_sql(h) {
                                    std::cmp::Ordering::Less => true,
                                    std::cmp::Ordering::Equal => *incl,
                                    std::cmp::Ordering::Greater => false,
                                },
                                None => true,
                            }
                    } else {
                        bt.key_equals(p, keybuf)
                    };
                    if !in_range {
                        *end = true;
                        // A leaf the check crossed into is released; the
                        // probe's leaf stays pinned for the next outer row.
                        if let Some(k) = kept.leaf {
                            *pinned_leaf = Some(bt.leaf_block(k));
                        }
                        return Ok(false);
                    }
                    env.rows[*src] = bt.row_at(p);
                    env.blocks[*src] = bt.rowid_block_at(p);
                    if rt.test_all(filter, env)? {
                        break true;
                    }
                }
            }
            OpKind::ByRowid { table, src, child, unique_child, read_optim, pinned, filter } => loop {
                if !child.next(rt, env)? {
                    break false;
                }
                match fetch_by_rowid(rt, env, (line, st), (*table, *src), *unique_child, *read_optim, pinned, filter)? {
                    Some(true) => break true,
                    Some(false) => continue,
                    None => break false,
                }
            },
            OpKind::RowidFetch { table, src, pinned, filter, ready } => {
                // Batched nested loop: the rowid the outer join just found.
                if !std::mem::take(ready) {
                    return Ok(false);
                }
                fetch_by_rowid(rt, env, (line, st), (*table, *src), false, false, pinned, filter)? == Some(true)
            }
            OpKind::Hash { table, src, key, key_col, bucket_rows, next, started, filter } => {
                let t = &rt.cat.tables[*table];
                let TableStorage::Cluster { cluster, .. } = &t.storage else { return Ok(false) };
                let cl = &rt.cat.clusters[*cluster];
                if !*started {
                    *started = true;
                    *next = 0;
                    let k = rt.eval(key, env)?;
                    let bucket = cl.hash.bucket_of(&k);
                    let home = cl.hash.home_block(bucket);
                    rt.k.stats.access.cluster_key_scans += 1;
                    rt.k.stats.access.buffer_is_not_pinned += 1;
                    rt.get(line, st, cl.seg, home, GetKind::Pin, false);
                    rt.k.stats.access.cluster_key_scan_block_gets += 1;
                    // Walk the overflow chain built by the inserts.
                    for &b in &cl.hash.chains[(home - 1) as usize] {
                        rt.get(line, st, cl.seg, b, GetKind::Pin, false);
                        rt.k.stats.access.cluster_key_scan_block_gets += 1;
                    }
                    bucket_rows.clear();
                    let packed = match &k {
                        Value::Num(x) => x.f64_key().is_some_and(|x| cl.hash.packed_rows(bucket, x, bucket_rows)),
                        _ => false,
                    };
                    if !packed {
                        for &r in &cl.hash.bucket_rows[bucket as usize] {
                            let row = &t.rows[r as usize];
                            if row[*key_col].sql_eq(&k) {
                                bucket_rows.push(r);
                            }
                        }
                    }
                }
                loop {
                    let Some(&r) = bucket_rows.get(*next) else { break false };
                    *next += 1;
                    env.rows[*src] = r;
                    if rt.test_all(filter, env)? {
                        break true;
                    }
                }
            }
            OpKind::NestedLoops { outer, inner, inner_active, keep_inner_pins, last_outer } => loop {
                if !*inner_active {
                    if !outer.next(rt, env)? {
                        break false;
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
                    break true;
                }
                *inner_active = false;
            },
            OpKind::View { child, exprs, out_src } => {
                if child.next(rt, env)? {
                    // Reuse the row buffer: no allocation per row.
                    let mut out = std::mem::take(&mut env.gen[*out_src]);
                    out.clear();
                    for e in exprs.iter() {
                        out.push(rt.eval(e, env)?);
                    }
                    env.gen[*out_src] = out;
                    true
                } else {
                    false
                }
            }
            _ => return self.next_cold(rt, env),
        };
        if got {
            rt.produced(line, st)?;
        }
        Ok(got)
    }
}

/// Visit the table row the index entry in `env` points at (TABLE ACCESS BY
/// INDEX ROWID): `Some(passed the filter)`, or `None` when the table has no
/// heap segment. `unique_probe`: the rowid came from a unique probe (the
/// examination shortcut, unless a filter turns it off in this release).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn fetch_by_rowid(
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
    let Some(seg) = t.heap_seg() else { return Ok(None) };
    // The rowid in the index entry names the block.
    let b = match env.blocks[src] {
        crate::storage::NO_BLOCK => t.loc[r].block,
        b => b,
    };
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
        if *pinned == Some(b) {
            rt.revisit(line, st, seg, b);
        } else {
            rt.k.stats.access.buffer_is_not_pinned += 1;
            rt.get(line, st, seg, b, GetKind::Normal, true);
            *pinned = Some(b);
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
