//! The plan builder's parts: plan lines, sources and binds, expression
//! compilation and table scope.

use super::*;

/// Functions of TIMESTAMP values, which the lab does not model:
/// refused rather than reported as unknown names.
const DATE_FUNCTIONS: &[&str] = &["SYSTIMESTAMP", "CURRENT_TIMESTAMP", "LOCALTIMESTAMP", "TO_TIMESTAMP"];

/// Oracle's built-in SQL functions the lab does not model: refused by
/// name (LAB-00001), not reported as an unknown name (ORA-00904 says the
/// function does not exist, which in Oracle it does).
const NOT_MODELLED_FUNCTIONS: &[&str] = &[
    "SIN",
    "COS",
    "TAN",
    "ASIN",
    "ACOS",
    "ATAN",
    "ATAN2",
    "SINH",
    "COSH",
    "TANH",
    "WIDTH_BUCKET",
    "NANVL",
    "ASCIISTR",
    "NCHR",
    "SOUNDEX",
    "LENGTHB",
    "SUBSTRB",
    "INSTRB",
    "REGEXP_LIKE",
    "REGEXP_SUBSTR",
    "REGEXP_REPLACE",
    "REGEXP_INSTR",
    "REGEXP_COUNT",
    "NLS_UPPER",
    "NLS_LOWER",
    "NLS_INITCAP",
    "NLSSORT",
    "RAWTOHEX",
    "HEXTORAW",
    "TO_CLOB",
    "TO_NCHAR",
    "TO_NCLOB",
    "TO_BINARY_DOUBLE",
    "TO_BINARY_FLOAT",
    "ORA_HASH",
    "STANDARD_HASH",
    "SYS_GUID",
    "UID",
    "USERENV",
    "LNNVL",
    "ROWIDTOCHAR",
    "CHARTOROWID",
    "NUMTODSINTERVAL",
    "NUMTOYMINTERVAL",
    "TO_DSINTERVAL",
    "TO_YMINTERVAL",
    "FROM_TZ",
    "SYS_EXTRACT_UTC",
    "ROUND_TIES_TO_EVEN",
    "EMPTY_CLOB",
    "EMPTY_BLOB",
    "COMPOSE",
    "DECOMPOSE",
    "UNISTR",
    "LISTAGG",
    "CORR",
    "COVAR_POP",
    "COVAR_SAMP",
    "APPROX_COUNT_DISTINCT",
    "COLLECT",
    "ROW_NUMBER",
    "RANK",
    "DENSE_RANK",
    "LAG",
    "LEAD",
    "FIRST_VALUE",
    "LAST_VALUE",
    "NTILE",
    "CUME_DIST",
    "PERCENT_RANK",
    "RATIO_TO_REPORT",
];

