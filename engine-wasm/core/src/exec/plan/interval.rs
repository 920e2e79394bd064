//! INTERVAL values in date arithmetic, and CAST. An interval (a literal,
//! which the parser writes as `"INTERVAL LITERAL"(seconds or months,
//! unit, text)`, `NUMTODSINTERVAL` and `NUMTOYMINTERVAL` calls, and an
//! interval times or divided by a number, negated, or two of one kind
//! added) is compiled only as an operand of `date + interval`,
//! `interval + date` or `date - interval`: the DATE moved by whole
//! seconds, or by whole months on the same day (ORA-01839 when the month
//! lacks it). The lab has no INTERVAL datatype: an interval anywhere else
//! (a select list, a comparison, TIMESTAMP arithmetic) is refused.

use super::*;
use crate::exec::datefn::DateFn;
use crate::exec::func::Func;
use crate::number::Number;
use lio_sql::ast::BinaryOp;

/// Whether [`Builder::cast_call`] compiles a call of `name`: CAST, and
/// the intervals.
pub(super) fn is_call(name: &lio_sql::ast::Ident) -> bool {
    matches!(name.name.as_str(), "CAST" | "NUMTODSINTERVAL" | "NUMTOYMINTERVAL" | "INTERVAL LITERAL")
}

/// What an interval-valued expression amounts to: its kind (year to
/// month) and its seconds or months as a NUMBER expression.
struct Amount {
    ym: bool,
    expr: Expr,
}

fn num(n: i64, pos: Pos) -> Expr {
    Expr::Number(Number::from_i64(n), pos)
}

fn bin(op: BinaryOp, l: Expr, r: Expr) -> Expr {
    Expr::Binary { op, left: Box::new(l), right: Box::new(r) }
}

/// `e` as an interval, if it is one (`None` also for a call whose unit is
/// not a literal: refused where it is compiled).
fn amount(e: &Expr, depth: usize) -> Option<Amount> {
    if depth > 64 {
        return None;
    }
    match e {
        Expr::Function { name, args } if name.name == "INTERVAL LITERAL" => {
            let [n, Expr::String(unit, _), _] = args.as_slice() else { return None };
            Some(Amount { ym: unit == "MONTH", expr: n.clone() })
        }
        Expr::Function { name, args } if matches!(name.name.as_str(), "NUMTODSINTERVAL" | "NUMTOYMINTERVAL") => {
            let [n, Expr::String(unit, _)] = args.as_slice() else { return None };
            let ym = name.name == "NUMTOYMINTERVAL";
            let factor = match (ym, unit.trim().to_ascii_uppercase().as_str()) {
                (false, "DAY") => 86_400,
                (false, "HOUR") => 3_600,
                (false, "MINUTE") => 60,
                (false, "SECOND") | (true, "MONTH") => 1,
                (true, "YEAR") => 12,
                _ => return None,
            };
            let expr = if factor == 1 { n.clone() } else { bin(BinaryOp::Mul, n.clone(), num(factor, name.pos)) };
            Some(Amount { ym, expr })
        }
        Expr::Binary { op: BinaryOp::Mul, left, right } => match (amount(left, depth + 1), amount(right, depth + 1)) {
            (Some(a), None) => Some(Amount { ym: a.ym, expr: bin(BinaryOp::Mul, a.expr, (**right).clone()) }),
            (None, Some(b)) => Some(Amount { ym: b.ym, expr: bin(BinaryOp::Mul, (**left).clone(), b.expr) }),
            _ => None,
        },
        Expr::Binary { op: BinaryOp::Div, left, right } => {
            let a = amount(left, depth + 1)?;
            Some(Amount { ym: a.ym, expr: bin(BinaryOp::Div, a.expr, (**right).clone()) })
        }
        Expr::Binary { op: op @ (BinaryOp::Add | BinaryOp::Sub), left, right } => {
            let (a, b) = (amount(left, depth + 1)?, amount(right, depth + 1)?);
            (a.ym == b.ym).then(|| Amount { ym: a.ym, expr: bin(*op, a.expr, b.expr) })
        }
        Expr::Negate(x) => amount(x, depth + 1).map(|a| Amount { ym: a.ym, expr: Expr::Negate(Box::new(a.expr)) }),
        _ => None,
    }
}

/// An interval expression's kind (true: year to month) and its months
/// or seconds as a NUMBER expression; None when `e` is no interval.
pub(crate) fn amount_of(e: &Expr) -> Option<(bool, Expr)> {
    amount(e, 0).map(|a| (a.ym, a.expr))
}

impl Builder<'_> {
    /// `date +/- interval` or `interval + date`, compiled; `None` when
    /// neither side is an interval.
    pub(super) fn interval_arith(
        &mut self,
        op: BinaryOp,
        (left, right): (&Expr, &Expr),
        scope: &[ScopeEntry],
        aggs: &mut Option<&mut Vec<AggItem>>,
    ) -> Result<Option<CExpr>, LabError> {
        if !matches!(op, BinaryOp::Add | BinaryOp::Sub) {
            return Ok(None);
        }
        let (date, iv, negate) = match (amount(left, 0), amount(right, 0)) {
            (None, Some(b)) => (left, b, op == BinaryOp::Sub),
            (Some(a), None) if op == BinaryOp::Add => (right, a, false),
            _ => return Ok(None),
        };
        let pos = super::expr_info::expr_pos(left);
        let d = self.compile_expr_inner(date, scope, aggs)?;
        let amount = if negate { Expr::Negate(Box::new(iv.expr)) } else { iv.expr };
        let n = self.compile_expr_inner(&amount, scope, aggs)?;
        let f = if iv.ym { DateFn::AddMonthsExact } else { DateFn::AddSeconds };
        Ok(Some(CExpr::Func(Func::Date(f), vec![d, n], pos)))
    }

    /// `CAST(x AS type)` as the parser wrote it: `CAST(x, 'TYPE', n, s,
    /// text)`; an interval ([`is_call`]'s others) compiled
    /// outside DATE arithmetic is refused.
    pub(super) fn cast_call(
        &mut self,
        name: &lio_sql::ast::Ident,
        args: &[Expr],
        scope: &[ScopeEntry],
        aggs: &mut Option<&mut Vec<AggItem>>,
    ) -> Result<CExpr, LabError> {
        let pos = name.pos;
        if name.name != "CAST" {
            return Err(interval_refused(pos));
        }
        let to = match args {
            [_, Expr::String(k, _), Expr::Number(n, _), Expr::Number(s, _), _] => {
                crate::exec::cast::CastTo::from_parts(k, n.to_f64() as i64, s.to_f64() as i64)
            }
            _ => None,
        };
        let Some(to) = to else { return Err(LabError::new(ora::MISSING_EXPRESSION, pos)) };
        if amount(&args[0], 0).is_some() {
            return Err(interval_refused(pos));
        }
        let x = self.compile_expr_inner(&args[0], scope, aggs)?;
        Ok(CExpr::Func(Func::Cast(to), vec![x], pos))
    }
}

/// An interval where the lab cannot hold one.
pub(super) fn interval_refused(pos: Pos) -> LabError {
    LabError::with(
        ora::LAB_UNSUPPORTED,
        "INTERVAL values other than added to or subtracted from a DATE (the lab has no INTERVAL or TIMESTAMP datatype)",
        pos,
    )
}
