//! GROUP BY, HAVING and DISTINCT: HASH GROUP BY / SORT GROUP BY and
//! HASH UNIQUE / SORT UNIQUE (compound queries are in setops.rs).

use super::*;

/// Aggregates met while compiling the expressions of a grouped block.
type AggList = Vec<AggItem>;

/// A GROUP BY or UNIQUE operator over `child`, not yet run: its keys,
/// aggregates, output source, order (a sort) and filter (HAVING).
pub(super) fn group_kind(
    child: Op,
    keys: Vec<CExpr>,
    aggs: Vec<AggSpec>,
    out_src: usize,
    order: Option<Vec<(usize, bool, bool)>>,
    filter: Vec<CExpr>,
    pos: Pos,
) -> OpKind {
    let (rows, next, built) = (Vec::new(), 0, false);
    let stopkey = u64::MAX;
    let sets = None;
    OpKind::GroupBy {
        child: Box::new(child),
        keys,
        aggs,
        out_src,
        order,
        filter,
        rows,
        next,
        built,
        pos,
        stopkey,
        sets,
    }
}

/// Replace the GROUP BY keys and aggregate placeholders in `e` by the
/// group row's columns (keys first, then the grouping flags and GROUP_ID
/// of ROLLUP and CUBE, then the aggregates from column `base`).
pub(super) fn to_group_row(e: &mut CExpr, keys: &[CExpr], out: usize, base: usize) {
    if let CExpr::Gen { src, col } = e {
        if *src == usize::MAX {
            *e = CExpr::Gen { src: out, col: base + *col };
            return;
        }
        if *src == super::grouping::GROUPING_SRC {
            *src = out;
            return;
        }
    }
    if let Some(i) = keys.iter().position(|k| k.same(e)) {
        *e = CExpr::Gen { src: out, col: i };
        return;
    }
    for c in e.children_mut() {
        to_group_row(c, keys, out, base);
    }
}

impl<'a> Builder<'a> {
    /// Compile `e` over the group row: ORA-00979 if it reads a column that
    /// is neither a GROUP BY key nor inside an aggregate.
    fn group_expr(
        &mut self,
        e: &Expr,
        scope: &[ScopeEntry],
        keys: &[CExpr],
        out: usize,
        aggs: &mut AggList,
    ) -> Result<CExpr, LabError> {
        let mut c = self.compile_expr(e, scope, Some(aggs))?;
        let base = if self.ext.grouping_keys.is_some() { 2 * keys.len() + 1 } else { keys.len() };
        to_group_row(&mut c, keys, out, base);
        let mut refs = Vec::new();
        c.sources(&mut refs);
        // An analytic function's placeholder reads the window line.
        if refs.iter().any(|s| *s != out && *s != super::window::WIN_SLOT) {
            return Err(LabError::new(ora::NOT_A_GROUP_BY_EXPRESSION, expr_pos(e)));
        }
        Ok(c)
    }

