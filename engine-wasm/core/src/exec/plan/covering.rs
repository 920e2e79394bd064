//! Index-only access: when an index holds every column a query block
//! reads from a table, Oracle answers from the index alone (no TABLE
//! ACCESS BY INDEX ROWID, no table block visits); and the MIN/MAX scans,
//! where one descent to the first or last entry answers `MIN(col)` or
//! `MAX(col)`.

use super::rownum::any_expr;
use super::*;
use std::cell::RefCell;
use std::collections::HashSet;

/// The column names a query block mentions anywhere (select list, WHERE,
/// GROUP BY, HAVING, ORDER BY, outer-join conditions), upper-case and
/// without qualifiers; `None` when it cannot be told from the block alone:
/// `*`, `alias.*`, a subquery (which may read the table's other columns) or
/// an outer-join mark. Names from other tables count too, so the answer
/// errs towards reading the table.
pub(super) fn referenced_columns(q: &Query) -> Option<HashSet<String>> {
    let names = RefCell::new(HashSet::new());
    let opaque = &|e: &Expr| {
        if let Expr::Column { name, .. } = e {
            names.borrow_mut().insert(name.name.to_ascii_uppercase());
        }
        matches!(e, Expr::Subquery(_) | Expr::InSubquery { .. } | Expr::Exists { .. } | Expr::OuterMark(_))
    };
    let mut exprs: Vec<&Expr> = Vec::new();
    for s in &q.select {
        match s {
            SelectItem::Expr { expr, .. } => exprs.push(expr),
            SelectItem::Star(_) | SelectItem::QualifiedStar(_) => return None,
        }
    }
    exprs.extend(q.where_clause.iter());
    exprs.extend(q.connect_by.iter());
    exprs.extend(q.group_by.iter());
    exprs.extend(q.having.as_deref());
    exprs.extend(q.order_by.iter().map(|o| &o.expr));
    exprs.extend(q.outer_joins.iter().map(|(_, e)| e));
    // `any_expr` stops at the first opaque expression: every expression is
    // walked (no short-circuit across them) so the names are complete.
    let mut any_opaque = false;
    for e in exprs {
        any_opaque |= any_expr(e, opaque);
    }
    if any_opaque || !q.union_all.is_empty() {
        return None;
    }
    Some(names.into_inner())
}

/// Whether `ix` holds every column of `t` that the block mentions.
pub(super) fn index_covers(
    referenced: &Option<HashSet<String>>,
    t: &crate::catalog::Table,
    ix: &crate::catalog::Index,
) -> bool {
    let Some(names) = referenced else { return false };
    t.columns.iter().enumerate().all(|(i, c)| ix.columns.contains(&i) || !names.contains(&c.name.to_ascii_uppercase()))
}

/// An access path: its operation, rows, cost and the conjuncts it uses.
type Access = (Op, f64, f64, Vec<usize>);

