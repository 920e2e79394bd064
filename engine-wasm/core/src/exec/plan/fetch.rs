//! The row limiting clause (12.1+) in the plan: the query becomes a VIEW
//! over a window line, as Oracle prints it ("Row Limiting Clause for Top-N
//! Queries in Oracle Database 12c", oracle-base; dbms_xplan output of
//! zahirmohideen.blogspot.com, 2013, and dbaglobe.com, 2014):
//!
//! - ORDER BY, FETCH n: `WINDOW SORT PUSHED RANK`, filtered on
//!   `ROW_NUMBER() OVER ( ORDER BY ...)<=n` (`RANK()` WITH TIES);
//! - no ORDER BY, FETCH n: `WINDOW NOSORT STOPKEY` (ORDER BY NULL), which
//!   stops its child after n rows;
//! - PERCENT: `WINDOW SORT` (ORDER BY) or `WINDOW BUFFER`, every row held
//!   to count them;
//! - OFFSET alone: `WINDOW SORT` or `WINDOW NOSORT`.
//!
//! The VIEW filters on `"from$_subquery$_002"."rowlimit_$$_rownumber"`
//! (`rowlimit_$$_rank`, `rowlimit_$$_total`). Its E-Rows are the query's,
//! as Oracle's. A grouped query with a sort of its own for the ORDER BY:
//! `SORT ORDER BY` over that VIEW (`limit_grouped`). Refused: a row limit
//! with DISTINCT, UNION ALL or ROWNUM in the WHERE clause, over a grouped
//! query without such a sort, a limit that is no number literal, and the
//! clause in a subquery or inline view.

use super::*;
use crate::exec::row_source::{RowLimitSpec, WindowFilter, NO_LINE};
use lio_sql::ast::RowLimit;

const VIEW: &str = "\"from$_subquery$_002\"";

/// A limit's number as written, and its value (Oracle truncates a
/// fraction of a row count; a negative one is 0).
fn literal(e: &Expr) -> Result<(String, f64), LabError> {
    match e {
        Expr::Number(n, _) => Ok((n.to_string(), n.to_f64())),
        Expr::Negate(x) => match x.as_ref() {
            Expr::Number(n, _) => Ok((format!("-{n}"), -n.to_f64())),
            _ => Err(LabError::unsupported("a row limit other than a number", expr_pos(e))),
        },
        _ => Err(LabError::unsupported("a row limit other than a number", expr_pos(e))),
    }
}

/// ORDER BY's text in the window function: `"T"."C"`, a column qualified
/// by its table (alias) as Oracle prints it; `NULL` without one.
fn order_text(q: &Query) -> String {
    if q.order_by.is_empty() {
        return "NULL".into();
    }
    let single = match q.from.as_slice() {
        [FromItem::Table { name, alias, .. }] => Some(alias.as_ref().unwrap_or(name).name.clone()),
        _ => None,
    };
    let items: Vec<String> = q
        .order_by
        .iter()
        .map(|o| {
            let t = match &o.expr {
                Expr::Column { qualifier, name } => match qualifier.as_ref().map(|q| q.name.clone()).or(single.clone())
                {
                    Some(t) => format!("\"{t}\".\"{}\"", name.name),
                    None => format!("\"{}\"", name.name),
                },
                e => expr_text(e).to_uppercase(),
            };
            crate::exec::window_area::order_key_text(t, o.descending)
        })
        .collect();
    items.join(",")
}

