//! The select list, aggregation and ORDER BY of a query block.

use super::*;

impl<'a> Builder<'a> {
    /// The select list, aggregation and ORDER BY over a block's joined rows.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn finish_block(
        &mut self,
        q: &Query,
        scope: &[ScopeEntry],
        aggregate_query: bool,
        mut op: Op,
        mut e_rows: f64,
        mut cost: f64,
        row_bytes: f64,
        read_optim_any: bool,
    ) -> Result<Block, LabError> {
        // ---- projection
        let mut columns = Vec::new();
        let mut project = Vec::new();
        let mut agg_list: Vec<AggItem> = Vec::new();
        let mut agg_slots: Vec<usize> = Vec::new(); // projection index using aggregates
                                                    // Scalar subqueries may appear in the select list.
        let enclosing_subs = std::mem::take(&mut self.pending_subs);
        let scalar_enclosing = std::mem::replace(&mut self.scalar_ok, true);
        let windowed = self.open_windows(q, aggregate_query)?;
        for item in &q.select {
            match item {
                SelectItem::Star(pos) if aggregate_query => {
                    return Err(LabError::new(ora::NOT_A_SINGLE_GROUP_GROUP_FUNCTION, *pos));
                }
                SelectItem::Star(_) | SelectItem::QualifiedStar(_) => {
                    expand_star(item, scope, &mut columns, &mut project)?
                }
                SelectItem::Expr { expr, alias, heading } => {
                    let name = item_name(expr, alias.as_ref(), heading.as_deref());
                    columns.push(name);
                    if aggregate_query {
                        if !has_aggregate(expr) {
                            let mut refs = Vec::new();
                            let c = self.compile_expr(expr, scope, None)?;
                            c.sources(&mut refs);
                            refs.retain(|r| !self.pending_subs.iter().any(|s| s.slot == *r && !s.correlated));
                            if !refs.is_empty() {
                                return Err(LabError::new(ora::NOT_A_SINGLE_GROUP_GROUP_FUNCTION, expr_pos(expr)));
                            }
                            project.push(c);
                        } else {
                            let c = self.compile_expr(expr, scope, Some(&mut agg_list))?;
                            agg_slots.push(project.len());
                            project.push(c);
                        }
                    } else {
                        project.push(crate::exec::fold::fold(self.compile_expr(expr, scope, None)?));
                    }
                }
            }
        }
        self.scalar_ok = scalar_enclosing;
        let mut having = self.lone_having(q, scope, &mut agg_list)?;
        let mut win_keys = None;
        if windowed {
            let (o, c, keys) = self.close_windows(q, op, &mut project, &columns, scope, (e_rows, cost, row_bytes))?;
            (op, cost, win_keys) = (o, c, Some(keys));
        }
        let subs = std::mem::replace(&mut self.pending_subs, enclosing_subs);
        let mut out_row_bytes = row_bytes;
        if aggregate_query {
            let out = self.new_source();
            let specs = self.agg_specs(&agg_list, scope)?;
            let kinds = specs.iter().map(|a| aggregate_kind(a, &self.kinds())).collect();
            self.set_source_kinds(out, kinds);
            self.set_source_exprs(out, specs.iter().map(aggregate_carries).collect());
            for i in agg_slots {
                rewire_aggs(&mut project[i], out);
            }
            let pos = q.pos;
            out_row_bytes = row_bytes;
            // Over a row source without Bytes (FAST DUAL) it has none either.
            let bytes = self.drafts.get(op.line as usize).and_then(|d| d.bytes).map(|_| row_bytes);
            op = self.op(
                "SORT AGGREGATE",
                None,
                1.0,
                cost,
                bytes,
                "qergsFetch",
                OpKind::SortAggregate { child: Box::new(op), aggs: specs, out_src: out, done: false, pos },
            );
            e_rows = 1.0;
            if let Some(h) = having.as_mut() {
                rewire_aggs(h, out);
                let preds = vec![std::mem::replace(h, CExpr::Const(crate::value::Value::Null))];
                let kind = OpKind::Filter { child: Box::new(op), preds, startup: None };
                op = self.op("FILTER", None, 1.0, cost, None, "qerflFetch", kind);
            }
        }
        let (mut op, scalars) = self.select_list_scalars(op, subs);
        let mut sorts = false;
        if let Some((keys, true)) = win_keys.as_ref().map(|(k, o)| (k, *o)) {
            // The top window line's sort gives the ORDER BY's order.
            let _ = keys;
        } else if !q.order_by.is_empty() {
            let keys = match win_keys {
                Some((k, _)) => k,
                None => self.order_keys(q, &project, &columns, scope)?,
            };
            // An index scan in the ORDER BY's order needs no sort.
            if aggregate_query || !self.order_by_index(&mut op, &keys) {
                op = self.sort_order_by(op, keys, &mut project, e_rows, cost, out_row_bytes);
                cost = self.line_cost(&op, cost);
                sorts = true;
            }
        }
        self.hoist_scalars(&op, scalars);
        Ok(Block { op, columns, project, e_rows, cost, row_bytes: out_row_bytes, read_optim: read_optim_any, sorts })
    }
}

