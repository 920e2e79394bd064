//! Row sources. Each operator pulls rows from its children and visits
//! buffers through the kernel. Operators that keep a buffer pinned across
//! rows remember it; a fetch-call boundary releases every pin.

use super::expr::{AggSpec, AggState, CExpr, Env, EvalCtx};
use crate::catalog::{Catalog, IndexId, TableId, TableStorage};
use crate::random::DbmsRandom;
use crate::session::kernel::{Kernel, OpStacks};
use crate::trace::{kind, GetKind};
use crate::value::Value;
use lio_sql::ast::Pos;
use lio_sql::LabError;

/// Most rows a `CONNECT BY LEVEL` or `xmltable` generator may produce.
pub const MAX_GENERATED_ROWS: i64 = 20_000_000;

/// Per plan line runtime figures.
#[derive(Debug, Clone, Copy, Default)]
pub struct LineStat {
    pub starts: u64,
    pub a_rows: u64,
    /// Gets made by this line itself (Buffers adds the children).
    pub own_buffers: u64,
}

/// Everything an operator needs while running.
pub struct Rt<'a> {
    pub cat: &'a Catalog,
    pub k: Kernel<'a>,
    pub lines: &'a mut [LineStat],
    pub binds: &'a [Value],
    pub rng: &'a mut DbmsRandom,
    pub stacks: &'a [OpStacks],
    /// The MemOptimized fast path may be taken by this execution.
    pub fast_lookup: bool,
    /// Extra per-row cost of rowsource statistics (STATISTICS_LEVEL=ALL).
    pub rowsource_stats: bool,
    /// The work the statement may still do.
    pub work: crate::session::WorkLimit,
}

