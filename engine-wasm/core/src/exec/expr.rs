//! Expressions compiled against the row sources of a query, and their
//! evaluation. Column references become (source, column) pairs, so a row in
//! flight is just the current row number of each source: nothing is copied
//! until a value is projected.

pub use super::func::{compare, num_error, Func};
use super::func::{eval_func, num, num_value, text};
use super::like::like;
use crate::catalog::{Catalog, TableId};
use crate::number::Number;
use crate::random::DbmsRandom;
use crate::value::Value;
use lio_sql::ast::{AggregateFunc, BinaryOp, Pos};
use lio_sql::{ora, LabError};
use std::cmp::Ordering;

/// Current row of every source of a cursor.
#[derive(Debug, Clone, Default)]
pub struct Env {
    /// Row number in its table, per table source.
    pub rows: Vec<u32>,
    /// Block of the rowid an index scan found for the source
    /// (`storage::NO_BLOCK` when unknown).
    pub blocks: Vec<u32>,
    /// Values of generated sources (dual, row generators, aggregates, views).
    pub gen: Vec<Vec<Value>>,
    /// Set by a READ OPTIM index probe that found the row in the
    /// memoptimize pool; read by its parent table access.
    pub memopt_hit: bool,
    pub level: u64,
    pub rownum: u64,
}

#[derive(Debug, Clone)]
pub enum CExpr {
    Const(Value),
    /// A VARCHAR2 constant: a select-list function of constants folded when
    /// compiled (`RPAD('x', 100)`). Its value compares nonpadded, where a
    /// literal is CHAR (blank-padded semantics).
    Varchar(Value),
    Bind(usize),
    /// Column of a table source.
    Col {
        src: usize,
        table: TableId,
        col: usize,
    },
    /// Column of a generated source.
    Gen {
        src: usize,
        col: usize,
    },
    Level,
    Rownum,
    /// The row number of a table source (the rowid a DML statement changes).
    RowId(usize),
    Func(Func, Vec<CExpr>, Pos),
    Bin(BinaryOp, Box<CExpr>, Box<CExpr>, Pos),
    Neg(Box<CExpr>, Pos),
    Not(Box<CExpr>),
    Between(Box<CExpr>, Box<CExpr>, Box<CExpr>),
    IsNull(Box<CExpr>, bool),
    /// `x [NOT] IN (list)`
    InList(Box<CExpr>, Vec<CExpr>, bool, Pos),
    /// `x [NOT] LIKE pattern [ESCAPE c]`
    Like(Box<CExpr>, Box<CExpr>, Option<Box<CExpr>>, bool, Pos),
    /// `CASE [operand] WHEN .. THEN .. [ELSE ..] END`
    Case(Option<Box<CExpr>>, Vec<(CExpr, CExpr)>, Option<Box<CExpr>>, Pos),
}

/// An aggregate computed by SORT AGGREGATE.
#[derive(Debug, Clone)]
pub struct AggSpec {
    pub func: AggregateFunc,
    pub arg: Option<CExpr>,
    /// `COUNT(DISTINCT x)`, `SUM(DISTINCT x)`, `AVG(DISTINCT x)`: each
    /// value counted once per group.
    pub distinct: bool,
    /// An ordered aggregate's keys (LISTAGG, PERCENTILE_*, KEEP).
    pub ordered: Option<Box<OrderedSpec>>,
}

/// A compiled ordered aggregate (`row_source/listagg.rs`): the WITHIN
/// GROUP or KEEP keys with (descending, NULLs first); LISTAGG's delimiter
/// and overflow clause (Some(true) TRUNCATE, Some(false) ERROR); a
/// PERCENTILE's fraction; KEEP's FIRST (Some(true)) or LAST.
#[derive(Debug, Clone)]
pub struct OrderedSpec {
    pub keys: Vec<CExpr>,
    pub dirs: Vec<(bool, bool)>,
    pub delimiter: String,
    pub truncate: Option<bool>,
    pub fraction: Number,
    pub keep: Option<bool>,
    /// A hypothetical-set aggregate's row, one value per key.
    pub hyp: Vec<Value>,
    pub pos: Pos,
}

