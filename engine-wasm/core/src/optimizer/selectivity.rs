//! The selectivity of the filter predicates on one table reference, from
//! its column statistics (NUM_DISTINCT, NUM_NULLS, LOW_VALUE/HIGH_VALUE
//! and the column's histogram, if it has one), as Oracle's optimizer
//! computes it:
//!
//! - `col = c`: (1 - nulls/rows) / NDV; a literal outside low..high
//!   decays linearly to zero one (high - low) beyond the range (10.2+);
//! - `col <> c`: (1 - nulls/rows) * (1 - 1/NDV);
//! - `col > c` / `col < c`: the share of low..high beyond `c`,
//!   (high - c) / (high - low), plus 1/NDV for each closed bound (`>=`,
//!   `<=`, BETWEEN), clipped to the range; a range wholly outside it decays
//!   as an equality does;
//! - with a histogram (`catalog::histogram`), a literal's equality and a
//!   range within low..high take the histogram's share of the non-null
//!   rows instead (`col <> c`: the non-null rows less the equality's);
//! - a bind is costed as the value bind peeking read at the hard parse
//!   (`Columns::peek`), as a literal; without one, as an unknown value;
//! - `col IS NULL`: nulls/rows; `IS NOT NULL`: 1 - nulls/rows;
//! - `col IN (c1, .. cn)`: the equalities' sum (at most every non-null row);
//! - AND: the product; OR: s1 + s2 - s1*s2; NOT: 1 - s;
//! - with no statistics to use (a bind in a range, a function of the
//!   column, a join predicate): Oracle's fixed guesses, 5% for a
//!   one-sided range or anything else, 0.25% for a bounded range of binds,
//!   1% for `f(col) = value`.
//!
//! Strings are placed on the low..high line by their leading bytes read
//! as a base-256 number (`catalog::text_position`), as Oracle does.

pub use crate::catalog::text_position;
use crate::catalog::ColumnStats;
use crate::exec::expr::CExpr;
use crate::value::Value;
use lio_sql::ast::BinaryOp;

/// The column statistics of one row source, for its filter predicates.
pub struct Columns<'a> {
    pub src: usize,
    pub num_rows: f64,
    pub stats: &'a dyn Fn(usize) -> ColumnStats,
    /// The enclosing query blocks' row sources: a column of theirs is a
    /// value known when the block runs (a correlated subquery's `d.id` is
    /// costed as a bind `:B1` is).
    pub outer: &'a [usize],
    /// Bind peeking: each bind's value at the hard parse, by bind number.
    pub peek: &'a [Option<Value>],
}

/// The selectivity of `filters` (a conjunction) on the rows of `cols.src`:
/// a low and a high bound on one column are one bounded range.
pub fn of_filters(filters: &[CExpr], cols: Option<&Columns<'_>>) -> f64 {
    let Some(c) = cols else { return filters.iter().map(|f| of(f, None)).product() };
    let bounds: Vec<Option<Bound>> = filters.iter().map(|f| bound(f, c)).collect();
    let mut paired = vec![false; filters.len()];
    let mut sel = 1.0;
    for i in 0..filters.len() {
        let Some(a) = bounds[i] else { continue };
        if paired[i] {
            continue;
        }
        let other =
            (i + 1..filters.len()).find(|&j| !paired[j] && bounds[j].is_some_and(|b| b.col == a.col && b.low != a.low));
        if let Some(j) = other {
            let b = bounds[j].expect("found above");
            let (lo, hi) = if a.low { (a, b) } else { (b, a) };
            let st = (c.stats)(a.col);
            sel *= range(&st, c.num_rows, Some((lo.value, lo.closed)), Some((hi.value, hi.closed)));
            paired[i] = true;
            paired[j] = true;
        }
    }
    for (i, f) in filters.iter().enumerate() {
        if !paired[i] {
            sel *= of(f, cols);
        }
    }
    sel
}

/// One side of a range: `col > v`, `col >= v` (low) or `col < v`,
/// `col <= v` (high) with a literal `v`.
#[derive(Clone, Copy)]
struct Bound {
    col: usize,
    low: bool,
    value: f64,
    closed: bool,
}

