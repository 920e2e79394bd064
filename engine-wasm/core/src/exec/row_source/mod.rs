//! Row sources. Each operator pulls rows from its children and visits
//! buffers through the kernel; a fetch-call boundary releases every pin.
//! This file declares them (one enum, [`OpKind`]) and their runtime
//! context ([`Rt`]); each operator's `open` and `next` live in its own
//! file, reached from `open.rs` and `next.rs` by static dispatch over
//! [`OpKind`]; `timed.rs` adds A-Time; `pins.rs` is a nested loop's kept leaf.

mod bitmap_combine;
pub(crate) mod bitmap_state;
mod budget;
mod connect_by;
mod count_stopkey;
mod dual;
mod filter;
mod fixed_table;
mod group_by;
mod hash_cluster;
mod hash_join;
mod index_fast_full_scan;
mod index_min_max;
mod index_range_scan;
mod index_skip_scan;
mod index_unique_scan;
mod line_stat;
mod memoptimized_get;
mod merge_join;
mod nested_loops;
mod nested_loops_outer;
mod next;
mod open;
pub(crate) mod part_state;
mod partition_scan;
mod pins;
mod recursive_with;
mod row_gen;
mod row_limit;
mod rowid_fetch;
pub mod sample;
mod scalar_subquery;
mod sequence;
pub(crate) mod set_merge;
pub(crate) mod skip_state;
mod sort_aggregate;
mod sort_order_by;
mod subq_state;
mod subquery_filter;
mod table_access_by_rowid;
mod table_access_full;
#[cfg(test)]
mod test_util;
mod timed;
mod union_all;
mod view;
mod window;
pub use crate::exec::join_mode::JoinMode;
pub use bitmap_state::{CombineState as BitmapState, How as BitmapHow};
pub use line_stat::{GroupSets, LineStat, RowGenKind, RowStats, SeqLine};
pub use pins::{KeptLeaf, LeafPath};
pub use subq_state::{RowLimitSpec, RowLimitState, ScalarCache, SubKind, SubText, WindowFilter, SCALAR_CACHE_ENTRIES};

use super::expr::{AggSpec, AggState, CExpr, Env, EvalCtx};
use crate::catalog::{Catalog, IndexId, TableId, TableStorage};
use crate::kernel::{Kernel, OpStacks};
use crate::random::DbmsRandom;
use crate::trace::{kind, GetKind};
use crate::value::Value;
use lio_sql::ast::Pos;
use lio_sql::LabError;

/// The line of an operator that has none in the plan (`ScalarSubs`).
pub const NO_LINE: u16 = u16::MAX;

/// Most rows a `CONNECT BY LEVEL` or `xmltable` generator may produce.
pub const MAX_GENERATED_ROWS: i64 = 20_000_000;

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
    pub rowsource_stats: RowStats,
    /// The work the statement may still do.
    pub work: crate::kernel::limits::WorkLimit,
    /// The lab's memory budget (MB): rows a sort holds count against it.
    pub max_memory_mb: u64,
    /// The work area a sort gets (and spills beyond).
    pub workarea: crate::exec::workarea::WorkArea,
    /// Rows of the `V$` views the statement reads (by `OpKind::FixedTable::slot`).
    pub fixed: &'a [crate::exec::fixed::FixedRows],
    /// Set by a nested loop before it restarts its inner row source: the
    /// outer row source moved to a new block since the previous outer row.
    pub outer_moved: bool,
    /// `db_file_multiblock_read_count`: blocks a full scan reads at once.
    pub mbrc: u32,
    /// Serial full scans of large tables may read direct (queries; not
    /// the scans that find the rows a DML statement changes).
    pub direct_reads: bool,
}

