//! Hierarchical queries: `[START WITH c] CONNECT BY [NOCYCLE] c`, planned
//! as Oracle 11.2+ does without an index on the child's key: one row
//! source read once (its join predicates applied), CONNECT BY NO
//! FILTERING WITH START-WITH over it (CONNECT BY WITHOUT FILTERING when
//! there is no START WITH), the WHERE clause a FILTER above (it filters
//! after the hierarchy is built). The row generator `CONNECT BY LEVEL <=
//! n` on DUAL keeps its own operator (`row_gen.rs`).
//!
//! Pseudo-columns and operators: `PRIOR e` (in the condition: the parent
//! row's `e`; in the select list: likewise, NULL at a root),
//! `CONNECT_BY_ROOT e`, `SYS_CONNECT_BY_PATH(e, 'sep')`,
//! `CONNECT_BY_ISLEAF`, `CONNECT_BY_ISCYCLE` (NOCYCLE only, ORA-30930).

use super::*;
use crate::exec::hier_area::{HierCompile, HierItem, HierSpec};

/// The names the parser keeps as functions that only a hierarchical
/// query block reads.
pub(super) const HIER_NAMES: [&str; 5] =
    ["PRIOR", "CONNECT_BY_ROOT", "SYS_CONNECT_BY_PATH", "CONNECT_BY_ISLEAF", "CONNECT_BY_ISCYCLE"];

/// Whether the block is the DUAL row generator (`CONNECT BY LEVEL <= n`,
/// `ROWNUM <= n`, either way round, `<` too) with nothing hierarchical else.
pub(super) fn row_generator<'q>(q: &'q Query, cat: &crate::catalog::Catalog) -> Option<(&'q Expr, bool, bool)> {
    let cb = q.connect_by.as_ref()?;
    let dual = matches!(q.from.as_slice(), [FromItem::Table { name, .. }] if name.name == "DUAL")
        && cat.table("DUAL").is_none();
    let h = q.hier.as_deref();
    if !dual || h.is_some_and(|h| h.start_with.is_some() || h.nocycle || !h.siblings.is_empty()) || reads_hier(q) {
        return None;
    }
    let pseudo = |e: &Expr| matches!(e, Expr::Level(_) | Expr::Rownum(_));
    // (limit, strict, rownum)
    let (limit, strict, by) = match cb {
        Expr::Binary { op: BinaryOp::Le, left, right } if pseudo(left) => (&**right, false, &**left),
        Expr::Binary { op: BinaryOp::Lt, left, right } if pseudo(left) => (&**right, true, &**left),
        Expr::Binary { op: BinaryOp::Ge, left, right } if pseudo(right) => (&**left, false, &**right),
        Expr::Binary { op: BinaryOp::Gt, left, right } if pseudo(right) => (&**left, true, &**right),
        _ => return None,
    };
    if any_pseudo(limit) {
        return None;
    }
    Some((limit, strict, matches!(by, Expr::Rownum(_))))
}

fn any_pseudo(e: &Expr) -> bool {
    let mut found = false;
    super::dual::visit(e, &mut |x| {
        found |= matches!(x, Expr::Level(_) | Expr::Rownum(_))
            || matches!(x, Expr::Function { name, .. } if HIER_NAMES.contains(&name.name.as_str()))
    });
    found
}

/// Whether the block's select list, WHERE or ORDER BY name a
/// hierarchical pseudo-column or operator.
fn reads_hier(q: &Query) -> bool {
    let mut found = false;
    let mut look = |e: &Expr| {
        super::dual::visit(e, &mut |x| {
            found |= matches!(x, Expr::Function { name, .. } if HIER_NAMES.contains(&name.name.as_str()))
        })
    };
    for s in &q.select {
        if let SelectItem::Expr { expr, .. } = s {
            look(expr);
        }
    }
    q.where_clause.iter().chain(q.order_by.iter().map(|o| &o.expr)).for_each(look);
    found
}