fn bound(p: &CExpr, c: &Columns<'_>) -> Option<Bound> {
    let CExpr::Bin(op @ (BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge), a, b, _) = p else {
        return None;
    };
    let (col, other, op) = match (column(a, c), column(b, c)) {
        (Some(col), None) => (col, b.as_ref(), *op),
        (None, Some(col)) => (col, a.as_ref(), flip(*op)),
        _ => return None,
    };
    let value = constant(other, c.peek)?;
    let low = matches!(op, BinaryOp::Gt | BinaryOp::Ge);
    Some(Bound { col, low, value, closed: matches!(op, BinaryOp::Ge | BinaryOp::Le) })
}

/// The fixed guesses for a predicate the statistics cannot cost.
fn guess(p: &CExpr) -> f64 {
    match p {
        CExpr::Bin(BinaryOp::Eq, a, b, _) if matches!(**a, CExpr::Func(..)) || matches!(**b, CExpr::Func(..)) => 0.01,
        _ => 0.05,
    }
}

fn of(p: &CExpr, cols: Option<&Columns<'_>>) -> f64 {
    let Some(c) = cols else { return guess(p) };
    match p {
        CExpr::Bin(BinaryOp::And, a, b, _) => of(a, cols) * of(b, cols),
        CExpr::Bin(BinaryOp::Or, a, b, _) => {
            let (x, y) = (of(a, cols), of(b, cols));
            x + y - x * y
        }
        CExpr::Not(a) => 1.0 - of(a, cols),
        CExpr::IsNull(x, negated) => match column(x, c) {
            Some(col) => {
                let st = (c.stats)(col);
                let nulls = (st.nulls as f64 / c.num_rows.max(1.0)).clamp(0.0, 1.0);
                if *negated {
                    1.0 - nulls
                } else {
                    nulls
                }
            }
            None => guess(p),
        },
        CExpr::InList(x, list, negated, _) => match column(x, c) {
            Some(col) if list.iter().all(known) => {
                let st = (c.stats)(col);
                let nn = non_null(&st, c.num_rows);
                let eq: f64 = list.iter().map(|v| equality(&st, nn, value_of(v, c.peek))).sum::<f64>().min(nn);
                if *negated {
                    (nn - eq).max(0.0)
                } else {
                    eq
                }
            }
            _ => guess(p),
        },
        CExpr::Between(x, lo, hi) => match (column(x, c), constant(lo, c.peek), constant(hi, c.peek)) {
            (Some(col), Some(a), Some(b)) => {
                let st = (c.stats)(col);
                range(&st, c.num_rows, Some((a, true)), Some((b, true)))
            }
            (Some(_), _, _) if known(lo) && known(hi) => 0.0025,
            _ => guess(p),
        },
        CExpr::Bin(
            op @ (BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge),
            a,
            b,
            _,
        ) => {
            let (col, other, op) = match (column(a, c), column(b, c)) {
                (Some(col), None) => (col, b.as_ref(), *op),
                (None, Some(col)) => (col, a.as_ref(), flip(*op)),
                _ => return guess(p),
            };
            if !known(other) && !outer_column(other, c.outer) {
                return guess(p);
            }
            let st = (c.stats)(col);
            let nn = non_null(&st, c.num_rows);
            let v = value_of(other, c.peek);
            match op {
                BinaryOp::Eq => equality(&st, nn, v),
                BinaryOp::Ne if st.hist.is_some() && v.is_some() => (nn - equality(&st, nn, v)).max(0.0),
                BinaryOp::Ne => nn * (1.0 - 1.0 / (st.ndv.max(1) as f64)),
                BinaryOp::Gt | BinaryOp::Ge => match v {
                    Some(x) => range(&st, c.num_rows, Some((x, op == BinaryOp::Ge)), None),
                    None => 0.05,
                },
                _ => match v {
                    Some(x) => range(&st, c.num_rows, None, Some((x, op == BinaryOp::Le))),
                    None => 0.05,
                },
            }
        }
        _ => guess(p),
    }
}