impl Builder<'_> {
    /// The ORDER BY's keys: select list items (by position or alias) or
    /// expressions over the block's sources.
    pub(super) fn order_keys(
        &mut self,
        q: &Query,
        project: &[CExpr],
        columns: &[String],
        scope: &[ScopeEntry],
    ) -> Result<Vec<(CExpr, bool, bool)>, LabError> {
        let mut keys = Vec::new();
        for o in &q.order_by {
            let c = match select_list_item(&o.expr, project, columns, scope)? {
                Some(c) => c,
                None => self.compile_expr(&o.expr, scope, None)?,
            };
            super::resolve::refuse_rowid_order(&c, expr_pos(&o.expr))?;
            keys.push((c, o.descending, o.nulls_first.unwrap_or(o.descending)));
        }
        Ok(keys)
    }
}

/// An aggregate's datatype class: MIN and MAX have their argument's,
/// COUNT, SUM and AVG are numbers.
pub(super) fn aggregate_kind(a: &AggSpec, k: &crate::exec::convert::Kinds<'_>) -> crate::exec::convert::Kind {
    match (a.func, &a.arg) {
        (AggregateFunc::Min | AggregateFunc::Max, Some(e)) => crate::exec::convert::kind(e, k),
        (AggregateFunc::Listagg, _) => crate::exec::convert::Kind::Varchar,
        (AggregateFunc::PercentileDisc, Some(e)) => crate::exec::convert::kind(e, k),
        _ => crate::exec::convert::Kind::Number,
    }
}

/// `*` or `alias.*`: the columns in scope, appended to the select list.
pub(super) fn expand_star(
    item: &SelectItem,
    scope: &[ScopeEntry],
    columns: &mut Vec<String>,
    project: &mut Vec<CExpr>,
) -> Result<(), LabError> {
    let entries: Vec<&ScopeEntry> = match item {
        SelectItem::QualifiedStar(alias) => vec![scope
            .iter()
            .find(|s| s.alias == alias.name)
            .ok_or_else(|| LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{}\"", alias.name), alias.pos))?],
        _ => scope.iter().collect(),
    };
    for s in entries {
        for (n, c) in &s.columns {
            columns.push(n.clone());
            project.push(c.clone());
        }
    }
    Ok(())
}

/// A select item's column heading: its alias, column name or text (a
/// number literal's as typed).
pub(super) fn item_name(expr: &Expr, alias: Option<&lio_sql::ast::Ident>, typed: Option<&str>) -> String {
    alias.map(|a| a.name.clone()).unwrap_or_else(|| match expr {
        Expr::Column { name, .. } => name.name.clone(),
        _ if typed.is_some() => typed.unwrap_or_default().to_string(),
        // Oracle names `count(distinct x)` COUNT(DISTINCTX): the blank
        // after DISTINCT goes with the others.
        other => expr_text(other).to_uppercase().replace("(DISTINCT ", "(DISTINCT"),
    })
}

