//! GROUP BY, HAVING and DISTINCT: HASH GROUP BY / SORT GROUP BY and
//! HASH UNIQUE / SORT UNIQUE, and UNION ALL.

use super::*;

/// Aggregates met while compiling the expressions of a grouped block.
type AggList = Vec<(AggregateFunc, Option<Expr>, Pos)>;

/// Replace the GROUP BY keys and aggregate placeholders in `e` by the
/// group row's columns (keys first, then the aggregates).
fn to_group_row(e: &mut CExpr, keys: &[CExpr], out: usize) {
    if let CExpr::Gen { src, col } = e {
        if *src == usize::MAX {
            *e = CExpr::Gen { src: out, col: keys.len() + *col };
            return;
        }
    }
    if let Some(i) = keys.iter().position(|k| k.same(e)) {
        *e = CExpr::Gen { src: out, col: i };
        return;
    }
    for c in e.children_mut() {
        to_group_row(c, keys, out);
    }
}

impl<'a> Builder<'a> {
    /// A query block, or a compound query (UNION ALL) of them.
    pub(super) fn block(&mut self, q: &Query) -> Result<Block, LabError> {
        if q.union_all.is_empty() {
            return self.simple_block(q);
        }
        let mut first = q.clone();
        let rest = std::mem::take(&mut first.union_all);
        let order = std::mem::take(&mut first.order_by);
        let mut branches = Vec::new();
        let (mut e_rows, mut cost, mut row_bytes) = (0.0, 0.0, 0.0f64);
        let mut columns = Vec::new();
        let mut read_optim = false;
        for (i, bq) in std::iter::once(&first).chain(rest.iter()).enumerate() {
            let b = self.simple_block(bq)?;
            if i == 0 {
                columns = b.columns.clone();
            } else if b.columns.len() != columns.len() {
                return Err(LabError::new(ora::QUERY_BLOCK_INCORRECT_COLUMNS, bq.pos));
            }
            // A number and a character value in one column: ORA-01790.
            if let Some((_, first_project)) = branches.first().map(|(o, p): &(Op, Vec<CExpr>)| (o, p)) {
                use crate::exec::convert::{kind, Kind};
                let text = |k: Kind| matches!(k, Kind::Char(_) | Kind::Varchar);
                for (j, (a, e)) in first_project.iter().zip(&b.project).enumerate() {
                    let (ka, kb) = (kind(a, &self.kinds()), kind(e, &self.kinds()));
                    if (ka == Kind::Number && text(kb)) || (text(ka) && kb == Kind::Number) {
                        // Oracle points at the first branch's expression.
                        let pos = match first.select.get(j) {
                            Some(SelectItem::Expr { expr, .. }) if first.select.len() == b.project.len() => {
                                expr_pos(expr)
                            }
                            _ => first.pos,
                        };
                        return Err(LabError::new(ora::EXPRESSION_MUST_HAVE_SAME_DATATYPE, pos));
                    }
                }
            }
            e_rows += b.e_rows;
            cost += b.cost;
            row_bytes = row_bytes.max(b.row_bytes);
            read_optim |= b.read_optim;
            branches.push((b.op, b.project));
        }
        let out = self.new_source();
        // Each column's datatype: CHAR of one length stays CHAR, else
        // VARCHAR2 (see `Kind::common`); NULLs do not count.
        let kinds = (0..columns.len())
            .map(|j| {
                let exprs = branches.iter().filter_map(|(_, p)| p.get(j));
                let known = exprs.filter(|e| !matches!(e, CExpr::Const(crate::value::Value::Null)));
                crate::exec::convert::Kind::common(known.map(|e| crate::exec::convert::kind(e, &self.kinds())))
            })
            .collect();
        self.set_source_kinds(out, kinds);
        let mut op = self.op(
            "UNION-ALL",
            None,
            e_rows,
            cost,
            None,
            "qerua",
            OpKind::UnionAll { branches, out_src: out, current: 0 },
        );
        let mut project: Vec<CExpr> = (0..columns.len()).map(|i| CExpr::Gen { src: out, col: i }).collect();
        let mut sorts = false;
        if !order.is_empty() {
            let mut keys = Vec::new();
            for o in &order {
                let i = match &o.expr {
                    Expr::Number(n, pos) => {
                        let i = n.to_f64() as usize;
                        if i == 0 || i > columns.len() || !n.is_integer() {
                            return Err(LabError::new(ora::ORDER_BY_ITEM_NUMBER, *pos));
                        }
                        i - 1
                    }
                    Expr::Column { qualifier: None, name } if columns.contains(&name.name) => {
                        columns.iter().position(|c| *c == name.name).unwrap_or(0)
                    }
                    e => return Err(LabError::new(ora::ORDER_BY_ITEM_NUMBER, expr_pos(e))),
                };
                keys.push((project[i].clone(), o.descending, o.nulls_first.unwrap_or(o.descending)));
            }
            op = self.sort_order_by(op, keys, &mut project, e_rows, cost, row_bytes);
            sorts = true;
        }
        Ok(Block { op, columns, project, e_rows, cost, row_bytes, read_optim, sorts })
    }

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
        to_group_row(&mut c, keys, out);
        let mut refs = Vec::new();
        c.sources(&mut refs);
        if refs.iter().any(|s| *s != out) {
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
        mut op: Op,
        mut e_rows: f64,
        cost: f64,
        row_bytes: f64,
        read_optim: bool,
    ) -> Result<Block, LabError> {
        let grouped = !q.group_by.is_empty();
        if q.having.is_some() && !grouped {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "HAVING without GROUP BY", q.pos));
        }
        if !grouped && aggregate_query {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "DISTINCT with aggregates and no GROUP BY", q.pos));
        }
        let mut columns = Vec::new();
        let mut project = Vec::new();
        let mut keys = Vec::new();
        let mut aggs: AggList = Vec::new();
        let gout = if grouped { self.new_source() } else { usize::MAX };
        for g in &q.group_by {
            if has_aggregate(g) {
                return Err(LabError::new(ora::GROUP_FUNCTION_NOT_ALLOWED, expr_pos(g)));
            }
            keys.push(self.compile_expr(g, scope, None)?);
        }
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
        let having = match &q.having {
            Some(h) => vec![self.group_expr(h, scope, &keys, gout, &mut aggs)?],
            None => Vec::new(),
        };
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
        let mut sorted_by_group = false;
        if grouped {
            let parts = (keys, aggs, having, gout);
            (op, e_rows, sorted_by_group) =
                self.group_by(q, scope, op, parts, &order_keys, (e_rows, cost, row_bytes))?;
        }
        let mut sorts = sorted_by_group;
        if q.distinct {
            let sorted;
            (op, sorted) = self.distinct(q, op, &order_keys, &mut project, (e_rows, cost, row_bytes))?;
            sorts = sorted;
        } else if !order_keys.is_empty() && !sorted_by_group {
            op = self.sort_order_by(op, order_keys, &mut project, e_rows, cost, row_bytes);
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
        let mut specs = Vec::new();
        for (func, arg, _) in &aggs {
            let a = match arg {
                Some(a) => Some(self.compile_expr(a, scope, None)?),
                None => None,
            };
            specs.push(AggSpec { func: *func, arg: a });
        }
        let mut kinds: Vec<_> = keys.iter().map(|k| crate::exec::convert::kind(k, &self.kinds())).collect();
        kinds.extend(specs.iter().map(|a| super::project::aggregate_kind(a, &self.kinds())));
        self.set_source_kinds(gout, kinds);
        // ORDER BY on the keys alone: the groups come out sorted.
        let key_order: Option<Vec<(usize, bool, bool)>> = order_keys
            .iter()
            .map(|(c, d, n)| match c {
                CExpr::Gen { src, col } if *src == gout && *col < keys.len() => Some((*col, *d, *n)),
                _ => None,
            })
            .collect();
        let order = match key_order {
            Some(mut o) if !o.is_empty() && !q.distinct => {
                for i in 0..keys.len() {
                    if !o.iter().any(|(c, _, _)| *c == i) {
                        o.push((i, false, false));
                    }
                }
                sorted_by_group = true;
                Some(o)
            }
            _ => None,
        };
        let groups = (e_rows * 0.1).max(1.0).round();
        let name = if order.is_some() { "SORT GROUP BY" } else { "HASH GROUP BY" };
        let e_rows = if having.is_empty() { groups } else { (groups * 0.05).max(1.0).round() };
        let op = self.op(
            name,
            None,
            e_rows,
            cost + 1.0,
            Some(e_rows * row_bytes),
            "qerghFetch",
            OpKind::GroupBy {
                child: Box::new(op),
                keys,
                aggs: specs,
                out_src: gout,
                order,
                filter: having,
                rows: Vec::new(),
                next: 0,
                built: false,
                pos: q.pos,
            },
        );
        Ok((op, e_rows, sorted_by_group))
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
        let sorted = !order.is_empty();
        if sorted {
            for i in 0..project.len() {
                if !order.iter().any(|(c, _, _)| *c == i) {
                    order.push((i, false, false));
                }
            }
        }
        let n = project.len();
        self.source_kinds(dout, project);
        let dkeys = std::mem::replace(project, (0..n).map(|i| CExpr::Gen { src: dout, col: i }).collect());
        let op = self.op(
            if sorted { "SORT UNIQUE" } else { "HASH UNIQUE" },
            None,
            e_rows,
            cost + 1.0,
            Some(e_rows * row_bytes),
            "qerghFetch",
            OpKind::GroupBy {
                child: Box::new(op),
                keys: dkeys,
                aggs: Vec::new(),
                out_src: dout,
                order: sorted.then_some(order),
                filter: Vec::new(),
                rows: Vec::new(),
                next: 0,
                built: false,
                pos: q.pos,
            },
        );
        Ok((op, sorted))
    }
}