/// `col = key` for an index probe: 1/NDV of the non-null rows, decayed
/// outside low..high for a literal; a bind or a join column's value is
/// not known, so 1/NDV.
pub fn key_equality(st: &ColumnStats, num_rows: f64, key: &CExpr, peek: &[Option<Value>]) -> f64 {
    equality(st, non_null(st, num_rows), constant(key, peek))
}

/// A range on an index's leading column: literal bounds by their share of
/// low..high (plus 1/NDV per closed bound); with a bind or a join column
/// in a bound, Oracle's fixed guesses (5% one-sided, 0.25% bounded).
pub fn key_range(
    st: &ColumnStats,
    num_rows: f64,
    low: Option<(&CExpr, bool)>,
    high: Option<(&CExpr, bool)>,
    peek: &[Option<Value>],
) -> f64 {
    let lit = |b: Option<(&CExpr, bool)>| b.map(|(e, closed)| constant(e, peek).map(|x| (x, closed)));
    match (lit(low), lit(high)) {
        (Some(None), _) | (_, Some(None)) => {
            if low.is_some() && high.is_some() {
                0.0025
            } else {
                0.05
            }
        }
        (l, h) => range(st, num_rows, l.flatten(), h.flatten()),
    }
}

/// The columns of `src` that `conjuncts` compare with a literal or a
/// bind (what a hard parse notes in SYS.COL_USAGE$), each given to `note`.
pub fn used_columns(conjuncts: &[CExpr], src: usize, note: &mut dyn FnMut(usize)) {
    let is_col = |e: &CExpr| match e {
        CExpr::Col { src: s, col, .. } if *s == src => Some(*col),
        _ => None,
    };
    for p in conjuncts {
        match p {
            CExpr::Bin(BinaryOp::And | BinaryOp::Or, a, b, _) => {
                used_columns(std::slice::from_ref(a), src, note);
                used_columns(std::slice::from_ref(b), src, note);
            }
            CExpr::Not(a) => used_columns(std::slice::from_ref(a), src, note),
            CExpr::Bin(
                BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge,
                a,
                b,
                _,
            ) => {
                if let Some(c) = is_col(a).filter(|_| known(b)).or_else(|| is_col(b).filter(|_| known(a))) {
                    note(c);
                }
            }
            CExpr::Between(x, ..) | CExpr::IsNull(x, _) | CExpr::InList(x, ..) | CExpr::Like(x, ..) => {
                if let Some(c) = is_col(x) {
                    note(c);
                }
            }
            _ => {}
        }
    }
}

/// `e < col` is `col > e`.
pub(crate) fn flip(op: BinaryOp) -> BinaryOp {
    op.swapped()
}

/// The column of `c.src` that `e` is, if it is one.
fn column(e: &CExpr, c: &Columns<'_>) -> Option<usize> {
    match e {
        CExpr::Col { src, col, .. } if *src == c.src => Some(*col),
        _ => None,
    }
}

/// A column of an enclosing block's row source (`outer`).
fn outer_column(e: &CExpr, outer: &[usize]) -> bool {
    matches!(e, CExpr::Col { src, .. } if outer.contains(src))
}

/// A literal or a bind: a value known when the statement runs.
fn known(e: &CExpr) -> bool {
    matches!(e, CExpr::Const(_) | CExpr::Varchar(_) | CExpr::Bind(_))
}

/// A literal's place on its column's low..high line, or a bind's peeked
/// value's; `None` for a bind not peeked.
fn constant(e: &CExpr, peek: &[Option<Value>]) -> Option<f64> {
    match e {
        CExpr::Const(v) | CExpr::Varchar(v) => position(v),
        CExpr::Bind(i) => peek.get(*i).and_then(|v| v.as_ref()).and_then(position),
        _ => None,
    }
}

fn value_of(e: &CExpr, peek: &[Option<Value>]) -> Option<f64> {
    constant(e, peek)
}

fn position(v: &Value) -> Option<f64> {
    match v {
        Value::Num(_) => v.as_f64(),
        Value::Str(t) => Some(text_position(t.as_bytes())),
        Value::Date(d) => Some(d.julian_position()),
        Value::Null => None,
    }
}

