//! Analytic (window) functions at run time: the rows of one window line
//! (WINDOW SORT, WINDOW BUFFER, WINDOW NOSORT), sorted on PARTITION BY
//! then ORDER BY, and each function's value per row, as Oracle defines
//! them: ROW_NUMBER, RANK (ties share the rank, then a gap), DENSE_RANK
//! (no gap), LAG/LEAD (offset, default), FIRST_VALUE/LAST_VALUE and the
//! aggregates over the frame, NTILE (the first `N mod n` buckets one row
//! larger), RATIO_TO_REPORT (x / SUM(x) over the partition, NULL when the
//! sum is 0). The default frame is RANGE UNBOUNDED PRECEDING .. CURRENT
//! ROW (the row's peers, equal ORDER BY keys, included) with an ORDER BY,
//! the whole partition without.

use super::expr::{AggState, CExpr};
use super::func_math::num;
use crate::value::Value;
use lio_sql::ast::{AggregateFunc, Pos, WindowFunc};
use lio_sql::error::LabError;

/// One end of a frame, resolved: `Offset(-n)` is n PRECEDING.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Unbounded,
    Current,
    Offset(i64),
}

#[derive(Debug, Clone)]
pub struct WinFn {
    pub func: WindowFunc,
    /// Compiled over the window line's child row.
    pub args: Vec<CExpr>,
    /// ROWS (true) or RANGE; start and end (the defaults filled in).
    pub rows: bool,
    pub start: Bound,
    pub end: Bound,
    pub pos: Pos,
    /// How many of its line's partition keys and ORDER BY keys are the
    /// function's own (a line's sort serves every function whose window
    /// is a prefix of it).
    pub keys: (usize, usize),
}

/// A window line: its child's rows materialised as `inputs` followed by
/// the values of `funcs` (in the line's own source `out_src`).
#[derive(Debug, Clone)]
pub struct WindowSpec {
    pub inputs: Vec<CExpr>,
    pub partition: Vec<CExpr>,
    /// (key, descending, nulls first)
    pub order: Vec<(CExpr, bool, bool)>,
    pub funcs: Vec<WinFn>,
    pub out_src: usize,
    /// WINDOW SORT (a sort counted in `sorts (memory)`); false for WINDOW
    /// BUFFER and WINDOW NOSORT, whose input comes in order.
    pub sort: bool,
    /// WINDOW SORT PUSHED RANK: the filter of the view above on this
    /// line's ROW_NUMBER or RANK, applied here (a top-n sort per
    /// partition: only the rows kept take room in its work area).
    pub pushed: Option<PushedRank>,
}

/// A window ORDER BY key as Oracle prints it in a filter: a descending one
/// wrapped, `INTERNAL_FUNCTION("B") DESC`.
pub fn order_key_text(key: String, descending: bool) -> String {
    if descending {
        format!("INTERNAL_FUNCTION({key}) DESC")
    } else {
        key
    }
}

/// `f <= n` (or `f < n`) on the line's function `func`.
#[derive(Debug, Clone)]
pub struct PushedRank {
    pub func: usize,
    pub strict: bool,
    pub limit: Value,
}

impl PushedRank {
    /// The line's filter as Oracle prints it: `ROW_NUMBER() OVER (
    /// PARTITION BY "A" ORDER BY "B")<=3`, `expr` printing a key.
    pub fn text(&self, spec: &WindowSpec, expr: &dyn Fn(&CExpr) -> String) -> String {
        let func = spec.funcs.get(self.func);
        let f = func.map_or("ROW_NUMBER", |f| f.func.name());
        let (pl, ol) = func.map_or((spec.partition.len(), spec.order.len()), |f| f.keys);
        let mut t = format!("{f}() OVER (");
        if pl > 0 {
            t += " PARTITION BY ";
            t += &spec.partition.iter().take(pl).map(expr).collect::<Vec<_>>().join(",");
        }
        let keys: Vec<String> = spec.order.iter().take(ol).map(|(e, d, _)| order_key_text(expr(e), *d)).collect();
        t += " ORDER BY ";
        t += &keys.join(",");
        format!("{t}){}{}", if self.strict { "<" } else { "<=" }, self.limit)
    }

