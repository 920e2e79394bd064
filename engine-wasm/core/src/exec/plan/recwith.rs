//! Recursive WITH (11.2+): the plan shape Christian Antognini published
//! (antognini.ch, 2010-06, "UNION ALL (RECURSIVE WITH)"):
//!
//! ```text
//! VIEW
//!  UNION ALL (RECURSIVE WITH) BREADTH FIRST    (DEPTH FIRST with SEARCH DEPTH FIRST)
//!   <anchor>
//!   <recursive member, whose query name is>
//!    RECURSIVE WITH PUMP
//! ```
//!
//! The member is compiled like any query block, the query name a relation
//! whose rows come from the pump (`RowGenKind::Pump`); the union runs it
//! once per iteration (`row_source/set_merge/recursive.rs`).

use super::relations::Rel;
use super::sql_ext::RecScope;
use super::*;
use crate::exec::row_source::set_merge::{recursive::RecUnion, SetMerge};

impl Builder<'_> {
    /// A reference to a recursive WITH query name: VIEW over UNION ALL
    /// (RECURSIVE WITH).
    pub(super) fn recursive_with_relation(
        &mut self,
        def: &ast::RecursiveWith,
        alias_s: String,
        rels: &mut Vec<Rel>,
        scope: &mut Vec<ScopeEntry>,
    ) -> Result<(), LabError> {
        if !self.ctx.profile.recursive_with {
            return Err(LabError::new(ora::WITH_COLUMN_ALIASING, def.name.pos));
        }
        let anchor = self.block(&def.anchor)?;
        let width = def.columns.len();
        let (pump_src, buf_src) = (self.new_source(), self.new_source());
        let mut kinds: Vec<_> = anchor.project.iter().map(|e| crate::exec::convert::kind(e, &self.kinds())).collect();
        kinds.push(crate::exec::convert::Kind::Number);
        self.set_source_kinds(pump_src, kinds);
        let columns: Vec<String> = def.columns.iter().map(|c| c.name.clone()).collect();
        self.ext.rec.push(RecScope {
            name: def.name.name.clone(),
            columns: columns.clone(),
            pump_src,
            buf_src,
            e_rows: anchor.e_rows,
            row_bytes: anchor.row_bytes,
        });
        let member = self.block(&pump_first(&def.member));
        self.ext.rec.pop();
        let member = member?;
        let by_name = |name: &ast::Ident| {
            columns
                .iter()
                .position(|c| *c == name.name)
                .ok_or_else(|| LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{}\"", name.name), name.pos))
        };
        let mut rec = RecUnion::new(buf_src, pump_src, width);
        let mut out_cols = columns.clone();
        if let Some(s) = &def.search {
            let mut by = Vec::new();
            for o in &s.by {
                let Expr::Column { name, .. } = &o.expr else {
                    return Err(LabError::unsupported("a SEARCH BY item other than a column", expr_pos(&o.expr)));
                };
                by.push((by_name(name)?, o.descending, o.nulls_first.unwrap_or(o.descending)));
            }
            rec.search = Some((s.depth, by));
            out_cols.push(s.set.name.clone());
        }
        match &def.cycle {
            Some(c) => {
                rec.cycle_cols = c.columns.iter().map(by_name).collect::<Result<_, _>>()?;
                let mark = self.compile_expr(&c.mark, &[], None)?;
                let default = self.compile_expr(&c.default, &[], None)?;
                let (CExpr::Const(m), CExpr::Const(d)) = (mark, default) else {
                    return Err(LabError::unsupported("CYCLE values other than literals", def.name.pos));
                };
                rec.cycle = Some((m, d));
                out_cols.push(c.set.name.clone());
            }
            None => rec.cycle_cols = where_columns(def, self.ctx.cat),
        }
        let depth = def.search.as_ref().is_some_and(|s| s.depth);
        let name =
            if depth { "UNION ALL (RECURSIVE WITH) DEPTH FIRST" } else { "UNION ALL (RECURSIVE WITH) BREADTH FIRST" };
        let (e_rows, cost) = (anchor.e_rows + member.e_rows, anchor.cost + member.cost);
        let row_bytes = anchor.row_bytes.max(member.row_bytes);
        let out = self.new_source();
        let n_out = out_cols.len();
        let mut out_kinds: Vec<_> =
            anchor.project.iter().map(|e| crate::exec::convert::kind(e, &self.kinds())).collect();
        out_kinds.resize(n_out, crate::exec::convert::Kind::Unknown);
        self.set_source_kinds(out, out_kinds);
        let mut merge = SetMerge::new(false);
        merge.rec = Some(Box::new(rec));
        let branches = vec![(anchor.op, anchor.project), (member.op, member.project)];
        let kind = OpKind::UnionAll { branches, out_src: out, current: 0, merge: Some(merge) };
        let union = self.op(name, None, e_rows, cost, Some(e_rows * row_bytes), "qerua_rec", kind);
        let vout = self.new_source();
        let exprs: Vec<CExpr> = (0..n_out).map(|col| CExpr::Gen { src: out, col }).collect();
        self.source_kinds(vout, &exprs);
        let more = Box::new(crate::exec::view_more::ViewMore { names: out_cols.clone(), filter: Vec::new() });
        let view = OpKind::View { numbers: false, child: Box::new(union), exprs, out_src: vout, count: 0, more };
        let op = self.op("VIEW", None, e_rows, cost, Some(e_rows * row_bytes), "qervwFetch", view);
        scope.push(ScopeEntry {
            alias: alias_s.clone(),
            columns: out_cols.into_iter().enumerate().map(|(i, c)| (c, CExpr::Gen { src: vout, col: i })).collect(),
        });
        rels.push(Rel::Fixed { op: Box::new(op), e_rows, cost, alias: alias_s, row_bytes });
        Ok(())
    }

    /// The query name inside its recursive member: RECURSIVE WITH PUMP.
    pub(super) fn recursive_ref_relation(
        &mut self,
        name: &ast::Ident,
        alias_s: String,
        rels: &mut Vec<Rel>,
        scope: &mut Vec<ScopeEntry>,
    ) -> Result<(), LabError> {
        let Some(r) = self.ext.rec.iter().rev().find(|r| r.name == name.name) else {
            return Err(LabError::new(ora::RECURSIVE_WITH_SELF_REFERENCE, name.pos));
        };
        let (pump_src, buf_src, width) = (r.pump_src, r.buf_src, r.columns.len() + 1);
        let names = Box::new((alias_s.clone(), r.columns.clone()));
        let (e_rows, row_bytes) = (r.e_rows, r.row_bytes);
        let columns =
            r.columns.iter().enumerate().map(|(i, c)| (c.clone(), CExpr::Gen { src: pump_src, col: i })).collect();
        scope.push(ScopeEntry { alias: alias_s.clone(), columns });
        let gen = RowGenKind::Pump { buf: buf_src, width, names };
        let kind = OpKind::RowGen { src: pump_src, gen, child: None, by_rownum: false, next: 0, end: -1 };
        let op = self.op("RECURSIVE WITH PUMP", None, e_rows, 0.0, Some(e_rows * row_bytes), "qerrwFetch", kind);
        rels.push(Rel::Fixed { op: Box::new(op), e_rows, cost: 0.0, alias: alias_s, row_bytes });
        Ok(())
    }
}