pub struct EvalCtx<'a> {
    pub cat: &'a Catalog,
    pub env: &'a Env,
    pub binds: &'a [Value],
    pub rng: &'a mut DbmsRandom,
    /// Characters string functions and LIKE examined (the session's
    /// `WorkCounters::text`, charged to the work limit): a PL/SQL loop of
    /// LIKEs or INSTRs over 32 KB strings ran for minutes uncharged.
    pub text_work: &'a mut u64,
    /// The datafiles' extents (a ROWID's file and block); None where no
    /// row of a table is read (constant folding).
    pub io: Option<&'a crate::io::IoLayer>,
}

fn truth(v: &Value) -> bool {
    matches!(v, Value::Num(n) if !n.is_zero())
}

fn boolean(b: Option<bool>) -> Value {
    match b {
        Some(true) => Value::int(1),
        Some(false) => Value::Num(Number::ZERO),
        None => Value::Null,
    }
}

/// `x BETWEEN lo AND hi`: x >= lo AND x <= hi, in three-valued logic (one
/// FALSE side makes it FALSE even when the other is NULL).
#[inline]
fn between(e: &CExpr, lo: &CExpr, hi: &CExpr, cx: &mut EvalCtx<'_>) -> Result<Value, LabError> {
    let v = e.eval(cx)?;
    let l = lo.eval(cx)?;
    let h = hi.eval(cx)?;
    let ge = compare(&v, &l, Pos::default())?.map(|o| o != Ordering::Less);
    let le = compare(&v, &h, Pos::default())?.map(|o| o != Ordering::Greater);
    Ok(match (ge, le) {
        (Some(false), _) | (_, Some(false)) => boolean(Some(false)),
        (Some(true), Some(true)) => boolean(Some(true)),
        _ => Value::Null,
    })
}

/// `x [NOT] IN (list)`: x = a OR x = b OR ...: TRUE on a match, else NULL
/// if any comparison was NULL, else FALSE.
#[inline(never)]
fn in_list(x: &CExpr, list: &[CExpr], negated: bool, pos: Pos, cx: &mut EvalCtx<'_>) -> Result<Value, LabError> {
    let v = x.eval(cx)?;
    if v.is_null() {
        return Ok(Value::Null);
    }
    let mut unknown = false;
    for e in list {
        *cx.text_work += crate::stats::COMPARE_TEXT_WORK;
        let w = e.eval(cx)?;
        match compare(&v, &w, pos)? {
            Some(Ordering::Equal) => return Ok(boolean(Some(!negated))),
            Some(_) => {}
            None => unknown = true,
        }
    }
    Ok(if unknown { Value::Null } else { boolean(Some(negated)) })
}

/// `x [NOT] LIKE pattern [ESCAPE c]`.
#[inline(never)]
fn like_expr(
    x: &CExpr,
    p: &CExpr,
    esc: Option<&CExpr>,
    negated: bool,
    pos: Pos,
    cx: &mut EvalCtx<'_>,
) -> Result<Value, LabError> {
    let (v, pat) = (x.eval(cx)?, p.eval(cx)?);
    let esc = match esc {
        Some(e) => match text(&e.eval(cx)?) {
            Some(s) if s.chars().count() == 1 => s.chars().next(),
            Some(_) => return Err(LabError::new(ora::INVALID_ESCAPE_CHARACTER, pos)),
            None => return Ok(Value::Null),
        },
        None => None,
    };
    Ok(match (text(&v), text(&pat)) {
        (Some(s), Some(p)) => boolean(Some(like(&s, &p, esc, pos, cx.text_work)? != negated)),
        _ => Value::Null,
    })
}

/// `x + y`, `x - y`, `x * y`, `x / y`: NUMBERs, or a date's arithmetic.
#[inline]
fn arith(op: BinaryOp, x: Value, y: Value, pos: Pos) -> Result<Value, LabError> {
    if matches!(x, Value::Date(_)) || matches!(y, Value::Date(_)) {
        return super::datefn::arith(op, &x, &y, pos);
    }
    Ok(match (num(&x, pos)?, num(&y, pos)?) {
        (Some(x), Some(y)) => num_value(
            match op {
                BinaryOp::Add => x.add(&y),
                BinaryOp::Sub => x.sub(&y),
                BinaryOp::Mul => x.mul(&y),
                _ => x.div(&y),
            },
            pos,
        )?,
        _ => Value::Null,
    })
}

