//! The plan builder: resolves names, compiles expressions, asks the
//! optimizer (`crate::optimizer`) for each table's access path and the
//! join order, and assembles the row-source tree and the plan lines with
//! E-Rows and Cost.

use super::expr::{AggSpec, CExpr, Env, Func};
use super::row_source::{JoinMode, Op, OpKind, RowGenKind, SubKind, SubPlan};
use crate::catalog::{Catalog, IndexId, TableId};
use crate::instance::version::VersionProfile;
use lio_sql::ast::{self, AggregateFunc, BinaryOp, Expr, FromItem, Hint, Pos, Query, SelectItem};
use lio_sql::{ora, LabError};

pub(crate) use expr_info::expr_pos as select_expr_pos;
use expr_info::{expr_pos, has_aggregate};
pub use expr_text::expr_text;
use line::Draft;
pub use line::PlanLine;
pub use plsql_vars::PlsqlVars;

/// What the optimizer knows about the session when it plans.
pub struct PlanCtx<'a> {
    pub cat: &'a Catalog,
    /// PL/SQL variables in scope: unresolved names bind to them (`:name`).
    pub plsql_vars: PlsqlVars<'a>,
    /// SQL*Plus's bind variables (`VARIABLE n NUMBER`), upper-cased without the `:`, the
    /// datatype class each was declared with (known at parse: a NUMBER bind against a character
    /// column converts the column, `TO_NUMBER("V")=:N`) and the value bind peeking reads.
    pub host_binds: &'a [(String, super::convert::Kind, Option<crate::value::Value>)],
    /// The class of each other bind, by position, when the client gave
    /// its values with the parse (LAB RUN, EXECUTE IMMEDIATE ... USING).
    pub positional_binds: &'a [super::convert::Kind],
    /// PL/SQL variables' declared classes, by name (static SQL's binds).
    pub var_binds: &'a [(String, super::convert::Kind)],
    pub profile: &'a VersionProfile,
    pub nlj_batching_enabled: bool,
    /// `_optimizer_batch_table_access_by_rowid` (`batched.rs`).
    pub batch_rowid: bool,
    /// What full and fast full scans are costed with.
    pub costing: crate::optimizer::cost::ScanCosting,
    /// The parsing session (`sys_context('USERENV', 'SID')`).
    pub sid: u32,
    /// The user it is connected as (`USER`): the lab's schema, or SYS.
    pub user: &'a str,
    /// Event 10053 is set: record what the optimizer considers (`Compiled::optimizer`).
    pub cbo_trace: bool,
    /// Nested loops or hash join by cost (else a hash join only where `USE_HASH` asks).
    pub hash_join_by_cost: bool,
    /// HASH GROUP BY and HASH UNIQUE may be chosen (10gR2+,
    /// `_gby_hash_aggregation_enabled`); otherwise SORT GROUP BY / SORT UNIQUE.
    pub gby_hash_aggregation: bool,
    /// OFE before 11.1: N GROUP BY keys' NDV product / sqrt(2)^(N-1) (`group_card.rs`).
    pub gby_sqrt2: bool,
    /// A hash join's work area (bytes) and the block size and blocks of a
    /// temp request, for the cost of a build that would spill.
    pub hash_area: (u64, u32, u32),
}