fn non_null(st: &ColumnStats, num_rows: f64) -> f64 {
    (1.0 - st.nulls as f64 / num_rows.max(1.0)).clamp(0.0, 1.0)
}

/// `col = x`: 1/NDV of the non-null rows (a literal with a histogram:
/// the histogram's share); outside low..high, decayed.
fn equality(st: &ColumnStats, nn: f64, x: Option<f64>) -> f64 {
    let base = match (&st.hist, x) {
        (Some(h), Some(x)) => nn * h.equality(x),
        _ => nn / st.ndv.max(1) as f64,
    };
    match (x, st.low, st.high) {
        (Some(x), Some(lo), Some(hi)) if x < lo || x > hi => base * decay(st, x),
        _ => base,
    }
}

/// The linear decay outside low..high: 1 at the edge, 0 one range-width
/// beyond it.
fn decay(st: &ColumnStats, x: f64) -> f64 {
    let (Some(lo), Some(hi)) = (st.low, st.high) else { return 1.0 };
    let width = hi - lo;
    if width <= 0.0 {
        return 0.0;
    }
    let dist = if x < lo { lo - x } else { x - hi };
    (1.0 - dist / width).max(0.0)
}

/// A range on the column: bounds (value, closed).
fn range(st: &ColumnStats, num_rows: f64, low: Option<(f64, bool)>, high: Option<(f64, bool)>) -> f64 {
    let nn = non_null(st, num_rows);
    let ndv = st.ndv.max(1) as f64;
    let (Some(lo), Some(hi)) = (st.low, st.high) else { return 0.05 };
    let a = low.map_or(lo, |(x, _)| x);
    let b = high.map_or(hi, |(x, _)| x);
    if a > b {
        return 0.0;
    }
    // Wholly outside the column's values: decays as an equality.
    if b < lo || a > hi {
        let edge = if b < lo { b } else { a };
        return nn / ndv * decay(st, edge);
    }
    if hi <= lo {
        return nn;
    }
    if let Some(h) = &st.hist {
        return nn * h.range(low, high);
    }
    let (a, b) = (a.max(lo), b.min(hi));
    let mut sel = (b - a) / (hi - lo);
    for bound in [low, high].into_iter().flatten() {
        if bound.1 {
            sel += 1.0 / ndv;
        }
    }
    nn * sel.clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(ndv: u64, nulls: u64, low: f64, high: f64) -> ColumnStats {
        ColumnStats { ndv, nulls, low: Some(low), high: Some(high), ..Default::default() }
    }

    #[test]
    fn ranges_equalities_and_nulls() {
        // Lewis, Cost-Based Oracle Fundamentals ch. 3: month_no 1..12, 12
        // values, 1,200 rows. `month_no > 8`: (12 - 8)/(12 - 1) = 0.3636,
        // 436 rows; `month_no between 6 and 9`: 3/11 + 2/12 = 0.4394, 527.
        let m = st(12, 0, 1.0, 12.0);
        assert_eq!((1200.0 * range(&m, 1200.0, Some((8.0, false)), None)).round(), 436.0);
        assert_eq!((1200.0 * range(&m, 1200.0, Some((6.0, true)), Some((9.0, true)))).round(), 527.0);
        // `month_no >= 8`: 4/11 + 1/12 = 0.4470, 536.
        assert_eq!((1200.0 * range(&m, 1200.0, Some((8.0, true)), None)).round(), 536.0);
        // Equality: 1/12 of 1,200 = 100; 120 nulls leave 1,080/12 = 90.
        assert_eq!(1200.0 * equality(&m, 1.0, Some(5.0)), 100.0);
        let n = st(12, 120, 1.0, 12.0);
        assert_eq!((1200.0 * equality(&n, non_null(&n, 1200.0), Some(5.0))).round(), 90.0);
        // Out of range: 5.5 units beyond 12 with a width of 11 is half way
        // to zero: 50 rows.
        assert_eq!((1200.0 * equality(&m, 1.0, Some(17.5))).round(), 50.0);
    }

    #[test]
    fn strings_keep_their_order() {
        assert!(text_position(b"CLOSED") < text_position(b"OPEN"));
        assert!(text_position(b"A") < text_position(b"AA"));
    }
}
