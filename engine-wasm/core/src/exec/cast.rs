//! `CAST(x AS type)` of the scalar types the lab stores: VARCHAR2(n),
//! CHAR(n) (blank-padded), NUMBER[(p[,s])] and DATE, with Oracle's
//! errors: ORA-25137 for text longer than the type, ORA-01722 for text
//! that is no number, ORA-01438 for a number over the precision (rounded
//! to the scale first, as a column stores it), ORA-00932 for a DATE to
//! NUMBER or a NUMBER to DATE. A DATE or NUMBER to text is its default
//! text (NLS_DATE_FORMAT for a DATE).

use crate::number::Number;
use crate::value::Value;
use lio_sql::ast::Pos;
use lio_sql::{ora, LabError};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastTo {
    Varchar2(u32),
    Char(u32),
    Number(Option<u32>, Option<i32>),
    Date,
}

impl CastTo {
    /// From the parser's `CAST(x, 'TYPE', n, s)` (-1 and -1000: not given).
    pub fn from_parts(kind: &str, n: i64, s: i64) -> Option<CastTo> {
        let len = u32::try_from(n).ok();
        Some(match kind {
            "VARCHAR2" => CastTo::Varchar2(len?),
            "CHAR" => CastTo::Char(len?),
            "NUMBER" => CastTo::Number(len, (s != -1000).then_some(s as i32)),
            "DATE" => CastTo::Date,
            _ => return None,
        })
    }

    /// The type as a plan's predicate prints it.
    pub fn text(self) -> String {
        match self {
            CastTo::Varchar2(n) => format!("VARCHAR2({n})"),
            CastTo::Char(n) => format!("CHAR({n})"),
            CastTo::Number(None, _) => "NUMBER".into(),
            CastTo::Number(Some(p), None) => format!("NUMBER({p})"),
            CastTo::Number(Some(p), Some(s)) => format!("NUMBER({p},{s})"),
            CastTo::Date => "DATE".into(),
        }
    }

    /// The column type a CREATE TABLE AS SELECT gives the result.
    pub fn data_type(self) -> lio_sql::ast::DataType {
        use lio_sql::ast::DataType;
        match self {
            CastTo::Varchar2(len) => DataType::Varchar2 { len, char_semantics: false },
            CastTo::Char(len) => DataType::Char { len },
            CastTo::Number(precision, scale) => DataType::Number { precision, scale },
            CastTo::Date => DataType::Date,
        }
    }
}

fn inconsistent(expected: &str, got: &str, pos: Pos) -> LabError {
    LabError::with_args(ora::INCONSISTENT_DATATYPES, &[&expected, &got], pos)
}

pub fn eval(to: CastTo, v: &Value, pos: Pos) -> Result<Value, LabError> {
    if v.is_null() {
        return Ok(Value::Null);
    }
    Ok(match to {
        CastTo::Varchar2(n) | CastTo::Char(n) => {
            let s = match v {
                Value::Str(s) => s.to_string(),
                other => other.to_string(),
            };
            if s.len() > n as usize {
                return Err(LabError::new(ora::CAST_VALUE_OUT_OF_RANGE, pos));
            }
            match to {
                CastTo::Char(n) => Value::str(&format!("{s:<width$}", width = n as usize)),
                _ => Value::str(&s),
            }
        }
        CastTo::Number(p, s) => {
            let n = match v {
                Value::Num(n) => *n,
                Value::Date(_) => return Err(inconsistent("NUMBER", "DATE", pos)),
                other => Number::parse(other.to_string().trim()).map_err(|e| super::expr::num_error(e, pos))?,
            };
            let fitted = super::convert::fit_number(n, p, s);
            Value::Num(fitted.ok_or_else(|| LabError::new(ora::VALUE_LARGER_THAN_PRECISION, pos))?)
        }
        CastTo::Date => match v {
            Value::Date(d) => Value::Date(*d),
            Value::Num(_) => return Err(inconsistent("DATE", "NUMBER", pos)),
            other => Value::Date(super::datefn::text_to_date(&other.to_string(), pos)?),
        },
    })
}