#[derive(Debug, Clone)]
pub struct Compiled {
    pub root: Op,
    /// Plan lines, id 0 = SELECT STATEMENT.
    pub lines: Vec<PlanLine>,
    /// Operator frames, indexed by `Op::st`.
    pub frames: Vec<String>,
    pub columns: Vec<String>,
    pub project: Vec<CExpr>,
    pub env: Env,
    pub bind_names: Vec<String>,
    /// The datatype class each bind was compiled with (a cursor built for others is not shared: bind mismatch).
    pub bind_kinds: Vec<super::convert::Kind>,
    /// The query has the shape of a MemOptimized fast lookup.
    pub read_optim: bool,
    pub gather_plan_statistics: bool,
    /// MONITOR (Some(true)) or NO_MONITOR (Some(false)): SQL Monitoring forced.
    pub monitor: Option<bool>,
    pub tables: Vec<TableId>,
    /// The `V$` views read, by `OpKind::FixedTable::slot`.
    pub fixed: Vec<super::fixed::FixedView>,
    /// The row source (`CExpr::Gen::src`) of each of `fixed`.
    pub fixed_src: Vec<usize>,
    /// Its V$SQL entry (slot, entry id), set when parsed.
    pub sql_slot: Option<(usize, u64)>,
    /// The root is a sort that assigned ROWNUM itself.
    pub sorts: bool,
    /// Access and filter predicates per plan line (DBMS_XPLAN's "Predicate Information").
    pub predicates: Vec<predicates::LinePredicates>,
    /// Runtime figures per plan line, accumulated until reset.
    pub line_stats: Vec<super::row_source::LineStat>,
    /// The figures of the executions before the last reset of
    /// `line_stats`: with it, the cursor's totals since it was loaded
    /// (DBMS_XPLAN's ALLSTATS without LAST).
    pub earlier_stats: Vec<super::row_source::LineStat>,
    /// Operator stacks interned for the last fetch base (base, stacks).
    pub stacks: Option<(u32, Vec<crate::kernel::OpStacks>)>,
    /// Where the names that resolved to PL/SQL variables are written (for a record field
    /// `r.f`, where `r` is): the static SQL's text binds them (`lio_sql::plsql_static_text`).
    pub plsql_refs: Vec<Pos>,
    /// The library cache's view of it (session/cursor.rs): the tables'
    /// versions it was built on, when, its child number and the
    /// optimizer environment it was built in.
    pub deps: Vec<(TableId, u64)>,
    pub parsed_at_us: f64,
    pub child: u32,
    pub opt_env: Option<std::rc::Rc<crate::optimizer::OptEnv>>,
    /// The dynamic sampling of its hard parse, when it sampled a table (`dyn_sampling.rs`).
    pub dyn_sampling: Option<dyn_sampling::DynSampling>,
    /// Event 10053's record of the query blocks (empty while it is off).
    pub optimizer: Vec<crate::cbo_trace::CboBlockOut>,
    /// Per column: its datatype class is NUMBER (SQL*Plus lays it out
    /// NUMWIDTH wide, right-aligned, even when every value is NULL).
    pub numeric: Vec<bool>,
    /// Per generated source, per column, the expressions it carries (a
    /// UNION's one per branch): SQL*Plus's width follows them.
    pub gen_exprs: Vec<Vec<Vec<CExpr>>>,
    /// Predicates the peeked binds decided (ACS: the cursor is bind sensitive).
    pub bind_preds: Vec<crate::optimizer::acs::BindPred>,
}

/// A resolvable name in scope.
#[derive(Clone)]
struct ScopeEntry {
    alias: String,
    columns: Vec<(String, CExpr)>,
}

struct Builder<'a> {
    ctx: &'a PlanCtx<'a>,
    drafts: Vec<Draft>,
    frames: Vec<String>,
    n_sources: usize,
    bind_names: Vec<String>,
    /// Each bind's datatype class, when known (`PlanCtx::host_binds`).
    bind_kinds: Vec<super::convert::Kind>,
    tables: Vec<TableId>,
    /// The enclosing blocks' scopes (subqueries read them), innermost last.
    outer_scopes: Vec<Vec<ScopeEntry>>,
    /// Column references resolved in an enclosing block so far.
    outer_refs: usize,
    /// IN/EXISTS subqueries of the WHERE clause being compiled.
    pending_subs: Vec<SubPlan>,
    /// An IN as a correlated EXISTS; the last subquery's text.
    subq: in_state::SubqState,
    /// Subqueries may appear where the expression is being compiled.
    subqueries_ok: bool,
    /// Scalar subqueries may (a select list's items).
    scalar_ok: bool,
    /// Enclosing blocks' columns read so far (a subquery's correlation).
    outer_ref_exprs: Vec<CExpr>,
    bind_preds: Vec<crate::optimizer::acs::BindPred>,
    /// Each table reference's row source and table (GROUP BY's E-Rows).
    src_tables: Vec<(usize, TableId)>,
    /// (block top, its select list's scalar subqueries' op) by draft line.
    hoists: Vec<(u16, u16)>,
    fixed: Vec<super::fixed::FixedView>,
    fixed_src: Vec<usize>,
    /// Each table source's alias (or name), for predicate text.
    src_alias: Vec<(usize, String)>,
    /// The table sources whose columns the predicate text qualifies.
    qualified_srcs: Vec<usize>,
    /// Positions of the names resolved to PL/SQL variables.
    plsql_refs: Vec<Pos>,
    /// Per generated source, its columns' datatype classes (CHAR padding).
    gen_kinds: Vec<Vec<super::convert::Kind>>,
    /// Per generated source, per column, the expressions it carries.
    gen_exprs: Vec<Vec<Vec<CExpr>>>,
    /// Those of the aggregates of the block being compiled.
    agg_kinds: Vec<super::convert::Kind>,
    /// (alias, column) of JOIN ... USING columns: qualified, ORA-25154.
    using_hidden: Vec<(String, String, bool)>,
    /// Event 10053's record, while it is set.
    cbo: Option<Box<cbo::Recorder>>,
    /// The hierarchical block being compiled (`hier.rs`).
    hier: Option<crate::exec::hier_area::HierCompile>,
    /// The ROLLUP or CUBE block and the recursive WITH being compiled.
    ext: sql_ext::SqlExt,
    /// While a join order is costed against the best so far (its cost):
    /// the join stops at the step that passes it (`join_order.rs`).
    join_limit: Option<f64>,
}

