//! DATE in expressions: arithmetic (`date + n`, `date - n`, `date -
//! date`), the date functions (`SYSDATE`, `TO_DATE`, `TO_CHAR`, `TRUNC`,
//! `ROUND`, `ADD_MONTHS`, `MONTHS_BETWEEN`, `LAST_DAY`, `NEXT_DAY`,
//! `EXTRACT`) and the implicit conversion of text by NLS_DATE_FORMAT.

use crate::date::format::{Model, Unit};
use crate::date::{self, Date, DAY};
use crate::number::{NumError, Number};
use crate::value::Value;
use lio_sql::ast::{BinaryOp, Expr, Ident, Pos};
use lio_sql::{ora, LabError};

/// The canonical format Oracle writes a DATE constant in.
const CANONICAL: &str = "syyyy-mm-dd hh24:mi:ss";

/// An expression for the date `d` (a PL/SQL value put back into SQL):
/// `TO_DATE(' 2020-01-31 00:00:00', 'syyyy-mm-dd hh24:mi:ss')`.
pub fn date_expr(d: Date, pos: Pos) -> Expr {
    Expr::Function {
        name: Ident { name: "TO_DATE".into(), pos },
        args: vec![Expr::String(d.canonical(), pos), Expr::String(CANONICAL.into(), pos)],
    }
}

fn inconsistent(expected: &str, got: &str, pos: Pos) -> LabError {
    LabError::with_args(ora::INCONSISTENT_DATATYPES, &[&expected, &got], pos)
}

/// Text converted to a DATE by the session's NLS_DATE_FORMAT.
pub fn text_to_date(s: &str, pos: Pos) -> Result<Date, LabError> {
    date::with_nls(|nls| Model::parse(nls, pos)?.parse_date(s, date::sysdate(), pos))
}

/// A value as a DATE: a date, or text by NLS_DATE_FORMAT (ORA-00932 for a
/// number).
pub fn as_date(v: &Value, pos: Pos) -> Result<Option<Date>, LabError> {
    match v {
        Value::Null => Ok(None),
        Value::Date(d) => Ok(Some(*d)),
        Value::Str(s) => text_to_date(s, pos).map(Some),
        Value::Num(_) => Err(inconsistent("DATE", "NUMBER", pos)),
    }
}

/// Days as a NUMBER to whole seconds (Oracle's DATE keeps seconds).
fn days_to_seconds(n: &Number, pos: Pos) -> Result<i64, LabError> {
    let secs = n.to_f64() * DAY as f64;
    if !secs.is_finite() || secs.abs() > 1e15 {
        return Err(LabError::new(ora::YEAR_RANGE, pos));
    }
    Ok(secs.round() as i64)
}

fn shifted(d: Date, secs: i64, pos: Pos) -> Result<Value, LabError> {
    Date::from_seconds(d.seconds() + secs).map(Value::Date).ok_or_else(|| LabError::new(ora::YEAR_RANGE, pos))
}

/// `x op y` where either side is a DATE.
pub fn arith(op: BinaryOp, x: &Value, y: &Value, pos: Pos) -> Result<Value, LabError> {
    let num = |v: &Value| num(v, pos);
    match (op, x, y) {
        (BinaryOp::Add, Value::Date(_), Value::Date(_)) => Err(LabError::new(ora::DATE_PLUS_DATE, pos)),
        (BinaryOp::Sub, Value::Date(a), Value::Date(b)) => {
            let days = Number::from_i64(a.seconds() - b.seconds()).div(&Number::from_i64(DAY));
            days.map(Value::Num).map_err(|e| num_error(e, pos))
        }
        (BinaryOp::Sub, Value::Date(a), Value::Str(s)) => {
            let b = text_to_date(s, pos)?;
            arith(op, &Value::Date(*a), &Value::Date(b), pos)
        }
        (BinaryOp::Add | BinaryOp::Sub, Value::Date(d), n) | (BinaryOp::Add, n, Value::Date(d)) => {
            let Some(n) = num(n)? else { return Ok(Value::Null) };
            let secs = days_to_seconds(&n, pos)?;
            shifted(*d, if op == BinaryOp::Sub { -secs } else { secs }, pos)
        }
        _ if x.is_null() || y.is_null() => Ok(Value::Null),
        _ => Err(inconsistent("NUMBER", "DATE", pos)),
    }
}

/// A function of dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateFn {
    /// `SYSDATE` (and `CURRENT_DATE`: the session's time zone is the
    /// database's).
    Sysdate,
    ToDate,
    /// `TO_CHAR` of a date, or with a format model.
    ToChar,
    /// `ROUND` and `TRUNC` of a date.
    Round,
    Trunc,
    AddMonths,
    MonthsBetween,
    LastDay,
    NextDay,
    /// `EXTRACT(field FROM d)`: the field's name, then the date.
    Extract,
    /// Internal: a DATE plus an INTERVAL DAY TO SECOND (whole seconds).
    AddSeconds,
    /// Internal: a DATE plus an INTERVAL YEAR TO MONTH (whole months),
    /// the day kept (ORA-01839 when the month lacks it).
    AddMonthsExact,
}

