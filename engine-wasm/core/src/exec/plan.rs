//! A minimal optimizer: resolves names, picks access paths from the
//! catalog (honouring the hints the lab supports), builds the row-source
//! tree and the plan lines with E-Rows and Cost.

use super::expr::{AggSpec, CExpr, Env, Func};
use super::ops::{Op, OpKind, RowGenKind};
use crate::catalog::{Catalog, IndexId, TableId, TableStorage};
use crate::instance::version::VersionProfile;
use lio_sql::ast::{self, AggregateFunc, BinaryOp, Expr, FromItem, Hint, Pos, Query, SelectItem};
use lio_sql::LabError;

#[derive(Debug, Clone)]
pub struct PlanLine {
    pub id: u16,
    pub parent: Option<u16>,
    pub depth: u16,
    pub operation: String,
    pub name: Option<String>,
    pub e_rows: f64,
    pub cost: f64,
    pub bytes: Option<f64>,
}

/// What the optimizer knows about the session when it plans.
pub struct PlanCtx<'a> {
    pub cat: &'a Catalog,
    /// PL/SQL variables in scope: unresolved names bind to them (`:name`).
    pub plsql_vars: &'a [String],
    pub profile: &'a VersionProfile,
    pub nlj_batching_enabled: bool,
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
    /// The query has the shape of a MemOptimized fast lookup.
    pub read_optim: bool,
    pub gather_plan_statistics: bool,
    pub tables: Vec<TableId>,
    /// The root is a sort that assigned ROWNUM itself.
    pub sorts: bool,
    /// Notes for the user about the plan (modelling limits).
    pub notes: Vec<String>,
    /// Runtime figures per plan line, accumulated until reset.
    pub line_stats: Vec<super::ops::LineStat>,
    /// Operator stacks interned for the last fetch base (base, stacks).
    pub stacks: Option<(u32, Vec<crate::session::kernel::OpStacks>)>,
}

struct Draft {
    operation: String,
    name: Option<String>,
    e_rows: f64,
    cost: f64,
    bytes: Option<f64>,
}

/// A resolvable name in scope.
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
    tables: Vec<TableId>,
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

fn is_true_hint(h: &[Hint], f: impl Fn(&Hint) -> bool) -> bool {
    h.iter().any(f)
}

fn expr_pos(e: &Expr) -> Pos {
    match e {
        Expr::Number(_, p)
        | Expr::String(_, p)
        | Expr::Null(p)
        | Expr::Bind(_, p)
        | Expr::Rownum(p)
        | Expr::Level(p) => *p,
        Expr::Column { name, qualifier } => qualifier.as_ref().map(|q| q.pos).unwrap_or(name.pos),
        Expr::Function { name, .. } => name.pos,
        Expr::Aggregate { pos, .. } => *pos,
        Expr::Binary { left, .. } => expr_pos(left),
        Expr::Negate(e) | Expr::Not(e) => expr_pos(e),
        Expr::Between { expr, .. } | Expr::IsNull { expr, .. } => expr_pos(expr),
        Expr::Subquery(q) => q.pos,
    }
}

/// Text of an expression as Oracle shows it in a column heading.
pub fn expr_text(e: &Expr) -> String {
    match e {
        Expr::Number(n, _) => crate::value::format_number(*n),
        Expr::String(s, _) => format!("'{s}'"),
        Expr::Null(_) => "NULL".into(),
        Expr::Bind(b, _) => format!(":{b}"),
        Expr::Column { qualifier, name } => match qualifier {
            Some(q) => format!("{}.{}", q.name, name.name),
            None => name.name.clone(),
        },
        Expr::Rownum(_) => "ROWNUM".into(),
        Expr::Level(_) => "LEVEL".into(),
        Expr::Function { name, args } => {
            format!("{}({})", name.name, args.iter().map(expr_text).collect::<Vec<_>>().join(","))
        }
        Expr::Aggregate { func, arg, .. } => {
            let f = match func {
                AggregateFunc::Max => "MAX",
                AggregateFunc::Min => "MIN",
                AggregateFunc::Count => "COUNT",
                AggregateFunc::Sum => "SUM",
                AggregateFunc::Avg => "AVG",
            };
            format!("{f}({})", arg.as_ref().map(|a| expr_text(a)).unwrap_or_else(|| "*".into()))
        }
        Expr::Binary { op, left, right } => {
            let o = match op {
                BinaryOp::Add => "+",
                BinaryOp::Sub => "-",
                BinaryOp::Mul => "*",
                BinaryOp::Div => "/",
                BinaryOp::Concat => "||",
                BinaryOp::Eq => "=",
                BinaryOp::Ne => "<>",
                BinaryOp::Lt => "<",
                BinaryOp::Le => "<=",
                BinaryOp::Gt => ">",
                BinaryOp::Ge => ">=",
                BinaryOp::And => " AND ",
                BinaryOp::Or => " OR ",
            };
            format!("{}{}{}", expr_text(left), o, expr_text(right))
        }
        Expr::Negate(e) => format!("-{}", expr_text(e)),
        Expr::Not(e) => format!("NOT {}", expr_text(e)),
        Expr::Between { expr, low, high } => {
            format!("{} BETWEEN {} AND {}", expr_text(expr), expr_text(low), expr_text(high))
        }
        Expr::IsNull { expr, negated } => format!("{} IS {}NULL", expr_text(expr), if *negated { "NOT " } else { "" }),
        Expr::Subquery(_) => "(SELECT)".into(),
    }
}