/// A compiled query block before the SELECT STATEMENT line.
struct Block {
    op: Op,
    columns: Vec<String>,
    project: Vec<CExpr>,
    e_rows: f64,
    cost: f64,
    row_bytes: f64,
    read_optim: bool,
    sorts: bool,
}

fn split_and(e: CExpr, out: &mut Vec<CExpr>) {
    match e {
        CExpr::Bin(BinaryOp::And, a, b, _) => {
            split_and(*a, out);
            split_and(*b, out);
        }
        other => out.push(other),
    }
}

/// An aggregate met: its function, argument, place, DISTINCT, and
/// LISTAGG's WITHIN GROUP.
pub(super) type AggItem = (AggregateFunc, Option<Expr>, Pos, bool, Option<Box<lio_sql::ast::WithinGroup>>);

mod access;
mod batched;
mod block;
mod builder;
mod cartesian;
mod cbo;
mod covering;
pub(crate) mod cpu;
mod cpu_parts;
mod dict_owner;
pub mod dual;
pub mod dyn_sampling;
mod expr_info;
mod expr_text;
mod fetch;
mod filters;
mod full_join;
mod gen_names;
mod group;
mod group_card;
mod grouping;
mod hash_join;
mod hier;
mod in_exists;
mod in_state;
pub(crate) mod interval;
mod join_order;
mod join_rows;
mod line;
mod listagg;
mod merge_join;
mod opt_hints;
mod order;
mod outer_join;
mod outer_plus;
mod outer_simplify;
mod partition;
mod partition_composite;
mod plsql_vars;
pub mod predicates;
mod project;
mod recwith;
mod relations;
mod resolve;
pub(crate) mod rownum;
mod scalar;
pub(crate) mod sequence;
mod setops;
mod sql_ext;
mod startup;
mod unnest;
mod userenv;
mod using;
mod window;
mod window_group;

fn rewire_aggs(e: &mut CExpr, out: usize) {
    match e {
        CExpr::Gen { src, .. } if *src == usize::MAX => *src = out,
        e => e.children_mut().into_iter().for_each(|a| rewire_aggs(a, out)),
    }
}

impl Compiled {
    /// A new execution's figures start from zero; the last execution's join the cursor's earlier ones.
    pub fn reset_line_stats(&mut self) {
        if self.earlier_stats.len() != self.line_stats.len() {
            self.earlier_stats = vec![Default::default(); self.line_stats.len()];
        }
        for (e, l) in self.earlier_stats.iter_mut().zip(&mut self.line_stats) {
            e.add(l);
            *l = Default::default();
        }
    }

    /// The cursor's figures since it was loaded: its earlier executions' and the last one's.
    pub fn total_line_stats(&self) -> Vec<super::row_source::LineStat> {
        let mut t = self.line_stats.clone();
        for (t, e) in t.iter_mut().zip(&self.earlier_stats) {
            t.add(e);
        }
        t
    }

    /// A data dictionary view the statement reads, if any: its plan (joins
    /// of the dictionary's own tables) and buffer gets are not modelled.
    pub fn dictionary_view(&self) -> Option<&'static str> {
        self.fixed.iter().find_map(|v| match v {
            super::fixed::FixedView::Dict(d) => Some(d.name()),
            _ => None,
        })
    }
}

