//! The functions that choose among their arguments: NVL, NVL2, DECODE,
//! COALESCE, NULLIF, GREATEST and LEAST, with Oracle's conversions (the
//! first argument, or first search value, decides the comparison's type).

use super::func::{compare, Func};
use crate::number::Number;
use crate::value::Value;
use lio_sql::ast::Pos;
use lio_sql::{ora, LabError};
use std::cmp::Ordering;

/// The functions that choose among their arguments: NVL, NVL2, DECODE,
/// COALESCE, NULLIF, GREATEST/LEAST.
pub(super) fn choose_func(f: Func, v: &[Value], pos: Pos) -> Result<Value, LabError> {
    Ok(match f {
        Func::Nvl => {
            if v[0].is_null() {
                v[1].clone()
            } else {
                v[0].clone()
            }
        }
        Func::Nvl2 => {
            if v[0].is_null() {
                v[2].clone()
            } else {
                v[1].clone()
            }
        }
        Func::Decode => {
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
        Func::Coalesce => v.iter().find(|x| !x.is_null()).cloned().unwrap_or(Value::Null),
        Func::Nullif => {
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
        Func::Greatest | Func::Least => {
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
                let better = if f == Func::Greatest { o == Some(Ordering::Greater) } else { o == Some(Ordering::Less) };
                if better {
                    best = x.clone();
                }
            }
            best
        }
        _ => return Err(LabError::unsupported(format!("{f:?} here"), pos)),
    })
}

fn inconsistent(expected: &dyn std::fmt::Display, got: &dyn std::fmt::Display, pos: Pos) -> LabError {
    LabError::with_args(ora::INCONSISTENT_DATATYPES, &[expected, got], pos)
}