/// `CASE [operand] WHEN .. THEN .. [ELSE ..] END`.
#[inline(never)]
fn case(
    operand: Option<&CExpr>,
    whens: &[(CExpr, CExpr)],
    otherwise: Option<&CExpr>,
    pos: Pos,
    cx: &mut EvalCtx<'_>,
) -> Result<Value, LabError> {
    let subject = match operand {
        Some(o) => Some(o.eval(cx)?),
        None => None,
    };
    for (w, t) in whens {
        let hit = match &subject {
            Some(s) => {
                let c = w.eval(cx)?;
                compare(s, &c, pos)? == Some(Ordering::Equal)
            }
            None => w.test(cx)?,
        };
        if hit {
            return t.eval(cx);
        }
    }
    match otherwise {
        Some(e) => e.eval(cx),
        None => Ok(Value::Null),
    }
}

impl CExpr {
    pub fn eval(&self, cx: &mut EvalCtx<'_>) -> Result<Value, LabError> {
        Ok(match self {
            CExpr::Const(v) | CExpr::Varchar(v) => v.clone(),
            CExpr::Bind(i) => cx.binds.get(*i).cloned().unwrap_or(Value::Null),
            CExpr::Col { src, table, col } => {
                let r = cx.env.rows[*src] as usize;
                cx.cat.tables[*table].rows.value(r, *col)
            }
            CExpr::Gen { src, col } => cx.env.gen[*src].get(*col).cloned().unwrap_or(Value::Null),
            CExpr::Level => Value::Num(cx.env.level.into()),
            CExpr::Rownum => Value::Num(cx.env.rownum.into()),
            CExpr::RowId(src) => Value::Num(cx.env.rows[*src].into()),
            CExpr::Neg(e, pos) => match num(&e.eval(cx)?, *pos)? {
                Some(n) => Value::Num(n.neg()),
                None => Value::Null,
            },
            CExpr::Not(e) => {
                let v = e.eval(cx)?;
                if v.is_null() {
                    Value::Null
                } else {
                    boolean(Some(!truth(&v)))
                }
            }
            CExpr::IsNull(e, negated) => boolean(Some(e.eval(cx)?.is_null() != *negated)),
            CExpr::Between(e, lo, hi) => between(e, lo, hi, cx)?,
            CExpr::Bin(op, a, b, pos) => {
                let pos = *pos;
                match op {
                    BinaryOp::And => {
                        let x = a.eval(cx)?;
                        if !x.is_null() && !truth(&x) {
                            return Ok(boolean(Some(false)));
                        }
                        let y = b.eval(cx)?;
                        if !y.is_null() && !truth(&y) {
                            return Ok(boolean(Some(false)));
                        }
                        if x.is_null() || y.is_null() {
                            Value::Null
                        } else {
                            boolean(Some(true))
                        }
                    }
                    BinaryOp::Or => {
                        let x = a.eval(cx)?;
                        if truth(&x) {
                            return Ok(boolean(Some(true)));
                        }
                        let y = b.eval(cx)?;
                        if truth(&y) {
                            return Ok(boolean(Some(true)));
                        }
                        if x.is_null() || y.is_null() {
                            Value::Null
                        } else {
                            boolean(Some(false))
                        }
                    }
                    BinaryOp::Concat => {
                        let x = a.eval(cx)?;
                        let y = b.eval(cx)?;
                        super::scalar::concat_sql(&x, &y, super::scalar::SQL_VARCHAR2_MAX, pos)?
                    }
                    BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => {
                        let x = a.eval(cx)?;
                        let y = b.eval(cx)?;
                        let Some(o) = compare(&x, &y, pos)? else { return Ok(Value::Null) };
                        boolean(Some(op.holds(o)))
                    }
                    BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div => {
                        arith(*op, a.eval(cx)?, b.eval(cx)?, pos)?
                    }
                }
            }
            CExpr::InList(x, list, negated, pos) => in_list(x, list, *negated, *pos, cx)?,
            CExpr::Like(x, p, esc, negated, pos) => like_expr(x, p, esc.as_deref(), *negated, *pos, cx)?,
            CExpr::Case(operand, whens, otherwise, pos) => {
                case(operand.as_deref(), whens, otherwise.as_deref(), *pos, cx)?
            }
            CExpr::Func(Func::Rowid, args, pos) => match args.as_slice() {
                [CExpr::RowId(src), CExpr::Const(Value::Num(t))] => {
                    let table = t.to_f64() as usize;
                    super::rowid::of_row(cx.cat, cx.io, table, cx.env.rows[*src], *pos)?
                }
                _ => Value::Null,
            },
            CExpr::Func(f, args, pos) => {
                let pos = *pos;
                // Up to four arguments on the stack (no allocation per call).
                if args.len() <= 4 {
                    let mut vals = [Value::Null, Value::Null, Value::Null, Value::Null];
                    for (slot, a) in vals.iter_mut().zip(args) {
                        *slot = a.eval(cx)?;
                    }
                    eval_func(*f, &vals[..args.len()], cx.rng, cx.text_work, pos)?
                } else {
                    let mut vals = Vec::with_capacity(args.len());
                    for a in args {
                        vals.push(a.eval(cx)?);
                    }
                    eval_func(*f, &vals, cx.rng, cx.text_work, pos)?
                }
            }
        })
    }