fn has_aggregate(e: &Expr) -> bool {
    match e {
        Expr::Aggregate { .. } => true,
        Expr::Function { args, .. } => args.iter().any(has_aggregate),
        Expr::Binary { left, right, .. } => has_aggregate(left) || has_aggregate(right),
        Expr::Negate(e) | Expr::Not(e) => has_aggregate(e),
        Expr::Between { expr, low, high } => has_aggregate(expr) || has_aggregate(low) || has_aggregate(high),
        Expr::IsNull { expr, .. } => has_aggregate(expr),
        _ => false,
    }
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

/// `col(src) = expr` with the column on either side.
fn eq_column(p: &CExpr, src: usize) -> Option<(usize, &CExpr)> {
    if let CExpr::Bin(BinaryOp::Eq, a, b, _) = p {
        let refs_src = |e: &CExpr| {
            let mut v = Vec::new();
            e.sources(&mut v);
            v.contains(&src)
        };
        if let CExpr::Col { src: s, col, .. } = a.as_ref() {
            if *s == src && !refs_src(b) {
                return Some((*col, b.as_ref()));
            }
        }
        if let CExpr::Col { src: s, col, .. } = b.as_ref() {
            if *s == src && !refs_src(a) {
                return Some((*col, a.as_ref()));
            }
        }
    }
    None
}

impl<'a> Builder<'a> {
    fn draft(
        &mut self,
        operation: &str,
        name: Option<&str>,
        e_rows: f64,
        cost: f64,
        bytes: Option<f64>,
        frames: &str,
    ) -> (u16, usize) {
        self.drafts.push(Draft {
            operation: operation.to_string(),
            name: name.map(|s| s.to_string()),
            e_rows,
            cost,
            bytes,
        });
        self.frames.push(frames.to_string());
        ((self.drafts.len() - 1) as u16, self.frames.len() - 1)
    }

    #[allow(clippy::too_many_arguments)]
    fn op(
        &mut self,
        operation: &str,
        name: Option<&str>,
        e_rows: f64,
        cost: f64,
        bytes: Option<f64>,
        frames: &str,
        kind: OpKind,
    ) -> Op {
        let (line, st) = self.draft(operation, name, e_rows, cost, bytes, frames);
        Op { line, st, kind }
    }

    fn new_source(&mut self) -> usize {
        self.n_sources += 1;
        self.n_sources - 1
    }

    fn bind(&mut self, name: &str) -> usize {
        if let Some(i) = self.bind_names.iter().position(|b| b == name) {
            return i;
        }
        self.bind_names.push(name.to_string());
        self.bind_names.len() - 1
    }

    fn compile_expr(
        &mut self,
        e: &Expr,
        scope: &[ScopeEntry],
        aggs: Option<&mut Vec<(AggregateFunc, Option<Expr>, Pos)>>,
    ) -> Result<CExpr, LabError> {
        let mut aggs = aggs;
        self.compile_expr_inner(e, scope, &mut aggs)
    }

    fn compile_expr_inner(
        &mut self,
        e: &Expr,
        scope: &[ScopeEntry],
        aggs: &mut Option<&mut Vec<(AggregateFunc, Option<Expr>, Pos)>>,
    ) -> Result<CExpr, LabError> {
        Ok(match e {
            Expr::Number(n, _) => CExpr::Const(crate::value::Value::Num(*n)),
            Expr::String(s, _) => {
                if s.is_empty() {
                    CExpr::Const(crate::value::Value::Null)
                } else {
                    CExpr::Const(crate::value::Value::str(s))
                }
            }
            Expr::Null(_) => CExpr::Const(crate::value::Value::Null),
            Expr::Bind(b, _) => CExpr::Bind(self.bind(b)),
            Expr::Rownum(_) => CExpr::Rownum,
            Expr::Level(_) => CExpr::Level,
            Expr::Column { qualifier, name } => {
                if qualifier.is_none() && name.name == "USER" {
                    return Ok(CExpr::Func(Func::User, vec![], name.pos));
                }
                let mut found: Option<CExpr> = None;
                for s in scope {
                    if let Some(q) = qualifier {
                        if q.name != s.alias {
                            continue;
                        }
                    }
                    if let Some((_, c)) = s.columns.iter().find(|(n, _)| *n == name.name) {
                        if found.is_some() {
                            return Err(LabError::ora(918, "column ambiguously defined", name.pos));
                        }
                        found = Some(c.clone());
                    }
                }
                match found {
                    Some(c) => c,
                    None if qualifier.is_none() && self.ctx.plsql_vars.contains(&name.name) => {
                        CExpr::Bind(self.bind(&name.name))
                    }
                    // PL/SQL BOOLEAN literals (arguments such as set_sql_trace(true)).
                    None if qualifier.is_none() && (name.name == "TRUE" || name.name == "FALSE") => {
                        CExpr::Const(crate::value::Value::Num(if name.name == "TRUE" { 1.0 } else { 0.0 }))
                    }
                    None => {
                        let shown = match qualifier {
                            Some(q) => format!("{}\".\"{}", q.name, name.name),
                            None => name.name.clone(),
                        };
                        return Err(LabError::invalid_identifier(
                            &shown,
                            qualifier.as_ref().map(|q| q.pos).unwrap_or(name.pos),
                        ));
                    }
                }
            }
            Expr::Function { name, args } => {
                let f = Func::lookup(&name.name).ok_or_else(|| LabError::invalid_identifier(&name.name, name.pos))?;
                f.check_arity(args.len(), &name.name, name.pos)?;
                let mut c = Vec::with_capacity(args.len());
                for a in args {
                    c.push(self.compile_expr_inner(a, scope, aggs)?);
                }
                CExpr::Func(f, c, name.pos)
            }
            Expr::Aggregate { func, arg, pos } => match aggs {
                Some(list) => {
                    if let Some(a) = arg {
                        if has_aggregate(a) {
                            return Err(LabError::ora(935, "group function is nested too deeply", *pos));
                        }
                    }
                    list.push((*func, arg.as_ref().map(|a| (**a).clone()), *pos));
                    // Placeholder: the caller rewires it to the aggregate's output.
                    CExpr::Gen { src: usize::MAX, col: list.len() - 1 }
                }
                None => return Err(LabError::ora(934, "group function is not allowed here", *pos)),
            },
            Expr::Binary { op, left, right } => {
                let pos = expr_pos(e);
                CExpr::Bin(
                    *op,
                    Box::new(self.compile_expr_inner(left, scope, aggs)?),
                    Box::new(self.compile_expr_inner(right, scope, aggs)?),
                    pos,
                )
            }
            Expr::Negate(x) => CExpr::Neg(Box::new(self.compile_expr_inner(x, scope, aggs)?), expr_pos(x)),
            Expr::Not(x) => CExpr::Not(Box::new(self.compile_expr_inner(x, scope, aggs)?)),
            Expr::Between { expr, low, high } => CExpr::Between(
                Box::new(self.compile_expr_inner(expr, scope, aggs)?),
                Box::new(self.compile_expr_inner(low, scope, aggs)?),
                Box::new(self.compile_expr_inner(high, scope, aggs)?),
            ),
            Expr::IsNull { expr, negated } => {
                CExpr::IsNull(Box::new(self.compile_expr_inner(expr, scope, aggs)?), *negated)
            }
            Expr::Subquery(q) => return Err(LabError::unsupported("scalar subqueries", q.pos)),
        })
    }

    /// INDEX RANGE SCAN, under TABLE ACCESS BY INDEX ROWID unless the
    /// index is an IOT (whose leaves hold the rows).
    fn range_access(
        &mut self,
        scan: RangeScan,
        (table, src, iot): (TableId, usize, bool),
        index_name: &str,
        table_name: &str,
        (e_rows, icost, cost): (f64, f64, f64),
        row_bytes: f64,
    ) -> Op {
        let iop = self.op(
            "INDEX RANGE SCAN",
            Some(index_name),
            e_rows,
            icost,
            None,
            "qerixtFetch;kdiixs1",
            OpKind::IndexRange {
                index: scan.index,
                keys: scan.keys,
                low: scan.low,
                high: scan.high,
                src,
                pos: 0,
                started: false,
                pinned_leaf: None,
                keybuf: Vec::new(),
                high_value: None,
                end: false,
                filter: vec![],
            },
        );
        if iot {
            return iop;
        }
        self.op(
            "TABLE ACCESS BY INDEX ROWID",
            Some(table_name),
            e_rows,
            cost,
            Some(e_rows * row_bytes),
            "qertbFetchByRowID;kdsgrp",
            OpKind::ByRowid {
                table,
                src,
                child: Box::new(iop),
                unique_child: false,
                read_optim: false,
                pinned: None,
                filter: vec![],
            },
        )
    }

    fn table_scope(&self, t: &crate::catalog::Table, src: usize, alias: &str) -> ScopeEntry {
        ScopeEntry {
            alias: alias.to_string(),
            columns: t
                .columns
                .iter()
                .enumerate()
                .map(|(i, c)| (c.name.clone(), CExpr::Col { src, table: t.id, col: i }))
                .collect(),
        }
    }

    /// Compile one query block.
    fn block(&mut self, q: &Query) -> Result<Block, LabError> {
        let cat = self.ctx.cat;
        if !q.group_by.is_empty() {
            return Err(LabError::unsupported("GROUP BY", q.pos));
        }
        if q.distinct {
            return Err(LabError::unsupported("SELECT DISTINCT", q.pos));
        }
        if q.from.is_empty() {
            return Err(LabError::ora(923, "FROM keyword not found where expected", q.pos));
        }
        // ---- relations and scope
        enum Rel {
            Table { table: TableId, src: usize, alias: String },
            Fixed { op: Box<Op>, e_rows: f64, cost: f64, alias: String, row_bytes: f64 },
        }
        let mut rels: Vec<Rel> = Vec::new();
        let mut scope: Vec<ScopeEntry> = Vec::new();
        for item in &q.from {
            match item {
                FromItem::Table { name, alias } => {
                    let alias_s = alias.as_ref().map(|a| a.name.clone()).unwrap_or_else(|| name.name.clone());
                    if name.name == "DUAL" {
                        let src = self.new_source();
                        scope.push(ScopeEntry {
                            alias: alias_s.clone(),
                            columns: vec![("DUMMY".into(), CExpr::Gen { src, col: 0 })],
                        });
                        let op = if let Some(cb) = &q.connect_by {
                            // CONNECT BY LEVEL <= n: a row generator.
                            let limit = match cb {
                                Expr::Binary { op: BinaryOp::Le, left, right } if matches!(**left, Expr::Level(_)) => {
                                    right
                                }
                                Expr::Binary { op: BinaryOp::Lt, left, .. } if matches!(**left, Expr::Level(_)) => {
                                    return Err(LabError::unsupported(
                                        "CONNECT BY other than LEVEL <= n",
                                        expr_pos(left),
                                    ));
                                }
                                other => {
                                    return Err(LabError::unsupported(
                                        "CONNECT BY other than LEVEL <= n",
                                        expr_pos(other),
                                    ))
                                }
                            };
                            let n = self.compile_expr(limit, &[], None)?;
                            let kind = OpKind::RowGen { src, gen: RowGenKind::ConnectBy(n), next: 0, end: -1 };
                            self.op("CONNECT BY WITHOUT FILTERING", None, 1.0, 2.0, None, "qerjoFetch", kind)
                        } else {
                            self.op("FAST DUAL", None, 1.0, 2.0, None, "qerfdFetch", OpKind::Dual { src, done: false })
                        };
                        rels.push(Rel::Fixed {
                            op: Box::new(op),
                            e_rows: 1.0,
                            cost: 2.0,
                            alias: alias_s,
                            row_bytes: 0.0,
                        });
                    } else {
                        let t = cat.table(&name.name).ok_or_else(|| LabError::no_such_table(name.pos))?;
                        let src = self.new_source();
                        if !self.tables.contains(&t.id) {
                            self.tables.push(t.id);
                        }
                        scope.push(self.table_scope(t, src, &alias_s));
                        rels.push(Rel::Table { table: t.id, src, alias: alias_s });
                    }
                }
                FromItem::XmlTableRange { from, to, alias, .. } => {
                    let src = self.new_source();
                    let alias_s = alias.as_ref().map(|a| a.name.clone()).unwrap_or_else(|| "XMLTABLE".into());
                    scope.push(ScopeEntry {
                        alias: alias_s.clone(),
                        columns: vec![("COLUMN_VALUE".into(), CExpr::Gen { src, col: 0 })],
                    });
                    let a = self.compile_expr(from, &[], None)?;
                    let b = self.compile_expr(to, &[], None)?;
                    let op = self.op(
                        "XMLTABLE EVALUATION",
                        None,
                        8168.0,
                        29.0,
                        None,
                        "qerxtFetch",
                        OpKind::RowGen { src, gen: RowGenKind::Range(a, b), next: 0, end: -1 },
                    );
                    rels.push(Rel::Fixed {
                        op: Box::new(op),
                        e_rows: 8168.0,
                        cost: 29.0,
                        alias: alias_s,
                        row_bytes: 2.0,
                    });
                }
                FromItem::Subquery { query, alias } => {
                    let alias_s = alias.as_ref().map(|a| a.name.clone()).unwrap_or_default();
                    let sub = self.block(query)?;
                    let mergeable =
                        !query.select.iter().any(|s| matches!(s, SelectItem::Expr { expr, .. } if has_aggregate(expr)))
                            && query.order_by.is_empty()
                            && query.connect_by.is_none();
                    if mergeable {
                        // View merging: the view's columns are its expressions.
                        scope.push(ScopeEntry {
                            alias: alias_s.clone(),
                            columns: sub.columns.iter().cloned().zip(sub.project.iter().cloned()).collect(),
                        });
                        rels.push(Rel::Fixed {
                            op: Box::new(sub.op),
                            e_rows: sub.e_rows,
                            cost: sub.cost,
                            alias: alias_s,
                            row_bytes: sub.row_bytes,
                        });
                    } else {
                        let out = self.new_source();
                        scope.push(ScopeEntry {
                            alias: alias_s.clone(),
                            columns: sub
                                .columns
                                .iter()
                                .cloned()
                                .enumerate()
                                .map(|(i, c)| (c, CExpr::Gen { src: out, col: i }))
                                .collect(),
                        });
                        let op = self.op(
                            "VIEW",
                            None,
                            sub.e_rows,
                            sub.cost,
                            Some(sub.e_rows * sub.row_bytes),
                            "qervwFetch",
                            OpKind::View { child: Box::new(sub.op), exprs: sub.project, out_src: out },
                        );
                        rels.push(Rel::Fixed {
                            op: Box::new(op),
                            e_rows: sub.e_rows,
                            cost: sub.cost,
                            alias: alias_s,
                            row_bytes: sub.row_bytes,
                        });
                    }
                }
            }
        }
        // ---- predicates
        let mut conjuncts = Vec::new();
        if let Some(w) = &q.where_clause {
            if has_aggregate(w) {
                return Err(LabError::ora(934, "group function is not allowed here", expr_pos(w)));
            }
            let c = self.compile_expr(w, &scope, None)?;
            split_and(c, &mut conjuncts);
        }
        // ---- join order: LEADING hint, else tables with key predicates first
        let alias_of = |r: &Rel| match r {
            Rel::Table { alias, .. } | Rel::Fixed { alias, .. } => alias.clone(),
        };
        let mut order: Vec<usize> = Vec::new();
        for h in &q.hints {
            if let Hint::Leading(list) = h {
                for a in list {
                    if let Some(i) = rels.iter().position(|r| alias_of(r) == a.name) {
                        if !order.contains(&i) {
                            order.push(i);
                        }
                    }
                }
            }
        }
        for i in 0..rels.len() {
            if !order.contains(&i) {
                order.push(i);
            }
        }
        let mut rels: Vec<Option<Rel>> = rels.into_iter().map(Some).collect();
        let full_hint = |alias: &str| is_true_hint(&q.hints, |h| matches!(h, Hint::Full(a) if a.name == alias));
        let index_hint = |alias: &str| -> Option<Option<String>> {
            q.hints.iter().find_map(|h| match h {
                Hint::Index { alias: a, index } if a.name == alias => Some(index.as_ref().map(|i| i.name.clone())),
                _ => None,
            })
        };
        let aggregate_query =
            q.select.iter().any(|s| matches!(s, SelectItem::Expr { expr, .. } if has_aggregate(expr)));
        let mut available: Vec<usize> = Vec::new();
        let mut used = vec![false; conjuncts.len()];
        let mut tree: Option<(Op, f64, f64)> = None;
        let mut row_bytes = 0.0;
        let mut read_optim_any = false;
        let single = order.len() == 1;
        for &ri in &order {
            let rel = rels[ri].take().expect("each relation once");
            let (mut op, e_rows, cost, srcs) = match rel {
                Rel::Fixed { op, e_rows, cost, row_bytes: rb, .. } => {
                    row_bytes += rb;
                    let mut s = Vec::new();
                    collect_sources(&op, &mut s);
                    (*op, e_rows, cost, s)
                }
                Rel::Table { table, src, alias } => {
                    let t = &cat.tables[table];
                    // Gathered statistics when there are some (as the optimizer reads
                    // them from the dictionary), else a full look at the data.
                    let stats = if t.stats.gathered { t.stats.clone() } else { t.compute_stats(cat.table_blocks(t)) };
                    let num_rows = (stats.num_rows as f64).max(1.0);
                    row_bytes += stats.avg_col_len.iter().sum::<u32>() as f64;
                    // Equality predicates usable as keys for this table.
                    let mut eq: Vec<(usize, usize, CExpr)> = Vec::new(); // (conjunct, col, expr)
                    for (ci, p) in conjuncts.iter().enumerate() {
                        if used[ci] {
                            continue;
                        }
                        if let Some((col, e)) = eq_column(p, src) {
                            let mut s = Vec::new();
                            e.sources(&mut s);
                            if s.iter().all(|x| available.contains(x)) {
                                eq.push((ci, col, e.clone()));
                            }
                        }
                    }
                    let key_for = |cols: &[usize]| -> Option<(Vec<usize>, Vec<CExpr>)> {
                        let mut cis = Vec::new();
                        let mut ks = Vec::new();
                        for c in cols {
                            let (ci, _, e) = eq.iter().find(|(_, col, _)| col == c)?;
                            cis.push(*ci);
                            ks.push(e.clone());
                        }
                        Some((cis, ks))
                    };
                    let pk_index = t.pk.as_ref().map(|p| p.1);
                    let forced_full = full_hint(&alias);
                    let wanted_index = index_hint(&alias);
                    let mut chosen: Option<(Op, f64, f64, Vec<usize>)> = None;
                    let frames_iu = "qerixtFetch;kdifxs";
                    if !forced_full {
                        match &t.storage {
                            TableStorage::Iot { index } => {
                                let ix = &cat.indexes[*index];
                                if let Some((cis, keys)) = key_for(&ix.columns) {
                                    let cost = ix.btree.blevel().max(1) as f64;
                                    let op = self.op(
                                        "INDEX UNIQUE SCAN",
                                        Some(&ix.name),
                                        1.0,
                                        cost,
                                        Some(stats.avg_row_len as f64 - 3.0),
                                        frames_iu,
                                        OpKind::IndexUnique {
                                            index: *index,
                                            keys,
                                            src,
                                            read_optim: false,
                                            done: false,
                                            keybuf: Vec::new(),
                                            filter: vec![],
                                            finger: 0,
                                            leaf_hint: 0,
                                        },
                                    );
                                    chosen = Some((op, 1.0, cost, cis));
                                }
                            }
                            TableStorage::Cluster { cluster, key_cols } => {
                                let cl = &cat.clusters[*cluster];
                                if cl.hash.hashkeys > 0 && key_cols.len() == 1 {
                                    if let Some((cis, mut keys)) = key_for(key_cols) {
                                        let chain =
                                            cl.hash.overflow_blocks() as f64 / cl.hash.bucket_blocks.max(1) as f64;
                                        let cost = (1.0 + chain).round();
                                        let e_rows = (num_rows / cl.hash.hashkeys as f64).max(1.0).round();
                                        let op = self.op(
                                            "TABLE ACCESS HASH",
                                            Some(&t.name),
                                            e_rows,
                                            cost,
                                            Some(e_rows * (stats.avg_row_len as f64 - 3.0)),
                                            "qertbFetchByHash;kdsgrp",
                                            OpKind::Hash {
                                                table,
                                                src,
                                                key: keys.remove(0),
                                                key_col: key_cols[0],
                                                bucket_rows: Vec::new(),
                                                next: 0,
                                                started: false,
                                                filter: vec![],
                                            },
                                        );
                                        chosen = Some((op, e_rows, cost, cis));
                                    }
                                }
                            }
                            TableStorage::Heap { .. } => {}
                        }
                        if chosen.is_none() && !t.is_iot() {
                            // Unique indexes with every column bound (PK first).
                            let mut cands: Vec<IndexId> =
                                t.indexes.iter().copied().filter(|i| !cat.indexes[*i].dropped).collect();
                            cands.sort_by_key(|i| (Some(*i) != pk_index, *i));
                            if let Some(Some(name)) = &wanted_index {
                                cands.sort_by_key(|i| &cat.indexes[*i].name != name);
                            }
                            for ixid in cands {
                                let ix = &cat.indexes[ixid];
                                let tstats_bytes = stats.avg_row_len as f64 - 3.0;
                                if ix.unique {
                                    if let Some((cis, keys)) = key_for(&ix.columns) {
                                        let memopt = single
                                            && !aggregate_query
                                            && q.order_by.is_empty()
                                            && self.ctx.profile.memoptimize_rowstore
                                            && t.memoptimize_read
                                            && Some(ixid) == pk_index
                                            && conjuncts.len() == cis.len()
                                            && keys.iter().all(|k| matches!(k, CExpr::Bind(_) | CExpr::Const(_)));
                                        let suffix = if memopt { " READ OPTIM" } else { "" };
                                        let icost = ix.btree.blevel().max(1) as f64;
                                        let iop = self.op(
                                            &format!("INDEX UNIQUE SCAN{suffix}"),
                                            Some(&ix.name),
                                            1.0,
                                            icost,
                                            None,
                                            frames_iu,
                                            OpKind::IndexUnique {
                                                index: ixid,
                                                keys,
                                                src,
                                                read_optim: memopt,
                                                done: false,
                                                keybuf: Vec::new(),
                                                filter: vec![],
                                                finger: 0,
                                                leaf_hint: 0,
                                            },
                                        );
                                        let op = self.op(
                                            &format!("TABLE ACCESS BY INDEX ROWID{suffix}"),
                                            Some(&t.name),
                                            1.0,
                                            icost + 1.0,
                                            Some(tstats_bytes),
                                            "qertbFetchByRowID;kdsgrp",
                                            OpKind::ByRowid {
                                                table,
                                                src,
                                                child: Box::new(iop),
                                                unique_child: true,
                                                read_optim: memopt,
                                                pinned: None,
                                                filter: vec![],
                                            },
                                        );
                                        read_optim_any |= memopt;
                                        chosen = Some((op, 1.0, icost + 1.0, cis));
                                        break;
                                    }
                                } else if let Some((cis, keys)) = key_for(&ix.columns[..1]) {
                                    let ndv = distinct_keys(&ix.btree).max(1) as f64;
                                    let e_rows = (num_rows / ndv).max(1.0).round();
                                    let leaves = ix.btree.leaf_count() as f64;
                                    let icost = ix.btree.blevel() as f64 + (leaves / ndv).ceil().max(1.0);
                                    let cost = icost + e_rows;
                                    let scan = RangeScan { index: ixid, keys, low: None, high: None };
                                    let op = self.range_access(
                                        scan,
                                        (table, src, t.is_iot()),
                                        &ix.name,
                                        &t.name,
                                        (e_rows, icost, cost),
                                        tstats_bytes,
                                    );
                                    chosen = Some((op, e_rows, cost, cis));
                                    break;
                                }
                            }
                        }
                    }
                    if chosen.is_none() && !forced_full {
                        // A range on the leading column of an index.
                        let mut cands: Vec<IndexId> =
                            t.indexes.iter().copied().filter(|i| !cat.indexes[*i].dropped).collect();
                        cands.sort_by_key(|i| (Some(*i) != pk_index, *i));
                        for ixid in cands {
                            let ix = &cat.indexes[ixid];
                            let Some(r) = range_on(&conjuncts, &used, src, ix.columns[0], &available) else { continue };
                            let sel = range_selectivity(&r, &ix.btree);
                            let e_rows = (num_rows * sel).max(1.0).round();
                            let leaves = ix.btree.leaf_count() as f64;
                            let icost = ix.btree.blevel() as f64 + (leaves * sel).ceil();
                            // Table visits follow the clustering factor.
                            let cost = icost + (ix.btree.clustering_factor as f64 * sel).ceil();
                            let full_cost = (cat.table_blocks(t) as f64 / 6.59).ceil() + 1.0;
                            let hinted = matches!(&wanted_index, Some(None))
                                || matches!(&wanted_index, Some(Some(n)) if *n == ix.name);
                            if cost >= full_cost && !hinted {
                                continue;
                            }
                            let tstats_bytes = stats.avg_row_len as f64 - 3.0;
                            let scan =
                                RangeScan { index: ixid, keys: vec![], low: r.low.clone(), high: r.high.clone() };
                            let op = self.range_access(
                                scan,
                                (table, src, t.is_iot()),
                                &ix.name,
                                &t.name,
                                (e_rows, icost, cost),
                                tstats_bytes,
                            );
                            chosen = Some((op, e_rows, cost, r.conjuncts));
                            break;
                        }
                    }
                    let (op, e_rows, cost, cis) = match chosen {
                        Some(c) => c,
                        None => {
                            let blocks = cat.table_blocks(t) as f64;
                            // I/O cost of a multiblock scan (noworkload: ~6.6 blocks per read) + 1.
                            let cost = (blocks / 6.59).ceil() + 1.0;
                            let op = self.op(
                                "TABLE ACCESS FULL",
                                Some(&t.name),
                                num_rows,
                                cost,
                                Some(num_rows * (stats.avg_row_len as f64 - 3.0)),
                                "qertbFetch;kdstf0000101km",
                                OpKind::Full {
                                    table,
                                    src,
                                    filter: vec![],
                                    next_row: 0,
                                    pinned: None,
                                    started: false,
                                    order: Vec::new(),
                                },
                            );
                            (op, num_rows, cost, vec![])
                        }
                    };
                    for ci in cis {
                        used[ci] = true;
                    }
                    (op, e_rows, cost, vec![src])
                }
            };
            available.extend(srcs.iter().copied());
            // Predicates now fully available become filters on this relation.
            let mut filters = Vec::new();
            for (ci, p) in conjuncts.iter().enumerate() {
                if used[ci] {
                    continue;
                }
                let mut s = Vec::new();
                p.sources(&mut s);
                if s.iter().all(|x| available.contains(x)) {
                    used[ci] = true;
                    filters.push(p.clone());
                }
            }
            let sel = 0.05f64.powi(filters.len() as i32);
            let e_rows_f = (e_rows * sel).max(1.0).round();
            if !filters.is_empty() {
                attach_filters(&mut op, filters, self);
            }
            tree = Some(match tree {
                None => (op, e_rows_f, cost),
                Some((outer, orows, ocost)) => {
                    let rows = (orows * e_rows_f).max(1.0);
                    let cost = ocost + orows * cost;
                    let nl = self.op(
                        "NESTED LOOPS",
                        None,
                        rows,
                        cost,
                        None,
                        "qerjotFetch",
                        OpKind::NestedLoops {
                            outer: Box::new(outer),
                            inner: Box::new(op),
                            inner_active: false,
                            keep_inner_pins: self.ctx.profile.nl_keeps_inner_pins,
                        },
                    );
                    (nl, rows, cost)
                }
            });
        }
        let (mut op, mut e_rows, cost) = tree.expect("at least one relation");
        // Any predicate left (e.g. constant predicates) filters the result.
        let rest: Vec<CExpr> =
            conjuncts.iter().enumerate().filter(|(i, _)| !used[*i]).map(|(_, p)| p.clone()).collect();
        if !rest.is_empty() {
            op = self.op(
                "FILTER",
                None,
                e_rows,
                cost,
                None,
                "qerflFetch",
                OpKind::Filter { child: Box::new(op), preds: rest },
            );
        }
        // ---- projection
        let mut columns = Vec::new();
        let mut project = Vec::new();
        let mut agg_list: Vec<(AggregateFunc, Option<Expr>, Pos)> = Vec::new();
        let mut agg_slots: Vec<usize> = Vec::new(); // projection index using aggregates
        for item in &q.select {
            match item {
                SelectItem::Star(pos) => {
                    if aggregate_query {
                        return Err(LabError::ora(937, "not a single-group group function", *pos));
                    }
                    for s in &scope {
                        for (n, c) in &s.columns {
                            columns.push(n.clone());
                            project.push(c.clone());
                        }
                    }
                }
                SelectItem::QualifiedStar(alias) => {
                    let s = scope
                        .iter()
                        .find(|s| s.alias == alias.name)
                        .ok_or_else(|| LabError::invalid_identifier(&alias.name, alias.pos))?;
                    for (n, c) in &s.columns {
                        columns.push(n.clone());
                        project.push(c.clone());
                    }
                }
                SelectItem::Expr { expr, alias } => {
                    let name = alias.as_ref().map(|a| a.name.clone()).unwrap_or_else(|| match expr {
                        Expr::Column { name, .. } => name.name.clone(),
                        other => expr_text(other).to_uppercase(),
                    });
                    columns.push(name);
                    if aggregate_query {
                        if !has_aggregate(expr) {
                            let mut refs = Vec::new();
                            let c = self.compile_expr(expr, &scope, None)?;
                            c.sources(&mut refs);
                            if !refs.is_empty() {
                                return Err(LabError::ora(937, "not a single-group group function", expr_pos(expr)));
                            }
                            project.push(c);
                        } else {
                            let c = self.compile_expr(expr, &scope, Some(&mut agg_list))?;
                            agg_slots.push(project.len());
                            project.push(c);
                        }
                    } else {
                        project.push(self.compile_expr(expr, &scope, None)?);
                    }
                }
            }
        }
        let mut out_row_bytes = row_bytes;
        if aggregate_query {
            let out = self.new_source();
            let mut specs = Vec::new();
            for (func, arg, _) in &agg_list {
                let a = match arg {
                    Some(a) => Some(self.compile_expr(a, &scope, None)?),
                    None => None,
                };
                specs.push(AggSpec { func: *func, arg: a });
            }
            for i in agg_slots {
                rewire_aggs(&mut project[i], out);
            }
            let pos = q.pos;
            out_row_bytes = row_bytes;
            op = self.op(
                "SORT AGGREGATE",
                None,
                1.0,
                cost,
                Some(row_bytes),
                "qergsFetch",
                OpKind::SortAggregate { child: Box::new(op), aggs: specs, out_src: out, done: false, pos },
            );
            e_rows = 1.0;
        }
        let mut sorts = false;
        if !q.order_by.is_empty() {
            let mut keys = Vec::new();
            for o in &q.order_by {
                let c = match &o.expr {
                    Expr::Number(n, pos) => {
                        let i = *n as usize;
                        if i == 0 || i > project.len() || n.fract() != 0.0 {
                            return Err(LabError::ora(
                                1785,
                                "ORDER BY item must be the number of a SELECT-list expression",
                                *pos,
                            ));
                        }
                        project[i - 1].clone()
                    }
                    Expr::Column { qualifier: None, name }
                        if columns.contains(&name.name)
                            && !scope.iter().any(|s| s.columns.iter().any(|(n, _)| *n == name.name)) =>
                    {
                        let i = columns.iter().position(|c| *c == name.name).unwrap_or(0);
                        project[i].clone()
                    }
                    e => self.compile_expr(e, &scope, None)?,
                };
                keys.push((c, o.descending));
            }
            let out = self.new_source();
            let n = project.len();
            let exprs = std::mem::take(&mut project);
            project = (0..n).map(|i| CExpr::Gen { src: out, col: i }).collect();
            op = self.op(
                "SORT ORDER BY",
                None,
                e_rows,
                cost + 1.0,
                Some(e_rows * out_row_bytes),
                "qersoFetch",
                OpKind::SortOrderBy {
                    child: Box::new(op),
                    keys,
                    exprs,
                    out_src: out,
                    rows: Vec::new(),
                    next: 0,
                    sorted: false,
                },
            );
            sorts = true;
        }
        Ok(Block { op, columns, project, e_rows, cost, row_bytes: out_row_bytes, read_optim: read_optim_any, sorts })
    }
}

fn rewire_aggs(e: &mut CExpr, out: usize) {
    match e {
        CExpr::Gen { src, .. } if *src == usize::MAX => *src = out,
        CExpr::Func(_, args, _) => args.iter_mut().for_each(|a| rewire_aggs(a, out)),
        CExpr::Bin(_, a, b, _) => {
            rewire_aggs(a, out);
            rewire_aggs(b, out)
        }
        CExpr::Neg(a, _) | CExpr::Not(a) | CExpr::IsNull(a, _) => rewire_aggs(a, out),
        CExpr::Between(a, b, c) => {
            rewire_aggs(a, out);
            rewire_aggs(b, out);
            rewire_aggs(c, out)
        }
        _ => {}
    }
}

fn distinct_keys(bt: &crate::storage::BTree) -> usize {
    if bt.entries.is_empty() {
        return 0;
    }
    1 + bt
        .entries
        .windows(2)
        .filter(|w| crate::storage::cmp_keys(&w[0].0, &w[1].0) != std::cmp::Ordering::Equal)
        .count()
}

fn collect_sources(op: &Op, out: &mut Vec<usize>) {
    match &op.kind {
        OpKind::Dual { src, .. } | OpKind::RowGen { src, .. } | OpKind::Full { src, .. } | OpKind::Hash { src, .. } => {
            out.push(*src)
        }
        OpKind::IndexUnique { src, .. } | OpKind::IndexRange { src, .. } => out.push(*src),
        OpKind::ByRowid { child, .. } => collect_sources(child, out),
        OpKind::NestedLoops { outer, inner, .. } => {
            collect_sources(outer, out);
            collect_sources(inner, out)
        }
        OpKind::SortAggregate { out_src, .. } | OpKind::View { out_src, .. } | OpKind::SortOrderBy { out_src, .. } => {
            out.push(*out_src)
        }
        OpKind::Filter { child, .. } => collect_sources(child, out),
    }
}

fn attach_filters(op: &mut Op, preds: Vec<CExpr>, b: &mut Builder<'_>) {
    match &mut op.kind {
        OpKind::Full { filter, .. }
        | OpKind::ByRowid { filter, .. }
        | OpKind::Hash { filter, .. }
        | OpKind::IndexUnique { filter, .. }
        | OpKind::IndexRange { filter, .. } => filter.extend(preds),
        _ => {
            let inner = std::mem::replace(op, Op { line: 0, st: 0, kind: OpKind::Dual { src: 0, done: true } });
            let e_rows = b.drafts[inner.line as usize].e_rows;
            let cost = b.drafts[inner.line as usize].cost;
            *op = b.op(
                "FILTER",
                None,
                e_rows,
                cost,
                None,
                "qerflFetch",
                OpKind::Filter { child: Box::new(inner), preds },
            );
        }
    }
}

fn children_mut(op: &mut Op) -> Vec<&mut Op> {
    match &mut op.kind {
        OpKind::ByRowid { child, .. }
        | OpKind::SortAggregate { child, .. }
        | OpKind::View { child, .. }
        | OpKind::Filter { child, .. }
        | OpKind::SortOrderBy { child, .. } => vec![child.as_mut()],
        OpKind::NestedLoops { outer, inner, .. } => vec![outer.as_mut(), inner.as_mut()],
        _ => vec![],
    }
}

/// Number plan lines in preorder (id 0 is SELECT STATEMENT).
fn renumber(op: &mut Op, parent: u16, depth: u16, drafts: &[Draft], lines: &mut Vec<PlanLine>) {
    let d = &drafts[op.line as usize];
    let id = lines.len() as u16;
    lines.push(PlanLine {
        id,
        parent: Some(parent),
        depth,
        operation: d.operation.clone(),
        name: d.name.clone(),
        e_rows: d.e_rows,
        cost: d.cost,
        bytes: d.bytes,
    });
    op.line = id;
    for c in children_mut(op) {
        renumber(c, id, depth + 1, drafts, lines);
    }
}

/// Compile a query into a cursor's parts.
pub fn compile(q: &Query, ctx: &PlanCtx<'_>) -> Result<Compiled, LabError> {
    let mut b = Builder {
        ctx,
        drafts: Vec::new(),
        frames: Vec::new(),
        n_sources: 0,
        bind_names: Vec::new(),
        tables: Vec::new(),
    };
    let block = b.block(q)?;
    let mut root = block.op;
    let mut lines = vec![PlanLine {
        id: 0,
        parent: None,
        depth: 0,
        operation: "SELECT STATEMENT".into(),
        name: None,
        e_rows: block.e_rows,
        cost: block.cost,
        bytes: Some(block.e_rows * block.row_bytes),
    }];
    renumber(&mut root, 0, 1, &b.drafts, &mut lines);
    let lines_len = lines.len();
    let notes = plan_notes(q, ctx, &lines);
    // Frames follow the final line numbering of their operators.
    let env = Env {
        rows: vec![0; b.n_sources],
        blocks: vec![crate::storage::NO_BLOCK; b.n_sources],
        gen: vec![Vec::new(); b.n_sources],
        ..Default::default()
    };
    Ok(Compiled {
        root,
        lines,
        frames: b.frames,
        columns: block.columns,
        project: block.project,
        env,
        bind_names: b.bind_names,
        read_optim: block.read_optim,
        gather_plan_statistics: q.hints.iter().any(|h| matches!(h, Hint::GatherPlanStatistics)),
        tables: b.tables,
        sorts: block.sorts,
        line_stats: vec![Default::default(); lines_len],
        notes,
        stacks: None,
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
        tables: Vec::new(),
    };
    let c = b.compile_expr(e, &[], None)?;
    Ok((c, b.bind_names))
}

/// What the user should know about how faithfully the plan is modelled.
fn plan_notes(q: &Query, ctx: &PlanCtx<'_>, lines: &[PlanLine]) -> Vec<String> {
    let mut notes = Vec::new();
    if lines.iter().any(|l| l.operation == "NESTED LOOPS") && ctx.profile.nlj_batching {
        let batching_off = !ctx.nlj_batching_enabled
            || q.hints.iter().any(|h| {
                matches!(h, Hint::OptParam { name, value } if name == "_nlj_batching_enabled"
                    && matches!(value, lio_sql::ast::ParamValue::Number(n) if *n == 0.0))
                    || matches!(h, Hint::NoNljBatching(_))
            });
        let prefetch_off = q.hints.iter().any(|h| matches!(h, Hint::NoNljPrefetch(_)));
        if !(batching_off && prefetch_off) {
            notes.push(
                "Note: nested loops run in the classic shape; this release would use NLJ batching or table prefetch, which LIO Lab does not model yet. Add opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(<inner>) for the exact classic figures."
                    .to_string(),
            );
        }
    }
    notes
}

/// What an INDEX RANGE SCAN reads: an equality prefix or a range on the
/// first column.
struct RangeScan {
    index: IndexId,
    keys: Vec<CExpr>,
    low: Option<(CExpr, bool)>,
    high: Option<(CExpr, bool)>,
}

/// Range bounds on one column, from the conjuncts that give them.
struct RangeBounds {
    low: Option<(CExpr, bool)>,
    high: Option<(CExpr, bool)>,
    conjuncts: Vec<usize>,
}

/// `col > e`, `col >= e`, `col < e`, `col <= e` (either side) and
/// `col BETWEEN a AND b` on column `col` of source `src`, whose other sides
/// only read `available` sources.
fn range_on(conjuncts: &[CExpr], used: &[bool], src: usize, col: usize, available: &[usize]) -> Option<RangeBounds> {
    let is_col = |e: &CExpr| matches!(e, CExpr::Col { src: s, col: c, .. } if *s == src && *c == col);
    let usable = |e: &CExpr| {
        let mut v = Vec::new();
        e.sources(&mut v);
        v.iter().all(|x| available.contains(x))
    };
    let mut r = RangeBounds { low: None, high: None, conjuncts: Vec::new() };
    for (i, p) in conjuncts.iter().enumerate() {
        if used[i] {
            continue;
        }
        match p {
            CExpr::Bin(op @ (BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Lt | BinaryOp::Le), a, b, _) => {
                let (op, e) = if is_col(a) && usable(b) {
                    (*op, b.as_ref())
                } else if is_col(b) && usable(a) {
                    // e < col  is  col > e
                    let flipped = match op {
                        BinaryOp::Gt => BinaryOp::Lt,
                        BinaryOp::Ge => BinaryOp::Le,
                        BinaryOp::Lt => BinaryOp::Gt,
                        _ => BinaryOp::Ge,
                    };
                    (flipped, a.as_ref())
                } else {
                    continue;
                };
                match op {
                    BinaryOp::Gt | BinaryOp::Ge if r.low.is_none() => r.low = Some((e.clone(), op == BinaryOp::Ge)),
                    BinaryOp::Lt | BinaryOp::Le if r.high.is_none() => r.high = Some((e.clone(), op == BinaryOp::Le)),
                    _ => continue,
                }
                r.conjuncts.push(i);
            }
            CExpr::Between(x, lo, hi)
                if is_col(x) && usable(lo) && usable(hi) && r.low.is_none() && r.high.is_none() =>
            {
                r.low = Some(((**lo).clone(), true));
                r.high = Some(((**hi).clone(), true));
                r.conjuncts.push(i);
            }
            _ => {}
        }
    }
    if r.conjuncts.is_empty() {
        None
    } else {
        Some(r)
    }
}

/// Estimated fraction of the index a range reads: from the column's
/// low/high values for literal bounds, Oracle's defaults (5% one-sided,
/// 0.25% bounded) for binds and join columns.
fn range_selectivity(r: &RangeBounds, bt: &crate::storage::BTree) -> f64 {
    let num = |b: &Option<(CExpr, bool)>| match b {
        Some((CExpr::Const(v), _)) => v.as_f64(),
        _ => None,
    };
    let known = |b: &Option<(CExpr, bool)>| b.is_none() || num(b).is_some();
    if known(&r.low) && known(&r.high) {
        if let Some((lo, hi)) = bt.first_range() {
            if let (Some(min), Some(max)) = (lo.as_f64(), hi.as_f64()) {
                if max > min {
                    let a = num(&r.low).unwrap_or(min).max(min);
                    let b = num(&r.high).unwrap_or(max).min(max);
                    return ((b - a) / (max - min)).clamp(0.0, 1.0).max(1.0 / bt.entries.len().max(1) as f64);
                }
            }
        }
    }
    if r.low.is_some() && r.high.is_some() {
        0.0025
    } else {
        0.05
    }
}