    /// Whether a row whose function value is `v` passes.
    pub fn keeps(&self, v: &Value) -> bool {
        match v.cmp_sql(&self.limit) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Equal => !self.strict,
            std::cmp::Ordering::Greater => false,
        }
    }
}

/// An analytic function of a select list while its block is planned:
/// the function, and its PARTITION BY and ORDER BY compiled over the
/// block's rows.
#[derive(Debug, Clone)]
pub struct WinItem {
    pub func: WinFn,
    pub partition: Vec<CExpr>,
    pub order: Vec<(CExpr, bool, bool)>,
}

#[derive(Debug, Default, Clone)]
pub struct WindowState {
    pub rows: Vec<Vec<Value>>,
    pub next: usize,
    pub done: bool,
}

/// One materialised row: the inputs, partition keys, order keys, then
/// each function's arguments.
pub struct Held {
    pub vals: Vec<Value>,
}

/// The layout of a held row.
pub struct Layout {
    pub inputs: usize,
    pub parts: usize,
    pub orders: usize,
    /// Start of each function's arguments and their count.
    pub args: Vec<(usize, usize)>,
}

impl Layout {
    pub fn of(spec: &WindowSpec) -> Layout {
        let mut at = spec.inputs.len() + spec.partition.len() + spec.order.len();
        let args = spec
            .funcs
            .iter()
            .map(|f| {
                let a = (at, f.args.len());
                at += f.args.len();
                a
            })
            .collect();
        Layout { inputs: spec.inputs.len(), parts: spec.partition.len(), orders: spec.order.len(), args }
    }
    /// The (column, descending, nulls first) keys the line sorts on:
    /// partition keys ascending, then the ORDER BY's.
    pub fn sort_dirs(&self, spec: &WindowSpec) -> Vec<(usize, bool, bool)> {
        let p = (0..self.parts).map(|i| (self.inputs + i, false, false));
        let o = spec.order.iter().enumerate().map(|(i, (_, d, n))| (self.inputs + self.parts + i, *d, *n));
        p.chain(o).collect()
    }
}

/// WINDOW NOSORT STOPKEY: rows come in the window's order, with no
/// partitions; whether the last row held is past the pushed limit (its
/// ROW_NUMBER, or its RANK: the previous row's when their keys are equal),
/// so the line stops reading. `rank` carries the last row's rank.
pub fn past_stopkey(spec: &WindowSpec, lay: &Layout, held: &[Held], rank: &mut u64) -> bool {
    let Some(p) = &spec.pushed else { return false };
    if spec.sort || lay.parts > 0 {
        return false;
    }
    let n = held.len();
    let ol = spec.funcs.get(p.func).map_or(lay.orders, |f| f.keys.1.min(lay.orders));
    let keys = |i: usize| &held[i].vals[lay.inputs..lay.inputs + ol];
    let rank_fn = spec.funcs.get(p.func).is_some_and(|f| f.func == WindowFunc::Rank);
    if !(rank_fn && n > 1 && same(keys(n - 1), keys(n - 2))) {
        *rank = n as u64;
    }
    !p.keeps(&Value::Num((*rank).into()))
}

fn same(a: &[Value], b: &[Value]) -> bool {
    a.iter().zip(b).all(|(x, y)| (x.is_null() && y.is_null()) || (!x.is_null() && !y.is_null() && x.cmp_sql(y).is_eq()))
}

