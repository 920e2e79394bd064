//! Analytic functions in the plan (`exec/window_area.rs` runs them). The
//! select list's (and ORDER BY's) analytic functions are compiled to
//! placeholders; those with the same PARTITION BY and ORDER BY share a
//! window line, as Oracle shares one sort among them:
//!
//! - `WINDOW SORT`: a sort on PARTITION BY, ORDER BY (`sorts (memory)`,
//!   its work area, Cost as a SORT ORDER BY's);
//! - `WINDOW NOSORT`: an index scan below delivers that order;
//! - `WINDOW BUFFER`: `OVER ()`, the rows held without a sort.
//!
//! Each line materialises the columns the lines above read and appends
//! its functions' values; the select list then reads the top line. A
//! query ORDER BY that the top line's sort already gives needs no SORT
//! ORDER BY. Refused: analytic functions in a GROUP BY query or with
//! scalar subqueries in the select list; ORA-30483 anywhere but the
//! select list and ORDER BY.

use super::*;
use crate::exec::window_area::{Bound, WinFn, WinItem, WindowSpec};
use lio_sql::ast::{Analytic, FrameBound, WindowFunc};

/// The source of the placeholders of the select list's analytic functions.
/// (Not `usize::MAX - 1`: that is ROLLUP's grouping flags, `grouping.rs`.)
pub(super) const WIN_SLOT: usize = usize::MAX - 2;

pub(super) type Key = (CExpr, bool, bool);

/// Whether a select item holds an analytic function.
pub(super) fn has_analytic(e: &Expr) -> bool {
    super::rownum::any_expr(e, &|x| matches!(x, Expr::Analytic(_)))
}

fn bound(b: &FrameBound, pos: Pos) -> Result<Bound, LabError> {
    let n = |e: &Expr| match e {
        Expr::Number(n, _) if n.to_f64() >= 0.0 => Ok(n.to_f64().trunc().min(1e15) as i64),
        _ => Err(LabError::with(ora::ARGUMENT_OUT_OF_RANGE, expr_text(e), pos)),
    };
    Ok(match b {
        FrameBound::UnboundedPreceding | FrameBound::UnboundedFollowing => Bound::Unbounded,
        FrameBound::CurrentRow => Bound::Current,
        FrameBound::Preceding(e) => Bound::Offset(-n(e)?),
        FrameBound::Following(e) => Bound::Offset(n(e)?),
    })
}

fn has_rownum(e: &CExpr) -> bool {
    matches!(e, CExpr::Rownum) || e.children().into_iter().any(has_rownum)
}

fn collect(e: &CExpr, leaves: &mut Vec<CExpr>, seen: &mut Vec<String>) {
    match e {
        CExpr::Gen { src, .. } if *src == WIN_SLOT => {}
        CExpr::Col { .. } | CExpr::Gen { .. } | CExpr::Level | CExpr::Rownum | CExpr::RowId(_) => {
            let k = format!("{e:?}");
            if !seen.contains(&k) {
                seen.push(k);
                leaves.push(e.clone());
            }
        }
        _ => e.children().into_iter().for_each(|c| collect(c, leaves, seen)),
    }
}

/// `e` over line `out`: a leaf read from its column, the placeholder of
/// function k from its value's column (`at[k]`, once computed).
fn rewrite(e: &mut CExpr, seen: &[String], out: usize, at: &[Option<usize>]) {
    match e {
        CExpr::Gen { src, col } if *src == WIN_SLOT => {
            if let Some(Some(c)) = at.get(*col) {
                *e = CExpr::Gen { src: out, col: seen.len() + c };
            }
        }
        CExpr::Col { .. } | CExpr::Gen { .. } | CExpr::Level | CExpr::Rownum | CExpr::RowId(_) => {
            let k = format!("{e:?}");
            if let Some(i) = seen.iter().position(|s| *s == k) {
                *e = CExpr::Gen { src: out, col: i };
            }
        }
        _ => e.children_mut().into_iter().for_each(|c| rewrite(c, seen, out, at)),
    }
}

