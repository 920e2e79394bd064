//! Number format models: TO_CHAR(number, fmt) and TO_NUMBER(text, fmt)
//! (Oracle Database SQL Language Reference, "Number Format Models").
//!
//! Elements: `9` (a digit, leading zeros blank), `0` (a digit, zeros
//! shown from the first `0` on), `,` and `G` (group separator: `,`), `.`
//! and `D` (decimal point: `.`, the lab's NLS_TERRITORY is AMERICA), `$`,
//! `B` (blanks for zero), `FM` (no padding blanks; trailing zeros of `9`
//! places dropped), `S` (leading or trailing sign), `MI` (trailing minus),
//! `PR` (negative in angle brackets), `EEEE` (scientific), `X`/`x`
//! (hexadecimal), `TM`, `TM9`, `TME` (text minimum). The value is rounded
//! to the fractional places; too many integer digits print as `#`, one
//! per place of the result. A positive value takes a blank where a
//! negative one takes its minus sign, unless S, MI or PR places the sign.
//! Not modelled (LAB-00001): `L`, `C`, `U` (currency), `V`, `RN`.

use crate::number::Number;
use crate::value::Value;
use lio_sql::ast::Pos;
use lio_sql::{ora, LabError};

/// Where the sign goes.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Sign {
    /// A blank or `-` before the first character.
    Default,
    LeadingS,
    TrailingS,
    Mi,
    Pr,
}

/// A parsed fixed-point or scientific model.
#[derive(Debug, Default)]
struct Model {
    fm: bool,
    blank_zero: bool,
    dollar: bool,
    /// Integer places, left to right: `Some(zero)` a digit (`0` or `9`),
    /// `None` a group separator.
    int: Vec<Option<bool>>,
    /// Whether the model has a decimal point.
    point: bool,
    /// Fractional places, left to right: true for `0`.
    frac: Vec<bool>,
    eeee: bool,
    sign: Option<Sign>,
}

fn bad_model(pos: Pos) -> LabError {
    LabError::new(ora::INVALID_NUMBER_FORMAT, pos)
}

fn parse_model(fmt: &str, pos: Pos) -> Result<Model, LabError> {
    let up = fmt.to_ascii_uppercase();
    let mut m = Model::default();
    let mut s = up.as_str();
    let mut sign = None;
    loop {
        if let Some(r) = s.strip_prefix("FM") {
            m.fm = true;
            s = r;
        } else if let Some(r) = s.strip_prefix('B') {
            m.blank_zero = true;
            s = r;
        } else if let Some(r) = s.strip_prefix('$') {
            m.dollar = true;
            s = r;
        } else if let Some(r) = s.strip_prefix('S').filter(|_| sign.is_none()) {
            sign = Some(Sign::LeadingS);
            s = r;
        } else {
            break;
        }
    }
    for (suffix, which) in [("MI", Sign::Mi), ("PR", Sign::Pr), ("S", Sign::TrailingS)] {
        if let Some(r) = s.strip_suffix(suffix) {
            if sign.is_some() {
                return Err(bad_model(pos));
            }
            sign = Some(which);
            s = r;
            break;
        }
    }
    if let Some(r) = s.strip_suffix("EEEE") {
        m.eeee = true;
        s = r;
    }
    m.sign = sign;
    for c in s.chars() {
        match c {
            '9' | '0' if !m.point => m.int.push(Some(c == '0')),
            '9' | '0' => m.frac.push(c == '0'),
            ',' | 'G' if !m.point && !m.int.is_empty() => m.int.push(None),
            '.' | 'D' if !m.point => m.point = true,
            '$' if !m.dollar => m.dollar = true,
            'L' | 'C' | 'U' | 'V' | 'R' | 'N' => {
                return Err(LabError::unsupported(format!("the number format element {c} ('{fmt}')"), pos))
            }
            _ => return Err(bad_model(pos)),
        }
    }
    if m.int.last() == Some(&None) {
        return Err(bad_model(pos));
    }
    Ok(m)
}