impl Rt<'_> {
    #[inline]
    fn eval(&mut self, e: &CExpr, env: &Env) -> Result<Value, LabError> {
        // Binds and column references (probe keys, projections) without
        // the general evaluator.
        if let CExpr::Bind(i) = e {
            return Ok(self.binds.get(*i).cloned().unwrap_or(Value::Null));
        }
        if let Some(v) = e.column_value(self.cat, env) {
            return Ok(v);
        }
        e.eval(&mut self.eval_ctx(env))
    }

    /// The evaluator's view of this row source context.
    pub fn eval_ctx<'b>(&'b mut self, env: &'b Env) -> EvalCtx<'b> {
        EvalCtx {
            cat: self.cat,
            env,
            binds: self.binds,
            rng: self.rng,
            text_work: &mut self.k.stats.work.text,
            io: Some(&*self.k.io),
        }
    }

    #[inline(always)]
    fn test_all(&mut self, preds: &[CExpr], env: &Env) -> Result<bool, LabError> {
        if preds.is_empty() {
            return Ok(true);
        }
        self.test_preds(preds, env)
    }

    /// A row rejected by a filter is work too (a scan or join can examine many rows and produce none),
    /// weighed by its predicates' size: sampled and checked every 256 such rows.
    #[inline(never)]
    fn test_preds(&mut self, preds: &[CExpr], env: &Env) -> Result<bool, LabError> {
        for p in preds {
            let mut cx = self.eval_ctx(env);
            if !p.test(&mut cx)? {
                self.k.stats.work.rows_rejected += 1;
                if self.k.stats.work.rows_rejected & 255 == 0 {
                    self.k.stats.work.rejected_nodes += 256 * crate::exec::expr_walk::node_count(preds);
                    self.work.check(self.k.stats)?;
                }
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

    /// A full scan's get of block `block` of a segment of `blocks` blocks: a miss reads ahead (`db_file_multiblock_read_count`).
    #[inline(always)]
    fn scan_get(&mut self, line: u16, st: usize, seg: u32, block: u32, blocks: u64) {
        let stacks: &[OpStacks] = self.stacks;
        let ahead = (blocks.saturating_sub(block as u64)).clamp(1, self.mbrc.max(1) as u64) as u32;
        self.lines[line as usize].own_buffers += self.k.scan_get(seg, block, ahead, line, &stacks[st]);
    }

    /// A smart scan's visit of a block (no buffer cache).
    #[cold]
    #[inline(never)]
    fn smart_get(&mut self, line: u16, st: usize, scan: &mut crate::io::exadata::SmartScan, block: u32) {
        let stacks: &[OpStacks] = self.stacks;
        self.lines[line as usize].own_buffers += self.k.smart_scan_get(scan, block, line, &stacks[st]);
    }

    /// The unique-index shortcut get of a table block (its kind: the kernel's).
    #[inline(always)]
    fn shortcut_get(&mut self, line: u16, st: usize, seg: u32, block: u32) {
        let stacks: &[OpStacks] = self.stacks;
        self.lines[line as usize].own_buffers += self.k.shortcut_get(seg, block, line, &stacks[st]);
    }

    /// A migrated row's other block, read too (`table fetch continued row`).
    #[cold]
    #[inline(never)]
    fn continued_row(&mut self, line: u16, st: usize, seg: u32, t: &crate::catalog::Table, r: u32) {
        if let Some(&body) = t.migrated.get(&r) {
            self.k.stats.access.table_fetch_continued_row += 1;
            self.get(line, st, seg, body, GetKind::Normal, true);
        }
    }

    /// A leaf reached through the kept leaf's sibling pointer.
    #[inline]
    fn get_sibling(&mut self, line: u16, st: usize, seg: u32, block: u32) {
        let stacks: &[OpStacks] = self.stacks;
        self.lines[line as usize].own_buffers += self.k.get_sibling(seg, block, line, &stacks[st]);
    }

    /// A read from a buffer held pinned that is not a pin visit (a probe
    /// served by the kept leaf, a full scan's row): its CPU only.
    #[inline(always)]
    fn pinned_read(&mut self, st: usize) {
        let stacks: &[OpStacks] = self.stacks;
        self.k.pinned_read_cpu(&stacks[st]);
    }

    #[inline(always)]
    fn revisit(&mut self, line: u16, st: usize, seg: u32, block: u32) {
        let stacks: &[OpStacks] = self.stacks;
        self.k.revisit(seg, block, line, &stacks[st]);
    }

    /// A row source produced a row: its figures, its time, and the statement's work (checked every 1,024 rows).
    #[inline(always)]
    fn produced(&mut self, line: u16, st: usize) -> Result<(), Box<LabError>> {
        let l = &mut self.lines[line as usize];
        l.a_rows += 1;
        l.last_us = self.k.cost.now_us();
        let own = self.stacks[st].own;
        let p = &self.k.params;
        if self.rowsource_stats.cpu {
            self.k.cost.charge(own, p.row_us + p.rowsource_stats_row_us);
        } else {
            self.k.cost.charge_grid(own, p.grid.row_us);
        }
        self.k.stats.work.rows += 1;
        if self.k.stats.work.rows & 1023 == 0 {
            self.work.check(self.k.stats).map_err(Box::new)?;
        }
        Ok(())
    }
}

/// A subquery run by a FILTER: its result (TRUE, FALSE or NULL) goes into
/// source `slot`, which the FILTER's predicates read.
#[derive(Debug, Clone)]
pub struct SubPlan {
    pub op: Op,
    pub kind: SubKind,
    pub slot: usize,
    /// Reads the enclosing row: run again for each row. Otherwise run once per execution and its values kept (`cache`).
    pub correlated: bool,
    pub cache: Option<Vec<Value>>,
    pub pos: Pos,
    /// Its correlation values (the text's `:B1`, ...), first read first.
    pub keys: Vec<CExpr>,
    /// Results per distinct `keys`: scalar subquery and FILTER caching.
    pub memo: Box<ScalarCache>,
    pub text: Option<Box<SubText>>,
}

impl SubPlan {
    /// A new execution: nothing kept from the last one.
    pub fn reset(&mut self) {
        self.cache = None;
        self.memo.clear();
    }
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
        /// CONNECT BY on DUAL: the DUAL row source (FAST DUAL, or the
        /// full scan of DUAL when its column is read), read for its row
        /// first; `by_rownum`: the limit was written on ROWNUM.
        child: Option<Box<Op>>,
        by_rownum: bool,
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
        /// IOT and cluster rows in block order, as of the table's change
        /// stamp `order_at` (recomputed when the table changed since).
        order: Vec<u32>,
        order_at: u64,
        /// A serial direct read (no buffer cache): the blocks
        /// `direct.0..direct.1` were read by the last direct path read.
        direct: Option<(u32, u32)>,
        /// A smart scan in progress (a long scan of a segment on a cell).
        smart: Option<Box<crate::io::exadata::SmartScan>>,
        /// A partitioned table's: the partitions it reads.
        parts: Option<Box<part_state::PartScan>>,
        /// TABLE ACCESS SAMPLE: the rows or blocks it keeps.
        sample: Option<Box<sample::SampleScan>>,
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
        /// The leaf kept pinned from the previous outer row (11g loops).
        kept: KeptLeaf,
        /// A partitioned index's: the index partitions it probes.
        parts: Option<Box<part_state::PartScan>>,
    },
    /// INDEX RANGE SCAN: equality on a key prefix (`keys`), a range (`low`/`high`, inclusive?) on the first key column, or both.
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
        /// The leaf kept pinned from the previous outer row (11g loops).
        kept: KeptLeaf,
        /// The probe reached its leaf unrecorded: checks in that leaf are not recorded either.
        silent: bool,
        /// ... DESCENDING: from the last entry in range down (`high_value` holds the low bound).
        desc: bool,
        /// INDEX SKIP SCAN: `keys` bind the columns after the leading one (`index_skip_scan.rs`).
        skip: Option<Box<skip_state::Skip>>,
        /// A bitmap index: the first entry past the piece being read.
        piece_end: u32,
        /// A bitmap index's NULL key (`col IS NULL`), not `keys`.
        nulls: bool,
        /// `keys` and a bound: the probe's entries are positions `run.0..run.1`.
        in_run: bool,
        run: (u32, u32),
        /// A partitioned index's: the index partitions it scans.
        parts: Option<Box<part_state::PartScan>>,
    },
    /// INDEX FAST FULL SCAN: every block of the index in block order (the
    /// segment's space-management gets, then branch and leaf blocks, as a
    /// full table scan reads a table), the leaves' entries as rows.
    IndexFast {
        index: IndexId,
        src: usize,
        /// Next block (from the root) and next entry.
        block: u32,
        pos: usize,
        started: bool,
        filter: Vec<CExpr>,
        /// INDEX SAMPLE FAST FULL SCAN: the entries or blocks it keeps.
        sample: Option<Box<sample::SampleScan>>,
    },
    /// INDEX FULL SCAN (MIN/MAX) / INDEX RANGE SCAN (MIN/MAX): the first
    /// (`max` false) or last in-range entry of an index, reached by one
    /// descent; one row per start.
    IndexMinMax {
        index: IndexId,
        low: Option<(CExpr, bool)>,
        high: Option<(CExpr, bool)>,
        src: usize,
        max: bool,
        done: bool,
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
    /// TABLE ACCESS BY INDEX ROWID as the inner row source of a batched
    /// nested loop (NLJ batching): one row per start, the rowid set by the
    /// outer join's index probe.
    RowidFetch {
        table: TableId,
        src: usize,
        pinned: Option<u32>,
        filter: Vec<CExpr>,
        ready: bool,
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
        /// Block of the outer row source at the previous outer row.
        last_outer: Option<u32>,
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
        /// ROWNUM in its select list: the view numbers its own rows.
        numbers: bool,
        count: u64,
        more: Box<crate::exec::view_more::ViewMore>,
    },
    Filter {
        child: Box<Op>,
        preds: Vec<CExpr>,
        startup: Option<bool>,
    },
    /// BITMAP CONVERSION COUNT: a row a bit, counted a row a piece.
    BitmapCount(Box<Op>),
    /// BITMAP AND / OR / MERGE of its children's bitmaps (`bitmap_combine.rs`).
    BitmapCombine {
        children: Vec<Op>,
        state: Box<bitmap_state::CombineState>,
    },
    /// FILTER with subqueries (IN, EXISTS): each row of `child` has its subqueries evaluated, then `preds` tested.
    SubqueryFilter {
        child: Box<Op>,
        subs: Vec<SubPlan>,
        preds: Vec<CExpr>,
    },
    /// Scalar subqueries (`scalar_subquery.rs`): with `hoist`, a select
    /// list's, run for each row of `child`; else a WHERE clause's
    /// uncorrelated ones, run when it opens. No plan line of its own
    /// (`line` is `NO_LINE`); `shown` is set once the plan numbered the
    /// subqueries' lines.
    ScalarSubs {
        child: Box<Op>,
        subs: Vec<SubPlan>,
        hoist: bool,
        shown: bool,
    },
    /// The row limiting clause's VIEW (`row_limit.rs`).
    RowLimit {
        child: Box<Op>,
        spec: Box<RowLimitSpec>,
        state: Box<RowLimitState>,
    },
    /// SEQUENCE: a sequence's value for each row of its child (`sequence.rs`).
    Sequence(Box<Op>, SeqLine),
    /// COUNT STOPKEY: numbers the rows (ROWNUM), stops after `limit` rows.
    CountStopkey {
        child: Box<Op>,
        limit: u64,
        count: u64,
        /// FIRST ROW (above a MIN/MAX index scan): stops without numbering.
        first_row: bool,
    },
    /// HASH GROUP BY, SORT GROUP BY, HASH UNIQUE, SORT UNIQUE: one row per
    /// distinct key into its source (keys, then the aggregates), in the
    /// order the groups were first seen, or sorted on `order`
    /// (key index, descending, nulls first).
    GroupBy {
        child: Box<Op>,
        keys: Vec<CExpr>,
        aggs: Vec<AggSpec>,
        out_src: usize,
        order: Option<Vec<(usize, bool, bool)>>,
        /// HAVING: tested on each group's row.
        filter: Vec<CExpr>,
        rows: Vec<Vec<Value>>,
        next: usize,
        built: bool,
        pos: Pos,
        /// SORT GROUP BY / UNIQUE STOPKEY under `ROWNUM <= n`: n (its predicate); `u64::MAX` otherwise.
        stopkey: u64,
        /// ROLLUP, CUBE's GENERATE CUBE: each row in every grouping set.
        sets: Option<Box<GroupSets>>,
    },
    /// UNION-ALL: each branch's rows in turn, projected into one source.
    /// With `merge`, INTERSECTION or MINUS over distinct branches.
    UnionAll {
        branches: Vec<(Op, Vec<CExpr>)>,
        out_src: usize,
        current: usize,
        merge: Option<Box<set_merge::SetMerge>>,
    },
    /// NESTED LOOPS OUTER: like NESTED LOOPS, and an outer row the inner
    /// side matched no row for comes out once with the inner sources NULL;
    /// NESTED LOOPS SEMI / ANTI (its `mode`) likewise.
    NestedLoopsOuter {
        outer: Box<Op>,
        inner: Box<Op>,
        inner_srcs: Vec<usize>,
        inner_active: bool,
        matched: bool,
        /// Outer, semi or anti (NESTED LOOPS SEMI / ANTI).
        mode: JoinMode,
    },
    /// HASH JOIN: the build input (first child) read into a hash table on
    /// its join keys, then the probe input (second child) looked up in it
    /// (`hash_join.rs`); `filter` tests the joined rows.
    HashJoin {
        build: Box<Op>,
        probe: Box<Op>,
        build_keys: Vec<CExpr>,
        probe_keys: Vec<CExpr>,
        /// The row sources of the build side (with the table a table source reads), restored for each match.
        build_srcs: Vec<(usize, Option<TableId>)>,
        /// Those of the probe side (what its spilled rows weigh).
        probe_srcs: Vec<(usize, Option<TableId>)>,
        filter: Vec<CExpr>,
        /// Inner, outer (build side preserved), semi or anti.
        mode: JoinMode,
        /// The inputs swapped (`RIGHT`): the build input is the second
        /// table (the outer-joined one, the subquery's), the probe the
        /// rows `mode` keeps or drops.
        swapped: bool,
        state: Box<crate::exec::hash_area::HashTable>,
    },
    /// MERGE JOIN of two SORT JOINs (`merge_join.rs`): the second probed
    /// for each row of the first; `filter` tests the joined rows.
    MergeJoin {
        left: Box<Op>,
        right: Box<Op>,
        filter: Vec<CExpr>,
        state: Box<crate::exec::merge_area::MergeState>,
    },
    /// SORT JOIN: its child's rows sorted on `keys`, with their sources.
    SortJoin {
        child: Box<Op>,
        keys: Vec<CExpr>,
        srcs: Vec<(usize, Option<TableId>)>,
        state: Box<crate::exec::merge_area::SortJoinState>,
    },
    /// FIXED TABLE FULL: the rows of a `V$` view, from memory (no buffer).
    FixedTable {
        src: usize,
        slot: usize,
        next: usize,
        filter: Vec<CExpr>,
    },
    /// CONNECT BY over its child's rows (`connect_by.rs`).
    ConnectBy {
        child: Box<Op>,
        spec: Box<crate::exec::hier_area::HierSpec>,
        state: Box<crate::exec::hier_area::HierState>,
    },
    /// SORT ORDER BY: materialises projected rows into its source.
    SortOrderBy {
        child: Box<Op>,
        /// (key, descending, nulls first)
        keys: Vec<(CExpr, bool, bool)>,
        exprs: Vec<CExpr>,
        out_src: usize,
        rows: Vec<Vec<Value>>,
        next: usize,
        sorted: bool,
        /// SORT ORDER BY STOPKEY: a top-n sort's n rows (`u64::MAX`: every row).
        limit: u64,
    },
    /// WINDOW SORT / BUFFER / NOSORT: analytic functions (`window.rs`).
    Window {
        child: Box<Op>,
        spec: Box<super::window_area::WindowSpec>,
        state: Box<super::window_area::WindowState>,
    },
}