    /// The value of a column of the current row (decoded from its packed
    /// row); None for any other expression (evaluate it instead).
    #[inline]
    pub fn column_value(&self, cat: &Catalog, env: &Env) -> Option<Value> {
        match self {
            CExpr::Col { src, table, col } => Some(cat.tables[*table].rows.value(env.rows[*src] as usize, *col)),
            CExpr::Gen { src, col } => Some(env.gen[*src].get(*col).cloned().unwrap_or(Value::Null)),
            _ => None,
        }
    }

    /// Bytes the value would take on the wire, without copying column
    /// values out of their rows.
    #[inline]
    pub fn stored_len(&self, cx: &mut EvalCtx<'_>) -> Result<usize, LabError> {
        Ok(match self {
            CExpr::Col { src, table, col } => {
                let r = cx.env.rows[*src] as usize;
                cx.cat.tables[*table].rows.get(r).map_or(0, |row| row.stored_len(*col))
            }
            CExpr::Gen { src, col } => cx.env.gen[*src].get(*col).map(|v| v.stored_len()).unwrap_or(0),
            other => other.eval(cx)?.stored_len(),
        })
    }

    /// Evaluate as a predicate: only TRUE passes (NULL and FALSE do not).
    pub fn test(&self, cx: &mut EvalCtx<'_>) -> Result<bool, LabError> {
        Ok(truth(&self.eval(cx)?))
    }

    /// Sources this expression reads.
    pub fn sources(&self, out: &mut Vec<usize>) {
        match self {
            CExpr::Col { src, .. } | CExpr::Gen { src, .. } | CExpr::RowId(src) => {
                if !out.contains(src) {
                    out.push(*src)
                }
            }
            CExpr::Func(_, a, _) => a.iter().for_each(|e| e.sources(out)),
            CExpr::Bin(_, a, b, _) => {
                a.sources(out);
                b.sources(out)
            }
            CExpr::Neg(e, _) | CExpr::Not(e) | CExpr::IsNull(e, _) => e.sources(out),
            CExpr::Between(a, b, c) => {
                a.sources(out);
                b.sources(out);
                c.sources(out)
            }
            CExpr::InList(..) | CExpr::Like(..) | CExpr::Case(..) => {
                self.children().into_iter().for_each(|e| e.sources(out))
            }
            CExpr::Const(_) | CExpr::Varchar(_) | CExpr::Bind(_) | CExpr::Level | CExpr::Rownum => {}
        }
    }