/// A window's keys as text: (partition keys, ORDER BY keys with direction).
fn key_text(w: &WinItem) -> (Vec<String>, Vec<String>) {
    let p = w.partition.iter().map(|e| format!("{e:?}")).collect();
    (p, w.order.iter().map(|(e, d, n)| format!("{e:?}|{d}|{n}")).collect())
}

/// Whether rows sorted for `line` serve `w`: the same partitions and an
/// ORDER BY that starts the line's, or no ORDER BY and partition keys
/// that start the line's.
fn fits(w: &WinItem, line: &WinItem) -> bool {
    let ((p, o), (lp, lo)) = (key_text(w), key_text(line));
    (p == lp && lo.starts_with(&o)) || (o.is_empty() && lp.starts_with(&p))
}

/// Whether rows sorted on `presorted` (a SORT GROUP BY's keys) come in
/// the order a window line sorts on (`keyed`: its partition keys
/// ascending, then its ORDER BY).
fn sorted_for(presorted: &[Key], keyed: &[Key]) -> bool {
    !keyed.is_empty()
        && presorted.len() >= keyed.len()
        && presorted.iter().zip(keyed).all(|((a, d, n), (b, e, m))| a.same(b) && d == e && n == m)
}

/// The window lines: each function joins the first line whose sort serves
/// it (the most specific windows first), as Oracle shares one sort among
/// them; lines in order of first use, each as (unused, its functions, the
/// first being the line's own window).
pub(super) fn share_sorts(items: &[WinItem]) -> Vec<(String, Vec<usize>)> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_key(|&k| std::cmp::Reverse(items[k].partition.len() + items[k].order.len()));
    let mut lines: Vec<Vec<usize>> = Vec::new();
    for k in order {
        match lines.iter_mut().find(|l| fits(&items[k], &items[l[0]])) {
            Some(l) => l.push(k),
            None => lines.push(vec![k]),
        }
    }
    lines.sort_by_key(|l| l.iter().min().copied());
    lines.into_iter().map(|l| (String::new(), l)).collect()
}

