//! One query block: its relations (`relations.rs`), its predicates, the join
//! order (`optimizer::join`) and each table's access path
//! (`optimizer::access_path`: candidates, ranked), assembled into
//! operators.

use super::join_rows::joins_before;
use super::outer_join::{take_available, Preds};
use super::relations::Rel;
use super::*;
use crate::optimizer::access_path::{self, TableRef};
use crate::optimizer::join;
use crate::optimizer::selectivity::{self, Columns};

/// The join so far: its operators, E-Rows and cost; the block's row
/// bytes; whether a MemOptimized lookup was chosen; the step at which a
/// join order costed against `Builder::join_limit` passed it.
#[derive(Default)]
pub(super) struct Joined {
    pub(super) tree: Option<(Op, f64, f64)>,
    row_bytes: f64,
    read_optim: bool,
    pub(super) aborted: Option<usize>,
    /// A step brought in a table with no join predicate to those before it.
    pub(super) cartesian: bool,
}

impl<'a> Builder<'a> {
    /// Compile one query block.
    pub(super) fn simple_block(&mut self, q: &Query) -> Result<Block, LabError> {
        let push = self.take_push();
        let rewritten = outer_plus::rewrite(q)?;
        let q = rewritten.as_ref().unwrap_or(q);
        let referenced = covering::referenced_columns(q);
        // Subqueries are allowed in this block's WHERE clause only.
        let enclosing_ok = std::mem::replace(&mut self.subqueries_ok, false);
        if q.from.is_empty() {
            return Err(LabError::new(ora::FROM_KEYWORD_NOT_FOUND, q.pos));
        }
        if let Some(r) = self.cbo.as_mut() {
            r.open_block(q);
        }
        let (mut rels, mut scope) = self.relations(q)?;
        // A hierarchical block's WHERE clause filters the hierarchy's rows.
        let enclosing_hier = self.hier_begin(q)?;
        let hierarchical = q.connect_by.is_some() && hier::row_generator(q, self.ctx.cat).is_none();
        let (using, using_outer) = self.using_joins(q, &mut scope)?;
        let unnested = self.unnest(q, &scope, &mut rels)?;
        self.note_qualified(q, &rels);
        let q = unnested.query.as_ref().unwrap_or(q);
        let (mut conjuncts, subs) = self.where_conjuncts(q, &scope)?;
        let after = if hierarchical { std::mem::take(&mut conjuncts) } else { Vec::new() };
        let startup = self.block_startup(q, &mut conjuncts);
        let (subs, once) = scalar::split_where_subs(subs);
        conjuncts.splice(0..0, using);
        if let Some(push) = push {
            let c = self.pushed_in_predicate(push, q, &scope)?;
            conjuncts.insert(0, c);
        }
        self.keep_block_text(q, &rels, &conjuncts);
        let mut outer_joined = self.outer_join_conditions(q, &scope)?;
        super::using::outer_using(q, &mut outer_joined, using_outer)?;
        let mut join_modes: Vec<_> = unnested.joins.iter().map(|(r, _, m)| (*r, *m)).collect();
        // WHERE conditions that reject an outer-joined side's NULLs make the join inner (or LEFT/RIGHT).
        let has_subs = !subs.is_empty() || !once.is_empty() || !unnested.joins.is_empty();
        let (c, o, m) = (&mut conjuncts, &mut outer_joined, &mut join_modes);
        let view_filter = self.simplify_outer_joins(q, &rels, (c, o, m), has_subs)?;
        outer_joined.extend(unnested.joins.into_iter().map(|(r, c, _)| (r, c)));
        super::opt_hints::refuse_opt_params(q)?;
        let aliases: Vec<&str> = rels.iter().map(Rel::alias).collect();
        let outer: Vec<usize> = outer_joined.iter().map(|(i, _)| *i).collect();
        let hinted = join::join_order(&q.hints, &aliases, &outer);
        let aggregate_query =
            q.select.iter().any(|s| matches!(s, SelectItem::Expr { expr, .. } if has_aggregate(expr)));
        // The enclosing blocks' rows are there when a correlated subquery runs.
        let mut available: Vec<usize> = once.iter().map(|s| s.slot).collect();
        for sc in &self.outer_scopes {
            for e in sc {
                for (_, c) in &e.columns {
                    c.sources(&mut available);
                }
            }
        }
        let used = vec![false; conjuncts.len()];
        let mut p = Preds { conjuncts, used, available, outer_joined, join_modes, view_filter };
        let order = self.choose_order(q, &rels, hinted, &p, (&referenced, aggregate_query));
        let joined = self.join(q, rels, &order, &mut p, &referenced, aggregate_query)?;
        let (mut op, mut e_rows, mut cost) = joined.tree.expect("at least one relation");
        if hierarchical {
            op = self.connect_by_op(q, &scope, op, e_rows, cost)?;
        } else if let Some(gen) = hier::row_generator(q, self.ctx.cat) {
            op = self.row_generator_op(gen, op)?;
        }
        // Any predicate left (e.g. constant predicates) filters the result.
        let rest: Vec<CExpr> =
            p.conjuncts.iter().enumerate().filter(|(i, _)| !p.used[*i]).map(|(_, c)| c.clone()).chain(after).collect();
        if !subs.is_empty() || !rest.is_empty() {
            let kind = if subs.is_empty() {
                OpKind::Filter { child: Box::new(op), preds: rest, startup: None }
            } else {
                OpKind::SubqueryFilter { child: Box::new(op), subs, preds: rest }
            };
            op = self.op("FILTER", None, e_rows, cost, None, "qerflFetch", kind);
        }
        op = self.startup_filter(op, startup, &mut e_rows, &mut cost);
        let op = self.where_scalars(op, once);
        self.subqueries_ok = enclosing_ok;
        let (row_bytes, read_optim) = (joined.row_bytes, joined.read_optim);
        // HAVING without GROUP BY over aggregates: a FILTER over the SORT AGGREGATE (`project.rs`).
        let lone_having = q.group_by.is_empty() && q.grouping.is_none() && aggregate_query;
        let mut block = if q.distinct || !q.group_by.is_empty() || (q.having.is_some() && !lone_having) {
            self.finish_grouped(q, &scope, aggregate_query, op, e_rows, cost, row_bytes, read_optim)
        } else {
            self.finish_block(q, &scope, aggregate_query, op, e_rows, cost, row_bytes, read_optim)
        };
        match block.as_mut() {
            Ok(b) if hierarchical => self.hier_end(&mut b.op, enclosing_hier),
            _ => self.hier = enclosing_hier,
        }
        if let (Some(r), Ok(b)) = (self.cbo.as_mut(), &block) {
            r.close_block(b.cost, b.e_rows, b.e_rows * b.row_bytes);
        }
        block
    }