impl Rt<'_> {
    #[inline]
    fn eval(&mut self, e: &CExpr, env: &Env) -> Result<Value, LabError> {
        // Binds and column references (probe keys, projections) without
        // the general evaluator.
        if let CExpr::Bind(i) = e {
            return Ok(self.binds.get(*i).cloned().unwrap_or(Value::Null));
        }
        if let Some(v) = e.column_ref(self.cat, env) {
            return Ok(v.clone());
        }
        let mut cx = EvalCtx { cat: self.cat, env, binds: self.binds, rng: self.rng };
        e.eval(&mut cx)
    }

    #[inline(always)]
    fn test_all(&mut self, preds: &[CExpr], env: &Env) -> Result<bool, LabError> {
        if preds.is_empty() {
            return Ok(true);
        }
        self.test_preds(preds, env)
    }

    #[inline(never)]
    fn test_preds(&mut self, preds: &[CExpr], env: &Env) -> Result<bool, LabError> {
        for p in preds {
            let mut cx = EvalCtx { cat: self.cat, env, binds: self.binds, rng: self.rng };
            if !p.test(&mut cx)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    #[inline(always)]
    fn get(&mut self, line: u16, st: usize, seg: u32, block: u32, kind: GetKind, no_work: bool) {
        let stacks: &[OpStacks] = self.stacks;
        self.lines[line as usize].own_buffers += self.k.get(seg, block, kind, no_work, line, &stacks[st]);
    }

    #[inline(always)]
    fn revisit(&mut self, line: u16, st: usize, seg: u32, block: u32) {
        let stacks: &[OpStacks] = self.stacks;
        self.k.revisit(seg, block, line, &stacks[st]);
    }

    /// A row source produced a row: its figures, its time, and the
    /// statement's work (checked every 1,024 rows).
    #[inline(always)]
    fn produced(&mut self, line: u16, st: usize) -> Result<(), Box<LabError>> {
        self.lines[line as usize].a_rows += 1;
        let own = self.stacks[st].own;
        let p = &self.k.params;
        let us = if self.rowsource_stats { p.row_us + p.rowsource_stats_row_us } else { p.row_us };
        self.k.cost.charge(own, us);
        self.k.stats.work.rows += 1;
        if self.k.stats.work.rows & 1023 == 0 {
            self.work.check(self.k.stats).map_err(Box::new)?;
        }
        Ok(())
    }
}

#[derive(Debug, Clone)]
pub enum RowGenKind {
    /// `CONNECT BY level <= n` on dual.
    ConnectBy(CExpr),
    /// `xmltable('a to b')`.
    Range(CExpr, CExpr),
}

#[derive(Debug, Clone)]
pub struct Op {
    pub line: u16,
    /// Index into the cursor's stack table.
    pub st: usize,
    pub kind: OpKind,
}

/// `repr(u8)`: a plain tag byte, so dispatching on the kind is one load.
#[derive(Debug, Clone)]
#[repr(u8)]
pub enum OpKind {
    /// FAST DUAL: one row, no buffer visit.
    Dual {
        src: usize,
        done: bool,
    },
    RowGen {
        src: usize,
        gen: RowGenKind,
        next: i64,
        end: i64,
    },
    Full {
        table: TableId,
        src: usize,
        filter: Vec<CExpr>,
        next_row: u32,
        pinned: Option<u32>,
        started: bool,
        order: Vec<u32>,
    },
    /// INDEX UNIQUE SCAN (heap index or IOT), optionally READ OPTIM.
    IndexUnique {
        index: IndexId,
        keys: Vec<CExpr>,
        src: usize,
        read_optim: bool,
        done: bool,
        keybuf: Vec<Value>,
        filter: Vec<CExpr>,
        finger: usize,
        leaf_hint: u32,
    },
    /// INDEX RANGE SCAN: equality on a key prefix (`keys`), or a range on
    /// the first key column (`low`/`high`, each with "inclusive").
    IndexRange {
        index: IndexId,
        keys: Vec<CExpr>,
        low: Option<(CExpr, bool)>,
        high: Option<(CExpr, bool)>,
        src: usize,
        pos: usize,
        started: bool,
        pinned_leaf: Option<u32>,
        keybuf: Vec<Value>,
        high_value: Option<(Value, bool)>,
        end: bool,
        filter: Vec<CExpr>,
    },
    ByRowid {
        table: TableId,
        src: usize,
        child: Box<Op>,
        unique_child: bool,
        read_optim: bool,
        pinned: Option<u32>,
        filter: Vec<CExpr>,
    },
    Hash {
        table: TableId,
        src: usize,
        key: CExpr,
        key_col: usize,
        bucket_rows: Vec<u32>,
        next: usize,
        started: bool,
        filter: Vec<CExpr>,
    },
    NestedLoops {
        outer: Box<Op>,
        inner: Box<Op>,
        inner_active: bool,
        keep_inner_pins: bool,
    },
    SortAggregate {
        child: Box<Op>,
        aggs: Vec<AggSpec>,
        out_src: usize,
        done: bool,
        pos: Pos,
    },
    /// VIEW over a non-mergeable subquery: projects into a generated source.
    View {
        child: Box<Op>,
        exprs: Vec<CExpr>,
        out_src: usize,
    },
    Filter {
        child: Box<Op>,
        preds: Vec<CExpr>,
    },
    /// SORT ORDER BY: materialises projected rows into its source.
    SortOrderBy {
        child: Box<Op>,
        keys: Vec<(CExpr, bool)>,
        exprs: Vec<CExpr>,
        out_src: usize,
        rows: Vec<Vec<Value>>,
        next: usize,
        sorted: bool,
    },
}

impl Op {
    /// Start (or restart for a new outer row) this row source.
    pub fn open(&mut self, rt: &mut Rt<'_>, env: &mut Env, keep_pins: bool) -> Result<(), Box<LabError>> {
        rt.lines[self.line as usize].starts += 1;
        match &mut self.kind {
            OpKind::Dual { done, .. } => *done = false,
            OpKind::RowGen { gen, next, end, .. } => {
                let (lo, hi) = match gen {
                    RowGenKind::ConnectBy(e) => (1, rt.eval(e, env)?.as_f64().unwrap_or(0.0).floor() as i64),
                    RowGenKind::Range(a, b) => {
                        let a = rt.eval(a, env)?.as_f64().unwrap_or(0.0) as i64;
                        (a, rt.eval(b, env)?.as_f64().unwrap_or(0.0) as i64)
                    }
                };
                if hi.saturating_sub(lo) >= MAX_GENERATED_ROWS {
                    return Err(Box::new(LabError::lab(
                        30,
                        format!("row generators are limited to {MAX_GENERATED_ROWS} rows in the lab"),
                        Pos::default(),
                    )));
                }
                *next = lo;
                *end = hi;
            }
            OpKind::Full { next_row, pinned, started, .. } => {
                *next_row = 0;
                *started = false;
                if !keep_pins {
                    *pinned = None;
                }
            }
            OpKind::IndexUnique { done, .. } => *done = false,
            OpKind::IndexRange { started, end, pinned_leaf, .. } => {
                *started = false;
                *end = false;
                if !keep_pins {
                    *pinned_leaf = None;
                }
            }
            OpKind::ByRowid { child, pinned, .. } => {
                if !keep_pins {
                    *pinned = None;
                }
                child.open(rt, env, keep_pins)?;
            }
            OpKind::Hash { started, .. } => *started = false,
            OpKind::NestedLoops { outer, inner_active, .. } => {
                *inner_active = false;
                outer.open(rt, env, keep_pins)?;
            }
            OpKind::SortAggregate { child, done, .. } => {
                *done = false;
                child.open(rt, env, keep_pins)?;
            }
            OpKind::View { child, .. } | OpKind::Filter { child, .. } => child.open(rt, env, keep_pins)?,
            OpKind::SortOrderBy { child, rows, next, sorted, .. } => {
                rows.clear();
                *next = 0;
                *sorted = false;
                child.open(rt, env, keep_pins)?;
            }
        }
        Ok(())
    }

    /// The row source returns at most one row per start (a unique probe),
    /// and asking it for a second row has no effect but "no row".
    #[inline]
    pub fn at_most_one_row(&self) -> bool {
        match &self.kind {
            OpKind::IndexUnique { .. } => true,
            OpKind::ByRowid { child, unique_child, .. } => {
                *unique_child && matches!(child.kind, OpKind::IndexUnique { .. })
            }
            _ => false,
        }
    }

    /// Release every pin (end of a fetch call).
    pub fn release_pins(&mut self) {
        match &mut self.kind {
            OpKind::Full { pinned, .. } | OpKind::ByRowid { pinned, .. } => {
                *pinned = None;
                if let OpKind::ByRowid { child, .. } = &mut self.kind {
                    child.release_pins();
                }
            }
            OpKind::IndexRange { pinned_leaf, .. } => *pinned_leaf = None,
            OpKind::NestedLoops { outer, inner, .. } => {
                outer.release_pins();
                inner.release_pins();
            }
            OpKind::SortAggregate { child, .. }
            | OpKind::View { child, .. }
            | OpKind::Filter { child, .. }
            | OpKind::SortOrderBy { child, .. } => child.release_pins(),
            OpKind::Dual { .. } | OpKind::RowGen { .. } | OpKind::IndexUnique { .. } | OpKind::Hash { .. } => {}
        }
    }

    /// Produce the next row into `env`; false at the end.
    pub fn next(&mut self, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
        let line = self.line;
        let st = self.st;
        let got = match &mut self.kind {
            OpKind::Full { table, src, filter, next_row, pinned, started, order } => {
                let t = &rt.cat.tables[*table];
                let Some(seg) = rt.cat.scan_segment(t) else { return Ok(false) };
                if !*started {
                    *started = true;
                    // Segment header and space-management blocks first.
                    for _ in 0..rt.k.profile.full_scan_header_gets {
                        rt.get(line, st, seg, 0, GetKind::Normal, false);
                    }
                    let blocks = rt.cat.table_blocks(t);
                    // Oracle's short-table threshold: 2% of the buffer cache.
                    if blocks as f64 <= rt.k.cache.default_buffers as f64 * 0.02 {
                        rt.k.stats.access.table_scans_short += 1;
                    } else {
                        rt.k.stats.access.table_scans_long += 1;
                    }
                    if order.is_empty() && !matches!(t.storage, TableStorage::Heap { .. }) {
                        // IOT and cluster rows are read in block order.
                        let mut o: Vec<u32> = (0..t.rows.len() as u32).collect();
                        o.sort_by_key(|&r| t.loc[r as usize].block);
                        *order = o;
                    }
                }
                loop {
                    let i = *next_row as usize;
                    if i >= t.rows.len() {
                        break false;
                    }
                    let r = if order.is_empty() { i as u32 } else { order[i] };
                    *next_row += 1;
                    let b = t.loc[r as usize].block;
                    if *pinned != Some(b) {
                        rt.get(line, st, seg, b, GetKind::Normal, true);
                        rt.k.stats.access.table_scan_blocks += 1;
                        *pinned = Some(b);
                    }
                    rt.revisit(line, st, seg, b);
                    rt.k.stats.access.table_scan_rows += 1;
                    env.rows[*src] = r;
                    if rt.test_all(filter, env)? {
                        break true;
                    }
                }
            }
            OpKind::IndexUnique { index, keys, src, read_optim, done, keybuf, filter, finger, leaf_hint } => {
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
                for level in 0..bt.level_counts.len() - 1 {
                    rt.get(line, st, ix.seg, bt.path_block(level, leaf), GetKind::Examination, false);
                }
                rt.k.stats.access.buffer_is_not_pinned += 1;
                rt.get(line, st, ix.seg, bt.leaf_block(leaf), GetKind::Examination, false);
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
                                Some((v, incl)) => {
                                    let mut p = bt.lower_bound(std::slice::from_ref(v));
                                    if !*incl {
                                        while p < bt.entries.len()
                                            && bt.first_at(p).cmp_sql(v) == std::cmp::Ordering::Equal
                                        {
                                            p += 1;
                                        }
                                    }
                                    p
                                }
                                None => 0,
                            };
                            if null_bound {
                                *pos = bt.entries.len();
                            }
                        } else {
                            *pos = bt.lower_bound(keybuf);
                        }
                        let leaf = if bt.entries.is_empty() { 0 } else { bt.leaf_of((*pos).min(bt.entries.len() - 1)) };
                        for level in 0..bt.level_counts.len() - 1 {
                            rt.get(line, st, seg, bt.path_block(level, leaf), GetKind::Examination, false);
                        }
                        let lb = bt.leaf_block(leaf);
                        if *pinned_leaf == Some(lb) {
                            rt.revisit(line, st, seg, lb);
                        } else {
                            rt.get(line, st, seg, lb, GetKind::Normal, true);
                            *pinned_leaf = Some(lb);
                        }
                    } else {
                        // Check the next entry: in the pinned leaf, or the next leaf.
                        *pos += 1;
                        if *pos >= bt.entries.len() {
                            *end = true;
                            return Ok(false);
                        }
                        let lb = bt.leaf_block(bt.leaf_of(*pos));
                        if *pinned_leaf == Some(lb) {
                            rt.revisit(line, st, seg, lb);
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
                let t = &rt.cat.tables[*table];
                let r = env.rows[*src] as usize;
                if *read_optim && env.memopt_hit {
                    // The row came from the memoptimize buffer area: no get.
                    if rt.test_all(filter, env)? {
                        break true;
                    }
                    continue;
                }
                let Some(seg) = t.heap_seg() else { break false };
                // The rowid in the index entry names the block.
                let b = match env.blocks[*src] {
                    crate::storage::NO_BLOCK => t.loc[r].block,
                    b => b,
                };
                if *unique_child {
                    // Shortcut path: examination get, row fetched via callback.
                    rt.k.stats.access.buffer_is_not_pinned += 1;
                    rt.get(line, st, seg, b, GetKind::Examination, false);
                    rt.k.stats.access.table_fetch_by_rowid += 1;
                    rt.k.stats.access.rows_fetched_via_callback += 1;
                    if rt.k.profile.callback_fetch_pin_check {
                        rt.k.stats.access.buffer_is_not_pinned += 1;
                    }
                } else if *pinned == Some(b) {
                    rt.revisit(line, st, seg, b);
                    rt.k.stats.access.table_fetch_by_rowid += 1;
                } else {
                    rt.k.stats.access.buffer_is_not_pinned += 1;
                    rt.get(line, st, seg, b, GetKind::Normal, true);
                    *pinned = Some(b);
                    rt.k.stats.access.table_fetch_by_rowid += 1;
                }
                if rt.test_all(filter, env)? {
                    break true;
                }
            },
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
                    rt.get(line, st, cl.seg, home, GetKind::Pin, true);
                    rt.k.stats.access.cluster_key_scan_block_gets += 1;
                    // Walk the overflow chain built by the inserts.
                    for &b in &cl.hash.chains[(home - 1) as usize] {
                        rt.get(line, st, cl.seg, b, GetKind::Pin, true);
                        rt.k.stats.access.cluster_key_scan_block_gets += 1;
                    }
                    bucket_rows.clear();
                    let packed = match &k {
                        Value::Num(x) => cl.hash.packed_rows(bucket, *x, bucket_rows),
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
            OpKind::NestedLoops { outer, inner, inner_active, keep_inner_pins } => loop {
                if !*inner_active {
                    if !outer.next(rt, env)? {
                        break false;
                    }
                    inner.open(rt, env, *keep_inner_pins)?;
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

    /// Row sources that produce few rows per call (or run their child
    /// loop inside one call): kept out of `next` so its frame stays small.
    #[inline(never)]
    fn next_cold(&mut self, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
        let line = self.line;
        let st = self.st;
        let got = match &mut self.kind {
            OpKind::Dual { src, done } => {
                if *done {
                    false
                } else {
                    *done = true;
                    env.gen[*src] = vec![Value::str("X")];
                    true
                }
            }
            OpKind::RowGen { src, next, end, .. } => {
                if *next > *end {
                    false
                } else {
                    env.gen[*src].clear();
                    env.gen[*src].push(Value::Num(*next as f64));
                    env.level = *next as u64;
                    // Checked: a range ending at i64::MAX ends.
                    match next.checked_add(1) {
                        Some(n) => *next = n,
                        None => *end = *next - 1,
                    }
                    true
                }
            }
            OpKind::SortAggregate { child, aggs, out_src, done, pos } => {
                if *done {
                    return Ok(false);
                }
                *done = true;
                let mut states: Vec<AggState> = vec![AggState::new(); aggs.len()];
                while child.next(rt, env)? {
                    for (a, s) in aggs.iter().zip(states.iter_mut()) {
                        match &a.arg {
                            Some(e) => match e.column_ref(rt.cat, env) {
                                Some(v) => s.add_ref(a.func, v, *pos)?,
                                None => {
                                    let v = rt.eval(e, env)?;
                                    s.add(a.func, Some(v), *pos)?
                                }
                            },
                            None => s.add(a.func, None, *pos)?,
                        }
                    }
                }
                env.gen[*out_src] = aggs.iter().zip(states.iter()).map(|(a, s)| s.result(a.func)).collect();
                true
            }
            OpKind::Filter { child, preds } => loop {
                if !child.next(rt, env)? {
                    break false;
                }
                if rt.test_all(preds, env)? {
                    break true;
                }
            },
            OpKind::SortOrderBy { child, keys, exprs, out_src, rows, next, sorted } => {
                if !*sorted {
                    *sorted = true;
                    let mut keyed: Vec<(Vec<Value>, Vec<Value>)> = Vec::new();
                    while child.next(rt, env)? {
                        // ROWNUM is assigned before the sort.
                        env.rownum += 1;
                        let mut k = Vec::with_capacity(keys.len());
                        for (e, _) in keys.iter() {
                            k.push(rt.eval(e, env)?);
                        }
                        let mut out = Vec::with_capacity(exprs.len());
                        for e in exprs.iter() {
                            out.push(rt.eval(e, env)?);
                        }
                        keyed.push((k, out));
                    }
                    let desc: Vec<bool> = keys.iter().map(|(_, d)| *d).collect();
                    keyed.sort_by(|a, b| {
                        for (i, d) in desc.iter().enumerate() {
                            let o = a.0[i].cmp_sql(&b.0[i]);
                            let o = if *d { o.reverse() } else { o };
                            if o != std::cmp::Ordering::Equal {
                                return o;
                            }
                        }
                        std::cmp::Ordering::Equal
                    });
                    rt.k.stats.access.sorts_memory += 1;
                    *rows = keyed.into_iter().map(|(_, r)| r).collect();
                }
                match rows.get(*next) {
                    Some(r) => {
                        env.gen[*out_src] = r.clone();
                        *next += 1;
                        true
                    }
                    None => false,
                }
            }
            _ => unreachable!("hot row sources are handled in next"),
        };
        if got {
            rt.produced(line, st)?;
        }
        Ok(got)
    }
}