    /// The expressions directly inside this one.
    pub fn children(&self) -> Vec<&CExpr> {
        let mut v = Vec::new();
        self.for_each_child(|c| v.push(c));
        v
    }

    /// The expressions directly inside this one, to rewrite them.
    pub fn children_mut(&mut self) -> Vec<&mut CExpr> {
        match self {
            CExpr::Func(_, a, _) => a.iter_mut().collect(),
            CExpr::Bin(_, a, b, _) => vec![a, b],
            CExpr::Neg(e, _) | CExpr::Not(e) | CExpr::IsNull(e, _) => vec![e],
            CExpr::Between(a, b, c) => vec![a, b, c],
            CExpr::InList(x, l, _, _) => std::iter::once(&mut **x).chain(l.iter_mut()).collect(),
            CExpr::Like(x, p, e, _, _) => {
                let mut v: Vec<&mut CExpr> = vec![x, p];
                v.extend(e.as_deref_mut());
                v
            }
            CExpr::Case(o, w, e, _) => {
                let mut v: Vec<&mut CExpr> = o.as_deref_mut().into_iter().collect();
                for (a, b) in w {
                    v.push(a);
                    v.push(b);
                }
                v.extend(e.as_deref_mut());
                v
            }
            _ => Vec::new(),
        }
    }

    /// The same expression (positions aside): GROUP BY keys and DISTINCT
    /// columns are matched this way.
    pub fn same(&self, o: &CExpr) -> bool {
        let shallow = match (self, o) {
            (CExpr::Const(a), CExpr::Const(b)) | (CExpr::Varchar(a), CExpr::Varchar(b)) => a == b,
            (CExpr::Bind(a), CExpr::Bind(b)) => a == b,
            (CExpr::Col { src: a, col: c, .. }, CExpr::Col { src: b, col: d, .. }) => a == b && c == d,
            (CExpr::Gen { src: a, col: c }, CExpr::Gen { src: b, col: d }) => a == b && c == d,
            (CExpr::Level, CExpr::Level) | (CExpr::Rownum, CExpr::Rownum) => true,
            (CExpr::RowId(a), CExpr::RowId(b)) => a == b,
            (CExpr::Func(f, a, _), CExpr::Func(g, b, _)) => f == g && a.len() == b.len() && !f.is_random(),
            (CExpr::Bin(p, ..), CExpr::Bin(q, ..)) => p == q,
            (CExpr::Neg(..), CExpr::Neg(..)) | (CExpr::Not(_), CExpr::Not(_)) => true,
            (CExpr::IsNull(_, a), CExpr::IsNull(_, b)) => a == b,
            (CExpr::Between(..), CExpr::Between(..)) => true,
            (CExpr::InList(_, a, n, _), CExpr::InList(_, b, m, _)) => a.len() == b.len() && n == m,
            (CExpr::Like(_, _, a, n, _), CExpr::Like(_, _, b, m, _)) => a.is_some() == b.is_some() && n == m,
            (CExpr::Case(a, w, e, _), CExpr::Case(b, v, f, _)) => {
                a.is_some() == b.is_some() && w.len() == v.len() && e.is_some() == f.is_some()
            }
            _ => false,
        };
        shallow && {
            let (a, b) = (self.children(), o.children());
            a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.same(y))
        }
    }
}

/// Running state of one aggregate.
#[derive(Debug, Clone)]
pub struct AggState {
    pub value: Value,
    pub count: u64,
    pub sum: Number,
    /// A DISTINCT aggregate's values seen so far (their key bytes), and
    /// the bytes they take in the sort that removes the duplicates.
    pub seen: Option<Box<(std::collections::HashSet<Vec<u8>>, u64)>>,
    /// The sum of the squares (STDDEV, VARIANCE and their kin).
    pub sum2: Number,
    /// The values (MEDIAN), counted against the memory budget by the
    /// row source that aggregates.
    pub vals: Vec<Number>,
    /// LISTAGG's values, each after its WITHIN GROUP keys.
    pub items: Vec<Vec<Value>>,
}