    /// The WHERE clause's conjuncts, and its IN and EXISTS subqueries (FILTER children).
    fn where_conjuncts(&mut self, q: &Query, scope: &[ScopeEntry]) -> Result<(Vec<CExpr>, Vec<SubPlan>), LabError> {
        let mut conjuncts = Vec::new();
        let enclosing_subs = std::mem::take(&mut self.pending_subs);
        self.subqueries_ok = true;
        let polarity = self.subq.polarity.replace(true);
        let compiled = match &q.where_clause {
            Some(w) if has_aggregate(w) => Err(LabError::new(ora::GROUP_FUNCTION_NOT_ALLOWED, expr_pos(w))),
            Some(w) => self.compile_expr(w, scope, None).map(Some),
            None => Ok(None),
        };
        self.subq.polarity = polarity;
        self.subqueries_ok = false;
        let subs = std::mem::replace(&mut self.pending_subs, enclosing_subs);
        if let Some(c) = compiled? {
            split_and(c, &mut conjuncts);
        }
        Ok((conjuncts, subs))
    }

    /// LEFT JOIN conditions: each outer-joined table's own predicates.
    fn outer_join_conditions(&mut self, q: &Query, scope: &[ScopeEntry]) -> Result<Vec<(usize, Vec<CExpr>)>, LabError> {
        let mut outer_joined: Vec<(usize, Vec<CExpr>)> = Vec::new();
        for (i, on) in &q.outer_joins {
            if !matches!(q.from.get(*i), Some(FromItem::Table { name, .. }) if name.name != "DUAL") {
                return Err(LabError::with(ora::LAB_UNSUPPORTED, "LEFT JOIN to other than a table", expr_pos(on)));
            }
            if has_aggregate(on) {
                return Err(LabError::new(ora::GROUP_FUNCTION_NOT_ALLOWED, expr_pos(on)));
            }
            let mut c = Vec::new();
            split_and(self.compile_expr(on, scope, None)?, &mut c);
            outer_joined.push((*i, c));
        }
        Ok(outer_joined)
    }