impl Builder<'_> {
    /// An analytic function where the select list is compiled: its
    /// placeholder; anywhere else ORA-30483.
    pub(super) fn analytic_ref(
        &mut self,
        a: &Analytic,
        scope: &[ScopeEntry],
        aggs: &mut Option<&mut Vec<AggItem>>,
    ) -> Result<CExpr, LabError> {
        let Some(mut list) = self.ext.windows.take() else {
            return Err(LabError::new(ora::WINDOW_FUNCTIONS_NOT_ALLOWED, a.pos));
        };
        let parts = a.args.iter().chain(&a.partition).chain(a.order.iter().map(|o| &o.expr));
        if let Some(e) = parts.clone().find(|e| scalar::has_subquery(e)) {
            self.ext.windows = Some(list);
            return Err(LabError::unsupported("a subquery in an analytic function", expr_pos(e)));
        }
        let r = self.analytic_parts(a, scope, aggs);
        let item = match r {
            Ok(i) => i,
            Err(e) => {
                self.ext.windows = Some(list);
                return Err(e);
            }
        };
        list.push(item);
        let k = list.len() - 1;
        self.ext.windows = Some(list);
        Ok(CExpr::Gen { src: WIN_SLOT, col: k })
    }

    /// The function's parts; over GROUP BY (`aggs`: the block's
    /// aggregates) they may hold aggregates (`RANK() OVER (ORDER BY
    /// SUM(SAL))`), mapped to the group row by `window_group.rs`.
    fn analytic_parts(
        &mut self,
        a: &Analytic,
        scope: &[ScopeEntry],
        aggs: &mut Option<&mut Vec<AggItem>>,
    ) -> Result<WinItem, LabError> {
        let mut args = Vec::new();
        for e in &a.args {
            args.push(self.compile_expr(e, scope, aggs.as_deref_mut())?);
        }
        let want = match a.func {
            WindowFunc::RowNumber | WindowFunc::Rank | WindowFunc::DenseRank => 0..=0,
            WindowFunc::Lag | WindowFunc::Lead => 1..=3,
            WindowFunc::Agg(_) if a.star => 0..=0,
            _ => 1..=1,
        };
        if !want.contains(&args.len()) {
            return Err(LabError::new(ora::INVALID_NUMBER_OF_ARGUMENTS, a.pos));
        }
        let mut partition = Vec::new();
        for e in &a.partition {
            partition.push(self.compile_expr(e, scope, aggs.as_deref_mut())?);
        }
        let mut order: Vec<Key> = Vec::new();
        for o in &a.order {
            let c = self.compile_expr(&o.expr, scope, aggs.as_deref_mut())?;
            super::resolve::refuse_rowid_order(&c, expr_pos(&o.expr))?;
            order.push((c, o.descending, o.nulls_first.unwrap_or(o.descending)));
        }
        let (rows, start, end) = match &a.frame {
            Some(f) => (f.rows, bound(&f.start, f.pos)?, bound(&f.end, f.pos)?),
            // Oracle's default: RANGE UNBOUNDED PRECEDING .. CURRENT ROW.
            None => (false, Bound::Unbounded, Bound::Current),
        };
        let keys = (partition.len(), order.len());
        let func = WinFn { func: a.func, args, rows, start, end, pos: a.pos, keys };
        Ok(WinItem { func, partition, order })
    }

    /// The window lines over `op` for the block's analytic functions
    /// `items`; `project` and the ORDER BY `keys` rewritten to read the top
    /// line. Whether the top line's sort gives the ORDER BY's order.
    pub(super) fn window_lines(
        &mut self,
        mut op: Op,
        items: Vec<WinItem>,
        (project, keys): (&mut [CExpr], &mut [Key]),
        (e_rows, cost, row_bytes): (f64, f64, f64),
        presorted: &[Key],
    ) -> Result<(Op, f64, bool), LabError> {
        let mut lines = share_sorts(&items);
        // The line whose sort gives the ORDER BY's order goes last.
        let sorted_as = |w: &WinItem| -> Vec<String> {
            let p = w.partition.iter().map(|e| format!("{e:?}|false|false"));
            p.chain(w.order.iter().map(|(e, d, n)| format!("{e:?}|{d}|{n}"))).collect()
        };
        let wanted: Vec<String> = keys.iter().map(|(e, d, n)| format!("{e:?}|{d}|{n}")).collect();
        let gives = |l: &(String, Vec<usize>)| {
            let s = sorted_as(&items[l.1[0]]);
            !wanted.is_empty() && s.len() >= wanted.len() && s[..wanted.len()] == wanted[..]
        };
        let mut ordered = false;
        if let Some(i) = lines.iter().position(gives) {
            let l = lines.remove(i);
            lines.push(l);
            ordered = true;
        }
        let mut leaves = Vec::new();
        let mut seen = Vec::new();
        for e in project.iter().chain(keys.iter().map(|(e, _, _)| e)) {
            collect(e, &mut leaves, &mut seen);
        }
        for w in &items {
            for e in w.func.args.iter().chain(&w.partition).chain(w.order.iter().map(|(e, _, _)| e)) {
                collect(e, &mut leaves, &mut seen);
            }
        }
        let mut at: Vec<Option<usize>> = vec![None; items.len()];
        let mut done = 0;
        let mut cost = cost;
        let mut prev: Option<(usize, usize)> = None; // (source, width)
        let first_line = lines.len();
        for (n, (_, ks)) in lines.into_iter().enumerate() {
            let over = |e: &CExpr, at: &[Option<usize>]| {
                let mut e = e.clone();
                if let Some((src, _)) = prev {
                    rewrite(&mut e, &seen, src, at);
                }
                e
            };
            let w0 = &items[ks[0]];
            debug_assert!(ks.iter().all(|&k| fits(&items[k], w0)));
            let partition: Vec<CExpr> = w0.partition.iter().map(|e| over(e, &at)).collect();
            let order: Vec<Key> = w0.order.iter().map(|(e, d, nf)| (over(e, &at), *d, *nf)).collect();
            let inputs: Vec<CExpr> = match prev {
                None => leaves.clone(),
                Some((src, width)) => (0..width).map(|col| CExpr::Gen { src, col }).collect(),
            };
            let funcs: Vec<WinFn> = ks
                .iter()
                .map(|&k| {
                    let mut f = items[k].func.clone();
                    f.args = f.args.iter().map(|e| over(e, &at)).collect();
                    f
                })
                .collect();
            let keyed: Vec<Key> = partition.iter().map(|e| (e.clone(), false, false)).chain(order.clone()).collect();
            let name = if keyed.is_empty() {
                "WINDOW BUFFER"
            } else if n == 0 && self.order_by_index(&mut op, &keyed) {
                "WINDOW NOSORT"
            } else if n == 0 && sorted_for(presorted, &keyed) {
                // Groups that come sorted on the window's keys (SORT GROUP
                // BY): no sort, a WINDOW BUFFER (Dyke 9.2, Nyffenegger).
                "WINDOW BUFFER"
            } else {
                "WINDOW SORT"
            };
            let out = self.new_source();
            let mut shape = inputs.clone();
            for f in &funcs {
                shape.push(match f.func {
                    WindowFunc::Lag
                    | WindowFunc::Lead
                    | WindowFunc::FirstValue
                    | WindowFunc::LastValue
                    | WindowFunc::Agg(lio_sql::ast::AggregateFunc::Min | lio_sql::ast::AggregateFunc::Max) => {
                        f.args.first().cloned().unwrap_or(CExpr::Const(crate::value::Value::Null))
                    }
                    _ => CExpr::Const(crate::value::Value::int(0)),
                });
            }
            self.source_kinds(out, &shape);
            for &k in &ks {
                at[k] = Some(done);
                done += 1;
            }
            let width = leaves.len() + done;
            let sort = name == "WINDOW SORT";
            let spec = WindowSpec { inputs, partition, order, funcs, out_src: out, sort, pushed: None };
            cost += self.sort_units(if sort { "WINDOW SORT" } else { "WINDOW NOSORT" }, e_rows, row_bytes);
            let kind = OpKind::Window { child: Box::new(op), spec: Box::new(spec), state: Box::default() };
            op = self.op(name, None, e_rows, cost, Some(e_rows * row_bytes), "qerwnFetch", kind);
            self.sort_cpu(op.line, if sort { "WINDOW SORT" } else { "WINDOW NOSORT" }, e_rows, row_bytes);
            prev = Some((out, width));
            let _ = first_line;
        }
        if let Some((src, _)) = prev {
            for e in project.iter_mut().chain(keys.iter_mut().map(|(e, _, _)| e)) {
                rewrite(e, &seen, src, &at);
            }
        }
        Ok((op, cost, ordered))
    }
}

