//! The functions that choose among their arguments: NVL, NVL2, DECODE,
//! COALESCE, NULLIF, GREATEST and LEAST, with Oracle's conversions (the
//! first argument, or first search value, decides the comparison's type).

use super::datefn;
use crate::number::Number;
use crate::value::Value;
use lio_sql::ast::Pos;
use lio_sql::{ora, LabError};
use std::cmp::Ordering;

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
    // A DATE compared with text converts the text by NLS_DATE_FORMAT
    // (its errors are the comparison's); with a number, ORA-00932.
    match (x, y) {
        (Value::Date(a), b @ (Value::Str(_) | Value::Num(_))) => return Ok(datefn::as_date(b, pos)?.map(|b| a.cmp(&b))),
        (a @ (Value::Str(_) | Value::Num(_)), Value::Date(b)) => return Ok(datefn::as_date(a, pos)?.map(|a| a.cmp(b))),
        _ => {}
    }
    Ok(Some(x.cmp_sql(y)))
}

/// The functions that choose among their arguments: NVL, NVL2, DECODE,
/// COALESCE, NULLIF, GREATEST/LEAST.
/// The choosing functions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Choose {
    Nvl,
    Nvl2,
    Decode,
    Coalesce,
    Nullif,
    Greatest,
    Least,
}

pub(super) fn choose_func(f: Choose, v: &[Value], pos: Pos) -> Result<Value, LabError> {
    Ok(match f {
        Choose::Nvl => {
            if v[0].is_null() {
                v[1].clone()
            } else {
                v[0].clone()
            }
        }
        Choose::Nvl2 => {
            if v[0].is_null() {
                v[2].clone()
            } else {
                v[1].clone()
            }
        }
        Choose::Decode => {
            // DECODE(x, s1, r1, ..., [default]): NULL matches NULL.
            // x and each search value are converted to the first search
            // value's type (SQL Language Reference, DECODE): after a text
            // search value a number compares as its text, so
            // DECODE(10, '10.0', ...) does not match.
            let as_text = matches!(v[1], Value::Str(_));
            fn like_first(x: &Value, as_text: bool) -> std::borrow::Cow<'_, Value> {
                match x {
                    Value::Num(_) if as_text => std::borrow::Cow::Owned(Value::str(&x.to_string())),
                    _ => std::borrow::Cow::Borrowed(x),
                }
            }
            let x = like_first(&v[0], as_text);
            let pairs = (v.len() - 1) / 2;
            for i in 0..pairs {
                let (s, r) = (&v[1 + 2 * i], &v[2 + 2 * i]);
                let hit = if x.is_null() || s.is_null() {
                    x.is_null() && s.is_null()
                } else {
                    compare(&x, &like_first(s, as_text), pos)? == Some(Ordering::Equal)
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
        Choose::Coalesce => v.iter().find(|x| !x.is_null()).cloned().unwrap_or(Value::Null),
        Choose::Nullif => {
            // Text and a number are no match for NULLIF: ORA-00932.
            match (&v[0], &v[1]) {
                (Value::Str(_), Value::Num(_)) => return Err(inconsistent(&"CHAR", &"NUMBER", pos)),
                (Value::Num(_), Value::Str(_)) => return Err(inconsistent(&"NUMBER", &"CHAR", pos)),
                _ => {}
            }
            if compare(&v[0], &v[1], pos)? == Some(Ordering::Equal) {
                Value::Null
            } else {
                v[0].clone()
            }
        }
        Choose::Greatest | Choose::Least => {
            if v.iter().any(|x| x.is_null()) {
                return Ok(Value::Null);
            }
            // The first argument decides (SQL Language Reference,
            // GREATEST): after text, every other is converted to text and
            // compared as text (GREATEST('10', 9) is '9'); after a number,
            // to a number (GREATEST(1, '5') is the NUMBER 5).
            let like_first = |x: &Value| -> Result<Value, LabError> {
                Ok(match (&v[0], x) {
                    (Value::Str(_), Value::Num(_)) => Value::str(&x.to_string()),
                    (Value::Num(_), Value::Str(s)) => {
                        Value::Num(Number::parse(s).map_err(|_| LabError::new(ora::INVALID_NUMBER, pos))?)
                    }
                    _ => x.clone(),
                })
            };
            let mut best = v[0].clone();
            for x in &v[1..] {
                let x = &like_first(x)?;
                let o = compare(x, &best, pos)?;
                let better =
                    if f == Choose::Greatest { o == Some(Ordering::Greater) } else { o == Some(Ordering::Less) };
                if better {
                    best = x.clone();
                }
            }
            best
        }
    })
}

fn inconsistent(expected: &dyn std::fmt::Display, got: &dyn std::fmt::Display, pos: Pos) -> LabError {
    LabError::with_args(ora::INCONSISTENT_DATATYPES, &[expected, got], pos)
}