    /// Join the relations in `order`: each reached by its access path,
    /// filtered by the predicates its rows make available, under a nested
    /// loop with the relations before it.
    pub(super) fn join(
        &mut self,
        q: &Query,
        rels: Vec<Rel>,
        order: &[usize],
        p: &mut Preds,
        referenced: &Option<std::collections::HashSet<String>>,
        aggregate_query: bool,
    ) -> Result<Joined, LabError> {
        let mut rels: Vec<Option<Rel>> = rels.into_iter().map(Some).collect();
        let mut j = Joined::default();
        let single = order.len() == 1;
        // The enclosing blocks' sources: a hash join's probe side sees these only.
        let base = p.available.clone();
        for (step, &ri) in order.iter().enumerate() {
            if self.passed_limit(&j.tree) {
                j.aborted = Some(step - 1);
                return Ok(j);
            }
            let rel = rels[ri].take().expect("each relation once");
            let rel_alias = rel.alias().to_string();
            // An outer-joined table is reached through its ON conditions
            // alone; the WHERE clause filters the joined rows.
            let mut on_used = super::outer_join::take_on_conditions(p, ri, j.tree.is_some(), q.pos)?;
            let outer_join = on_used.is_some();
            let (mut table_src, mut inner_cpu) = (None, 0.0);
            let used_before = p.used.clone();
            if let Some(r) = self.cbo.as_mut() {
                r.number = ri;
                r.outer = j.tree.as_ref().map(|(_, rows, cost)| (*rows, *cost));
            }
            let (mut hashed, mut merged, bytes_before) = (false, false, j.row_bytes);
            let (mut op, e_rows, cost, srcs) = match rel {
                Rel::Fixed { op, e_rows, cost, row_bytes: rb, alias } => {
                    if let Some(r) = self.cbo.as_mut() {
                        r.view(&alias, e_rows, cost);
                    }
                    j.row_bytes += rb;
                    let mut s = Vec::new();
                    collect_sources(&op, &mut s);
                    (*op, e_rows, cost, s)
                }
                Rel::Table { table, src, alias } => {
                    // SYS.COL_USAGE$: the columns this table's predicates use.
                    let usage = &self.ctx.cat.tables[table].stats.col_usage;
                    selectivity::used_columns(&p.conjuncts, src, &mut |c| usage.note(c));
                    // A hash join's probe table is reached without the join predicates.
                    let build = j.tree.as_ref().map(|t| (t.1, t.2, j.row_bytes));
                    let flags = (single, aggregate_query);
                    merged = build.is_some() && !outer_join && hash_join::use_merge(q, &alias);
                    hashed =
                        merged || self.hash_join_method(q, (table, src, &alias), p, referenced, flags, &base, build)?;
                    let joined = hashed.then(|| std::mem::replace(&mut p.available, base.clone()));
                    let access = self.table_access(q, (table, src, &alias), p, referenced, (single, aggregate_query));
                    if let Some(a) = joined {
                        p.available = a;
                    }
                    let (op, e_rows, cost, row_bytes, read_optim, cpu) = access?;
                    j.row_bytes += row_bytes;
                    j.read_optim |= read_optim;
                    table_src = Some((table, src));
                    inner_cpu = cpu;
                    (op, e_rows, cost, vec![src])
                }
            };
            p.available.extend(srcs.iter().copied());
            let keys = match table_src {
                Some((_, src)) if hashed => {
                    self.hash_keys(&p.conjuncts, &mut p.used, &p.available, &base, src, q.pos)?
                }
                _ => Vec::new(),
            };
            // Predicates now fully available become filters on this
            // relation (under a hash join, those on its own rows; the
            // others filter the joined rows).
            let mut filters = take_available(&p.conjuncts, &mut p.used, &p.available);
            let join_filters = if keys.is_empty() { Vec::new() } else { own_filters(&mut filters, &srcs, &base) };
            let sel = self.filter_selectivity(&filters, table_src);
            let e_rows_f = (e_rows * sel).max(1.0).round();
            let e_rows_sel = e_rows * sel;
            if let Some(r) = self.cbo.as_mut() {
                r.computed(e_rows_sel);
            }
            self.filter_relation(&mut op, filters, e_rows_f);
            self.partition_line(&mut op);
            if outer_join {
                super::outer_join::all_on_conditions_used(p, q.pos)?;
                let mode = p.join_modes.iter().find(|(r, _)| *r == ri).map_or(JoinMode::Outer, |m| m.1);
                let (orows, ocost) = j.tree.as_ref().map_or((1.0, 0.0), |t| (t.1, t.2));
                let nl_outer = keys.is_empty() && mode == JoinMode::Outer;
                super::full_join::needs_keys(mode, &keys, q.pos)?;
                let jrows = table_src.map(|ts| self.join_rows(orows, p, &used_before, ts).0);
                let (_, mut where_conj) = p.outer_joined.pop().expect("the WHERE conjuncts");
                std::mem::swap(&mut p.conjuncts, &mut where_conj);
                std::mem::swap(&mut p.used, on_used.as_mut().expect("outer join"));
                let Some(tree) = j.tree.take() else { unreachable!("checked above") };
                let widths = (bytes_before, j.row_bytes - bytes_before);
                let inner = (op, e_rows_f, cost, srcs);
                let joined = self.special_join(q, mode, tree, inner, (keys, join_filters), (widths, jrows), p);
                if nl_outer {
                    self.record_nl((orows, ocost), (e_rows_f, 1.0), (joined.1, joined.2), true);
                }
                j.tree = Some(joined);
                continue;
            }
            let (tree, widths) = (j.tree.take(), (bytes_before, j.row_bytes - bytes_before));
            // No predicate joins it to the rows before it: a Cartesian product.
            let cartesian = tree.is_some() && table_src.is_some() && !joins_before(p, &used_before, &srcs, &base);
            let reached = (op, e_rows_f, e_rows_sel, cost);
            let step = (table_src, used_before.as_slice(), (keys, join_filters), widths, merged);
            j.cartesian |= cartesian;
            let inner = (cartesian, inner_cpu, rel_alias);
            j.tree = Some(self.join_step(q, tree, reached, p, step, inner));
        }
        if self.passed_limit(&j.tree) {
            j.aborted = Some(order.len() - 1);
        }
        Ok(j)
    }