impl Builder<'_> {
    /// The query's row limiting clause over its block (`q` as written).
    pub(super) fn row_limit(&mut self, q: &Query, mut block: Block, rownum: bool) -> Result<Block, LabError> {
        // A view's ROW_NUMBER or RANK filtered above: a pushed rank (`window.rs`).
        self.push_rank(&mut block.op);
        let Some(rl) = &q.row_limit else { return Ok(block) };
        if !self.ctx.profile.row_limiting {
            return Err(LabError::new(ora::SQL_COMMAND_NOT_PROPERLY_ENDED, rl.pos));
        }
        let aggregates = q.select.iter().any(|s| matches!(s, SelectItem::Expr { expr, .. } if has_aggregate(expr)));
        let grouped = aggregates || !q.group_by.is_empty() || q.having.is_some();
        // A grouped query is limited when its ORDER BY is a sort of its own
        // above the grouping (SORT ORDER BY over HASH GROUP BY): that sort
        // becomes the window, and the rows are sorted again above the
        // VIEW, as Oracle's plan of a GROUP BY ... ORDER BY ... FETCH FIRST
        // shows it (SORT ORDER BY / VIEW / WINDOW SORT PUSHED RANK: Maria
        // Colgan, sqlmaria.com, 2017). Without that sort (no ORDER BY, or
        // one the SORT GROUP BY gives) it is still refused.
        let own_sort = matches!(block.op.kind, OpKind::SortOrderBy { limit: u64::MAX, .. });
        if (grouped && !own_sort) || q.distinct || !q.union_all.is_empty() || rownum {
            return Err(LabError::unsupported(
                "FETCH FIRST and OFFSET in a query with DISTINCT, UNION ALL or ROWNUM, or with GROUP BY or aggregates and no ORDER BY of its own",
                rl.pos,
            ));
        }
        if grouped {
            return self.limit_grouped(q, rl, block);
        }
        self.limit_block(q, rl, block, false)
    }

    /// A grouped query's limit: the ORDER BY's sort is the window (its keys
    /// kept as outputs), and a SORT ORDER BY on them above the VIEW.
    fn limit_grouped(&mut self, q: &Query, rl: &RowLimit, mut block: Block) -> Result<Block, LabError> {
        let OpKind::SortOrderBy { keys, exprs, out_src, .. } = &mut block.op.kind else {
            return self.limit_block(q, rl, block, false);
        };
        let base = exprs.len();
        exprs.extend(keys.iter().map(|k| k.0.clone()));
        let top: Vec<(CExpr, bool, bool)> =
            keys.iter().enumerate().map(|(i, k)| (CExpr::Gen { src: *out_src, col: base + i }, k.1, k.2)).collect();
        let mut block = self.limit_block(q, rl, block, true)?;
        let (rows, cost, rb) = (block.e_rows, block.cost, block.row_bytes);
        block.op = self.sort_order_by(block.op, top, &mut block.project, rows, cost, rb);
        block.cost = self.drafts[block.op.line as usize].cost;
        Ok(block)
    }

    fn limit_block(&mut self, q: &Query, rl: &RowLimit, mut block: Block, grouped: bool) -> Result<Block, LabError> {
        let offset = rl.offset.as_ref().map(literal).transpose()?;
        let fetch = rl.fetch.as_ref().map(literal).transpose()?;
        let off = offset.as_ref().map_or(0, |(_, v)| v.max(0.0).trunc() as u64);
        let ordered = !q.order_by.is_empty();
        let ties = rl.with_ties && ordered && !rl.percent;
        // The limit's text: `n`, or `CASE  WHEN (m>=0) THEN m ELSE 0 END +n`.
        let plus = |n: &str| match &offset {
            Some((m, _)) => format!("CASE  WHEN ({m}>=0) THEN {m} ELSE 0 END +{n}"),
            None => n.to_string(),
        };
        let (col, func) = if ties { ("rowlimit_$$_rank", "RANK()") } else { ("rowlimit_$$_rownumber", "ROW_NUMBER()") };
        let mut view = Vec::new();
        let mut window_filter = None;
        if let Some((n, _)) = &fetch {
            let lim = if rl.percent {
                plus(&format!("CEIL({VIEW}.\"rowlimit_$$_total\"*{n}/100)"))
            } else {
                let l = plus(n);
                // A grouped query's keys are printed from its sort's keys
                // (`SUM("ID")`, `COUNT(*)`) where the marker stands.
                let order = (!grouped).then(|| order_text(q));
                window_filter = Some(WindowFilter { func, order, limit: format!("<={l}") });
                l
            };
            view.push(format!("{VIEW}.\"{col}\"<={lim}"));
        }
        if let Some((m, _)) = &offset {
            view.push(format!("{VIEW}.\"rowlimit_$$_rownumber\">{m}"));
        }
        let count = fetch.as_ref().map(|(_, v)| v.max(0.0).trunc() as u64);
        let percent = if rl.percent { fetch.as_ref().map(|(_, v)| *v) } else { None };
        let (e_rows, cost, rb) = (block.e_rows, block.cost, block.row_bytes);
        let mut spec = RowLimitSpec {
            offset: off,
            fetch: count,
            percent,
            ties: Vec::new(),
            tie_src: 0,
            view_filter: view.join(" AND "),
            window_filter,
        };
        let window = if ordered {
            if rl.percent || fetch.is_none() {
                "WINDOW SORT"
            } else {
                "WINDOW SORT PUSHED RANK"
            }
        } else if rl.percent {
            // Every row held to count them: a sort without keys.
            block.op = self.sort_order_by(block.op, Vec::new(), &mut block.project, e_rows, cost, rb);
            // Costed as its input, no sort's CPU either.
            let line = &mut self.drafts[block.op.line as usize];
            (line.cost, line.cpu_add) = (cost, 0.0);
            "WINDOW BUFFER"
        } else {
            let limit = off.saturating_add(count.unwrap_or(u64::MAX - off));
            let kind = OpKind::CountStopkey { child: Box::new(block.op), limit, count: 0, first_row: true };
            let name = if fetch.is_some() { "WINDOW NOSORT STOPKEY" } else { "WINDOW NOSORT" };
            block.op = self.op(name, None, e_rows, cost, Some(e_rows * rb), "qerwnFetch", kind);
            name
        };
        if block.op.line == NO_LINE {
            return Err(LabError::unsupported("FETCH FIRST over this query", rl.pos));
        }
        self.drafts[block.op.line as usize].operation = window.to_string();
        if ties {
            if let OpKind::SortOrderBy { keys, exprs, out_src, .. } = &mut block.op.kind {
                let base = exprs.len();
                exprs.extend(keys.iter().map(|k| k.0.clone()));
                spec.ties = (base..exprs.len()).collect();
                spec.tie_src = *out_src;
            }
        }
        let kind = OpKind::RowLimit { child: Box::new(block.op), spec: Box::new(spec), state: Box::default() };
        block.op = self.op("VIEW", None, e_rows, cost, Some(e_rows * rb), "qervwFetch", kind);
        Ok(block)
    }
}

