//! The MemOptimized Rowstore fast path of INDEX UNIQUE SCAN READ OPTIM /
//! TABLE ACCESS BY INDEX ROWID READ OPTIM (18c): the probe of the
//! MemOptimized hash index (kpoxihLookup) and, on a hit, the row from the
//! memoptimize buffer area (kpoxihFetch) with no buffer get. Per line:
//! `memopt r lookups`, `memopt r hits`, `memopt r misses`.

use super::*;

/// Probe the hash index for the entry at `found` (the key's position in
/// the index, `None` when the key is absent). True on a hit: the row is
/// in `env` (and `env.memopt_hit` set); false sends the probe down the
/// B-tree.
#[inline(always)]
pub(super) fn lookup(
    rt: &mut Rt<'_>,
    env: &mut Env,
    (line, st): (u16, usize),
    ix: &crate::catalog::Index,
    found: Option<usize>,
    src: usize,
) -> bool {
    let t = &rt.cat.tables[ix.table];
    let bt = &ix.btree;
    // kpoxihLookup: probe the MemOptimized hash index.
    let p = &rt.k.params;
    let (lookup_us, fetch_us) = (p.memopt_lookup_us, p.memopt_fetch_us);
    rt.k.stats.memopt.lookups += 1;
    let stacks = rt.stacks[st];
    let heap_seg = t.heap_seg().unwrap_or(ix.seg);
    let row = found.map(|pos| bt.row_at(pos));
    let block = row.map(|r| t.loc[r as usize].block).unwrap_or(0);
    rt.k.memopt_event(kind::MEMOPT_LOOKUP, heap_seg, block, line, stacks.memopt_lookup, lookup_us);
    if let Some(r) = row.filter(|r| rt.k.memopt.has_row(t.id, *r)) {
        rt.k.stats.memopt.hits += 1;
        // kpoxihFetch: the row comes from the buffer area.
        rt.k.memopt_event(kind::MEMOPT_READ, heap_seg, block, line, stacks.memopt_fetch, fetch_us);
        env.rows[src] = r;
        env.memopt_hit = true;
        return true;
    }
    rt.k.stats.memopt.misses += 1;
    false
}
