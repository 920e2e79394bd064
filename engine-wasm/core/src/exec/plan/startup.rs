//! Start-up filters: the WHERE clause's conjuncts that read no row.
//!
//! Oracle tests a predicate that reads no column (a bind, SYSDATE, USER, a
//! constant) once, in a FILTER above the query block's row source, before
//! it starts it: when it is false the tables below are never read (their
//! Starts are 0 and no buffer is visited).
//! - A constant one is decided when the statement is compiled: a true one
//!   is dropped (`1 = 1`), a false or unknown one becomes Oracle's
//!   `filter(NULL IS NOT NULL)` (`1 = 0`, the familiar `CREATE TABLE ... AS
//!   SELECT ... WHERE 1 = 0`), and the FILTER passes on 1 row at cost 0
//!   (a UNION ALL branch so filtered adds 1 row and no cost: Oracle forums
//!   thread 2614597, 2013, 1000 + 1 + 1 = 1002 rows at cost 4).
//! - Any other (`:x IS NULL`) is the FILTER's predicate, tested at run
//!   time, once per start.
//! - A column bounded below and above by such expressions (`n BETWEEN :a
//!   AND :b`, `dt >= ADD_MONTHS(TRUNC(SYSDATE, 'mm'), -1) AND dt <
//!   TRUNC(SYSDATE, 'mm')`) implies the lower bound below the upper one
//!   (`<` when either bound is strict): the FILTER tests that
//!   (`filter(:A<=:B)`; oracle-l 2005, 9.2.0.6: `filter(TO_NUMBER(:Z)<=
//!   TO_NUMBER(:Z))`; blog.pythian.com "Where did the filter come from?",
//!   2010); not between two constants (no published plan shows Oracle
//!   turning `BETWEEN 10 AND 5` into `NULL IS NOT NULL`).
//!   The lab derives it for NUMBER columns bounded by numbers and DATE
//!   columns bounded by dates only (other types convert, and a comparison
//!   of the bounds in another type could reject rows Oracle returns).

use super::*;
use crate::exec::convert::Kind;
use crate::value::Value;

/// The start-up predicates taken out of a block's conjuncts.
#[derive(Default)]
pub(super) struct Startup {
    pub(super) preds: Vec<CExpr>,
    /// A predicate is false whatever the binds: `NULL IS NOT NULL`.
    pub(super) never: bool,
}

/// Whether `e` reads no row: no column, pseudo-column or subquery result,
/// no random value (DBMS_RANDOM is drawn per row).
fn reads_no_row(e: &CExpr) -> bool {
    match e {
        CExpr::Col { .. } | CExpr::Gen { .. } | CExpr::Level | CExpr::Rownum | CExpr::RowId(_) => false,
        CExpr::Func(f, ..) if f.is_random() => false,
        e => {
            let mut ok = true;
            e.for_each_child(|c| ok = ok && reads_no_row(c));
            ok
        }
    }
}

/// Whether `e` (reading no row) has the same value at every execution.
fn constant(e: &CExpr) -> bool {
    match e {
        CExpr::Bind(_) => false,
        CExpr::Func(Func::User | Func::Date(crate::exec::datefn::DateFn::Sysdate), ..) => false,
        e => {
            let mut ok = true;
            e.for_each_child(|c| ok = ok && constant(c));
            ok
        }
    }
}

/// A constant predicate's truth (None when it raises: it is left to the
/// run, which raises where Oracle does).
fn truth(e: &CExpr) -> Option<bool> {
    let (cat, env) = (crate::catalog::Catalog::default(), Env::default());
    let mut rng = crate::random::DbmsRandom::new(0);
    let mut text_work = 0;
    let mut cx = crate::exec::expr::EvalCtx {
        cat: &cat,
        env: &env,
        binds: &[],
        rng: &mut rng,
        text_work: &mut text_work,
        io: None,
    };
    e.test(&mut cx).ok()
}

fn never() -> CExpr {
    CExpr::IsNull(Box::new(CExpr::Const(Value::Null)), true)
}

/// One bound a conjunct sets on a column: (source, table, column), the
/// bound, lower or upper, strict.
type Bound<'c> = ((usize, usize, usize), &'c CExpr, bool, bool);

fn bounds(c: &CExpr) -> Vec<Bound<'_>> {
    use lio_sql::ast::BinaryOp::*;
    let col = |e: &CExpr| match e {
        CExpr::Col { src, table, col } => Some((*src, *table, *col)),
        _ => None,
    };
    match c {
        CExpr::Between(x, lo, hi) => {
            col(x).map_or_else(Vec::new, |k| vec![(k, &**lo, true, false), (k, &**hi, false, false)])
        }
        CExpr::Bin(op @ (Ge | Gt | Le | Lt), a, b, _) => {
            let (lower, strict) = match op {
                Ge => (true, false),
                Gt => (true, true),
                Le => (false, false),
                _ => (false, true),
            };
            match (col(a), col(b)) {
                (Some(k), None) => vec![(k, &**b, lower, strict)],
                (None, Some(k)) => vec![(k, &**a, !lower, strict)],
                _ => Vec::new(),
            }
        }
        _ => Vec::new(),
    }
}