impl AggState {
    pub fn new() -> Self {
        AggState {
            value: Value::Null,
            count: 0,
            sum: Number::ZERO,
            seen: None,
            sum2: Number::ZERO,
            vals: Vec::new(),
            items: Vec::new(),
        }
    }

    /// Add a value read in place (a column of the current row): MAX and
    /// MIN copy it only when it becomes the new extreme.
    pub fn add_ref(&mut self, func: AggregateFunc, x: &Value, pos: Pos) -> Result<(), LabError> {
        match func {
            AggregateFunc::Max | AggregateFunc::Min if !x.is_null() => {
                let want = if func == AggregateFunc::Max { Ordering::Greater } else { Ordering::Less };
                if self.value.is_null() || x.cmp_sql(&self.value) == want {
                    self.value = x.clone();
                }
                self.count += 1;
                Ok(())
            }
            _ => self.add(func, Some(x.clone()), pos),
        }
    }

    pub fn add(&mut self, func: AggregateFunc, v: Option<Value>, pos: Pos) -> Result<(), LabError> {
        match (func, v) {
            (AggregateFunc::Count, None) => self.count += 1,
            (_, None) => {}
            (_, Some(Value::Null)) => {}
            (AggregateFunc::Count, Some(_)) => self.count += 1,
            (AggregateFunc::Max, Some(x)) => {
                if self.value.is_null() || x.cmp_sql(&self.value) == Ordering::Greater {
                    self.value = x;
                }
                self.count += 1;
            }
            (AggregateFunc::Min, Some(x)) => {
                if self.value.is_null() || x.cmp_sql(&self.value) == Ordering::Less {
                    self.value = x;
                }
                self.count += 1;
            }
            (AggregateFunc::Sum | AggregateFunc::Avg, Some(x)) => {
                if let Some(x) = num(&x, pos)? {
                    self.sum = self.sum.add(&x).map_err(|e| num_error(e, pos))?;
                }
                self.count += 1;
            }
            (AggregateFunc::Median, Some(x)) => {
                if let Some(x) = num(&x, pos)? {
                    self.vals.push(x);
                }
                self.count += 1;
            }
            (_, Some(x)) => {
                if let Some(x) = num(&x, pos)? {
                    self.add_square(&x).map_err(|e| num_error(e, pos))?;
                }
                self.count += 1;
            }
        }
        Ok(())
    }

    pub fn result(&self, func: AggregateFunc) -> Value {
        match func {
            AggregateFunc::Count => Value::Num(self.count.into()),
            AggregateFunc::Max | AggregateFunc::Min => self.value.clone(),
            AggregateFunc::Sum => {
                if self.count == 0 {
                    Value::Null
                } else {
                    Value::Num(self.sum)
                }
            }
            AggregateFunc::Avg => {
                if self.count == 0 {
                    Value::Null
                } else {
                    self.sum.div(&self.count.into()).map(Value::Num).unwrap_or(Value::Null)
                }
            }
            AggregateFunc::Median => self.median(),
            // Computed by `row_source/listagg.rs`, which may fail.
            AggregateFunc::Listagg
            | AggregateFunc::PercentileCont
            | AggregateFunc::PercentileDisc
            | AggregateFunc::HypRank
            | AggregateFunc::HypDenseRank
            | AggregateFunc::CumeDist
            | AggregateFunc::PercentRank => Value::Null,
            // VARIANCE and STDDEV are 0 for one value, VAR_SAMP and
            // STDDEV_SAMP NULL.
            AggregateFunc::Variance | AggregateFunc::Stddev if self.count == 1 => Value::Num(Number::ZERO),
            f => {
                let sample = !matches!(f, AggregateFunc::VarPop | AggregateFunc::StddevPop);
                let v = self.variance(sample);
                let root = matches!(f, AggregateFunc::Stddev | AggregateFunc::StddevSamp | AggregateFunc::StddevPop);
                match v {
                    Some(v) if root => v.sqrt().map(Value::Num).unwrap_or(Value::Null),
                    Some(v) => Value::Num(v),
                    None => Value::Null,
                }
            }
        }
    }
}

impl Default for AggState {
    fn default() -> Self {
        Self::new()
    }
}