    /// The select list, GROUP BY/HAVING, DISTINCT and ORDER BY of a block
    /// that groups or removes duplicates.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn finish_grouped(
        &mut self,
        q: &Query,
        scope: &[ScopeEntry],
        aggregate_query: bool,
        op: Op,
        e_rows: f64,
        cost: f64,
        row_bytes: f64,
        read_optim: bool,
    ) -> Result<Block, LabError> {
        // Analytic functions over GROUP BY or DISTINCT (`window_group.rs`);
        // refused with ROLLUP, CUBE and GROUPING SETS.
        self.open_windows(q, q.grouping.is_some())?;
        let grouped = !q.group_by.is_empty() || q.grouping.is_some();
        if q.having.is_some() && !grouped {
            let what = "HAVING without GROUP BY, with DISTINCT or no aggregate in the select list";
            return Err(LabError::with(ora::LAB_UNSUPPORTED, what, q.pos));
        }
        if !grouped && aggregate_query {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "DISTINCT with aggregates and no GROUP BY", q.pos));
        }
        let mut keys = Vec::new();
        let gout = if grouped { self.new_source() } else { usize::MAX };
        for g in &q.group_by {
            if has_aggregate(g) {
                return Err(LabError::new(ora::GROUP_FUNCTION_NOT_ALLOWED, expr_pos(g)));
            }
            keys.push(self.compile_expr(g, scope, None)?);
        }
        let sets = match &q.grouping {
            Some(gs) => Some(super::grouping::grouping(gs, &mut keys)?),
            None => None,
        };
        let outer_grouping = std::mem::replace(&mut self.ext.grouping_keys, sets.as_ref().map(|_| keys.clone()));
        let r = self.grouped_items(q, scope, (keys, gout, sets), op, (e_rows, cost, row_bytes, read_optim));
        self.ext.grouping_keys = outer_grouping;
        r
    }

    /// The select list, HAVING and ORDER BY of a grouped or DISTINCT block
    /// over its GROUP BY keys (and grouping sets).
    #[allow(clippy::type_complexity)]
    fn grouped_items(
        &mut self,
        q: &Query,
        scope: &[ScopeEntry],
        (keys, gout, sets): (Vec<CExpr>, usize, Option<super::grouping::Grouping>),
        mut op: Op,
        (mut e_rows, mut cost, row_bytes, read_optim): (f64, f64, f64, bool),
    ) -> Result<Block, LabError> {
        let grouped = gout != usize::MAX;
        let (mut columns, mut project, mut aggs): (Vec<String>, Vec<CExpr>, AggList) = Default::default();
        for item in &q.select {
            match item {
                SelectItem::Star(pos) if grouped => return Err(LabError::new(ora::NOT_A_GROUP_BY_EXPRESSION, *pos)),
                SelectItem::QualifiedStar(a) if grouped => {
                    return Err(LabError::new(ora::NOT_A_GROUP_BY_EXPRESSION, a.pos))
                }
                SelectItem::Star(_) | SelectItem::QualifiedStar(_) => {
                    super::project::expand_star(item, scope, &mut columns, &mut project)?
                }
                SelectItem::Expr { expr, alias, heading } => {
                    columns.push(super::project::item_name(expr, alias.as_ref(), heading.as_deref()));
                    project.push(if grouped {
                        self.group_expr(expr, scope, &keys, gout, &mut aggs)?
                    } else {
                        self.compile_expr(expr, scope, None)?
                    });
                }
            }
        }
        // No analytic function in HAVING (ORA-30483); in ORDER BY again.
        let windows = self.ext.windows.take();
        let having = match &q.having {
            Some(h) => vec![self.group_expr(h, scope, &keys, gout, &mut aggs)?],
            None => Vec::new(),
        };
        self.ext.windows = windows;
        // ORDER BY keys over the select list or the group row.
        let mut order_keys: Vec<(CExpr, bool, bool)> = Vec::new();
        for o in &q.order_by {
            let c = match super::project::select_list_item(&o.expr, &project, &columns, scope)? {
                Some(c) => c,
                None if grouped => self.group_expr(&o.expr, scope, &keys, gout, &mut aggs)?,
                None => self.compile_expr(&o.expr, scope, None)?,
            };
            super::resolve::refuse_rowid_order(&c, expr_pos(&o.expr))?;
            order_keys.push((c, o.descending, o.nulls_first.unwrap_or(o.descending)));
        }
        let windows = self.windows_over_groups(q, grouped.then_some((&keys, gout)))?;
        let mut sorted_by_group = false;
        if grouped {
            let parts = (keys, aggs, having, gout);
            let sizes = (e_rows, cost, row_bytes);
            let by = windows.as_ref().map_or(&order_keys, |w| w.1.as_ref().unwrap_or(&order_keys));
            (op, e_rows, sorted_by_group) = match sets {
                Some(g) => self.grouping_op(q, scope, op, parts, g, by, sizes)?,
                None => self.group_by(q, scope, op, parts, by, sizes)?,
            };
            cost = self.line_cost(&op, cost);
        }
        if let Some((items, by)) = windows {
            // Windows that are all `OVER ()` keep the groups' order.
            let kept = sorted_by_group && items.iter().all(|w| w.partition.is_empty() && w.order.is_empty());
            let presorted = if sorted_by_group { by.unwrap_or_default() } else { Vec::new() };
            let figures = (e_rows, cost, row_bytes);
            (op, cost, sorted_by_group) =
                self.window_lines(op, items, (&mut project, &mut order_keys), figures, &presorted)?;
            sorted_by_group |= kept;
        }
        let mut sorts = sorted_by_group;
        if q.distinct {
            let sorted;
            (op, sorted) = self.distinct(q, op, &order_keys, &mut project, (e_rows, cost, row_bytes))?;
            cost = self.line_cost(&op, cost);
            sorts = sorted;
        } else if !order_keys.is_empty() && !sorted_by_group {
            op = self.sort_order_by(op, order_keys, &mut project, e_rows, cost, row_bytes);
            cost = self.line_cost(&op, cost);
            sorts = true;
        }
        Ok(Block { op, columns, project, e_rows, cost, row_bytes, read_optim, sorts })
    }

    /// SORT GROUP BY or HASH GROUP BY over `op`: its operator, E-Rows and
    /// whether the groups come out in the ORDER BY's order.
    fn group_by(
        &mut self,
        q: &Query,
        scope: &[ScopeEntry],
        op: Op,
        (keys, aggs, having, gout): (Vec<CExpr>, AggList, Vec<CExpr>, usize),
        order_keys: &[(CExpr, bool, bool)],
        (e_rows, cost, row_bytes): (f64, f64, f64),
    ) -> Result<(Op, f64, bool), LabError> {
        let mut sorted_by_group = false;
        let specs = self.agg_specs(&aggs, scope)?;
        let mut kinds: Vec<_> = keys.iter().map(|k| crate::exec::convert::kind(k, &self.kinds())).collect();
        kinds.extend(specs.iter().map(|a| super::project::aggregate_kind(a, &self.kinds())));
        self.set_source_kinds(gout, kinds);
        let mut carried: Vec<Vec<CExpr>> = keys.iter().map(|k| vec![k.clone()]).collect();
        carried.extend(specs.iter().map(super::project::aggregate_carries));
        self.set_source_exprs(gout, carried);
        // ORDER BY on the keys alone: the groups come out sorted.
        let key_order: Option<Vec<(usize, bool, bool)>> = order_keys
            .iter()
            .map(|(c, d, n)| match c {
                CExpr::Gen { src, col } if *src == gout && *col < keys.len() => Some((*col, *d, *n)),
                _ => None,
            })
            .collect();
        // Rows that come in key order (an index scan) are grouped as they
        // come: SORT GROUP BY NOSORT, unless USE_HASH_AGGREGATION asks for
        // a hash. An ORDER BY on the keys is then the scan's direction.
        let (hint, scan) = self.aggregation_input(q, &op);
        let wanted: Option<Vec<(CExpr, bool, bool)>> = key_order
            .as_ref()
            .filter(|o| !o.is_empty() && !q.distinct)
            .map(|o| o.iter().map(|(c, d, n)| (keys[*c].clone(), *d, *n)).collect());
        let nosort = scan.as_ref().and_then(|d| match &wanted {
            Some(w) => super::order::satisfies(d, w, false),
            None => super::order::satisfies(d, &super::order::group_keys(&keys), true),
        });
        let mut op = op;
        let (order, name) = match (key_order, nosort) {
            (_, Some(desc)) => {
                self.scan_direction(&mut op, desc);
                sorted_by_group = wanted.is_some();
                (None, "SORT GROUP BY NOSORT")
            }
            (Some(mut o), None) if !o.is_empty() && !q.distinct => {
                for i in 0..keys.len() {
                    if !o.iter().any(|(c, _, _)| *c == i) {
                        o.push((i, false, false));
                    }
                }
                sorted_by_group = true;
                (Some(o), "SORT GROUP BY")
            }
            // A DISTINCT aggregate and LISTAGG are computed by sorting:
            // SORT GROUP BY (a hash group by cannot), the groups in key
            // order; so is
            // every GROUP BY when hash aggregation is off.
            _ if specs.iter().any(|a| a.distinct || a.ordered.is_some())
                || !hint.unwrap_or(self.ctx.gby_hash_aggregation) =>
            {
                (Some((0..keys.len()).map(|i| (i, false, false)).collect()), "SORT GROUP BY")
            }
            _ => (None, "HASH GROUP BY"),
        };
        let groups = self.group_rows(&keys, e_rows);
        let (sort, input_rows) = (self.sort_units(name, e_rows, row_bytes), e_rows);
        let e_rows = if having.is_empty() { groups } else { (groups * 0.05).max(1.0).round() };
        let op = self.op(
            name,
            None,
            e_rows,
            cost + sort,
            Some(e_rows * row_bytes),
            "qerghFetch",
            group_kind(op, keys, specs, gout, order, having, q.pos),
        );
        self.sort_cpu(op.line, name, input_rows, row_bytes);
        Ok((op, e_rows, sorted_by_group))
    }

    /// The aggregates met, compiled over the rows grouped.
    pub(super) fn agg_specs(&mut self, aggs: &AggList, scope: &[ScopeEntry]) -> Result<Vec<AggSpec>, LabError> {
        let mut specs = Vec::with_capacity(aggs.len());
        for (func, arg, pos, distinct, within) in aggs {
            let a = match arg {
                Some(a) => Some(self.compile_expr(a, scope, None)?),
                None => None,
            };
            let ordered = match within {
                Some(w) => Some(Box::new(self.ordered_spec(*func, w, *pos, scope)?)),
                None => None,
            };
            specs.push(AggSpec { func: *func, arg: a, distinct: *distinct, ordered });
        }
        Ok(specs)
    }

    /// SORT UNIQUE (an ORDER BY on selected expressions) or HASH UNIQUE
    /// over `op`; the select list becomes the distinct rows' columns.
    fn distinct(
        &mut self,
        q: &Query,
        op: Op,
        order_keys: &[(CExpr, bool, bool)],
        project: &mut Vec<CExpr>,
        (e_rows, cost, row_bytes): (f64, f64, f64),
    ) -> Result<(Op, bool), LabError> {
        let dout = self.new_source();
        let mut order = Vec::new();
        for (c, d, n) in order_keys {
            let Some(i) = project.iter().position(|p| p.same(c)) else {
                let at = q.order_by.get(order.len()).map(|o| expr_pos(&o.expr)).unwrap_or(q.pos);
                return Err(LabError::new(ora::NOT_A_SELECTED_EXPRESSION, at));
            };
            order.push((i, *d, *n));
        }
        let mut op = op;
        let (hint, scan) = self.aggregation_input(q, &op);
        // Rows in the select list's order (an index scan): SORT UNIQUE
        // NOSORT, the ORDER BY (if any) the scan's direction.
        let nosort = scan.as_ref().and_then(|d| {
            if order_keys.is_empty() {
                super::order::satisfies(d, &super::order::group_keys(project), true)
            } else {
                let all = order.len() == project.len();
                super::order::satisfies(d, order_keys, false).filter(|_| all)
            }
        });
        let sorted = !order.is_empty();
        let hash = hint.unwrap_or(self.ctx.gby_hash_aggregation);
        if nosort.is_none() && (sorted || !hash) {
            for i in 0..project.len() {
                if !order.iter().any(|(c, _, _)| *c == i) {
                    order.push((i, false, false));
                }
            }
        }
        let name = match nosort {
            Some(desc) => {
                self.scan_direction(&mut op, desc);
                order.clear();
                "SORT UNIQUE NOSORT"
            }
            None if sorted || !hash => "SORT UNIQUE",
            None => "HASH UNIQUE",
        };
        let n = project.len();
        self.source_kinds(dout, project);
        let dkeys = std::mem::replace(project, (0..n).map(|i| CExpr::Gen { src: dout, col: i }).collect());
        let sort = self.sort_units(name, e_rows, row_bytes);
        let op = self.op(
            name,
            None,
            e_rows,
            cost + sort,
            Some(e_rows * row_bytes),
            "qerghFetch",
            group_kind(op, dkeys, Vec::new(), dout, (!order.is_empty()).then_some(order), Vec::new(), q.pos),
        );
        self.sort_cpu(op.line, name, e_rows, row_bytes);
        Ok((op, sorted))
    }
}