impl DateFn {
    pub fn lookup(name: &str) -> Option<DateFn> {
        Some(match name {
            "SYSDATE" | "CURRENT_DATE" => DateFn::Sysdate,
            "TO_DATE" => DateFn::ToDate,
            "ADD_MONTHS" => DateFn::AddMonths,
            "MONTHS_BETWEEN" => DateFn::MonthsBetween,
            "LAST_DAY" => DateFn::LastDay,
            "NEXT_DAY" => DateFn::NextDay,
            "EXTRACT" => DateFn::Extract,
            _ => return None,
        })
    }

    /// Least and most arguments.
    pub fn arity(self) -> (usize, usize) {
        match self {
            DateFn::Sysdate => (0, 0),
            DateFn::ToDate | DateFn::ToChar | DateFn::Round | DateFn::Trunc => (1, 2),
            DateFn::AddMonths | DateFn::MonthsBetween | DateFn::NextDay | DateFn::Extract => (2, 2),
            DateFn::AddSeconds | DateFn::AddMonthsExact => (2, 2),
            DateFn::LastDay => (1, 1),
        }
    }

    /// Whether the result is a DATE.
    pub fn gives_date(self) -> bool {
        !matches!(self, DateFn::ToChar | DateFn::MonthsBetween | DateFn::Extract)
    }
}

/// The Oracle error for a NUMBER operation that has no result.
fn num_error(e: NumError, pos: Pos) -> LabError {
    match e {
        NumError::Invalid => LabError::new(ora::INVALID_NUMBER, pos),
        NumError::Overflow => LabError::new(ora::NUMERIC_OVERFLOW, pos),
        NumError::DivideByZero => LabError::new(ora::DIVISOR_IS_ZERO, pos),
    }
}

/// A value as a NUMBER (text converted; ORA-00932 for a date).
fn num(v: &Value, pos: Pos) -> Result<Option<Number>, LabError> {
    match v {
        Value::Null => Ok(None),
        Value::Num(n) => Ok(Some(*n)),
        Value::Str(s) => Number::parse(s).map(Some).map_err(|e| num_error(e, pos)),
        Value::Date(_) => Err(inconsistent("NUMBER", "DATE", pos)),
    }
}

fn text_arg(v: &[Value], i: usize) -> Option<String> {
    match v.get(i) {
        None | Some(Value::Null) => None,
        Some(x) => Some(x.to_string()),
    }
}

/// Evaluates a date function ([`takes`] said so).
pub fn eval(f: DateFn, v: &[Value], pos: Pos) -> Result<Value, LabError> {
    if f == DateFn::Sysdate {
        return Ok(Value::Date(date::sysdate()));
    }
    if v.iter().any(Value::is_null) {
        return Ok(Value::Null);
    }
    let d0 = || as_date(&v[0], pos).map(|d| d.expect("not null"));
    Ok(match f {
        DateFn::AddSeconds | DateFn::AddMonthsExact => return plus_interval(f, v, pos),
        DateFn::ToDate => match &v[0] {
            Value::Date(d) if v.len() == 1 => Value::Date(*d),
            Value::Num(_) if v.len() == 1 => return Err(inconsistent("DATE", "NUMBER", pos)),
            x => {
                let s = x.to_string();
                let d = match text_arg(v, 1) {
                    Some(fmt) => Model::parse(&fmt, pos)?.parse_date(&s, date::sysdate(), pos)?,
                    None => text_to_date(&s, pos)?,
                };
                Value::Date(d)
            }
        },
        DateFn::ToChar => match (&v[0], text_arg(v, 1)) {
            (Value::Date(d), Some(fmt)) => str_or_null(Model::parse(&fmt, pos)?.format(*d)),
            (Value::Date(_), None) => Value::str(&v[0].to_string()),
            _ => return Err(LabError::unsupported("TO_CHAR of a number or text with a format model", pos)),
        },
        DateFn::Trunc | DateFn::Round => {
            let unit = match text_arg(v, 1) {
                Some(fmt) => Unit::parse(&fmt, pos)?,
                None => Unit::Day,
            };
            let d = d0()?;
            Value::Date(if f == DateFn::Trunc {
                unit.trunc(d)
            } else {
                unit.round(d).ok_or_else(|| LabError::new(ora::YEAR_RANGE, pos))?
            })
        }
        DateFn::AddMonths => {
            let n = num(&v[1], pos)?.expect("not null").trunc(0).map_err(|e| num_error(e, pos))?;
            let months = n.to_f64().clamp(-1e6, 1e6) as i64;
            Value::Date(d0()?.add_months(months).ok_or_else(|| LabError::new(ora::YEAR_RANGE, pos))?)
        }
        DateFn::MonthsBetween => {
            let b = as_date(&v[1], pos)?.expect("not null");
            Value::Num(months_between(d0()?, b).map_err(|e| num_error(e, pos))?)
        }
        DateFn::LastDay => Value::Date(d0()?.last_day()),
        DateFn::NextDay => {
            let d = d0()?;
            let name = v[1].to_string();
            let day = weekday_named(&name).ok_or_else(|| LabError::new(ora::NOT_A_VALID_DAY_OF_WEEK, pos))?;
            let ahead = (day + 7 - d.weekday()) % 7;
            let ahead = if ahead == 0 { 7 } else { ahead };
            shifted(d, ahead as i64 * DAY, pos)?
        }
        DateFn::Extract => {
            let d = as_date(&v[1], pos)?.expect("not null");
            let c = d.civil();
            Value::int(match v[0].to_string().as_str() {
                "YEAR" => c.year as i64,
                "MONTH" => c.month as i64,
                "DAY" => c.day as i64,
                // Oracle: HOUR, MINUTE and SECOND are fields of a
                // TIMESTAMP, not of a DATE.
                _ => return Err(LabError::new(ora::INVALID_EXTRACT_FIELD, pos)),
            })
        }
        DateFn::Sysdate => unreachable!("SYSDATE returned above"),
    })
}