impl<'a> Builder<'a> {
    pub(super) fn draft(
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
            cpu: None,
            cpu_add: 0.0,
            bytes,
            partition: None,
        });
        self.frames.push(frames.to_string());
        ((self.drafts.len() - 1) as u16, self.frames.len() - 1)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn op(
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

    /// What the datatype classes of compiled expressions are known from.
    pub(super) fn kinds(&self) -> crate::exec::convert::Kinds<'_> {
        crate::exec::convert::Kinds {
            cat: self.ctx.cat,
            binds: &self.bind_kinds,
            gens: &self.gen_kinds,
            aggs: &self.agg_kinds,
        }
    }

    /// Source `src`'s columns are `exprs` (a view's, a sort's, ...): their
    /// datatype classes.
    pub(super) fn source_kinds(&mut self, src: usize, exprs: &[CExpr]) {
        let kinds = exprs.iter().map(|e| crate::exec::convert::kind(e, &self.kinds())).collect();
        self.set_source_kinds(src, kinds);
        self.set_source_exprs(src, exprs.iter().map(|e| vec![e.clone()]).collect());
    }

    /// Source `src`'s columns carry `exprs` (SQL*Plus's widths follow them).
    pub(super) fn set_source_exprs(&mut self, src: usize, exprs: Vec<Vec<CExpr>>) {
        if self.gen_exprs.len() <= src {
            self.gen_exprs.resize(src + 1, Vec::new());
        }
        self.gen_exprs[src] = exprs;
    }

    pub(super) fn set_source_kinds(&mut self, src: usize, kinds: Vec<crate::exec::convert::Kind>) {
        if self.gen_kinds.len() <= src {
            self.gen_kinds.resize(src + 1, Vec::new());
        }
        self.gen_kinds[src] = kinds;
    }

    pub(super) fn new_source(&mut self) -> usize {
        self.n_sources += 1;
        self.n_sources - 1
    }

    pub(super) fn bind(&mut self, name: &str) -> usize {
        if let Some(i) = self.bind_names.iter().position(|b| b == name) {
            return i;
        }
        self.bind_names.push(name.to_string());
        let kind = match name.strip_prefix(':') {
            Some(bare) => self.ctx.host_binds.iter().find(|(n, ..)| n.eq_ignore_ascii_case(bare)).map(|(_, k, _)| *k),
            None => self.ctx.var_binds.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, k)| *k),
        }
        .or_else(|| self.ctx.positional_binds.get(self.bind_kinds.len()).copied());
        self.bind_kinds.push(kind.unwrap_or(crate::exec::convert::Kind::Unknown));
        self.bind_names.len() - 1
    }

    pub(super) fn compile_expr(
        &mut self,
        e: &Expr,
        scope: &[ScopeEntry],
        aggs: Option<&mut Vec<AggItem>>,
    ) -> Result<CExpr, LabError> {
        let mut aggs = aggs;
        self.compile_expr_inner(e, scope, &mut aggs)
    }

    /// Compile `e`, its operands with the WHERE clause's polarity
    /// (`in_exists.rs`) passed down through AND, OR and NOT.
    pub(super) fn compile_expr_inner(
        &mut self,
        e: &Expr,
        scope: &[ScopeEntry],
        aggs: &mut Option<&mut Vec<AggItem>>,
    ) -> Result<CExpr, LabError> {
        // DEFAULT: the INSERT or UPDATE replaced it (session/default_keyword.rs) where Oracle takes it.
        if let Expr::Default(p) = e {
            return Err(LabError::new(ora::MISSING_EXPRESSION, *p));
        }
        let own = self.subq.polarity;
        self.subq.polarity = Self::operand_polarity(e, own);
        self.subq.node_polarity = own;
        let r = self.compile_expr_node(e, scope, aggs);
        self.subq.polarity = own;
        r
    }

    fn compile_expr_node(
        &mut self,
        e: &Expr,
        scope: &[ScopeEntry],
        aggs: &mut Option<&mut Vec<AggItem>>,
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
            Expr::Null(_) | Expr::Default(_) => CExpr::Const(crate::value::Value::Null),
            // Named `:N`: a PL/SQL variable N is another bind.
            Expr::Bind(b, _) => CExpr::Bind(self.bind(&format!(":{b}"))),
            Expr::Rownum(_) => CExpr::Rownum,
            Expr::Level(_) => CExpr::Level,
            Expr::Column { qualifier, name } => self.resolve_column(qualifier, name, scope)?,
            Expr::Function { name, .. } if DATE_FUNCTIONS.contains(&name.name.as_str()) => {
                return Err(LabError::with(ora::LAB_UNSUPPORTED, "date and time values", name.pos))
            }
            Expr::Function { name, args } if name.name == "SYS_CONTEXT" => self.sys_context(args, name.pos)?,
            Expr::Function { name, args } if interval::is_call(name) => self.cast_call(name, args, scope, aggs)?,
            Expr::Function { name, args } if hier::HIER_NAMES.contains(&name.name.as_str()) => {
                self.hier_expr(name, args, scope, aggs)?
            }
            Expr::Function { name, args } if grouping::NAMES.contains(&name.name.as_str()) => {
                self.grouping_fn(name, args, scope, aggs.is_some())?
            }
            Expr::Function { name, args } => self.function_call(name, args, scope, aggs)?,
            Expr::Analytic(a) => self.analytic_ref(a, scope, aggs)?,
            Expr::Aggregate { .. } => self.aggregate_ref(e, scope, aggs)?,
            Expr::Binary { op, left, right } => {
                if let Some(c) = self.interval_arith(*op, (left, right), scope, aggs)? {
                    return Ok(c);
                }
                let pos = expr_pos(e);
                let mut l = self.compile_expr_inner(left, scope, aggs)?;
                let mut r = self.compile_expr_inner(right, scope, aggs)?;
                if matches!(op, BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge)
                {
                    crate::exec::convert::coerce_pair(&mut l, &mut r, &self.kinds(), pos);
                }
                if matches!(op, BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge) {
                    super::resolve::refuse_rowid_order(&l, pos)?;
                    super::resolve::refuse_rowid_order(&r, pos)?;
                }
                CExpr::Bin(*op, Box::new(l), Box::new(r), pos)
            }
            Expr::Negate(x) => CExpr::Neg(Box::new(self.compile_expr_inner(x, scope, aggs)?), expr_pos(x)),
            Expr::Not(x) => CExpr::Not(Box::new(self.compile_expr_inner(x, scope, aggs)?)),
            Expr::Between { expr: x, low, high } => {
                let mut x = self.compile_expr_inner(x, scope, aggs)?;
                super::resolve::refuse_rowid_order(&x, expr_pos(e))?;
                let mut lo = self.compile_expr_inner(low, scope, aggs)?;
                let mut hi = self.compile_expr_inner(high, scope, aggs)?;
                crate::exec::convert::coerce_list(&mut x, &mut [&mut lo, &mut hi], &self.kinds(), expr_pos(e));
                CExpr::Between(Box::new(x), Box::new(lo), Box::new(hi))
            }
            Expr::IsNull { expr, negated } => {
                CExpr::IsNull(Box::new(self.compile_expr_inner(expr, scope, aggs)?), *negated)
            }
            Expr::Subquery(q) => self.scalar_subquery(q, scope)?,
            Expr::InSubquery { query, .. } | Expr::Exists { query, .. } if !self.subqueries_ok || aggs.is_some() => {
                return Err(LabError::with(
                    ora::LAB_UNSUPPORTED,
                    "IN and EXISTS subqueries other than in a WHERE clause",
                    query.pos,
                ))
            }
            Expr::InSubquery { expr, query, negated, quant } => {
                self.in_subquery(e, (expr, query, *negated, *quant), scope, aggs)?
            }
            Expr::Exists { query, .. } => self.exists_subquery(query, scope)?,
            Expr::OuterMark(x) => {
                return Err(LabError::with(
                    ora::LAB_UNSUPPORTED,
                    "the outer join operator (+) other than in a WHERE clause's AND-ed join conditions",
                    expr_pos(x),
                ))
            }
            Expr::InList { expr, list, negated } => {
                let mut x = self.compile_expr_inner(expr, scope, aggs)?;
                let mut l = Vec::with_capacity(list.len());
                for e in list {
                    l.push(self.compile_expr_inner(e, scope, aggs)?);
                }
                let mut items: Vec<&mut CExpr> = l.iter_mut().collect();
                crate::exec::convert::coerce_list(&mut x, &mut items, &self.kinds(), expr_pos(e));
                CExpr::InList(Box::new(x), l, *negated, expr_pos(e))
            }
            Expr::Like { expr, pattern, escape, negated } => {
                let x = self.compile_expr_inner(expr, scope, aggs)?;
                let p = self.compile_expr_inner(pattern, scope, aggs)?;
                let esc = match escape {
                    Some(c) => Some(Box::new(self.compile_expr_inner(c, scope, aggs)?)),
                    None => None,
                };
                CExpr::Like(Box::new(x), Box::new(p), esc, *negated, expr_pos(e))
            }
            Expr::Case { operand, whens, otherwise, pos } => {
                let o = match operand {
                    Some(o) => Some(Box::new(self.compile_expr_inner(o, scope, aggs)?)),
                    None => None,
                };
                let mut w = Vec::with_capacity(whens.len());
                for (a, b) in whens {
                    w.push((self.compile_expr_inner(a, scope, aggs)?, self.compile_expr_inner(b, scope, aggs)?));
                }
                let e = match otherwise {
                    Some(x) => Some(Box::new(self.compile_expr_inner(x, scope, aggs)?)),
                    None => None,
                };
                CExpr::Case(o, w, e, *pos)
            }
        })
    }

    /// An aggregate in a select list, HAVING or ORDER BY: noted in the
    /// block's list, and a placeholder the caller rewires to its output.
    #[inline(never)]
    fn aggregate_ref(
        &mut self,
        e: &Expr,
        scope: &[ScopeEntry],
        aggs: &mut Option<&mut Vec<AggItem>>,
    ) -> Result<CExpr, LabError> {
        let Expr::Aggregate { func, arg, pos, distinct, within } = e else { unreachable!("an aggregate") };
        let (func, arg, pos, distinct) = (*func, arg.as_deref(), *pos, *distinct);
        if let Some(w) = within {
            self.ordered_allowed(func, w, pos, distinct)?;
        }
        let Some(list) = aggs else { return Err(LabError::new(ora::GROUP_FUNCTION_NOT_ALLOWED, pos)) };
        let order = within.iter().flat_map(|w| w.order.iter().map(|o| &o.expr).chain(w.param.as_ref()).chain(&w.args));
        for a in arg.into_iter().chain(order) {
            if has_aggregate(a) {
                return Err(LabError::new(ora::GROUP_FUNCTION_NESTED_TOO_DEEPLY, pos));
            }
            if scalar::has_subquery(a) {
                return Err(LabError::with(ora::LAB_UNSUPPORTED, "a subquery inside an aggregate", pos));
            }
        }
        list.push((func, arg.cloned(), pos, distinct, within.clone()));
        self.note_aggregate_kind(func, arg, scope, list.len() - 1)?;
        Ok(CExpr::Gen { src: usize::MAX, col: list.len() - 1 })
    }

    /// The datatype class of the block's aggregate number `i`: MIN and MAX
    /// have their argument's (a CHAR compares blank-padded); COUNT, SUM and
    /// AVG are numbers.
    fn note_aggregate_kind(
        &mut self,
        func: AggregateFunc,
        arg: Option<&Expr>,
        scope: &[ScopeEntry],
        i: usize,
    ) -> Result<(), LabError> {
        let k = match (func, arg) {
            (AggregateFunc::Min | AggregateFunc::Max, Some(a)) => {
                let c = self.compile_expr_inner(a, scope, &mut None)?;
                super::resolve::refuse_rowid_order(&c, expr_pos(a))?;
                crate::exec::convert::kind(&c, &self.kinds())
            }
            (AggregateFunc::Listagg, _) => crate::exec::convert::Kind::Varchar,
            (AggregateFunc::PercentileDisc, Some(a)) => {
                crate::exec::convert::kind(&self.compile_expr_inner(a, scope, &mut None)?, &self.kinds())
            }
            _ => crate::exec::convert::Kind::Number,
        };
        self.agg_kinds.truncate(i);
        self.agg_kinds.push(k);
        Ok(())
    }

    /// A call of a built-in function.
    fn function_call(
        &mut self,
        name: &lio_sql::ast::Ident,
        args: &[Expr],
        scope: &[ScopeEntry],
        aggs: &mut Option<&mut Vec<AggItem>>,
    ) -> Result<CExpr, LabError> {
        let f = Func::lookup(&name.name).ok_or_else(|| {
            // A function of an Oracle-supplied package the lab does
            // not model: refused by name, not "invalid identifier".
            let pkg = name.name.strip_prefix("SYS.").unwrap_or(&name.name).split('.').next().unwrap_or("");
            if name.name.contains('.') && (pkg.starts_with("DBMS_") || pkg.starts_with("UTL_")) {
                return LabError::unsupported(format!("the {pkg} package ({})", name.name), name.pos);
            }
            if NOT_MODELLED_FUNCTIONS.contains(&name.name.as_str()) {
                return LabError::unsupported(format!("the {} function", name.name), name.pos);
            }
            LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{}\"", name.name), name.pos)
        })?;
        // TO_NUMBER(s, fmt [, nlsparam]): the NLS parameter is not modelled.
        if f == Func::ToNumber && args.len() == 3 {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "TO_NUMBER with an NLS parameter", name.pos));
        }
        f.check_arity(args.len(), &name.name, name.pos)?;
        // "You cannot specify the literal NULL for expr1" (SQL Language
        // Reference, NULLIF): ORA-00932 at it.
        if let (Func::Nullif, Some(Expr::Null(pos))) = (f, args.first()) {
            return Err(LabError::with_args(ora::INCONSISTENT_DATATYPES, &[&"-", &"CHAR"], *pos));
        }
        let mut c = Vec::with_capacity(args.len());
        for a in args {
            c.push(self.compile_expr_inner(a, scope, aggs)?);
        }
        // DUMP prints the argument's datatype, known here.
        let f = match (f, c.first()) {
            (Func::Dump(_), Some(a)) => Func::Dump(crate::exec::convert::dump_type(a, &self.kinds())),
            _ => f,
        };
        // TO_DATE of a literal in a given format (a DATE literal) is a
        // date constant: the optimizer places it on the column's low..high
        // line, and the plan prints it as Oracle does.
        use crate::exec::datefn::{self, DateFn};
        if let (Func::Date(DateFn::ToDate), [CExpr::Const(s), CExpr::Const(fmt)]) = (f, c.as_slice()) {
            if let Ok(d @ crate::value::Value::Date(_)) =
                datefn::eval(DateFn::ToDate, &[s.clone(), fmt.clone()], name.pos)
            {
                return Ok(CExpr::Const(d));
            }
        }
        // SQRT's only errors are its argument's (ORA-01428 at `-1` in
        // `sqrt(-1)`, as SQL*Plus's asterisk shows): reported there.
        let pos = if f == Func::Math(crate::exec::func::Math::Sqrt) {
            args.first().map(expr_pos).unwrap_or(name.pos)
        } else {
            name.pos
        };
        Ok(CExpr::Func(f, c, pos))
    }

    /// `expr [NOT] IN (subquery)`: a FILTER child of the block, whose
    /// answer the predicate reads.
    fn in_subquery(
        &mut self,
        e: &Expr,
        (expr, query, negated, quant): super::in_exists::InArgs<'_>,
        scope: &[ScopeEntry],
        aggs: &mut Option<&mut Vec<AggItem>>,
    ) -> Result<CExpr, LabError> {
        if let Some(c) = self.in_as_exists((expr, query, negated, quant), scope, aggs)? {
            return Ok(c);
        }
        let left = self.compile_expr_inner(expr, scope, aggs)?;
        let before = self.outer_ref_exprs.len();
        let (sub, correlated) = self.subquery_block(query, scope)?;
        if sub.project.len() != 1 {
            let n = if sub.project.len() > 1 { ora::TOO_MANY_VALUES } else { ora::NOT_ENOUGH_VALUES };
            return Err(LabError::new(n, query.pos));
        }
        let right = sub.project.into_iter().next().expect("one column");
        let slot = self.new_source();
        self.pending_subs.push(SubPlan {
            op: sub.op,
            kind: SubKind::In { left, right, quant },
            slot,
            correlated,
            cache: None,
            pos: expr_pos(e),
            keys: self.correlation_keys(before, scope, Vec::new()),
            memo: Box::default(),
            text: self.subq.text.take(),
        });
        let c = CExpr::Gen { src: slot, col: 0 };
        Ok(if negated { CExpr::Not(Box::new(c)) } else { c })
    }

    /// `[NOT] EXISTS (subquery)`: a FILTER child of the block.
    fn exists_subquery(&mut self, query: &Query, scope: &[ScopeEntry]) -> Result<CExpr, LabError> {
        let before = self.outer_ref_exprs.len();
        let (sub, correlated) = self.subquery_block(query, scope)?;
        let slot = self.new_source();
        let keys = self.correlation_keys(before, scope, Vec::new());
        self.pending_subs.push(SubPlan {
            op: sub.op,
            kind: SubKind::Exists,
            slot,
            correlated,
            cache: None,
            pos: query.pos,
            keys,
            memo: Box::default(),
            text: self.subq.text.take(),
        });
        Ok(CExpr::Gen { src: slot, col: 0 })
    }

    /// A WHERE clause's IN or EXISTS subquery, compiled with the enclosing
    /// scope visible; and whether it reads that scope (correlated).
    pub(super) fn subquery_block(&mut self, q: &Query, scope: &[ScopeEntry]) -> Result<(Block, bool), LabError> {
        if rownum::mentions_rownum(q) {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "ROWNUM in an IN or EXISTS subquery", q.pos));
        }
        let before = self.outer_refs;
        self.outer_scopes.push(scope.to_vec());
        let scalar_enclosing = std::mem::replace(&mut self.scalar_ok, false);
        let r = self.block(q);
        self.scalar_ok = scalar_enclosing;
        self.outer_scopes.pop();
        Ok((r?, self.outer_refs != before))
    }

    pub(super) fn table_scope(&self, t: &crate::catalog::Table, src: usize, alias: &str) -> ScopeEntry {
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

    /// A nested loop joining `inner` to `outer`, in the release's and the
    /// hints' shape. Table prefetch and NLJ batching only change an inner
    /// side that reaches a heap table through an index:
    /// - prefetch: TABLE ACCESS BY INDEX ROWID above the loop of the outer
    ///   row source and the index probe (one start, table buffers kept
    ///   pinned across outer rows, no unique-probe shortcut);
    /// - batching: an outer loop of the outer row source and the index
    ///   probe, and a second loop fetching each row by its rowid.
    pub(super) fn nested_loops(&mut self, outer: Op, inner: Op, shape: NljShape, rows: f64, cost: f64) -> Op {
        let keep = self.ctx.profile.nl_keeps_inner_pins;
        let nl = |outer: Op, inner: Op| OpKind::NestedLoops {
            outer: Box::new(outer),
            inner: Box::new(inner),
            inner_active: false,
            keep_inner_pins: keep,
            last_outer: None,
        };
        let probe = matches!(&inner.kind, OpKind::ByRowid { child, read_optim: false, .. }
            if matches!(child.kind, OpKind::IndexUnique { .. } | OpKind::IndexRange { .. }));
        if shape == NljShape::Classic || !probe {
            return self.op("NESTED LOOPS", None, rows, cost, None, "qerjotFetch", nl(outer, inner));
        }
        let Op { line, st, kind } = inner;
        let OpKind::ByRowid { table, src, child, pinned, filter, .. } = kind else { unreachable!("checked above") };
        // Its rowids now come from the loop: not BATCHED (`batched.rs`).
        self.unbatch(line);
        if shape == NljShape::Prefetch {
            // Started once: its estimate is the join's.
            self.drafts[line as usize].e_rows = rows;
            let join = self.op("NESTED LOOPS", None, rows, cost, None, "qerjotFetch", nl(outer, *child));
            return Op {
                line,
                st,
                kind: OpKind::ByRowid {
                    table,
                    src,
                    child: Box::new(join),
                    unique_child: false,
                    read_optim: false,
                    pinned,
                    filter,
                },
            };
        }
        let fetch = Op { line, st, kind: OpKind::RowidFetch { table, src, pinned, filter, ready: false } };
        let probes = self.op("NESTED LOOPS", None, rows, cost, None, "qerjotFetch", nl(outer, *child));
        self.op("NESTED LOOPS", None, rows, cost, None, "qerjotFetch", nl(probes, fetch))
    }
}