impl Builder<'_> {
    /// A block's start-up predicates (none for a row generator's).
    pub(super) fn block_startup(&self, q: &Query, conjuncts: &mut Vec<CExpr>) -> Startup {
        if hier::row_generator(q, self.ctx.cat).is_none() {
            self.take_startup(conjuncts)
        } else {
            Startup::default()
        }
    }

    /// The start-up FILTER over the block's row source, if any; a filter
    /// never true passes on one row at no cost, as Oracle estimates.
    pub(super) fn startup_filter(&mut self, op: Op, s: Startup, e_rows: &mut f64, cost: &mut f64) -> Op {
        if s.preds.is_empty() {
            return op;
        }
        let kind = OpKind::Filter { child: Box::new(op), preds: s.preds, startup: Some(true) };
        let op = self.op("FILTER", None, *e_rows, *cost, None, "qerflFetch", kind);
        if s.never {
            (*e_rows, *cost) = (1.0, 0.0);
        }
        op
    }

    /// Take the start-up predicates out of `conjuncts` (those that read no
    /// row), and add those the column ranges imply.
    pub(super) fn take_startup(&self, conjuncts: &mut Vec<CExpr>) -> Startup {
        let mut s = Startup::default();
        let mut kept = Vec::with_capacity(conjuncts.len());
        for c in conjuncts.drain(..) {
            if !reads_no_row(&c) {
                kept.push(c);
            } else if constant(&c) {
                match truth(&c) {
                    Some(true) => {}
                    Some(false) => s.never = true,
                    None => s.preds.push(c),
                }
            } else {
                s.preds.push(c);
            }
        }
        *conjuncts = kept;
        self.implied_ranges(conjuncts, &mut s);
        if s.never {
            s.preds = vec![never()];
        }
        s
    }

    /// A column's lower bound below its upper one, for each column bounded
    /// both ways by expressions that read no row.
    fn implied_ranges(&self, conjuncts: &[CExpr], s: &mut Startup) {
        let all: Vec<Bound<'_>> = conjuncts.iter().flat_map(bounds).filter(|b| reads_no_row(b.1)).collect();
        let mut done: Vec<(usize, usize, usize)> = Vec::new();
        for (k, lo, _, lo_strict) in all.iter().filter(|b| b.2) {
            if done.contains(k) {
                continue;
            }
            let Some((_, hi, _, hi_strict)) = all.iter().find(|b| b.0 == *k && !b.2) else { continue };
            let Some((lo_c, hi_c)) = self.as_column_type(*k, lo, hi) else { continue };
            done.push(*k);
            let op = if *lo_strict || *hi_strict { lio_sql::ast::BinaryOp::Lt } else { lio_sql::ast::BinaryOp::Le };
            let implied = CExpr::Bin(op, Box::new(lo_c), Box::new(hi_c), Pos::default());
            // Two constants imply nothing the lab derives: whether Oracle
            // spots a contradiction there (`BETWEEN 10 AND 5`) is not
            // established by a published plan, so the range is read.
            if !(constant(lo) && constant(hi)) {
                s.preds.push(implied);
            }
        }
    }

    /// The bounds compared as the column compares them: a NUMBER
    /// column's bounds as numbers (`TO_NUMBER(:A)` for a bind whose type
    /// is not known, as Oracle's EXPLAIN PLAN prints it), a DATE column's
    /// when both are dates. None otherwise (no predicate is implied).
    fn as_column_type(&self, (_, table, col): (usize, usize, usize), lo: &CExpr, hi: &CExpr) -> Option<(CExpr, CExpr)> {
        let cat = self.ctx.cat;
        let c = cat.tables.get(table).and_then(|t| t.columns.get(col))?;
        let kinds = self.kinds();
        match c.data_type {
            lio_sql::ast::DataType::Number { .. } => {
                let num = |b: &CExpr| match crate::exec::convert::kind(b, &kinds) {
                    Kind::Number => b.clone(),
                    _ => CExpr::Func(Func::ToNumber, vec![b.clone()], Pos::default()),
                };
                Some((num(lo), num(hi)))
            }
            lio_sql::ast::DataType::Date if [lo, hi].iter().all(|b| crate::exec::datewidth::is_date(b, cat)) => {
                Some((lo.clone(), hi.clone()))
            }
            _ => None,
        }
    }
}