impl Builder<'_> {
    /// Before a block's select list is compiled: whether it has analytic
    /// functions, which may then be compiled (refused over GROUP BY).
    pub(super) fn open_windows(&mut self, q: &Query, aggregate_query: bool) -> Result<bool, LabError> {
        let found = q
            .select
            .iter()
            .filter_map(|s| match s {
                SelectItem::Expr { expr, .. } => Some(expr),
                _ => None,
            })
            .chain(q.order_by.iter().map(|o| &o.expr))
            .find(|e| has_analytic(e));
        let Some(e) = found else { return Ok(false) };
        if aggregate_query {
            return Err(LabError::unsupported(
                "analytic functions in a query with GROUP BY, DISTINCT or aggregates",
                expr_pos(e),
            ));
        }
        self.ext.windows = Some(Vec::new());
        Ok(true)
    }

    /// After the select list: the ORDER BY's keys, then the window lines
    /// over `op`, the select list and keys reading the top line; whether
    /// its sort gives the ORDER BY's order.
    #[allow(clippy::type_complexity)]
    pub(super) fn close_windows(
        &mut self,
        q: &Query,
        op: Op,
        project: &mut [CExpr],
        columns: &[String],
        scope: &[ScopeEntry],
        figures: (f64, f64, f64),
    ) -> Result<(Op, f64, (Vec<Key>, bool)), LabError> {
        let keys = self.order_keys(q, project, columns, scope);
        let items = self.ext.windows.take().unwrap_or_default();
        let mut keys = keys?;
        if !self.pending_subs.is_empty() {
            return Err(LabError::unsupported("scalar subqueries in a select list with analytic functions", q.pos));
        }
        if project.iter().chain(keys.iter().map(|(e, _, _)| e)).any(has_rownum) {
            return Err(LabError::unsupported("ROWNUM in a select list with analytic functions", q.pos));
        }
        let (op, cost, ordered) = self.window_lines(op, items, (project, &mut keys), figures, &[])?;
        Ok((op, cost, (keys, ordered)))
    }
}

