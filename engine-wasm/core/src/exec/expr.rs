//! Expressions compiled against the row sources of a query, and their
//! evaluation. Column references become (source, column) pairs, so a row in
//! flight is just the current row number of each source: nothing is copied
//! until a value is projected.

use crate::catalog::{Catalog, TableId};
use crate::number::{NumError, Number};
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Func {
    Rpad,
    Lpad,
    Mod,
    Round,
    Trunc,
    Substr,
    RandomValue,
    RandomString,
    /// `dbms_random.random`: an integer in [-2^31, 2^31).
    RandomInteger,
    ToChar,
    ToNumber,
    Length,
    Upper,
    Lower,
    Nvl,
    Abs,
    Floor,
    Ceil,
    User,
    Nvl2,
    Decode,
    Coalesce,
    Nullif,
    Instr,
    Trim,
    Ltrim,
    Rtrim,
    Replace,
    Concat,
    Sign,
    Greatest,
    Least,
    /// `VSIZE(x)`: the bytes of the value's internal form.
    Vsize,
    /// `DUMP(x [, fmt])`, with Oracle's type code of `x` found at compile
    /// time (0: from the value).
    Dump(u8),
    /// Internal: the key of a blank-padded comparison (trailing blanks
    /// dropped). Printed as its argument.
    CharKey,
    /// Internal: `||` in PL/SQL, whose limit is 32,767 bytes.
    PlConcat,
    /// Internal: RPAD and LPAD in PL/SQL, whose limit is 32,767 bytes.
    PlRpad,
    PlLpad,
}

impl Func {
    pub fn lookup(name: &str) -> Option<Func> {
        Some(match name {
            "RPAD" => Func::Rpad,
            "LPAD" => Func::Lpad,
            "MOD" => Func::Mod,
            "ROUND" => Func::Round,
            "TRUNC" => Func::Trunc,
            "SUBSTR" => Func::Substr,
            "DBMS_RANDOM.VALUE" | "SYS.DBMS_RANDOM.VALUE" => Func::RandomValue,
            "DBMS_RANDOM.STRING" | "SYS.DBMS_RANDOM.STRING" => Func::RandomString,
            "DBMS_RANDOM.RANDOM" | "SYS.DBMS_RANDOM.RANDOM" => Func::RandomInteger,
            "TO_CHAR" => Func::ToChar,
            "TO_NUMBER" => Func::ToNumber,
            "LENGTH" => Func::Length,
            "UPPER" => Func::Upper,
            "LOWER" => Func::Lower,
            "NVL" => Func::Nvl,
            "ABS" => Func::Abs,
            "FLOOR" => Func::Floor,
            "CEIL" => Func::Ceil,
            "USER" => Func::User,
            "NVL2" => Func::Nvl2,
            "DECODE" => Func::Decode,
            "COALESCE" => Func::Coalesce,
            "NULLIF" => Func::Nullif,
            "INSTR" => Func::Instr,
            "TRIM" => Func::Trim,
            "LTRIM" => Func::Ltrim,
            "RTRIM" => Func::Rtrim,
            "REPLACE" => Func::Replace,
            "CONCAT" => Func::Concat,
            "SIGN" => Func::Sign,
            "GREATEST" => Func::Greatest,
            "LEAST" => Func::Least,
            "VSIZE" => Func::Vsize,
            "DUMP" => Func::Dump(0),
            _ => return None,
        })
    }

    fn arity(self) -> (usize, usize) {
        match self {
            Func::Rpad | Func::Lpad | Func::PlRpad | Func::PlLpad => (2, 3),
            Func::Mod | Func::Nvl => (2, 2),
            Func::Round | Func::Trunc | Func::ToChar => (1, 2),
            Func::Substr => (2, 3),
            Func::RandomValue => (0, 2),
            Func::RandomString => (2, 2),
            Func::ToNumber | Func::Length | Func::Upper | Func::Lower | Func::Abs | Func::Floor | Func::Ceil => (1, 1),
            Func::User | Func::RandomInteger => (0, 0),
            Func::Nvl2 => (3, 3),
            Func::Decode => (3, 255),
            Func::Coalesce | Func::Greatest | Func::Least => (1, 255),
            Func::Nullif | Func::Concat => (2, 2),
            Func::Instr => (2, 4),
            Func::Trim | Func::Sign | Func::Vsize | Func::CharKey => (1, 1),
            Func::Dump(_) => (1, 2),
            Func::PlConcat => (2, 2),
            Func::Ltrim | Func::Rtrim | Func::Replace => {
                (if matches!(self, Func::Replace) { 2 } else { 1 }, if matches!(self, Func::Replace) { 3 } else { 2 })
            }
        }
    }