/// TO_CHAR(x, fmt) (`to_char`) or TO_NUMBER(x, fmt): NULL in, NULL out;
/// TO_CHAR reads a text as a number first.
pub fn call(to_char_call: bool, v: &[Value], pos: Pos) -> Result<Value, LabError> {
    let fmt = match &v[1] {
        Value::Null => return Ok(Value::Null),
        f => f.to_string(),
    };
    match (&v[0], to_char_call) {
        (Value::Null, _) => Ok(Value::Null),
        (Value::Num(n), true) => to_char(n, &fmt, pos),
        (Value::Num(n), false) => Ok(Value::Num(*n)),
        (x, true) => to_char(
            &Number::parse(x.to_string().trim()).map_err(|_| LabError::new(ora::INVALID_NUMBER, pos))?,
            &fmt,
            pos,
        ),
        (x, false) => to_number(&x.to_string(), &fmt, pos),
    }
}

/// TO_CHAR(n, fmt).
pub fn to_char(n: &Number, fmt: &str, pos: Pos) -> Result<Value, LabError> {
    let up = fmt.to_ascii_uppercase();
    let text = match up.trim_start_matches("FM") {
        "TM" | "TM9" => n.to_string(),
        "TME" => scientific(n.to_f64(), 0, true),
        t if is_hex(t) => hex(n, fmt, pos)?,
        _ => fixed(n, &parse_model(fmt, pos)?),
    };
    Ok(if text.is_empty() { Value::Null } else { Value::str(&text) })
}

/// `XXXX` or `0XXX` (upper case): a hexadecimal model.
fn is_hex(t: &str) -> bool {
    let rest = t.trim_start_matches('0');
    !rest.is_empty() && rest.chars().all(|c| c == 'X')
}

/// `XXXX`: the rounded value in hexadecimal, right-justified with a
/// leading blank (none with FM); leading `0`s pad with zeros.
fn hex(n: &Number, fmt: &str, pos: Pos) -> Result<String, LabError> {
    let fm = fmt.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("FM"));
    let body = if fm { fmt.get(2..).unwrap_or("") } else { fmt };
    let width = body.len();
    let lower = body.contains('x');
    let v = n.round(0).map_err(|_| bad_model(pos))?;
    let overflow = || "#".repeat(width + 1);
    if v.is_negative() {
        return Ok(overflow());
    }
    let Some(x) = v.to_i64() else { return Ok(overflow()) };
    let digits = if lower { format!("{x:x}") } else { format!("{x:X}") };
    if digits.len() > width {
        return Ok(overflow());
    }
    let zeros = body.len() - body.trim_start_matches('0').len();
    let padded = if zeros > 0 { format!("{digits:0>width$}") } else { digits };
    Ok(if fm { padded } else { format!("{padded:>w$}", w = width + 1) })
}