impl Builder<'_> {
    /// `SELECT MIN(col) | MAX(col) FROM t [WHERE <range on col>]` with an
    /// index leading on `col`: INDEX FULL SCAN (MIN/MAX), or FIRST ROW over
    /// INDEX RANGE SCAN (MIN/MAX) when a range bounds it. One descent to
    /// the first or last entry in range; no table visit.
    pub(super) fn min_max_access(
        &mut self,
        q: &Query,
        t: &crate::catalog::Table,
        src: usize,
        conjuncts: &[CExpr],
        used: &[bool],
        available: &[usize],
    ) -> Option<(Op, f64, f64, Vec<usize>)> {
        if q.distinct || !q.group_by.is_empty() || q.having.is_some() || !q.union_all.is_empty() {
            return None;
        }
        let [SelectItem::Expr { expr: Expr::Aggregate { func, arg: Some(arg), .. }, .. }] = q.select.as_slice() else {
            return None;
        };
        let max = match func {
            AggregateFunc::Max => true,
            AggregateFunc::Min => false,
            _ => return None,
        };
        let Expr::Column { name, .. } = arg.as_ref() else { return None };
        let col = t.columns.iter().position(|c| c.name.eq_ignore_ascii_case(&name.name))?;
        let cat = self.ctx.cat;
        let pk_index = t.pk.as_ref().map(|p| p.1);
        let mut cands: Vec<IndexId> = t
            .indexes
            .iter()
            .copied()
            .filter(|i| !cat.indexes[*i].dropped && cat.indexes[*i].columns[0] == col)
            .collect();
        cands.sort_by_key(|i| (Some(*i) != pk_index, *i));
        let ixid = *cands.first()?;
        let ix = &cat.indexes[ixid];
        let pending = used.iter().filter(|u| !**u).count();
        let r = range_on(conjuncts, used, src, col, available);
        let (low, high, cis) = match r {
            Some(r) if r.conjuncts.len() == pending => (r.low, r.high, r.conjuncts),
            None if pending == 0 => (None, None, Vec::new()),
            _ => return None,
        };
        let cost = ix.btree.blevel() as f64 + 1.0;
        let ranged = low.is_some() || high.is_some();
        let operation = if ranged { "INDEX RANGE SCAN (MIN/MAX)" } else { "INDEX FULL SCAN (MIN/MAX)" };
        let kind = OpKind::IndexMinMax { index: ixid, low, high, src, max, done: false, filter: vec![] };
        let mut op = self.op(operation, Some(&ix.name), 1.0, cost, None, "qerixtFetch;kdifxs", kind);
        if ranged {
            let kind = OpKind::CountStopkey { child: Box::new(op), limit: 1, count: 0, first_row: true };
            op = self.op("FIRST ROW", None, 1.0, cost, None, "qerfrFetch", kind);
        }
        Some((op, 1.0, cost, cis))
    }

    /// INDEX FAST FULL SCAN instead of TABLE ACCESS FULL: an index that
    /// holds every column the block reads, with a NOT NULL column (so every
    /// row has an entry), and fewer blocks to read than the table.
    pub(super) fn fast_full_access(
        &mut self,
        referenced: &Option<HashSet<String>>,
        t: &crate::catalog::Table,
        src: usize,
        num_rows: f64,
    ) -> Option<(Op, f64, f64, Vec<usize>)> {
        let cat = self.ctx.cat;
        let table_cost = multiblock_scan_cost(cat.table_blocks(t));
        let (ixid, cost) = t
            .indexes
            .iter()
            .map(|&i| (i, &cat.indexes[i]))
            .filter(|(_, ix)| !ix.dropped && ix.columns.iter().any(|&c| t.columns[c].not_null))
            .filter(|(_, ix)| index_covers(referenced, t, ix))
            .map(|(i, ix)| (i, multiblock_scan_cost(ix.btree.blocks() as u64)))
            .filter(|&(_, c)| c < table_cost)
            .min_by(|a, b| a.1.total_cmp(&b.1))?;
        let ix = &cat.indexes[ixid];
        let kind = OpKind::IndexFast { index: ixid, src, block: 0, pos: 0, started: false, filter: vec![] };
        let op = self.op("INDEX FAST FULL SCAN", Some(&ix.name), num_rows, cost, None, "qerixtFetch;kdifxs", kind);
        Some((op, num_rows, cost, Vec::new()))
    }

    /// INDEX FULL SCAN for an `INDEX(t [ix])` hint that no key or range
    /// predicate serves: every leaf in key order, then the table by rowid
    /// unless the index holds every column the block reads. Oracle obeys
    /// the hint only with an index every row is in (one with a NOT NULL
    /// column); the lab's scan stops at the first NULL leading key, so it
    /// takes an index whose leading column is NOT NULL and refuses a named
    /// index whose NOT NULL column is not the first. Cost: BLEVEL + leaf
    /// blocks, plus the clustering factor for the table visits.
    pub(super) fn index_full_access(
        &mut self,
        referenced: &Option<HashSet<String>>,
        (t, table, src): (&crate::catalog::Table, TableId, usize),
        (wanted, pos): (Option<&str>, Pos),
        num_rows: f64,
        row_bytes: f64,
    ) -> Result<Option<Access>, LabError> {
        let cat = self.ctx.cat;
        let every_row = |ix: &crate::catalog::Index| ix.columns.iter().any(|&c| t.columns[c].not_null);
        let cands: Vec<IndexId> = t
            .indexes
            .iter()
            .copied()
            .filter(|&i| !cat.indexes[i].dropped && wanted.is_none_or(|w| cat.indexes[i].name == w))
            .filter(|&i| every_row(&cat.indexes[i]))
            .collect();
        let cost_of = |i: IndexId| {
            let ix = &cat.indexes[i];
            let icost = ix.btree.blevel() as f64 + ix.btree.leaf_count() as f64;
            let covers = index_covers(referenced, t, ix);
            (icost, if covers { icost } else { icost + ix.btree.clustering_factor as f64 }, covers)
        };
        let usable: Vec<IndexId> =
            cands.iter().copied().filter(|&i| t.columns[cat.indexes[i].columns[0]].not_null).collect();
        let Some(ixid) = usable.into_iter().min_by(|&a, &b| cost_of(a).1.total_cmp(&cost_of(b).1)) else {
            if let Some(&i) = cands.first() {
                return Err(LabError::with(
                    ora::LAB_UNSUPPORTED,
                    format_args!(
                        "an INDEX hint for a full scan of {}, whose leading column may be NULL",
                        cat.indexes[i].name
                    ),
                    pos,
                ));
            }
            // No index holds every row: Oracle ignores the hint.
            return Ok(None);
        };
        let ix = &cat.indexes[ixid];
        let (icost, cost, covers) = cost_of(ixid);
        let kind = OpKind::index_range(ixid, vec![], None, None, src);
        let iop = self.op("INDEX FULL SCAN", Some(&ix.name), num_rows, icost, None, "qerixtFetch;kdiixs1", kind);
        if covers {
            return Ok(Some((iop, num_rows, icost, Vec::new())));
        }
        let kind = OpKind::ByRowid {
            table,
            src,
            child: Box::new(iop),
            unique_child: false,
            read_optim: false,
            pinned: None,
            filter: vec![],
        };
        let op = self.op(
            "TABLE ACCESS BY INDEX ROWID",
            Some(&t.name),
            num_rows,
            cost,
            Some(num_rows * row_bytes),
            "qertbFetchByRowID;kdsgrp",
            kind,
        );
        Ok(Some((op, num_rows, cost, Vec::new())))
    }
}