    /// The relation just reached (`op`, its filtered E-Rows, unrounded
    /// E-Rows and cost) joined to the rows so far (`tree`): under a nested
    /// loop, or a hash join (a merge join when `merged`) when there are
    /// join `keys`; a Cartesian product (`cartesian`; `inner_cpu` the CPU
    /// cycles of its access) by MERGE JOIN CARTESIAN when that costs less
    /// than the loop and `USE_NL` does not name it (`cartesian.rs`).
    #[allow(clippy::type_complexity)]
    fn join_step(
        &mut self,
        q: &Query,
        tree: Option<(Op, f64, f64)>,
        (op, e_rows_f, e_rows_sel, cost): (Op, f64, f64, f64),
        p: &Preds,
        (table_src, used_before, (keys, join_filters), widths, merged): (
            Option<(TableId, usize)>,
            &[bool],
            (Vec<(CExpr, CExpr)>, Vec<CExpr>),
            (f64, f64),
            bool,
        ),
        (cartesian, inner_cpu, alias): (bool, f64, String),
    ) -> (Op, f64, f64) {
        let Some((outer, orows, ocost)) = tree else { return (op, e_rows_f, cost) };
        let (rows, inner_rows, jsel) = match table_src {
            Some(ts) => self.join_rows(orows, p, used_before, ts),
            None => (join::nested_loops_rows(orows, e_rows_sel), e_rows_sel, 1.0),
        };
        if keys.is_empty() && cartesian && !hash_join::use_nl(q, &alias) {
            let inner = (op, e_rows_f, cost, inner_cpu);
            return self.cartesian_step(q, (outer, orows, ocost), inner, (inner_rows, jsel), rows, widths);
        }
        if keys.is_empty() {
            let cost = join::nested_loops_cost(ocost, orows, cost);
            self.record_nl((orows, ocost), (inner_rows, jsel), (rows, cost), false);
            let shape = super::nlj_shape(q, self.ctx);
            (self.nested_loops(outer, op, shape, rows, cost), rows, cost)
        } else if merged {
            self.merge_step((outer, orows, ocost), (op, e_rows_f, cost), (keys, join_filters), rows, widths)
        } else {
            let step =
                self.hash_step(q, (outer, orows, ocost), (op, e_rows_f, cost), (keys, join_filters), rows, widths);
            let j = super::cbo::join_out((orows, ocost), (inner_rows, jsel), (rows, step.2));
            self.record_join("Hash", super::cbo::with_hash(j, step.2, (e_rows_f, cost), widths));
            step
        }
    }