/// The refusal of a plan or statistics for a query on a dictionary view.
pub fn dictionary_plan_refused(view: &str, what: &str, pos: Pos) -> crate::LabError {
    crate::LabError::with(
        lio_sql::ora::LAB_UNSUPPORTED,
        format!("{what} of a query on the data dictionary view {view} (its plan and buffer gets are not modelled; run it with AUTOTRACE OFF)"),
        pos,
    )
}

fn collect_sources(op: &Op, out: &mut Vec<usize>) {
    match &op.kind {
        OpKind::RowGen { src, child, .. } => {
            out.push(*src);
            if let Some(c) = child {
                collect_sources(c, out)
            }
        }
        OpKind::Dual { src, .. }
        | OpKind::FixedTable { src, .. }
        | OpKind::Full { src, .. }
        | OpKind::Hash { src, .. } => out.push(*src),
        OpKind::IndexUnique { src, .. }
        | OpKind::IndexRange { src, .. }
        | OpKind::IndexMinMax { src, .. }
        | OpKind::IndexFast { src, .. } => out.push(*src),
        OpKind::ByRowid { child, .. } => collect_sources(child, out),
        OpKind::BitmapCombine { state, .. } => out.push(state.src),
        // Its rowid comes from the batched join's index probe.
        OpKind::RowidFetch { .. } => {}
        OpKind::NestedLoops { outer, inner, .. } => {
            collect_sources(outer, out);
            collect_sources(inner, out)
        }
        OpKind::SortAggregate { out_src, .. } | OpKind::View { out_src, .. } | OpKind::SortOrderBy { out_src, .. } => {
            out.push(*out_src)
        }
        OpKind::Filter { child, .. }
        | OpKind::BitmapCount(child)
        | OpKind::CountStopkey { child, .. }
        | OpKind::RowLimit { child, .. } => collect_sources(child, out),
        OpKind::Sequence(child, seq) => {
            collect_sources(child, out);
            out.push(seq.src)
        }
        OpKind::SubqueryFilter { child, .. } | OpKind::ScalarSubs { child, .. } => collect_sources(child, out),
        OpKind::GroupBy { out_src, .. } | OpKind::UnionAll { out_src, .. } => out.push(*out_src),
        OpKind::NestedLoopsOuter { outer, inner, .. }
        | OpKind::HashJoin { build: outer, probe: inner, .. }
        | OpKind::MergeJoin { left: outer, right: inner, .. } => {
            collect_sources(outer, out);
            collect_sources(inner, out)
        }
        OpKind::SortJoin { child, .. } => collect_sources(child, out),
        OpKind::ConnectBy { child, spec, .. } => {
            collect_sources(child, out);
            out.push(spec.out_src);
        }
        OpKind::Window { spec, .. } => out.push(spec.out_src),
    }
}

fn children_mut(op: &mut Op) -> Vec<&mut Op> {
    match &mut op.kind {
        OpKind::ByRowid { child, .. }
        | OpKind::SortAggregate { child, .. }
        | OpKind::View { child, .. }
        | OpKind::Filter { child, .. }
        | OpKind::BitmapCount(child)
        | OpKind::CountStopkey { child, .. }
        | OpKind::Sequence(child, _)
        | OpKind::RowLimit { child, .. }
        | OpKind::SortOrderBy { child, .. }
        | OpKind::ConnectBy { child, .. }
        | OpKind::Window { child, .. }
        | OpKind::SortJoin { child, .. }
        | OpKind::GroupBy { child, .. } => vec![child.as_mut()],
        OpKind::NestedLoops { outer, inner, .. }
        | OpKind::NestedLoopsOuter { outer, inner, .. }
        | OpKind::HashJoin { build: outer, probe: inner, .. }
        | OpKind::MergeJoin { left: outer, right: inner, .. } => vec![outer.as_mut(), inner.as_mut()],
        OpKind::UnionAll { branches, .. } => branches.iter_mut().map(|(b, _)| b).collect(),
        OpKind::BitmapCombine { children, .. } => children.iter_mut().collect(),
        OpKind::RowGen { child: Some(child), .. } => vec![child.as_mut()],
        OpKind::SubqueryFilter { child, subs, .. } | OpKind::ScalarSubs { child, subs, .. } => {
            std::iter::once(child.as_mut()).chain(subs.iter_mut().map(|s| &mut s.op)).collect()
        }
        _ => vec![],
    }
}