/// `d.ddE+nn` with `places` fractional digits (all significant ones for
/// TME).
fn scientific(x: f64, places: usize, minimal: bool) -> String {
    if x == 0.0 {
        return if minimal { "0E+00".into() } else { format!("{:.*}E+00", places, 0.0) };
    }
    let s = if minimal { format!("{:e}", x.abs()) } else { format!("{:.*e}", places, x.abs()) };
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = exp.parse().unwrap_or(0);
    let sign = if x < 0.0 { "-" } else { "" };
    format!("{sign}{mantissa}E{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
}

/// A fixed-point or EEEE model applied to `n`.
fn fixed(n: &Number, m: &Model) -> String {
    let places = m.frac.len();
    let int_places = m.int.iter().flatten().count();
    // The width the result takes (`#`s when it does not fit).
    let body = m.int.len() + usize::from(m.point) + places + usize::from(m.dollar);
    let sign_width = match m.sign {
        Some(Sign::Pr) => 2,
        _ => 1,
    };
    let width = body + sign_width + if m.eeee { 5 } else { 0 };
    let overflow = "#".repeat(width);
    if m.eeee {
        let s = scientific(n.to_f64(), places, false);
        let (neg, s) = match s.strip_prefix('-') {
            Some(r) => (true, r.to_string()),
            None => (false, s),
        };
        let s = if m.dollar { format!("${s}") } else { s };
        return signed(&s, neg, m, width);
    }
    let Ok(r) = n.round(places as i32) else { return overflow };
    let neg = r.is_negative();
    let text = r.abs().to_string();
    if text.contains('E') {
        return overflow;
    }
    let (ip, fp) = text.split_once('.').unwrap_or((&text, ""));
    let ip = if ip == "0" { "" } else { ip };
    if ip.len() > int_places {
        return overflow;
    }
    if m.blank_zero && r.is_zero() {
        return if m.fm { String::new() } else { " ".repeat(width) };
    }
    // Integer places, right to left.
    let first_zero = m.int.iter().position(|p| *p == Some(true));
    let mut digits = ip.bytes().rev();
    let mut out: Vec<u8> = Vec::with_capacity(width);
    for (i, p) in m.int.iter().enumerate().rev() {
        let zero_fill = first_zero.is_some_and(|z| i >= z);
        match p {
            Some(_) => match digits.next() {
                Some(d) => out.push(d),
                None if zero_fill => out.push(b'0'),
                None => out.push(b' '),
            },
            None => out.push(b','),
        }
    }
    out.reverse();
    // Group separators with no digit to their left are blanks.
    let mut seen = false;
    for c in out.iter_mut() {
        if c.is_ascii_digit() {
            seen = true;
        } else if *c == b',' && !seen {
            *c = b' ';
        }
    }
    // Zero with no decimal point: a zero in the last integer place.
    if ip.is_empty() && !m.point && !out.iter().any(u8::is_ascii_digit) {
        if let Some(last) = out.last_mut() {
            *last = b'0';
        }
    }
    let mut s = String::from_utf8_lossy(&out).into_owned();
    if m.point {
        s.push('.');
        let mut f: Vec<u8> = fp.bytes().chain(std::iter::repeat(b'0')).take(places).collect();
        if m.fm {
            // FM drops the trailing zeros of `9` places.
            while f.last() == Some(&b'0') && m.frac.get(f.len() - 1) == Some(&false) {
                f.pop();
            }
        }
        s.push_str(&String::from_utf8_lossy(&f));
    }
    // The sign and `$` float to the first character.
    let (pad, digits) = s.split_at(s.len() - s.trim_start().len());
    let s = if m.dollar { format!("{pad}${digits}") } else { s.clone() };
    signed(&s, neg, m, width)
}

/// The sign placed as the model says, padded to `width` (trimmed by FM).
fn signed(s: &str, neg: bool, m: &Model, width: usize) -> String {
    let (pad, body) = s.split_at(s.len() - s.trim_start().len());
    let out = match m.sign.unwrap_or(Sign::Default) {
        Sign::Default => format!("{pad}{}{body}", if neg { "-" } else { " " }),
        Sign::LeadingS => format!("{pad}{}{body}", if neg { "-" } else { "+" }),
        Sign::TrailingS => format!("{pad}{body}{}", if neg { "-" } else { "+" }),
        Sign::Mi => format!("{pad}{body}{}", if neg { "-" } else { " " }),
        Sign::Pr if neg => format!("{pad}<{body}>"),
        Sign::Pr => format!("{pad} {body} "),
    };
    if m.fm {
        out.trim().to_string()
    } else {
        format!("{out:>width$}")
    }
}

/// TO_NUMBER(text, fmt): the text read as the model writes numbers.
pub fn to_number(text: &str, fmt: &str, pos: Pos) -> Result<Value, LabError> {
    let invalid = || LabError::new(ora::INVALID_NUMBER, pos);
    let up = fmt.to_ascii_uppercase();
    let body = up.trim_start_matches("FM");
    let t = text.trim();
    if t.is_empty() {
        return Ok(Value::Null);
    }
    if is_hex(body) {
        if t.len() > body.len() {
            return Err(invalid());
        }
        let v = u64::from_str_radix(t, 16).map_err(|_| invalid())?;
        return Ok(Value::Num(Number::from_u64(v)));
    }
    if matches!(body, "TM" | "TM9" | "TME") {
        return Number::parse(t).map(Value::Num).map_err(|_| invalid());
    }
    let m = parse_model(fmt, pos)?;
    let mut s = t.to_string();
    let mut neg = false;
    match m.sign {
        Some(Sign::Pr) if s.starts_with('<') && s.ends_with('>') => {
            neg = true;
            s = s[1..s.len() - 1].to_string();
        }
        Some(Sign::Mi | Sign::TrailingS) if s.ends_with('-') || s.ends_with('+') => {
            neg = s.ends_with('-');
            s.pop();
        }
        _ => {}
    }
    if let Some(r) = s.strip_prefix('-').or_else(|| s.strip_prefix('+')) {
        neg = s.starts_with('-');
        s = r.to_string();
    }
    if m.dollar {
        s = s.strip_prefix('$').ok_or_else(invalid)?.to_string();
    }
    let digits: String = s.chars().filter(|&c| c != ',').collect();
    let (ip, fp) = digits.split_once('.').unwrap_or((&digits, ""));
    if ip.len() > m.int.iter().flatten().count()
        || fp.len() > m.frac.len()
        || !digits.chars().all(|c| c.is_ascii_digit() || c == '.')
    {
        return Err(invalid());
    }
    let n = Number::parse(&digits).map_err(|_| invalid())?;
    Ok(Value::Num(if neg { n.neg() } else { n }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(x: &str, fmt: &str) -> String {
        match to_char(&Number::parse(x).unwrap(), fmt, Pos::default()).unwrap() {
            Value::Str(s) => s.to_string(),
            _ => String::new(),
        }
    }

    #[test]
    fn reference_examples() {
        assert_eq!(c("-1234567890", "9999999999S"), "1234567890-");
        assert_eq!(c("1234567890", "9999999999S"), "1234567890+");
        assert_eq!(c("0", "99.99"), "   .00");
        assert_eq!(c("0.1", "99.99"), "   .10");
        assert_eq!(c("-0.2", "99.99"), "  -.20");
        assert_eq!(c("0", "90.99"), "  0.00");
        assert_eq!(c("-0.2", "90.99"), " -0.20");
        assert_eq!(c("0", "9999"), "    0");
        assert_eq!(c("1", "9999"), "    1");
        assert_eq!(c("0", "B9999"), "     ");
        assert_eq!(c("123.456", "999.999"), " 123.456");
        assert_eq!(c("-123.456", "999.999"), "-123.456");
        assert_eq!(c("123.456", "FM999.009"), "123.456");
        assert_eq!(c("123.45", "FM999.009"), "123.45");
        assert_eq!(c("123", "FM999.009"), "123.00");
        assert_eq!(c("123.456", "9.9EEEE"), "  1.2E+02");
        assert_eq!(c("1E+123", "9.9EEEE"), " 1.0E+123");
        assert_eq!(c("123.456", "FM9.9EEEE"), "1.2E+02");
    }

    #[test]
    fn groups_overflow_hex_and_signs() {
        assert_eq!(c("1234.5", "9,999.99"), " 1,234.50");
        assert_eq!(c("12.5", "9,999.99"), "    12.50");
        assert_eq!(c("12345", "9999"), "#####");
        assert_eq!(c("255", "XX"), " FF");
        assert_eq!(c("255", "FMxxxx"), "ff");
        assert_eq!(c("255", "0XXX"), " 00FF");
        assert_eq!(c("-12345", "999999MI"), " 12345-");
        assert_eq!(c("-12345", "999999PR"), " <12345>");
        assert_eq!(c("123", "$9999"), "  $123");
        assert_eq!(c("-123", "$9999"), " -$123");
        assert_eq!(c("42", "S9999"), "  +42");
        assert_eq!(c("123", "FM999.99"), "123.");
        assert_eq!(c("0.66", "fm99.99"), ".66");
        assert_eq!(c("1234", "TM"), "1234");
    }

    #[test]
    fn to_number_reads_the_model() {
        let n = |t: &str, f: &str| to_number(t, f, Pos::default()).map(|v| v.to_string());
        assert_eq!(n("$1,234.50", "$9,999.99").unwrap(), "1234.5");
        assert_eq!(n("FF", "XX").unwrap(), "255");
        assert_eq!(n("12345-", "99999MI").unwrap(), "-12345");
        assert_eq!(n("<12>", "99PR").unwrap(), "-12");
        assert!(n("123456", "9999").is_err());
    }
}