    pub fn check_arity(self, n: usize, name: &str, pos: Pos) -> Result<(), LabError> {
        let (lo, hi) = self.arity();
        if n < lo || n > hi {
            return Err(LabError::new(ora::INVALID_NUMBER_OF_ARGUMENTS, pos).then(format_args!(" ({name})")));
        }
        if self == Func::RandomValue && n == 1 {
            return Err(LabError::new(ora::INVALID_NUMBER_OF_ARGUMENTS, pos).then(" (DBMS_RANDOM.VALUE)"));
        }
        Ok(())
    }

    pub fn is_random(self) -> bool {
        matches!(self, Func::RandomValue | Func::RandomString | Func::RandomInteger)
    }
}

#[derive(Debug, Clone)]
pub enum CExpr {
    Const(Value),
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
}

fn num(v: &Value, pos: Pos) -> Result<Option<Number>, LabError> {
    match v {
        Value::Null => Ok(None),
        Value::Num(n) => Ok(Some(*n)),
        Value::Str(s) => Number::parse(s).map(Some).map_err(|e| num_error(e, pos)),
    }
}

/// The Oracle error for a NUMBER operation that has no result.
pub fn num_error(e: NumError, pos: Pos) -> LabError {
    match e {
        NumError::Invalid => LabError::new(ora::INVALID_NUMBER, pos),
        NumError::Overflow => LabError::new(ora::NUMERIC_OVERFLOW, pos),
        NumError::DivideByZero => LabError::new(ora::DIVISOR_IS_ZERO, pos),
    }
}

/// A NUMBER result, or its error at `pos`.
fn num_value(r: Result<Number, NumError>, pos: Pos) -> Result<Value, LabError> {
    r.map(Value::Num).map_err(|e| num_error(e, pos))
}

/// SQL comparison: None when either side is NULL; a string compared with
/// a number is converted (ORA-01722 when it is not one).
pub fn compare(x: &Value, y: &Value, pos: Pos) -> Result<Option<Ordering>, LabError> {
    if x.is_null() || y.is_null() {
        return Ok(None);
    }
    if let (Value::Num(_), Value::Str(s)) | (Value::Str(s), Value::Num(_)) = (x, y) {
        if Number::parse(s).is_err() {
            return Err(LabError::new(ora::INVALID_NUMBER, pos));
        }
    }
    Ok(Some(x.cmp_sql(y)))
}

/// `s LIKE p`: `%` any run, `_` one character, `esc` quotes the next one.
/// The pattern's `%`s cut it into segments: the first must match at the
/// start, the last at the end, and each one between at its leftmost
/// place after the previous one (leftmost is never worse): no
/// backtracking, and a pattern as long as the text is not quadratic when
/// it has no `%`. Adds the characters examined to `work`.
fn like(s: &str, p: &str, esc: Option<char>, pos: Pos, work: &mut u64) -> Result<bool, LabError> {
    enum P {
        Any,
        One,
        Lit(char),
    }
    let mut pat = Vec::new();
    let mut it = p.chars();
    while let Some(c) = it.next() {
        if Some(c) == esc {
            match it.next() {
                Some(n) if n == '%' || n == '_' || Some(n) == esc => pat.push(P::Lit(n)),
                _ => return Err(LabError::new(ora::MISSING_OR_ILLEGAL_ESCAPE, pos)),
            }
        } else if c == '%' {
            pat.push(P::Any);
        } else if c == '_' {
            pat.push(P::One);
        } else {
            pat.push(P::Lit(c));
        }
    }
    let t: Vec<char> = s.chars().collect();
    *work += (t.len() + pat.len()) as u64;
    // Whether `seg` matches `t` from `i` (it fits there).
    fn at(t: &[char], seg: &[P], i: usize, work: &mut u64) -> bool {
        for (k, q) in seg.iter().enumerate() {
            *work += 1;
            if let P::Lit(c) = q {
                if t[i + k] != *c {
                    return false;
                }
            }
        }
        true
    }
    let segs: Vec<&[P]> = pat.split(|q| matches!(q, P::Any)).collect();
    let (first, last) = (segs[0], segs[segs.len() - 1]);
    if segs.len() == 1 {
        return Ok(first.len() == t.len() && at(&t, first, 0, work));
    }
    if first.len() + last.len() > t.len() {
        return Ok(false);
    }
    let end = t.len() - last.len();
    if !at(&t, first, 0, work) || !at(&t, last, end, work) {
        return Ok(false);
    }
    let mut i = first.len();
    for seg in &segs[1..segs.len() - 1] {
        loop {
            if i + seg.len() > end {
                return Ok(false);
            }
            if at(&t, seg, i, work) {
                i += seg.len();
                break;
            }
            i += 1;
        }
    }
    Ok(true)
}