/// The functions' values for sorted rows `held`, one Vec per row; `work`
/// counts the rows an aggregate's frames visit (charged by the caller).
pub fn compute(spec: &WindowSpec, lay: &Layout, held: &[Held], work: &mut u64) -> Result<Vec<Vec<Value>>, LabError> {
    let mut out: Vec<Vec<Value>> = (0..held.len()).map(|_| Vec::with_capacity(spec.funcs.len())).collect();
    for (f, &(a, n)) in spec.funcs.iter().zip(&lay.args) {
        let (pl, ol) = (f.keys.0.min(lay.parts), f.keys.1.min(lay.orders));
        let pk = |i: usize| &held[i].vals[lay.inputs..lay.inputs + pl];
        let ok = |i: usize| &held[i].vals[lay.inputs + lay.parts..lay.inputs + lay.parts + ol];
        let arg = |i: usize, k: usize| if k < n { held[i].vals[a + k].clone() } else { Value::Null };
        let mut lo = 0;
        while lo < held.len() {
            let mut hi = lo + 1;
            while hi < held.len() && same(pk(hi), pk(lo)) {
                hi += 1;
            }
            // Peer groups: first and last row of each row's group.
            let mut first = vec![0; hi - lo];
            let mut last = vec![0; hi - lo];
            let mut dense = vec![0u64; hi - lo];
            let (mut g, mut d) = (lo, 0);
            for i in lo..hi {
                if i == lo || !same(ok(i), ok(i - 1)) {
                    g = i;
                    d += 1;
                }
                first[i - lo] = g;
                dense[i - lo] = d;
            }
            let mut e = hi - 1;
            for i in (lo..hi).rev() {
                if i + 1 < hi && !same(ok(i), ok(i + 1)) {
                    e = i;
                }
                last[i - lo] = e;
            }
            let part = Part { lo, hi, first: &first, last: &last, ordered: ol > 0 };
            part.func(f, &arg, &dense, &mut out, work)?;
            lo = hi;
        }
    }
    Ok(out)
}

struct Part<'a> {
    lo: usize,
    hi: usize,
    first: &'a [usize],
    last: &'a [usize],
    ordered: bool,
}