    /// HASH JOIN of the rows so far (`outer`: operators, E-Rows, cost) and
    /// `probe` on `keys`, `join_filters` on the joined rows; `widths` the
    /// row bytes of each side. Its cost: `join::hash_join_cost` and, for a
    /// build over the work area, `join::hash_spill_cost`.
    fn hash_step(
        &mut self,
        q: &Query,
        (outer, orows, ocost): (Op, f64, f64),
        (probe, prows, pcost): (Op, f64, f64),
        (keys, join_filters): (Vec<(CExpr, CExpr)>, Vec<CExpr>),
        rows: f64,
        (obytes, pbytes): (f64, f64),
    ) -> (Op, f64, f64) {
        // Above a join, the smaller input is the build (swap_join_inputs,
        // as Lewis's three-table plans show the third table first); the
        // first join's build is its order's first table.
        let joined =
            matches!(outer.kind, OpKind::HashJoin { .. } | OpKind::NestedLoops { .. } | OpKind::MergeJoin { .. });
        let sizes = joined.then_some((orows * obytes, prows * pbytes));
        let swap = self.swap_inputs(q, &probe, sizes);
        let cost = if swap {
            self.hash_cost((prows, pcost, pbytes), (orows, ocost, obytes))
        } else {
            self.hash_cost((orows, ocost, obytes), (prows, pcost, pbytes))
        };
        let keys = if swap { keys.into_iter().map(|(a, b)| (b, a)).collect() } else { keys };
        let (build, probe) = if swap { (probe, outer) } else { (outer, probe) };
        let mut hj =
            self.hash_join(build, probe, keys, (rows, rows * (obytes + pbytes)), cost, (JoinMode::Inner, "HASH JOIN"));
        if let OpKind::HashJoin { swapped, .. } = &mut hj.kind {
            *swapped = swap;
        }
        if !join_filters.is_empty() {
            super::filters::attach_filters(&mut hj, join_filters, self);
        }
        (hj, rows, cost)
    }

    /// A hash join's cost from its sides' E-Rows, costs and row bytes:
    /// `join::hash_join_cost`, and `join::hash_spill_cost` for a build
    /// over the work area.
    pub(super) fn hash_cost(
        &self,
        (orows, ocost, obytes): (f64, f64, f64),
        (prows, pcost, pbytes): (f64, f64, f64),
    ) -> f64 {
        let row = crate::exec::hash_area::HASH_ROW_OVERHEAD as f64;
        let sizes = (orows * (obytes + row), prows * (pbytes + row));
        join::hash_join_cost(ocost, pcost, (orows, prows), self.ctx.costing)
            + join::hash_spill_cost(sizes, self.ctx.hash_area)
    }

