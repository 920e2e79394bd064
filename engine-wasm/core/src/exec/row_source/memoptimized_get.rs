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
    let g = &rt.k.params.grid;
    let (lookup_us, fetch_us) = (g.memopt_lookup_us, g.memopt_fetch_us);
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

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    /// Before population the hash index misses (the probe descends);
    /// after it the row comes from the memoptimize pool.
    #[test]
    fn miss_then_hit() {
        let setup = "LAB VERSION 18c;\n\
             alter system set memoptimize_pool_size = 100M scope=spfile;\n\
             shutdown immediate\n\
             startup\n\
             create table m (key integer not null, value varchar2(30), constraint m_pk primary key (key))\n\
               segment creation immediate memoptimize for read;\n\
             insert into m select level, 'v' || level from dual connect by level <= 100;\n\
             commit;\n";
        let q = "select value from m where key = 42;\nselect value from m where key = 42;\n";
        let s = run(&format!("{setup}{q}"));
        assert_eq!(stat(&s, "memopt r lookups"), 1);
        assert_eq!(stat(&s, "memopt r hits"), 0);
        let s = run(&format!("{setup}exec dbms_memoptimize.populate(schema_name => user, table_name => 'M')\n{q}"));
        assert_eq!(stat(&s, "memopt r hits"), 1);
        assert_eq!(rows(&s), ["v42"]);
    }
}