impl Part<'_> {
    /// Row `i`'s frame [start, end] (inclusive); None when empty.
    fn frame(&self, f: &WinFn, i: usize) -> Option<(usize, usize)> {
        let (lo, hi) = (self.lo as i64, self.hi as i64 - 1);
        if !self.ordered {
            return Some((self.lo, self.hi - 1));
        }
        let at = |b: Bound, start: bool| -> i64 {
            match (b, f.rows) {
                (Bound::Unbounded, _) => {
                    if start {
                        lo
                    } else {
                        hi
                    }
                }
                (Bound::Current, true) => i as i64,
                (Bound::Current, false) => {
                    if start {
                        self.first[i - self.lo] as i64
                    } else {
                        self.last[i - self.lo] as i64
                    }
                }
                (Bound::Offset(n), _) => (i as i64).saturating_add(n),
            }
        };
        let (s, e) = (at(f.start, true).max(lo), at(f.end, false).min(hi));
        (s <= e).then_some((s as usize, e as usize))
    }

    // Rows are indexed across `out`, the arguments and the peer arrays.
    #[allow(clippy::needless_range_loop)]
    fn func(
        &self,
        f: &WinFn,
        arg: &dyn Fn(usize, usize) -> Value,
        dense: &[u64],
        out: &mut [Vec<Value>],
        work: &mut u64,
    ) -> Result<(), LabError> {
        let (lo, hi) = (self.lo, self.hi);
        let int = |n: u64| Value::Num(n.into());
        match f.func {
            WindowFunc::RowNumber => (lo..hi).for_each(|i| out[i].push(int((i - lo + 1) as u64))),
            WindowFunc::Rank => (lo..hi).for_each(|i| out[i].push(int((self.first[i - lo] - lo + 1) as u64))),
            WindowFunc::DenseRank => (lo..hi).for_each(|i| out[i].push(int(dense[i - lo]))),
            WindowFunc::Lag | WindowFunc::Lead => {
                for i in lo..hi {
                    let off = match arg(i, 1) {
                        Value::Null if f.args.len() < 2 => 1,
                        v => offset(&v, f.pos)?,
                    };
                    let j = if f.func == WindowFunc::Lag { (i as i64) - off } else { (i as i64) + off };
                    let v = if j >= lo as i64 && j < hi as i64 { arg(j as usize, 0) } else { arg(i, 2) };
                    out[i].push(v);
                }
            }
            WindowFunc::FirstValue | WindowFunc::LastValue => {
                for i in lo..hi {
                    let v = match self.frame(f, i) {
                        Some((s, e)) => arg(if f.func == WindowFunc::FirstValue { s } else { e }, 0),
                        None => Value::Null,
                    };
                    out[i].push(v);
                }
            }
            WindowFunc::Ntile => {
                let n = hi - lo;
                for i in lo..hi {
                    let b = offset(&arg(i, 0), f.pos)?;
                    if b < 1 {
                        return Err(LabError::with(lio_sql::ora::ARGUMENT_OUT_OF_RANGE, b, f.pos));
                    }
                    let b = (b as usize).min(n.max(1));
                    let (q, rem) = (n / b, n % b);
                    let r = i - lo;
                    // The first `rem` buckets hold q+1 rows.
                    let bucket = if r < rem * (q + 1) { r / (q + 1) } else { rem + (r - rem * (q + 1)) / q.max(1) };
                    out[i].push(int(bucket as u64 + 1));
                }
            }
            WindowFunc::RatioToReport => {
                let mut s = AggState::new();
                for i in lo..hi {
                    s.add(AggregateFunc::Sum, Some(arg(i, 0)), f.pos)?;
                }
                let total = s.result(AggregateFunc::Sum);
                for i in lo..hi {
                    let v = match (num(&arg(i, 0), f.pos)?, num(&total, f.pos)?) {
                        (Some(x), Some(t)) if !t.is_zero() => x.div(&t).map(Value::Num).unwrap_or(Value::Null),
                        _ => Value::Null,
                    };
                    out[i].push(v);
                }
            }
            WindowFunc::Agg(a) => self.aggregate(f, a, arg, out, work)?,
        }
        Ok(())
    }

    /// An aggregate over each row's frame: a frame that only grows at its
    /// end (the usual UNBOUNDED PRECEDING start) is added to; one that
    /// only shrinks at its start (ending UNBOUNDED FOLLOWING) is built
    /// from the partition's end; any other is added up row by row.
    fn aggregate(
        &self,
        f: &WinFn,
        a: AggregateFunc,
        arg: &dyn Fn(usize, usize) -> Value,
        out: &mut [Vec<Value>],
        work: &mut u64,
    ) -> Result<(), LabError> {
        let (lo, hi) = (self.lo, self.hi);
        let frames: Vec<Option<(usize, usize)>> = (lo..hi).map(|i| self.frame(f, i)).collect();
        let add = |s: &mut AggState, j: usize| -> Result<(), LabError> {
            if f.args.is_empty() {
                s.add(a, None, f.pos)
            } else {
                s.add(a, Some(arg(j, 0)), f.pos)
            }
        };
        let empty = || if a == AggregateFunc::Count { Value::Num(0u64.into()) } else { Value::Null };
        let fixed_end = frames.iter().flatten().all(|&(_, e)| e == hi - 1);
        let fixed_start = frames.iter().flatten().all(|&(s, _)| s == lo);
        if fixed_start || !fixed_end {
            let mut s = AggState::new();
            let mut span: Option<(usize, usize)> = None;
            for (k, fr) in frames.iter().enumerate() {
                let v = match *fr {
                    None => empty(),
                    Some((fs, fe)) => {
                        match span {
                            Some((ps, pe)) if ps == fs && pe <= fe => (pe + 1..=fe).try_for_each(|j| add(&mut s, j))?,
                            _ => {
                                s = AggState::new();
                                (fs..=fe).try_for_each(|j| add(&mut s, j))?;
                            }
                        }
                        *work += (fe - fs + 1) as u64;
                        span = Some((fs, fe));
                        s.result(a)
                    }
                };
                out[lo + k].push(v);
            }
        } else {
            let mut vals = vec![Value::Null; hi - lo];
            let mut s = AggState::new();
            let mut from = hi;
            for k in (0..hi - lo).rev() {
                vals[k] = match frames[k] {
                    None => empty(),
                    Some((fs, _)) => {
                        while from > fs {
                            from -= 1;
                            add(&mut s, from)?;
                        }
                        s.result(a)
                    }
                };
            }
            *work += (hi - lo) as u64;
            for (k, v) in vals.into_iter().enumerate() {
                out[lo + k].push(v);
            }
        }
        Ok(())
    }
}

/// LAG/LEAD's offset and NTILE's bucket count: a whole number (Oracle
/// truncates a fraction); a negative offset is ORA-01428.
fn offset(v: &Value, pos: Pos) -> Result<i64, LabError> {
    let n = num(v, pos)?.map(|n| n.to_f64().trunc());
    match n {
        Some(x) if (0.0..1e15).contains(&x) => Ok(x as i64),
        Some(x) if x >= 1e15 => Ok(i64::MAX / 4),
        _ => Err(LabError::with(lio_sql::ora::ARGUMENT_OUT_OF_RANGE, v.to_string(), pos)),
    }
}