/// A string result: Oracle has no empty string, it is NULL.
fn str_or_null(s: &str) -> Value {
    if s.is_empty() {
        Value::Null
    } else {
        Value::str(s)
    }
}

fn text(v: &Value) -> Option<String> {
    match v {
        Value::Null => None,
        v => Some(v.to_string()),
    }
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

fn pad(s: &str, n: usize, p: &str, left: bool) -> String {
    let have = s.chars().count();
    if n <= have {
        return s.chars().take(n).collect();
    }
    let p = if p.is_empty() { " " } else { p };
    let need = n - have;
    // Whole copies of the pad string, cut to `need` characters.
    let mut fill = p.repeat(need / p.chars().count() + 1);
    if p.is_ascii() {
        fill.truncate(need);
    } else if let Some((i, _)) = fill.char_indices().nth(need) {
        fill.truncate(i);
    }
    let mut out = String::with_capacity(s.len() + fill.len());
    if left {
        out.push_str(&fill);
        out.push_str(s);
    } else {
        out.push_str(s);
        out.push_str(&fill);
    }
    out
}

impl CExpr {
    pub fn eval(&self, cx: &mut EvalCtx<'_>) -> Result<Value, LabError> {
        Ok(match self {
            CExpr::Const(v) => v.clone(),
            CExpr::Bind(i) => cx.binds.get(*i).cloned().unwrap_or(Value::Null),
            CExpr::Col { src, table, col } => {
                let r = cx.env.rows[*src] as usize;
                cx.cat.tables[*table].rows.get(r).and_then(|row| row.get(*col)).cloned().unwrap_or(Value::Null)
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
            CExpr::Between(e, lo, hi) => {
                // x >= lo AND x <= hi, in three-valued logic: one FALSE
                // side makes it FALSE even when the other is NULL.
                let v = e.eval(cx)?;
                let l = lo.eval(cx)?;
                let h = hi.eval(cx)?;
                let ge = compare(&v, &l, Pos::default())?.map(|o| o != Ordering::Less);
                let le = compare(&v, &h, Pos::default())?.map(|o| o != Ordering::Greater);
                match (ge, le) {
                    (Some(false), _) | (_, Some(false)) => boolean(Some(false)),
                    (Some(true), Some(true)) => boolean(Some(true)),
                    _ => Value::Null,
                }
            }
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
                        super::convert::concat_sql(&x, &y, super::convert::SQL_VARCHAR2_MAX, pos)?
                    }
                    BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => {
                        let x = a.eval(cx)?;
                        let y = b.eval(cx)?;
                        let Some(o) = compare(&x, &y, pos)? else { return Ok(Value::Null) };
                        boolean(Some(match op {
                            BinaryOp::Eq => o == Ordering::Equal,
                            BinaryOp::Ne => o != Ordering::Equal,
                            BinaryOp::Lt => o == Ordering::Less,
                            BinaryOp::Le => o != Ordering::Greater,
                            BinaryOp::Gt => o == Ordering::Greater,
                            _ => o != Ordering::Less,
                        }))
                    }
                    BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div => {
                        let x = num(&a.eval(cx)?, pos)?;
                        let y = num(&b.eval(cx)?, pos)?;
                        match (x, y) {
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
                        }
                    }
                }
            }
            CExpr::InList(x, list, negated, pos) => {
                let v = x.eval(cx)?;
                if v.is_null() {
                    return Ok(Value::Null);
                }
                // x = a OR x = b OR ...: TRUE on a match, else NULL if any
                // comparison was NULL, else FALSE.
                let mut unknown = false;
                for e in list {
                    let w = e.eval(cx)?;
                    match compare(&v, &w, *pos)? {
                        Some(Ordering::Equal) => return Ok(boolean(Some(!*negated))),
                        Some(_) => {}
                        None => unknown = true,
                    }
                }
                if unknown {
                    Value::Null
                } else {
                    boolean(Some(*negated))
                }
            }
            CExpr::Like(x, p, esc, negated, pos) => {
                let (v, pat) = (x.eval(cx)?, p.eval(cx)?);
                let esc = match esc {
                    Some(e) => match text(&e.eval(cx)?) {
                        Some(s) if s.chars().count() == 1 => s.chars().next(),
                        Some(_) => return Err(LabError::new(ora::INVALID_ESCAPE_CHARACTER, *pos)),
                        None => return Ok(Value::Null),
                    },
                    None => None,
                };
                match (text(&v), text(&pat)) {
                    (Some(s), Some(p)) => boolean(Some(like(&s, &p, esc, *pos, cx.text_work)? != *negated)),
                    _ => Value::Null,
                }
            }
            CExpr::Case(operand, whens, otherwise, pos) => {
                let subject = match operand {
                    Some(o) => Some(o.eval(cx)?),
                    None => None,
                };
                for (w, t) in whens {
                    let hit = match &subject {
                        Some(s) => {
                            let c = w.eval(cx)?;
                            compare(s, &c, *pos)? == Some(Ordering::Equal)
                        }
                        None => w.test(cx)?,
                    };
                    if hit {
                        return t.eval(cx);
                    }
                }
                match otherwise {
                    Some(e) => e.eval(cx)?,
                    None => Value::Null,
                }
            }
            CExpr::Func(f, args, pos) => {
                let pos = *pos;
                // Up to four arguments on the stack (no allocation per call).
                if args.len() <= 4 {
                    let mut vals = [Value::Null, Value::Null, Value::Null, Value::Null];
                    for (slot, a) in vals.iter_mut().zip(args) {
                        *slot = a.eval(cx)?;
                    }
                    eval_func(*f, &vals[..args.len()], cx, pos)?
                } else {
                    let mut vals = Vec::with_capacity(args.len());
                    for a in args {
                        vals.push(a.eval(cx)?);
                    }
                    eval_func(*f, &vals, cx, pos)?
                }
            }
        })
    }

    /// The value of a column of the current row, in place; None for any
    /// other expression (evaluate it instead).
    #[inline]
    pub fn column_ref<'c>(&self, cat: &'c Catalog, env: &'c Env) -> Option<&'c Value> {
        match self {
            CExpr::Col { src, table, col } => {
                cat.tables[*table].rows.get(env.rows[*src] as usize).and_then(|row| row.get(*col))
            }
            CExpr::Gen { src, col } => env.gen[*src].get(*col),
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
                cx.cat.tables[*table].rows.get(r).and_then(|row| row.get(*col)).map(|v| v.stored_len()).unwrap_or(0)
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
            CExpr::Const(_) | CExpr::Bind(_) | CExpr::Level | CExpr::Rownum => {}
        }
    }

    /// The expressions directly inside this one.
    pub fn children(&self) -> Vec<&CExpr> {
        match self {
            CExpr::Func(_, a, _) => a.iter().collect(),
            CExpr::Bin(_, a, b, _) => vec![a, b],
            CExpr::Neg(e, _) | CExpr::Not(e) | CExpr::IsNull(e, _) => vec![e],
            CExpr::Between(a, b, c) => vec![a, b, c],
            CExpr::InList(x, l, _, _) => std::iter::once(&**x).chain(l.iter()).collect(),
            CExpr::Like(x, p, e, _, _) => {
                let mut v: Vec<&CExpr> = vec![x, p];
                v.extend(e.as_deref());
                v
            }
            CExpr::Case(o, w, e, _) => {
                let mut v: Vec<&CExpr> = o.as_deref().into_iter().collect();
                for (a, b) in w {
                    v.push(a);
                    v.push(b);
                }
                v.extend(e.as_deref());
                v
            }
            _ => Vec::new(),
        }
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
            (CExpr::Const(a), CExpr::Const(b)) => a == b,
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

fn eval_func(f: Func, v: &[Value], cx: &mut EvalCtx<'_>, pos: Pos) -> Result<Value, LabError> {
    // The characters of its string arguments: what a function reads
    // (INSTR adds its search below).
    *cx.text_work += v.iter().map(|x| if let Value::Str(s) = x { s.len() as u64 } else { 0 }).sum::<u64>();
    let rng = &mut *cx.rng;
    let n = |i: usize| -> Result<Option<Number>, LabError> { num(&v[i], pos) };
    // A length, position or count: a double is exact enough.
    let fl = |i: usize| -> Result<Option<f64>, LabError> { Ok(num(&v[i], pos)?.map(|x| x.to_f64())) };
    Ok(match f {
        Func::Rpad | Func::Lpad | Func::PlRpad | Func::PlLpad => {
            let (Some(s), Some(len)) = (text(&v[0]), fl(1)?) else { return Ok(Value::Null) };
            // A NULL pad string makes the result NULL, as any NULL argument.
            let p = if v.len() > 2 {
                match text(&v[2]) {
                    Some(p) => p,
                    None => return Ok(Value::Null),
                }
            } else {
                " ".to_string()
            };
            let plsql = matches!(f, Func::PlRpad | Func::PlLpad);
            // PL/SQL's VARCHAR2 holds 32,767 bytes: a longer result is
            // ORA-06502. SQL returns at most 4,000 (MAX_STRING_SIZE =
            // STANDARD) and cuts a longer one silently, where `||` would
            // raise ORA-01489 (http://blog.cmartin2.com/?p=133: length of
            // rpad('test', 5000, '!') is 4000; rpad('test', 32768, '!') in
            // PL/SQL is ORA-06502).
            let max = if plsql { super::convert::PLSQL_VARCHAR2_MAX } else { super::convert::SQL_VARCHAR2_MAX };
            if plsql && len >= (max + 1) as f64 {
                return Err(LabError::new(ora::PLSQL_BUFFER_TOO_SMALL, pos));
            }
            let len = len.clamp(0.0, max as f64) as usize;
            if len == 0 {
                Value::Null
            } else {
                let mut out = pad(&s, len, &p, matches!(f, Func::Lpad | Func::PlLpad));
                if out.len() > max {
                    // Multibyte characters: at most `max` bytes, whole characters.
                    let cut = (0..=max).rev().find(|&i| out.is_char_boundary(i)).unwrap_or(0);
                    out.truncate(cut);
                }
                Value::str(&out)
            }
        }
        Func::Mod => match (n(0)?, n(1)?) {
            (Some(a), Some(b)) => num_value(a.rem(&b), pos)?,
            _ => Value::Null,
        },
        Func::Round | Func::Trunc => {
            // The places are truncated to an integer (ROUND(x, 1.9) is ROUND(x, 1)).
            let d = if v.len() > 1 { fl(1)?.unwrap_or(0.0).clamp(-1000.0, 1000.0) as i32 } else { 0 };
            match n(0)? {
                Some(x) => num_value(if f == Func::Trunc { x.trunc(d) } else { x.round(d) }, pos)?,
                None => Value::Null,
            }
        }
        Func::Substr => {
            let Some(s) = text(&v[0]) else { return Ok(Value::Null) };
            let chars: Vec<char> = s.chars().collect();
            let start = fl(1)?.unwrap_or(1.0) as i64;
            let len = if v.len() > 2 { fl(2)?.map(|x| x as i64) } else { Some(i64::MAX) };
            let Some(len) = len else { return Ok(Value::Null) };
            let begin = if start > 0 {
                start - 1
            } else if start < 0 {
                chars.len() as i64 + start
            } else {
                0
            };
            if begin < 0 || begin >= chars.len() as i64 || len <= 0 {
                return Ok(Value::Null);
            }
            let end = (begin.saturating_add(len)).min(chars.len() as i64);
            Value::str(&chars[begin as usize..end as usize].iter().collect::<String>())
        }
        Func::RandomValue => {
            if v.is_empty() {
                Value::from_f64(rng.value())
            } else {
                match (fl(0)?, fl(1)?) {
                    (Some(a), Some(b)) => Value::from_f64(rng.value_between(a, b)),
                    _ => Value::Null,
                }
            }
        }
        Func::RandomString => {
            let opt = text(&v[0]).unwrap_or_else(|| "U".to_string());
            let len = fl(1)?.unwrap_or(0.0).max(0.0) as usize;
            let s = rng.string(&opt, len);
            if s.is_empty() {
                Value::Null
            } else {
                Value::str(&s)
            }
        }
        Func::RandomInteger => Value::from_f64((rng.value() * 4_294_967_296.0).floor() - 2_147_483_648.0),
        Func::ToChar => match &v[0] {
            Value::Null => Value::Null,
            x => Value::str(&x.to_string()),
        },
        Func::ToNumber => match n(0)? {
            Some(x) => Value::Num(x),
            None => Value::Null,
        },
        Func::Length => match text(&v[0]) {
            Some(s) => Value::Num(s.chars().count().into()),
            None => Value::Null,
        },
        Func::Upper => text(&v[0]).map(|s| Value::str(&s.to_uppercase())).unwrap_or(Value::Null),
        Func::Lower => text(&v[0]).map(|s| Value::str(&s.to_lowercase())).unwrap_or(Value::Null),
        Func::Nvl => {
            if v[0].is_null() {
                v[1].clone()
            } else {
                v[0].clone()
            }
        }
        Func::Abs => n(0)?.map(|x| Value::Num(x.abs())).unwrap_or(Value::Null),
        Func::Floor => match n(0)? {
            Some(x) => num_value(x.floor(), pos)?,
            None => Value::Null,
        },
        Func::Ceil => match n(0)? {
            Some(x) => num_value(x.ceil(), pos)?,
            None => Value::Null,
        },
        Func::User => Value::str("LAB"),
        Func::Nvl2 => {
            if v[0].is_null() {
                v[2].clone()
            } else {
                v[1].clone()
            }
        }
        Func::Decode => {
            // DECODE(x, s1, r1, ..., [default]): NULL matches NULL.
            let pairs = (v.len() - 1) / 2;
            for i in 0..pairs {
                let (s, r) = (&v[1 + 2 * i], &v[2 + 2 * i]);
                let hit = if v[0].is_null() || s.is_null() {
                    v[0].is_null() && s.is_null()
                } else {
                    compare(&v[0], s, pos)? == Some(Ordering::Equal)
                };
                if hit {
                    return Ok(r.clone());
                }
            }
            if v.len().is_multiple_of(2) {
                v[v.len() - 1].clone()
            } else {
                Value::Null
            }
        }
        Func::Coalesce => v.iter().find(|x| !x.is_null()).cloned().unwrap_or(Value::Null),
        Func::Nullif => {
            if compare(&v[0], &v[1], pos)? == Some(Ordering::Equal) {
                Value::Null
            } else {
                v[0].clone()
            }
        }
        Func::Instr => {
            let (Some(s), Some(sub)) = (text(&v[0]), text(&v[1])) else { return Ok(Value::Null) };
            let start = if v.len() > 2 { fl(2)? } else { Some(1.0) };
            let occ = if v.len() > 3 { fl(3)? } else { Some(1.0) };
            let (Some(start), Some(occ)) = (start, occ) else { return Ok(Value::Null) };
            let (start, occ) = (start.trunc() as i64, occ.trunc() as i64);
            if start == 0 || occ <= 0 {
                return Ok(Value::Num(Number::ZERO));
            }
            let t: Vec<char> = s.chars().collect();
            let u: Vec<char> = sub.chars().collect();
            // Each place tried compares up to the whole substring: charged
            // as characters examined.
            let mut tried = 0u64;
            let mut at = |i: usize| {
                tried += u.len() as u64 + 1;
                i + u.len() <= t.len() && t[i..i + u.len()] == u[..]
            };
            let mut seen = 0;
            let mut found = None;
            if start > 0 {
                let mut i = (start - 1) as usize;
                while i < t.len() {
                    if at(i) {
                        seen += 1;
                        if seen == occ {
                            found = Some(i);
                            break;
                        }
                    }
                    i += 1;
                }
            } else {
                // Backwards from the |start|-th character from the end.
                let mut i = t.len() as i64 + start;
                while i >= 0 {
                    if at(i as usize) {
                        seen += 1;
                        if seen == occ {
                            found = Some(i as usize);
                            break;
                        }
                    }
                    i -= 1;
                }
            }
            *cx.text_work += tried;
            match found {
                Some(i) => Value::Num((i + 1).into()),
                None => Value::Num(Number::ZERO),
            }
        }
        Func::Trim | Func::Ltrim | Func::Rtrim => {
            let Some(s) = text(&v[0]) else { return Ok(Value::Null) };
            let set: Vec<char> = if v.len() > 1 {
                match text(&v[1]) {
                    Some(x) => x.chars().collect(),
                    None => return Ok(Value::Null),
                }
            } else {
                vec![' ']
            };
            let r = match f {
                Func::Trim => s.trim_matches(|c| set.contains(&c)),
                Func::Ltrim => s.trim_start_matches(|c| set.contains(&c)),
                _ => s.trim_end_matches(|c| set.contains(&c)),
            };
            str_or_null(r)
        }
        Func::Replace => {
            let Some(s) = text(&v[0]) else { return Ok(Value::Null) };
            let to = if v.len() > 2 { text(&v[2]).unwrap_or_default() } else { String::new() };
            match text(&v[1]) {
                Some(from) => {
                    // The result's length first: nested REPLACEs multiply it
                    // (three levels of 32,767 would be 35 TB).
                    if !from.is_empty() && to.len() > from.len() {
                        let grown = s.matches(from.as_str()).count().saturating_mul(to.len() - from.len());
                        if s.len().saturating_add(grown) > 32767 {
                            return Err(LabError::new(ora::CONCAT_TOO_LONG, pos));
                        }
                    }
                    str_or_null(&s.replace(&from, &to))
                }
                None => Value::str(&s),
            }
        }
        Func::Concat => super::convert::concat_sql(&v[0], &v[1], super::convert::SQL_VARCHAR2_MAX, pos)?,
        Func::PlConcat => super::convert::concat_sql(&v[0], &v[1], super::convert::PLSQL_VARCHAR2_MAX, pos)?,
        Func::Vsize => match &v[0] {
            Value::Null => Value::Null,
            x => Value::int(x.stored_len() as i64),
        },
        Func::Dump(typ) => {
            let fmt = if v.len() > 1 { n(1)?.map(|x| x.to_f64()).unwrap_or(10.0) } else { 10.0 };
            if ![8.0, 10.0, 16.0, 17.0].contains(&fmt) {
                return Err(LabError::unsupported("DUMP formats other than 8, 10, 16 and 17", pos));
            }
            super::convert::dump(&v[0], typ, fmt as u32, pos)?
        }
        Func::CharKey => match &v[0] {
            Value::Str(s) => Value::str(s.trim_end_matches(' ')),
            other => other.clone(),
        },
        Func::Sign => n(0)?.map(|x| Value::int(x.signum().into())).unwrap_or(Value::Null),
        Func::Greatest | Func::Least => {
            if v.iter().any(|x| x.is_null()) {
                return Ok(Value::Null);
            }
            let mut best = v[0].clone();
            for x in &v[1..] {
                let o = compare(x, &best, pos)?;
                let better = if f == Func::Greatest { o == Some(Ordering::Greater) } else { o == Some(Ordering::Less) };
                if better {
                    best = x.clone();
                }
            }
            best
        }
    })
}

/// Running state of one aggregate.
#[derive(Debug, Clone)]
pub struct AggState {
    pub value: Value,
    pub count: u64,
    pub sum: Number,
}

impl AggState {
    pub fn new() -> Self {
        AggState { value: Value::Null, count: 0, sum: Number::ZERO }
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
        }
    }
}

impl Default for AggState {
    fn default() -> Self {
        Self::new()
    }
}