    /// Whether table reference `rel` joins the rows before it (`build`:
    /// their E-Rows, cost and row bytes; None when it is first or
    /// outer-joined: no) by hash: when `USE_HASH` names it; else, unless
    /// `USE_NL` does, when it has an equijoin to them and the hash join
    /// costs less than the nested loop (both costed here: the loop's
    /// inner access with the join predicates, the hash join's probe
    /// without them; `join::hash_join_cost`).
    #[allow(clippy::too_many_arguments)]
    fn hash_join_method(
        &mut self,
        q: &Query,
        (table, src, alias): (TableId, usize, &str),
        p: &mut Preds,
        referenced: &Option<std::collections::HashSet<String>>,
        flags: (bool, bool),
        base: &[usize],
        build: Option<(f64, f64, f64)>,
    ) -> Result<bool, LabError> {
        let Some((orows, ocost, obytes)) = build else { return Ok(false) };
        // A full outer join (two FROM items, `full_join_item`) is by hash.
        if hash_join::use_hash(q, alias) || p.join_modes.iter().any(|(_, m)| *m == JoinMode::Full) {
            return Ok(self.probe_next(true));
        }
        let mut probe = p.used.clone();
        let keyed =
            self.hash_keys(&p.conjuncts, &mut probe, &p.available, base, src, q.pos).is_ok_and(|k| !k.is_empty());
        if !keyed || hash_join::use_nl(q, alias) || !self.ctx.hash_join_by_cost {
            return Ok(false);
        }
        // Both accesses costed and dropped (their draft lines with them);
        // event 10053's record notes the access the join then builds, once.
        let recorder = self.cbo.take();
        let (drafts, frames, used) = (self.drafts.len(), self.frames.len(), p.used.clone());
        let nl = self.table_access(q, (table, src, alias), p, referenced, flags).map(|a| a.2);
        p.used.clone_from(&used);
        let joined = std::mem::replace(&mut p.available, base.to_vec());
        let hj = self.table_access(q, (table, src, alias), p, referenced, flags).map(|a| (a.1, a.2, a.3));
        p.available = joined;
        p.used = used;
        self.drafts.truncate(drafts);
        self.frames.truncate(frames);
        self.cbo = recorder;
        let (nl, (probe_rows, probe_cost, pbytes)) = (nl?, hj?);
        let hash = self.hash_cost((orows, ocost, obytes), (probe_rows, probe_cost, pbytes));
        let nl = join::nested_loops_cost(ocost, orows, nl);
        if let Some(r) = self.cbo.as_mut() {
            let both = crate::cbo_trace::CboJoinOut { nl_cost: Some(nl), ..Default::default() };
            r.consider(super::cbo::with_hash(both, hash, (probe_rows, probe_cost), (obytes, pbytes)));
        }
        Ok(self.probe_next(hash < nl))
    }

    /// Whether the next table is a hash join's probe (event 10053 records
    /// it as a single-table access, not as a nested loop's inner).
    fn probe_next(&mut self, hashed: bool) -> bool {
        if let Some(r) = self.cbo.as_mut() {
            r.probe_next = hashed;
        }
        hashed
    }

    /// The share of a relation's rows its filters pass: from the column
    /// statistics of the table it reads (gathered, else computed from the
    /// rows), Oracle's fixed guesses otherwise; an enclosing block's column
    /// is a known value (1/NDV for an equality, as for a bind).
    pub(super) fn filter_selectivity(&self, filters: &[CExpr], table_src: Option<(TableId, usize)>) -> f64 {
        if filters.is_empty() {
            return 1.0;
        }
        let Some((table, src)) = table_src else { return selectivity::of_filters(filters, None) };
        let t = &self.ctx.cat.tables[table];
        let gathered = t.stats.gathered;
        let stats = |col: usize| match t.stats.columns.get(col) {
            Some(c) if gathered => c.clone(),
            _ => t.column_stats(col),
        };
        let num_rows = if gathered { t.stats.num_rows as f64 } else { t.live_rows() as f64 };
        let mut outer = Vec::new();
        for e in self.outer_scopes.iter().flatten() {
            for (_, c) in &e.columns {
                c.sources(&mut outer);
            }
        }
        let peek = self.peeked_binds();
        let cols = Columns { src, num_rows: num_rows.max(1.0), stats: &stats, outer: &outer, peek: &peek };
        selectivity::of_filters(filters, Some(&cols))
    }

    /// Bind peeking: each bind's value at this hard parse (a SQL*Plus
    /// variable's, when peeking is on), by bind number, for selectivity.
    pub(super) fn peeked_binds(&self) -> Vec<Option<crate::value::Value>> {
        let host = self.ctx.host_binds;
        let value = |n: &String| {
            let bare = n.strip_prefix(':')?;
            host.iter().find(|(h, ..)| h.eq_ignore_ascii_case(bare)).and_then(|(.., v)| v.clone())
        };
        self.bind_names.iter().map(value).collect()
    }