impl Builder<'_> {
    /// A hierarchical block (not the row generator): its output's
    /// compilation starts here; `None` for any other block.
    pub(super) fn hier_begin(&mut self, q: &Query) -> Result<Option<HierCompile>, LabError> {
        let enclosing = self.hier.take();
        let Some(cb) = q.connect_by.as_ref() else {
            if let Some(sw) = q.hier.as_ref().and_then(|h| h.start_with.as_ref()) {
                return Err(LabError::new(ora::CONNECT_BY_REQUIRED, expr_pos(sw)));
            }
            return Ok(enclosing);
        };
        if row_generator(q, self.ctx.cat).is_some() {
            return Ok(enclosing);
        }
        if q.from.len() != 1 || !q.outer_joins.is_empty() || !q.using.is_empty() {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "CONNECT BY over a join", expr_pos(cb)));
        }
        if let Some(sw) =
            q.hier.as_ref().and_then(|h| h.start_with.as_ref()).filter(|_| !self.ctx.profile.connect_by_no_filtering)
        {
            return Err(LabError::with(
                ora::LAB_UNSUPPORTED,
                format!("START WITH ... CONNECT BY on {} (its CONNECT BY WITH FILTERING plan)", self.ctx.profile.name),
                expr_pos(sw),
            ));
        }
        let out_src = self.new_source();
        let nocycle = q.hier.as_ref().is_some_and(|h| h.nocycle);
        self.hier = Some(HierCompile { out_src, nocycle, items: Vec::new(), cond: None, start_with: false });
        Ok(enclosing)
    }

    /// PRIOR, CONNECT_BY_ROOT, SYS_CONNECT_BY_PATH, CONNECT_BY_ISLEAF and
    /// CONNECT_BY_ISCYCLE where they are compiled.
    pub(super) fn hier_expr(
        &mut self,
        name: &lio_sql::ast::Ident,
        args: &[Expr],
        scope: &[ScopeEntry],
        aggs: &mut Option<&mut Vec<AggItem>>,
    ) -> Result<CExpr, LabError> {
        let n = name.name.as_str();
        let Some(h) = self.hier.as_ref() else {
            let e = if n == "PRIOR" { ora::PSEUDOCOLUMN_NOT_ALLOWED } else { ora::CONNECT_BY_REQUIRED };
            return Err(LabError::new(e, name.pos));
        };
        let in_cond = h.cond.is_some();
        if h.start_with || (in_cond && n != "PRIOR") {
            return Err(LabError::new(ora::PSEUDOCOLUMN_NOT_ALLOWED, name.pos));
        }
        let (out_src, nocycle) = (h.out_src, h.nocycle);
        match n {
            "CONNECT_BY_ISLEAF" => return Ok(CExpr::Gen { src: out_src, col: 0 }),
            "CONNECT_BY_ISCYCLE" if !nocycle => return Err(LabError::new(ora::NOCYCLE_REQUIRED_FOR_ISCYCLE, name.pos)),
            "CONNECT_BY_ISCYCLE" => return Ok(CExpr::Gen { src: out_src, col: 1 }),
            _ => {}
        }
        let want = if n == "SYS_CONNECT_BY_PATH" { 2 } else { 1 };
        if args.len() != want {
            return Err(LabError::new(ora::INVALID_NUMBER_OF_ARGUMENTS, name.pos));
        }
        // The operand: no nested hierarchical operator.
        let saved = self.hier.take();
        let arg = self.compile_expr_inner(&args[0], scope, aggs);
        self.hier = saved;
        let arg = arg?;
        let h = self.hier.as_mut().expect("restored");
        if let Some((src, priors)) = h.cond.as_mut() {
            priors.push(arg);
            return Ok(CExpr::Gen { src: *src, col: priors.len() - 1 });
        }
        let item = match n {
            "PRIOR" => HierItem::Prior(arg),
            "CONNECT_BY_ROOT" => HierItem::Root(arg),
            _ => match &args[1] {
                Expr::String(s, _) => HierItem::Path(arg, s.clone()),
                other => {
                    return Err(LabError::with(
                        ora::LAB_UNSUPPORTED,
                        "SYS_CONNECT_BY_PATH with a separator other than a literal",
                        expr_pos(other),
                    ))
                }
            },
        };
        h.items.push(item);
        Ok(CExpr::Gen { src: out_src, col: 1 + h.items.len() })
    }

    /// The DUAL row generator over DUAL's row source.
    pub(super) fn row_generator_op(
        &mut self,
        (limit, strict, by_rownum): (&Expr, bool, bool),
        child: Op,
    ) -> Result<Op, LabError> {
        let n = self.compile_expr(limit, &[], None)?;
        let gen = if strict { RowGenKind::ConnectByLt(n) } else { RowGenKind::ConnectBy(n) };
        let src = self.new_source();
        let kind = OpKind::RowGen { src, gen, next: 0, end: -1, child: Some(Box::new(child)), by_rownum };
        Ok(self.op("CONNECT BY WITHOUT FILTERING", None, 1.0, 2.0, None, "qerjoFetch", kind))
    }

    /// The CONNECT BY operator over `child` (the block's one relation).
    pub(super) fn connect_by_op(
        &mut self,
        q: &Query,
        scope: &[ScopeEntry],
        child: Op,
        e_rows: f64,
        cost: f64,
    ) -> Result<Op, LabError> {
        let cb = q.connect_by.as_ref().expect("a hierarchical block");
        let hq = q.hier.as_deref().expect("parsed with CONNECT BY");
        let start_with = match &hq.start_with {
            Some(sw) => {
                self.hier.as_mut().expect("begun").start_with = true;
                let c = self.compile_expr(sw, scope, None);
                self.hier.as_mut().expect("begun").start_with = false;
                Some(c?)
            }
            None => None,
        };
        let prior_src = self.new_source();
        self.hier.as_mut().expect("begun").cond = Some((prior_src, Vec::new()));
        let cond = self.compile_expr(cb, scope, None);
        let (_, priors) = self.hier.as_mut().expect("begun").cond.take().expect("set above");
        let mut conjuncts = Vec::new();
        split_and(cond?, &mut conjuncts);
        let mut keys = Vec::new();
        let mut residual = Vec::new();
        for c in conjuncts {
            match prior_key(&c, prior_src) {
                Some(k) => keys.push(k),
                None => residual.push(c),
            }
        }
        let mut siblings = Vec::new();
        for o in &hq.siblings {
            let desc = o.descending;
            siblings.push((self.compile_expr(&o.expr, scope, None)?, desc, o.nulls_first.unwrap_or(desc)));
        }
        let srcs = super::hash_join::sources_with_tables(&child, self.ctx.cat);
        let h = self.hier.as_ref().expect("begun");
        let spec = HierSpec {
            srcs,
            start_with,
            prior_src,
            priors,
            keys,
            residual,
            nocycle: h.nocycle,
            siblings,
            out_src: h.out_src,
            items: Vec::new(),
        };
        let line = if hq.start_with.is_some() {
            "CONNECT BY NO FILTERING WITH START-WITH"
        } else {
            "CONNECT BY WITHOUT FILTERING"
        };
        let kind = OpKind::ConnectBy { child: Box::new(child), spec: Box::new(spec), state: Box::default() };
        Ok(self.op(line, None, e_rows, cost, None, "qerjoFetch", kind))
    }

    /// The block's select list and WHERE clause compiled: their
    /// pseudo-columns into the CONNECT BY operator; the enclosing block's
    /// state back.
    pub(super) fn hier_end(&mut self, op: &mut Op, enclosing: Option<HierCompile>) {
        let Some(h) = std::mem::replace(&mut self.hier, enclosing) else { return };
        let mut kinds = vec![crate::exec::convert::Kind::Number; 2];
        for it in &h.items {
            kinds.push(match it {
                HierItem::Prior(e) | HierItem::Root(e) => crate::exec::convert::kind(e, &self.kinds()),
                HierItem::Path(..) => crate::exec::convert::Kind::Varchar,
            });
        }
        self.set_source_kinds(h.out_src, kinds);
        fill(op, h.out_src, h.items);
    }
}

/// Put the items into the CONNECT BY operator of `out_src`.
fn fill(op: &mut Op, out_src: usize, items: Vec<HierItem>) {
    let mut todo = vec![op];
    while let Some(o) = todo.pop() {
        if let OpKind::ConnectBy { spec, .. } = &mut o.kind {
            if spec.out_src == out_src {
                spec.items = items;
                return;
            }
        }
        todo.extend(super::children_mut(o));
    }
}

/// `child = PRIOR p` (either side): (p's index, child).
fn prior_key(c: &CExpr, prior_src: usize) -> Option<(usize, CExpr)> {
    let CExpr::Bin(BinaryOp::Eq, a, b, _) = c else { return None };
    let reads_prior = |e: &CExpr| {
        let mut s = Vec::new();
        e.sources(&mut s);
        s.contains(&prior_src)
    };
    match (&**a, &**b) {
        (CExpr::Gen { src, col }, other) | (other, CExpr::Gen { src, col })
            if *src == prior_src && !reads_prior(other) =>
        {
            Some((*col, other.clone()))
        }
        _ => None,
    }
}