/// Compile a query into a cursor's parts.
pub fn compile(q: &Query, ctx: &PlanCtx<'_>) -> Result<Compiled, LabError> {
    let hinted = opt_hints::costing(q, ctx.costing).map(|costing| PlanCtx { costing, ..*ctx });
    let mut b = Builder {
        ctx: hinted.as_ref().unwrap_or(ctx),
        drafts: Vec::new(),
        frames: Vec::new(),
        n_sources: 0,
        bind_names: Vec::new(),
        bind_kinds: Vec::new(),
        tables: Vec::new(),
        outer_scopes: Vec::new(),
        outer_refs: 0,
        pending_subs: Vec::new(),
        subq: Default::default(),
        subqueries_ok: false,
        scalar_ok: false,
        outer_ref_exprs: Vec::new(),
        bind_preds: Vec::new(),
        src_tables: Vec::new(),
        hoists: Vec::new(),
        fixed: Vec::new(),
        fixed_src: Vec::new(),
        src_alias: Vec::new(),
        qualified_srcs: Vec::new(),
        plsql_refs: Vec::new(),
        gen_kinds: Vec::new(),
        gen_exprs: Vec::new(),
        agg_kinds: Vec::new(),
        using_hidden: Vec::new(),
        cbo: ctx.cbo_trace.then(Box::default),
        hier: None,
        ext: Default::default(),
        join_limit: None,
    };
    b.refuse_nested_row_limit(q)?;
    b.plan_sequence(q)?;
    let stopkey = rownum::split_rownum(q)?;
    let block = b.block(stopkey.as_ref().map_or(q, |(q2, _)| q2))?;
    let block = b.row_limit(q, block, stopkey.is_some())?;
    let mut root = block.op;
    let mut rownum_assigned = block.sorts;
    let mut top_rows = block.e_rows;
    if let Some((_, limit)) = stopkey {
        b.stopkey_sort(&mut root, limit);
        let e_rows = block.e_rows.min(limit as f64);
        top_rows = e_rows;
        let kind = OpKind::CountStopkey { child: Box::new(root), limit, count: 0, first_row: false };
        root = b.op("COUNT STOPKEY", None, e_rows, block.cost, None, "qercoFetch", kind);
        rownum_assigned = true;
    }
    let mut root = b.sequence_line(root, top_rows, block.cost);
    let lines = vec![PlanLine {
        id: 0,
        parent: None,
        depth: 0,
        operation: "SELECT STATEMENT".into(),
        name: None,
        e_rows: top_rows,
        cost: block.cost,
        bytes: Some(top_rows * block.row_bytes),
        ..Default::default()
    }];
    let mut lines = b.number_lines(&mut root, lines);
    // A line that carries no column (COUNT(*)'s scan) has no Bytes.
    for l in &mut lines {
        l.bytes = l.bytes.filter(|b| b.round() > 0.0);
    }
    // A plan none of whose operations has Bytes (FAST DUAL, a row
    // generator over it) has no Bytes column: dbms_xplan leaves it out.
    if lines[1..].iter().all(|l| l.bytes.is_none()) {
        lines[0].bytes = None;
    }
    let lines_len = lines.len();
    let predicates =
        predicates::plan_predicates(&root, lines_len, ctx.cat, &b.bind_names, (&b.src_alias, &b.qualified_srcs));
    // Frames follow the final line numbering of their operators.
    let env = Env {
        rows: vec![0; b.n_sources],
        blocks: vec![crate::storage::NO_BLOCK; b.n_sources],
        gen: vec![Vec::new(); b.n_sources],
        ..Default::default()
    };
    let kinds = b.kinds();
    let numeric =
        block.project.iter().map(|e| super::convert::kind(e, &kinds) == super::convert::Kind::Number).collect();
    Ok(Compiled {
        numeric,
        gen_exprs: b.gen_exprs,
        root,
        lines,
        frames: b.frames,
        columns: block.columns,
        project: block.project,
        env,
        bind_names: b.bind_names,
        bind_kinds: b.bind_kinds,
        read_optim: block.read_optim,
        gather_plan_statistics: q.hints.iter().any(|h| matches!(h, Hint::GatherPlanStatistics)),
        monitor: opt_hints::monitor_hint(&q.hints),
        tables: b.tables,
        fixed: b.fixed,
        fixed_src: b.fixed_src,
        sql_slot: None,
        sorts: rownum_assigned,
        line_stats: vec![Default::default(); lines_len],
        earlier_stats: Vec::new(),
        predicates,
        stacks: None,
        plsql_refs: b.plsql_refs,
        deps: Vec::new(),
        parsed_at_us: 0.0,
        child: 0,
        opt_env: None,
        optimizer: b.cbo.map(|r| r.blocks).unwrap_or_default(),
        bind_preds: b.bind_preds,
        dyn_sampling: dyn_sampling::sampled(q, (b.ctx.cat, &b.ctx.costing), &b.src_tables, &b.src_alias)?,
    })
}