    /// A table reference's access path: the optimizer's candidates,
    /// ranked, the chosen one assembled. Returns its operators, E-Rows,
    /// cost, the row bytes it adds to the block and whether it is a
    /// MemOptimized lookup; marks the conjuncts it uses.
    fn table_access(
        &mut self,
        q: &Query,
        (table, src, alias): (TableId, usize, &str),
        p: &mut Preds,
        referenced: &Option<std::collections::HashSet<String>>,
        (single, aggregate_query): (bool, bool),
    ) -> Result<(Op, f64, f64, f64, bool, f64), LabError> {
        let cat = self.ctx.cat;
        let t = &cat.tables[table];
        if !self.src_tables.iter().any(|&(s, _)| s == src) {
            self.src_tables.push((src, table));
        }
        // Gathered statistics when there are some (as the optimizer reads
        // them from the dictionary), else a full look at the data.
        let stats = if t.stats.gathered { t.stats.clone() } else { t.compute_stats(cat.table_blocks(t)) };
        // A partitioned table: the partitions its predicates keep, costed with their statistics.
        let pruned =
            t.part.as_deref().map(|pt| (pt, super::partition_composite::prune_table(t, pt, src, &p.conjuncts)));
        let stats = match &pruned {
            Some((pt, ps)) => super::partition::scoped_stats(cat, t, pt, ps, stats),
            None => stats,
        };
        let row_bytes = match referenced {
            Some(names) => access_path::candidate::referenced_bytes(t, &stats.avg_col_len, names),
            None => stats.avg_col_len.iter().sum::<u32>() as f64,
        };
        let peek = self.peeked_binds();
        let r = TableRef {
            cat,
            q,
            table,
            t,
            src,
            alias,
            stats: &stats,
            num_rows: (stats.num_rows as f64).max(1.0),
            conjuncts: &p.conjuncts,
            used: &p.used,
            available: &p.available,
            referenced,
            single,
            aggregate_query,
            memoptimize_rowstore: self.ctx.profile.memoptimize_rowstore,
            costing: self.ctx.costing,
            peek: &peek,
            parts: pruned.as_ref().map(|p| &p.1),
        };
        let cands = match self.ext.sample(src) {
            Some(s) => access_path::sample::candidates(&r, s.percent, s.block),
            None => access_path::gather(&r),
        };
        let best = access_path::best(&cands);
        if t.stats.gathered && peek.iter().any(Option::is_some) {
            // Adaptive cursor sharing: the predicates the peeked binds decided.
            let col_stats = |c: usize| stats.columns.get(c).cloned().unwrap_or_else(|| t.column_stats(c));
            let cols = Columns { src, num_rows: r.num_rows, stats: &col_stats, outer: &[], peek: &peek };
            let name = |c: usize| t.columns[c].name.clone();
            self.bind_preds.extend(crate::optimizer::acs::bind_predicates(&p.conjuncts, &cols, &name));
        }
        if let Some(rec) = self.cbo.as_mut() {
            rec.table(&r, &cands, best);
        }
        let chosen = access_path::rank_at(cands, best);
        let (e_rows, cost, cis, cpu) = (chosen.card, chosen.cost, chosen.consumes.clone(), chosen.cpu);
        let read_optim = matches!(chosen.path, access_path::AccessPath::IndexUnique { read_optim: true, .. });
        let desc = r.scan_desc(&chosen.path);
        // A MIN/MAX path reads one column: the block's rows are its bytes.
        let row_bytes = match chosen.path {
            access_path::AccessPath::MinMax { .. } => chosen.bytes.unwrap_or(row_bytes),
            _ => row_bytes,
        };
        let mut op = self.assemble_access(chosen, t, src)?;
        self.batch_table_access(&op, q, alias);
        self.attach_partitions(&mut op, t, pruned.map(|p| p.1), src, &p.conjuncts);
        if desc {
            self.scan_direction(&mut op, true);
        }
        for ci in cis {
            p.used[ci] = true;
        }
        Ok((op, e_rows, cost, row_bytes, read_optim, cpu))
    }
}

/// Keep in `filters` those reading only `srcs` (and the enclosing blocks'
/// `base`); return the others (join predicates).
fn own_filters(filters: &mut Vec<CExpr>, srcs: &[usize], base: &[usize]) -> Vec<CExpr> {
    let (own, join): (Vec<CExpr>, Vec<CExpr>) = std::mem::take(filters).into_iter().partition(|f| {
        let mut s = Vec::new();
        f.sources(&mut s);
        s.iter().all(|x| srcs.contains(x) || base.contains(x))
    });
    *filters = own;
    join
}