impl Builder<'_> {
    /// HAVING without GROUP BY (the block's one group): compiled over the
    /// aggregates, which join the block's; a column outside an aggregate
    /// is ORA-00979.
    fn lone_having(
        &mut self,
        q: &Query,
        scope: &[ScopeEntry],
        aggs: &mut Vec<AggItem>,
    ) -> Result<Option<CExpr>, LabError> {
        let Some(h) = &q.having else { return Ok(None) };
        let windows = self.ext.windows.take();
        let c = self.compile_expr(h, scope, Some(aggs));
        self.ext.windows = windows;
        let c = c?;
        let mut refs = Vec::new();
        c.sources(&mut refs);
        if refs.iter().any(|s| *s != usize::MAX) {
            return Err(LabError::new(ora::NOT_A_GROUP_BY_EXPRESSION, expr_pos(h)));
        }
        Ok(Some(c))
    }

    /// What a sort line `name` of `rows` rows of `row_bytes` adds to its
    /// input's cost (`optimizer::sort`); a NOSORT line sorts nothing.
    pub(super) fn sort_units(&self, name: &str, rows: f64, row_bytes: f64) -> f64 {
        if name.ends_with("NOSORT") {
            return 0.0;
        }
        self.ctx.costing.sort(rows, row_bytes).units
    }

    /// The cost of `op`'s line (a sort's, which the lines above and the
    /// statement carry on), else `fallback`.
    pub(super) fn line_cost(&self, op: &Op, fallback: f64) -> f64 {
        self.drafts.get(op.line as usize).map_or(fallback, |d| d.cost)
    }

    /// SORT ORDER BY over `op`: the projection is materialised in the
    /// sort's own source, which `project` then reads.
    pub(super) fn sort_order_by(
        &mut self,
        op: Op,
        keys: Vec<(CExpr, bool, bool)>,
        project: &mut Vec<CExpr>,
        e_rows: f64,
        cost: f64,
        row_bytes: f64,
    ) -> Op {
        let out = self.new_source();
        let n = project.len();
        self.source_kinds(out, project);
        let exprs = std::mem::replace(project, (0..n).map(|i| CExpr::Gen { src: out, col: i }).collect());
        let sort = self.op(
            "SORT ORDER BY",
            None,
            e_rows,
            cost + self.sort_units("SORT ORDER BY", e_rows, row_bytes),
            Some(e_rows * row_bytes),
            "qersoFetch",
            OpKind::SortOrderBy {
                child: Box::new(op),
                keys,
                exprs,
                out_src: out,
                rows: Vec::new(),
                next: 0,
                sorted: false,
                limit: u64::MAX,
            },
        );
        self.sort_cpu(sort.line, "SORT ORDER BY", e_rows, row_bytes);
        sort
    }
}

/// An ORDER BY item that names a select-list entry: its position (`ORDER BY
/// 2`, ORA-01785 when out of range) or a column alias that no table in
/// scope has. None: an expression over the query's sources.
pub(super) fn select_list_item(
    e: &Expr,
    project: &[CExpr],
    columns: &[String],
    scope: &[ScopeEntry],
) -> Result<Option<CExpr>, LabError> {
    Ok(match e {
        Expr::Number(n, pos) => {
            let i = n.to_f64() as usize;
            if i == 0 || i > project.len() || !n.is_integer() {
                return Err(LabError::new(ora::ORDER_BY_ITEM_NUMBER, *pos));
            }
            Some(project[i - 1].clone())
        }
        Expr::Column { qualifier: None, name }
            if columns.contains(&name.name)
                && !scope.iter().any(|s| s.columns.iter().any(|(n, _)| *n == name.name)) =>
        {
            Some(project[columns.iter().position(|c| *c == name.name).unwrap_or(0)].clone())
        }
        _ => None,
    })
}

/// What an aggregate's value carries of its argument for SQL*Plus's width:
/// MIN and MAX return their argument's type (MAX(ename) is VARCHAR2(10));
/// the others a NUMBER.
pub(super) fn aggregate_carries(a: &AggSpec) -> Vec<CExpr> {
    match (&a.func, &a.arg, &a.ordered) {
        (AggregateFunc::Min | AggregateFunc::Max, Some(x), _) => vec![x.clone()],
        // LISTAGG is a VARCHAR2(4000): SQL*Plus shows it 4000 wide.
        (AggregateFunc::Listagg, Some(x), Some(w)) => {
            let to = crate::exec::cast::CastTo::Varchar2(crate::exec::scalar::SQL_VARCHAR2_MAX as u32);
            vec![CExpr::Func(crate::exec::func::Func::Cast(to), vec![x.clone()], w.pos)]
        }
        _ => Vec::new(),
    }
}