/// The expression position helper for callers (INSERT column checks).
pub fn position_of(e: &ast::Expr) -> Pos {
    expr_pos(e)
}

/// Compile a scalar expression outside any query (PL/SQL expressions,
/// INSERT VALUES): PL/SQL variables become binds named after them.
pub fn compile_scalar(e: &Expr, ctx: &PlanCtx<'_>) -> Result<(CExpr, Vec<String>), LabError> {
    let mut b = Builder {
        ctx,
        drafts: Vec::new(),
        frames: Vec::new(),
        n_sources: 0,
        bind_names: Vec::new(),
        bind_kinds: Vec::new(),
        tables: Vec::new(),
        outer_scopes: Vec::new(),
        outer_refs: 0,
        pending_subs: Vec::new(),
        subq: Default::default(),
        subqueries_ok: false,
        scalar_ok: false,
        outer_ref_exprs: Vec::new(),
        bind_preds: Vec::new(),
        src_tables: Vec::new(),
        hoists: Vec::new(),
        fixed: Vec::new(),
        fixed_src: Vec::new(),
        src_alias: Vec::new(),
        qualified_srcs: Vec::new(),
        plsql_refs: Vec::new(),
        gen_kinds: Vec::new(),
        gen_exprs: Vec::new(),
        agg_kinds: Vec::new(),
        using_hidden: Vec::new(),
        cbo: None,
        hier: None,
        ext: Default::default(),
        join_limit: None,
    };
    let c = b.compile_expr(e, &[], None)?;
    Ok((c, b.bind_names))
}

/// The nested-loop shape: classic, table prefetch or NLJ batching.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NljShape {
    Classic,
    Prefetch,
    Batching,
}

/// The shape the release, `_nlj_batching_enabled` (parameter or
/// `opt_param` hint) and the `[NO_]NLJ_BATCHING` / `[NO_]NLJ_PREFETCH` hints
/// give. As in "Logical I/O Evolution - Part 3": 11g batches by default;
/// `NLJ_PREFETCH` asks for table prefetch; with batching off, prefetch is
/// the default and `NO_NLJ_PREFETCH` gives the classic shape; but
/// `NO_NLJ_BATCHING` and `NO_NLJ_PREFETCH` together do not: Oracle honours
/// one of the two, and the loop is batched. 10g has no batching: prefetch,
/// or classic under `NO_NLJ_PREFETCH`.
pub fn nlj_shape(q: &Query, ctx: &PlanCtx<'_>) -> NljShape {
    let mut enabled = ctx.nlj_batching_enabled;
    let (mut batch, mut no_batch, mut prefetch, mut no_prefetch) = (false, false, false, false);
    for h in &q.hints {
        match h {
            Hint::OptParam { name, value } if name == "_nlj_batching_enabled" => {
                enabled = match value {
                    lio_sql::ast::ParamValue::Number(n) => *n != 0.0,
                    lio_sql::ast::ParamValue::Text(t) => !t.eq_ignore_ascii_case("FALSE"),
                    _ => enabled,
                }
            }
            Hint::NljBatching(_) => batch = true,
            Hint::NoNljBatching(_) => no_batch = true,
            Hint::NljPrefetch(_) => prefetch = true,
            Hint::NoNljPrefetch(_) => no_prefetch = true,
            _ => {}
        }
    }
    let batching = ctx.profile.nlj_batching && enabled;
    if prefetch {
        NljShape::Prefetch
    } else if batching && (batch || !no_batch || no_prefetch) {
        NljShape::Batching
    } else if !no_prefetch {
        NljShape::Prefetch
    } else {
        NljShape::Classic
    }
}