impl Builder<'_> {
    /// `SELECT ... FROM (SELECT ..., ROW_NUMBER() OVER (... ORDER BY ...)
    /// rn FROM ...) WHERE rn <= n`: the view's WINDOW SORT filters its
    /// rows itself, WINDOW SORT PUSHED RANK (RANK too; `rn < n` as well),
    /// and keeps only the first n of each partition. The outer block's
    /// predicates on such a view are the VIEW line's own, as Oracle prints
    /// them (`filter("RN"<=3)` on the VIEW): no FILTER line above it.
    pub(super) fn push_rank(&mut self, op: &mut Op) {
        let mut only = false;
        if let OpKind::Filter { preds, child, startup: None } = &mut op.kind {
            if let OpKind::View { exprs, out_src, child: w, more, .. } = &mut child.kind {
                let mut refs = Vec::new();
                preds.iter().for_each(|p| p.sources(&mut refs));
                let own = refs.iter().all(|s| s == out_src);
                let line = w.line as usize;
                if let OpKind::Window { spec, .. } = &mut w.kind {
                    if let Some(p) = preds.iter().find_map(|p| pushable(p, *out_src, exprs, spec)) {
                        let name = if spec.sort { "WINDOW SORT PUSHED RANK" } else { "WINDOW NOSORT STOPKEY" };
                        spec.pushed = Some(p);
                        if let Some(d) = self.drafts.get_mut(line) {
                            d.operation = name.into();
                        }
                    }
                    if own {
                        more.filter = std::mem::take(preds);
                        only = true;
                    }
                }
            }
        }
        // The VIEW applies the predicates: no FILTER above it; the VIEW's
        // E-Rows are the rows that pass (the FILTER's), its Bytes theirs.
        if only {
            let rows = self.drafts.get(op.line as usize).map(|d| d.e_rows);
            if let OpKind::Filter { child, .. } = std::mem::replace(&mut op.kind, OpKind::Dual { src: 0, done: true }) {
                *op = *child;
            }
            if let (Some(rows), Some(d)) = (rows, self.drafts.get_mut(op.line as usize)) {
                d.bytes = d.bytes.map(|b| if d.e_rows > 0.0 { b / d.e_rows * rows } else { b });
                d.e_rows = rows;
            }
        }
        for c in children_mut(op) {
            self.push_rank(c);
        }
    }
}

/// `view.col <= n` or `< n` where the view's column is a ROW_NUMBER or
/// RANK of the WINDOW SORT below.
fn pushable(
    p: &CExpr,
    view_src: usize,
    exprs: &[CExpr],
    spec: &WindowSpec,
) -> Option<crate::exec::window_area::PushedRank> {
    let CExpr::Bin(op, l, r, _) = p else { return None };
    let strict = match op {
        lio_sql::ast::BinaryOp::Le => false,
        lio_sql::ast::BinaryOp::Lt => true,
        _ => return None,
    };
    let (CExpr::Gen { src, col }, CExpr::Const(limit @ crate::value::Value::Num(_))) = (l.as_ref(), r.as_ref()) else {
        return None;
    };
    // A sort, or rows in order without partitions (NOSORT STOPKEY).
    if *src != view_src || spec.order.is_empty() || (!spec.sort && !spec.partition.is_empty()) {
        return None;
    }
    let CExpr::Gen { src: w, col: c } = exprs.get(*col)? else { return None };
    if *w != spec.out_src || *c < spec.inputs.len() {
        return None;
    }
    let func = c - spec.inputs.len();
    let f = spec.funcs.get(func)?;
    if !matches!(f.func, WindowFunc::RowNumber | WindowFunc::Rank) {
        return None;
    }
    Some(crate::exec::window_area::PushedRank { func, strict, limit: limit.clone() })
}