fn str_or_null(s: String) -> Value {
    if s.is_empty() {
        Value::Null
    } else {
        Value::str(&s)
    }
}

fn weekday_named(s: &str) -> Option<u32> {
    const DAYS: [&str; 7] = ["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"];
    let s = s.trim().to_ascii_uppercase();
    if s.len() < 3 {
        return None;
    }
    DAYS.iter().position(|d| d.starts_with(&s) || (s.len() == 3 && d[..3] == s)).map(|i| i as u32)
}

/// `MONTHS_BETWEEN(a, b)`: whole months when the days of the month are
/// the same or both are the last of their months; otherwise the months
/// and the difference in days (time included) over 31.
pub fn months_between(a: Date, b: Date) -> Result<Number, crate::number::NumError> {
    let (ca, cb) = (a.civil(), b.civil());
    let months = (ca.year as i64 - cb.year as i64) * 12 + ca.month as i64 - cb.month as i64;
    let last = |c: &date::Civil| c.day == date::days_in_month(c.year, c.month);
    if ca.day == cb.day || (last(&ca) && last(&cb)) {
        return Ok(Number::from_i64(months));
    }
    let secs = |c: &date::Civil| ((c.day as i64 * 24 + c.hour as i64) * 60 + c.minute as i64) * 60 + c.second as i64;
    let frac = Number::from_i64(secs(&ca) - secs(&cb)).div(&Number::from_i64(31 * DAY))?;
    Number::from_i64(months).add(&frac)
}

/// A DATE plus an interval's whole seconds or months (`v[1]`): ORA-30081
/// when `v[0]` is a NUMBER; text (read by NLS_DATE_FORMAT in Oracle only
/// in some contexts) and fractional amounts are refused.
fn plus_interval(f: DateFn, v: &[Value], pos: Pos) -> Result<Value, LabError> {
    let d = match &v[0] {
        Value::Date(d) => *d,
        Value::Num(_) => return Err(LabError::new(ora::DATETIME_INTERVAL_ARITH, pos)),
        _ => return Err(LabError::unsupported("an INTERVAL added to text (only to a DATE)", pos)),
    };
    let n = num(&v[1], pos)?.expect("not null");
    if !n.is_integer() {
        return Err(LabError::unsupported("fractional seconds or months of an INTERVAL added to a DATE", pos));
    }
    let k = n.to_f64();
    if k.abs() > 1e13 {
        return Err(LabError::new(ora::YEAR_RANGE, pos));
    }
    if f == DateFn::AddSeconds {
        return shifted(d, k as i64, pos);
    }
    // The same day of the month `k` months on.
    let c = d.civil();
    let m0 = i64::from(c.year) * 12 + i64::from(c.month) - 1 + k as i64;
    let (y, m) = (m0.div_euclid(12), m0.rem_euclid(12) as u32 + 1);
    let y = i32::try_from(y).map_err(|_| LabError::new(ora::YEAR_RANGE, pos))?;
    if c.day > date::days_in_month(y, m) {
        return Err(LabError::new(ora::DATE_NOT_VALID_FOR_MONTH, pos));
    }
    let day = Date::ymd(y, m, c.day).ok_or_else(|| LabError::new(ora::YEAR_RANGE, pos))?;
    shifted(day, d.seconds() - d.midnight().seconds(), pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_between_as_oracle() {
        let d = |y, m, dd| Date::ymd(y, m, dd).unwrap();
        // The SQL Language Reference: MONTHS_BETWEEN('02-02-1995', '01-01-1995') = 1.03225806.
        let m = months_between(d(1995, 2, 2), d(1995, 1, 1)).unwrap();
        assert_eq!(format!("{:.8}", m.to_f64()), "1.03225806");
        assert_eq!(months_between(d(2020, 2, 29), d(2020, 1, 31)).unwrap().to_f64(), 1.0);
        assert_eq!(weekday_named("tue"), Some(2));
        assert_eq!(weekday_named("x"), None);
    }
}