/// The member with its query name first in the FROM clause: the pump
/// drives the iteration's join, as in Oracle's plans (Antognini's
/// NESTED LOOPS under the union, RECURSIVE WITH PUMP its first child),
/// unless its joins are ANSI ones or hinted.
fn pump_first(m: &Query) -> std::borrow::Cow<'_, Query> {
    let at = m.from.iter().position(|f| matches!(f, FromItem::RecursiveRef { .. }));
    let hinted = m.hints.iter().any(|h| {
        matches!(h, ast::Hint::Leading(_)) || matches!(h, ast::Hint::Other(o) if o.eq_ignore_ascii_case("ORDERED"))
    });
    match at {
        Some(i) if i > 0 && m.outer_joins.is_empty() && m.using.is_empty() && !hinted => {
            let mut q = m.clone();
            let r = q.from.remove(i);
            q.from.insert(0, r);
            std::borrow::Cow::Owned(q)
        }
        _ => std::borrow::Cow::Borrowed(m),
    }
}

/// Without CYCLE: the query name's columns the member's WHERE clause (and
/// its ON conditions) read, those whose repeat is a cycle (SQL Language
/// Reference, subquery_factoring_clause, CYCLE). A column written without
/// a qualifier is the query name's unless a table of the member has it.
fn where_columns(def: &ast::RecursiveWith, cat: &Catalog) -> Vec<usize> {
    let m = &def.member;
    let pump_alias = m.from.iter().find_map(|f| match f {
        FromItem::RecursiveRef { alias, name } => Some(alias.as_ref().unwrap_or(name).name.clone()),
        _ => None,
    });
    let tables: Vec<&crate::catalog::Table> = m
        .from
        .iter()
        .filter_map(|f| match f {
            FromItem::Table { name, .. } => cat.table(&name.name),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    let mut visit = |e: &Expr| {
        dual::visit(e, &mut |x| {
            let Expr::Column { qualifier, name: n } = x else { return };
            let ours = match qualifier {
                Some(q) => pump_alias.as_deref() == Some(q.name.as_str()),
                None => !tables.iter().any(|t| t.column_index(&n.name).is_some()),
            };
            if let Some(i) = def.columns.iter().position(|c| c.name == n.name).filter(|_| ours) {
                if !out.contains(&i) {
                    out.push(i);
                }
            }
        })
    };
    m.where_clause.iter().for_each(&mut visit);
    m.outer_joins.iter().for_each(|(_, c)| visit(c));
    out.sort_unstable();
    out
}
