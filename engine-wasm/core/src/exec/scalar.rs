//! Conversions on values, with no expression tree: the number a text
//! holds, `CHAR(n)` padding, `NUMBER(p,s)` rounding, the VARCHAR2 limits
//! of `||`, and `DUMP`'s internal formats. `convert` (the implicit
//! conversions the compiler inserts) and `expr` (evaluation) both use them;
//! this module uses neither.

use crate::number::Number;
use crate::value::Value;
use lio_sql::ast::Pos;
use lio_sql::{ora, LabError};

/// The number a character value holds, as Oracle's implicit conversion
/// (and `TO_NUMBER` without a format) reads it: blanks around an optional
/// sign, digits with at most one decimal point, an optional exponent.
/// None for anything else (`'abc'`, `'inf'`, `'NaN'`, `'0x10'`, `'1_000'`).
pub fn parse_number(s: &str) -> Option<Number> {
    let t = s.trim_matches(' ');
    let b = t.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let mut digits = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
        digits += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return None;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return None;
        }
    }
    if i != b.len() {
        return None;
    }
    Number::parse(t).ok()
}

/// A value used as a number: text converted (ORA-01722 when it is not a
/// number), NULL as None.
pub fn number_of(v: &Value, pos: Pos) -> Result<Option<f64>, LabError> {
    match v {
        Value::Null => Ok(None),
        Value::Str(s) => {
            parse_number(s).map(|n| Some(n.to_f64())).ok_or_else(|| LabError::new(ora::INVALID_NUMBER, pos))
        }
        other => Ok(other.as_f64()),
    }
}

/// A value stored in a `CHAR(n)` column or variable: blank-padded to `n`.
/// None when it is longer than `n` (the caller raises its error).
pub fn pad_char(s: &str, n: u32) -> Option<String> {
    let have = s.chars().count();
    if have > n as usize {
        return None;
    }
    let mut out = String::with_capacity(s.len() + n as usize - have);
    out.push_str(s);
    out.extend(std::iter::repeat_n(' ', n as usize - have));
    Some(out)
}

/// A number stored in `NUMBER(p, s)`: rounded to the scale (half away from
/// zero; `NUMBER(p)` is scale 0); None when its integer part has more than
/// `p - s` digits (ORA-01438).
pub fn fit_number(n: Number, precision: Option<u32>, scale: Option<i32>) -> Option<Number> {
    let scale = scale.or(precision.map(|_| 0));
    let rounded = match scale {
        Some(s) => n.round(s).ok()?,
        None => n,
    };
    if let Some(p) = precision {
        let limit = Number::parse(&format!("1e{}", p as i64 - i64::from(scale.unwrap_or(0)))).ok()?;
        if rounded.abs() >= limit {
            return None;
        }
    }
    Some(rounded)
}

/// The SQL length limit of a VARCHAR2 value (MAX_STRING_SIZE = STANDARD)
/// and of a PL/SQL one.
pub const SQL_VARCHAR2_MAX: usize = 4000;
pub const PLSQL_VARCHAR2_MAX: usize = 32767;

/// `a || b` in SQL: ORA-01489 past 4,000 bytes.
pub fn concat_sql(a: &Value, b: &Value, limit: usize, pos: Pos) -> Result<Value, LabError> {
    let (x, y) = (text_of(a), text_of(b));
    let len = x.as_deref().map_or(0, str::len) + y.as_deref().map_or(0, str::len);
    if len > limit {
        return Err(if limit == SQL_VARCHAR2_MAX {
            LabError::new(ora::CONCAT_TOO_LONG, pos)
        } else {
            LabError::new(ora::PLSQL_BUFFER_TOO_SMALL, pos)
        });
    }
    if len == 0 {
        return Ok(Value::Null);
    }
    let mut s = String::with_capacity(len);
    s.push_str(x.as_deref().unwrap_or(""));
    s.push_str(y.as_deref().unwrap_or(""));
    Ok(Value::str(&s))
}

fn text_of(v: &Value) -> Option<std::borrow::Cow<'_, str>> {
    match v {
        Value::Null => None,
        Value::Str(s) => Some(std::borrow::Cow::Borrowed(s)),
        other => Some(std::borrow::Cow::Owned(other.to_string())),
    }
}

/// The bytes of a NUMBER in Oracle's internal format, from its decimal
/// text (`-12.5`, `.25`, `1E+44`): an exponent byte, then base-100 digits
/// (each plus one; for a negative number 101 minus it, and a 102
/// terminator when there are fewer than 20).
pub fn number_bytes(text: &str) -> Option<Vec<u8>> {
    let t = text.trim();
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let (mant, exp) = match t.find(['e', 'E']) {
        Some(i) => (&t[..i], t[i + 1..].parse::<i32>().ok()?),
        None => (t, 0),
    };
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    if !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let all: String = format!("{int}{frac}");
    // Digits and the position of the decimal point among them.
    let lead = all.bytes().take_while(|&b| b == b'0').count();
    let digits = all[lead..].trim_end_matches('0');
    if digits.is_empty() {
        return Some(vec![0x80]);
    }
    let mut point = int.len() as i32 - lead as i32 + exp;
    let mut d: Vec<u8> = digits.bytes().map(|b| b - b'0').collect();
    if point.rem_euclid(2) == 1 {
        d.insert(0, 0);
        point += 1;
    }
    if d.len() % 2 == 1 {
        d.push(0);
    }
    let pairs: Vec<u8> = d.chunks(2).map(|c| c[0] * 10 + c[1]).take(20).collect();
    let e100 = point / 2 - 1;
    let mut out = Vec::with_capacity(pairs.len() + 2);
    if neg {
        out.push((62 - e100) as u8);
        out.extend(pairs.iter().map(|p| 101 - p));
        if pairs.len() < 20 {
            out.push(102);
        }
    } else {
        out.push((193 + e100) as u8);
        out.extend(pairs.iter().map(|p| p + 1));
    }
    Some(out)
}

/// `DUMP(v, fmt)`: `Typ=96 Len=3: 97,98,99`, NULL as `NULL`. `typ` 0 takes
/// the type from the value (a number 2, text 1).
pub fn dump(v: &Value, typ: u8, fmt: u32, pos: Pos) -> Result<Value, LabError> {
    let (typ, bytes) = match v {
        Value::Null => return Ok(Value::str("NULL")),
        Value::Num(_) => {
            let b = number_bytes(&v.to_string()).ok_or_else(|| LabError::unsupported("DUMP of this number", pos))?;
            (2, b)
        }
        Value::Str(s) => (if typ == 0 || typ == 2 { 1 } else { typ }, s.as_bytes().to_vec()),
        Value::Date(d) => (12, d.to_bytes().to_vec()),
    };
    let list: Vec<String> = bytes
        .iter()
        .map(|&b| match fmt {
            8 => format!("{b:o}"),
            16 => format!("{b:x}"),
            17 if b.is_ascii_graphic() || b == b' ' => (b as char).to_string(),
            17 => format!("{b:x}"),
            _ => b.to_string(),
        })
        .collect();
    Ok(Value::str(&format!("Typ={typ} Len={}: {}", bytes.len(), list.join(","))))
}