impl Builder<'_> {
    /// Only the statement's own query may be limited: a row limiting
    /// clause in a subquery or inline view is refused.
    pub(super) fn refuse_nested_row_limit(&self, q: &Query) -> Result<(), LabError> {
        match nested_row_limit(q) {
            Some(pos) => Err(LabError::unsupported("FETCH FIRST and OFFSET in a subquery or inline view", pos)),
            None => Ok(()),
        }
    }
}

/// Where a subquery or inline view of `q` has a row limiting clause.
fn nested_row_limit(q: &Query) -> Option<Pos> {
    fn inner(q: &Query) -> Option<Pos> {
        q.row_limit.as_ref().map(|r| r.pos).or_else(|| below(q))
    }
    fn in_expr(e: &Expr) -> Option<Pos> {
        let found = std::cell::Cell::new(None);
        super::rownum::any_expr(e, &|x| {
            let q = match x {
                Expr::Subquery(q) | Expr::InSubquery { query: q, .. } | Expr::Exists { query: q, .. } => q,
                _ => return false,
            };
            if found.get().is_none() {
                found.set(inner(q));
            }
            found.get().is_some()
        });
        found.get()
    }
    fn below(q: &Query) -> Option<Pos> {
        for f in &q.from {
            if let FromItem::Subquery { query, .. } = f {
                if let Some(p) = inner(query) {
                    return Some(p);
                }
            }
        }
        for b in &q.union_all {
            if let Some(p) = below(b) {
                return Some(p);
            }
        }
        let items = q.select.iter().filter_map(|s| match s {
            SelectItem::Expr { expr, .. } => Some(expr),
            _ => None,
        });
        let exprs =
            items.chain(q.where_clause.iter()).chain(q.having.as_deref()).chain(q.order_by.iter().map(|o| &o.expr));
        exprs.chain(q.outer_joins.iter().map(|(_, e)| e)).find_map(in_expr)
    }
    below(q)
}
