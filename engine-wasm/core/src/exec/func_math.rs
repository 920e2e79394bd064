//! Numeric and character functions of issue 33 that scripts use in their
//! first lines: SQRT, POWER, LN, EXP, LOG, REMAINDER, BITAND, INITCAP,
//! REVERSE, ASCII, CHR. NUMBER results keep Oracle's 20 base-100 digits
//! (the transcendental ones correctly rounded, see `number::transc`);
//! what the lab cannot compute (a character above 127) is refused
//! (LAB-00001), not approximated.

use crate::number::{NumError, Number};
use crate::value::Value;
use lio_sql::ast::Pos;
use lio_sql::{ora, LabError};

/// The functions of this module (`Func::Math`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Math {
    Sqrt,
    Power,
    Ln,
    Exp,
    /// `LOG(base, x)`.
    Log,
    Remainder,
    Bitand,
    Initcap,
    Reverse,
    Ascii,
    Chr,
    /// `TRANSLATE(x, from, to)`.
    Translate,
}

impl Math {
    pub(super) fn lookup(name: &str) -> Option<Math> {
        Some(match name {
            "SQRT" => Math::Sqrt,
            "POWER" => Math::Power,
            "LN" => Math::Ln,
            "EXP" => Math::Exp,
            "LOG" => Math::Log,
            "REMAINDER" => Math::Remainder,
            "BITAND" => Math::Bitand,
            "INITCAP" => Math::Initcap,
            "REVERSE" => Math::Reverse,
            "ASCII" => Math::Ascii,
            "CHR" => Math::Chr,
            "TRANSLATE" => Math::Translate,
            _ => return None,
        })
    }

    pub(super) fn arity(self) -> (usize, usize) {
        match self {
            Math::Power | Math::Log | Math::Remainder | Math::Bitand => (2, 2),
            Math::Translate => (3, 3),
            _ => (1, 1),
        }
    }

    /// The name Oracle prints (plan predicates).
    pub fn name(self) -> &'static str {
        match self {
            Math::Sqrt => "SQRT",
            Math::Power => "POWER",
            Math::Ln => "LN",
            Math::Exp => "EXP",
            Math::Log => "LOG",
            Math::Remainder => "REMAINDER",
            Math::Bitand => "BITAND",
            Math::Initcap => "INITCAP",
            Math::Reverse => "REVERSE",
            Math::Ascii => "ASCII",
            Math::Chr => "CHR",
            Math::Translate => "TRANSLATE",
        }
    }
}

pub(crate) fn num(v: &Value, pos: Pos) -> Result<Option<Number>, LabError> {
    match v {
        Value::Null => Ok(None),
        Value::Num(n) => Ok(Some(*n)),
        Value::Str(s) => Number::parse(s).map(Some).map_err(|e| num_error(e, pos)),
        Value::Date(_) => Err(LabError::with_args(ora::INCONSISTENT_DATATYPES, &[&"NUMBER", &"DATE"], pos)),
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

pub(super) fn text(v: &Value) -> Option<String> {
    match v {
        Value::Null => None,
        v => Some(v.to_string()),
    }
}

/// ORA-01428 naming the argument as Oracle prints it (`argument '-1' is
/// out of range`).
fn out_of_range(x: &Number, pos: Pos) -> LabError {
    LabError::with_args(ora::ARGUMENT_OUT_OF_RANGE, &[&x.to_string()], pos)
}

pub(super) fn eval(f: Math, v: &[Value], pos: Pos) -> Result<Value, LabError> {
    let n = |i: usize| num(&v[i], pos);
    let e = |r: Result<Number, NumError>| r.map(Value::Num).map_err(|e| num_error(e, pos));
    Ok(match f {
        Math::Sqrt => match n(0)? {
            Some(x) if x.is_negative() => return Err(out_of_range(&x, pos)),
            Some(x) => e(sqrt(&x))?,
            None => Value::Null,
        },
        Math::Power => match (n(0)?, n(1)?) {
            (Some(a), Some(b)) => e(power(&a, &b, pos)?)?,
            _ => Value::Null,
        },
        Math::Ln => match n(0)? {
            Some(x) if x.is_negative() || x.is_zero() => return Err(out_of_range(&x, pos)),
            Some(x) => e(x.ln())?,
            None => Value::Null,
        },
        Math::Exp => match n(0)? {
            Some(x) => e(x.exp())?,
            None => Value::Null,
        },
        // LOG(n2, n1): base n2 positive and not 1, n1 positive (SQL
        // Language Reference, LOG); the base is checked first.
        Math::Log => match (n(0)?, n(1)?) {
            (Some(b), _) if b.is_negative() || b.is_zero() || b == Number::from_i64(1) => {
                return Err(out_of_range(&b, pos))
            }
            (Some(_), Some(x)) if x.is_negative() || x.is_zero() => return Err(out_of_range(&x, pos)),
            (Some(b), Some(x)) => e(b.log(&x))?,
            _ => Value::Null,
        },
        Math::Remainder => match (n(0)?, n(1)?) {
            (Some(a), Some(b)) => e(remainder(&a, &b))?,
            _ => Value::Null,
        },
        Math::Bitand => match (n(0)?, n(1)?) {
            (Some(a), Some(b)) => {
                let whole = |x: &Number| x.to_i64().filter(|_| x.is_integer());
                match (whole(&a), whole(&b)) {
                    (Some(a), Some(b)) => Value::int(a & b),
                    _ => return Err(LabError::unsupported("BITAND of a value that is not an integer below 2^63", pos)),
                }
            }
            _ => Value::Null,
        },
        Math::Initcap => match text(&v[0]) {
            Some(s) => Value::str(&initcap(&s)),
            None => Value::Null,
        },
        Math::Reverse => match text(&v[0]) {
            // REVERSE reverses bytes: a multibyte character would come
            // out as invalid text, which the lab does not hold.
            Some(s) if !s.is_ascii() => return Err(LabError::unsupported("REVERSE of multibyte characters", pos)),
            Some(s) => Value::str(&s.chars().rev().collect::<String>()),
            None => Value::Null,
        },
        Math::Ascii => match text(&v[0]) {
            // The first character's code in the database character set
            // (AL32UTF8): its bytes read as one number.
            Some(s) => {
                let c = s.chars().next().unwrap_or(' ');
                let mut b = [0u8; 4];
                let code = c.encode_utf8(&mut b).bytes().fold(0i64, |acc, x| acc * 256 + i64::from(x));
                Value::int(code)
            }
            None => Value::Null,
        },
        Math::Chr => match n(0)? {
            Some(x) => match x.to_i64().filter(|c| x.is_integer() && (1..128).contains(c)) {
                Some(c) => Value::str(&char::from(c as u8).to_string()),
                None => {
                    return Err(LabError::unsupported("CHR of a value other than a whole number from 1 to 127", pos))
                }
            },
            None => Value::Null,
        },
        Math::Translate => match (text(&v[0]), text(&v[1]), text(&v[2])) {
            (Some(x), Some(from), Some(to)) => {
                let t = translate(&x, &from, &to);
                if t.is_empty() {
                    Value::Null
                } else {
                    Value::str(&t)
                }
            }
            _ => Value::Null,
        },
    })
}

/// TRANSLATE: each character of `x` found in `from` becomes the character
/// at the same place in `to` (its first place in `from`), or is removed
/// when `to` is shorter; the others are kept. An empty result is NULL.
fn translate(x: &str, from: &str, to: &str) -> String {
    let to: Vec<char> = to.chars().collect();
    x.chars()
        .filter_map(|c| match from.chars().position(|f| f == c) {
            Some(i) => to.get(i).copied(),
            None => Some(c),
        })
        .collect()
}

/// Square root, to NUMBER's 20 base-100 digits ([`Number::sqrt`]).
pub fn sqrt(x: &Number) -> Result<Number, NumError> {
    x.sqrt()
}

/// POWER(a, b): for a whole `b` (|b| up to 10^6) square and multiply,
/// each product rounded to 20 base-100 digits as Oracle's `*`; otherwise
/// `e^(b ln a)` for a positive `a` ([`Number::pow_real`]), ORA-01428 for
/// a negative one.
fn power(a: &Number, b: &Number, pos: Pos) -> Result<Result<Number, NumError>, LabError> {
    let k = match b.to_i64().filter(|k| b.is_integer() && k.unsigned_abs() <= 1_000_000) {
        Some(k) => k,
        None if a.is_negative() && !b.is_integer() => return Err(out_of_range(a, pos)),
        None if a.is_negative() || a.is_zero() => {
            return Err(LabError::unsupported("POWER of 0 or of a negative number to an exponent beyond 10^6", pos))
        }
        None => {
            return match a.pow_real(b) {
                Ok(Some(r)) => Ok(Ok(r)),
                Ok(None) => {
                    Err(LabError::unsupported("POWER of a number this near 1 to an exponent of 10^16 or more", pos))
                }
                Err(e) => Ok(Err(e)),
            }
        }
    };
    if k < 0 && a.is_zero() {
        return Err(LabError::unsupported("POWER of 0 to a negative exponent", pos));
    }
    Ok(whole_power(a, k.unsigned_abs()).and_then(|r| if k < 0 { Number::from_i64(1).div(&r) } else { Ok(r) }))
}

fn whole_power(a: &Number, mut e: u64) -> Result<Number, NumError> {
    let (mut result, mut base) = (Number::from_i64(1), *a);
    while e > 0 {
        if e & 1 == 1 {
            result = result.mul(&base)?;
        }
        e >>= 1;
        if e > 0 {
            base = base.mul(&base)?;
        }
    }
    Ok(result)
}

/// REMAINDER(a, b) = `a - b * N`, N the integer nearest `a / b`, the even
/// one when `a / b` is halfway (SQL Language Reference, REMAINDER); a `b`
/// of 0 is ORA-01476 for NUMBER. Exact: from MOD's remainder `r` (the sign
/// of `a`, below |b|), moved by |b| toward 0 when 2|r| > |b| or, at a tie,
/// when the truncated quotient is odd.
fn remainder(a: &Number, b: &Number) -> Result<Number, NumError> {
    if b.is_zero() {
        return Err(NumError::DivideByZero);
    }
    let r = a.rem(b)?;
    let twice = r.abs().add(&r.abs())?;
    let bb = b.abs();
    let away = match twice.cmp(&bb) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Equal => {
            let q = a.sub(&r)?.div(b)?;
            !q.rem(&Number::from_i64(2))?.is_zero()
        }
    };
    if !away {
        return Ok(r);
    }
    if r.is_negative() {
        r.add(&bb)
    } else {
        r.sub(&bb)
    }
}

/// INITCAP: the first letter of each word in upper case, the others in
/// lower case; words are delimited by characters that are neither letters
/// nor digits.
fn initcap(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut start = true;
    for c in s.chars() {
        if start {
            out.extend(c.to_uppercase());
        } else {
            out.extend(c.to_lowercase());
        }
        start = !c.is_alphanumeric();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Number {
        Number::parse(s).unwrap()
    }
    fn call(f: Math, args: &[Value]) -> Result<Value, LabError> {
        eval(f, args, Pos::default())
    }

    #[test]
    fn sqrt_to_forty_digits() {
        // Worked: sqrt(2) = 1.41421356237309504880168872420969807856967...,
        // 1 then 19 base-100 digits = 39 decimals, rounded up at the 7.
        assert_eq!(sqrt(&n("2")).unwrap().to_string(), "1.41421356237309504880168872420969807857");
        // SQL Language Reference, SQRT: SQRT(26) prints 5.09901951.
        assert_eq!(sqrt(&n("26")).unwrap().to_string()[..10], *"5.09901951");
        // international-dba.blogspot.com (9.2): sqrt(5) 2.23606798, sqrt(8) 2.82842712.
        assert!(sqrt(&n("5")).unwrap().to_string().starts_with("2.236067977"));
        assert!(sqrt(&n("8")).unwrap().to_string().starts_with("2.828427124"));
        assert_eq!(sqrt(&n("144")).unwrap().to_string(), "12");
        assert_eq!(sqrt(&n(".0001")).unwrap().to_string(), ".01");
        assert_eq!(sqrt(&n("0")).unwrap().to_string(), "0");
        assert_eq!(sqrt(&n("1e100")).unwrap(), n("1e50"));
        let e = call(Math::Sqrt, &[Value::Num(n("-1"))]).unwrap_err();
        assert_eq!(e.message, ora::ARGUMENT_OUT_OF_RANGE.text().replace("%s", "-1"));
    }

    #[test]
    fn power_whole_exponents() {
        let p = |a: &str, b: &str| call(Math::Power, &[Value::Num(n(a)), Value::Num(n(b))]);
        // SQL Language Reference, POWER: POWER(3,2) is 9.
        assert_eq!(p("3", "2").unwrap().to_string(), "9");
        assert_eq!(p("2", "10").unwrap().to_string(), "1024");
        assert_eq!(p("2", "-2").unwrap().to_string(), ".25");
        assert_eq!(p("-2", "3").unwrap().to_string(), "-8");
        assert_eq!(p("5", "0").unwrap().to_string(), "1");
        // international-dba.blogspot.com: power(2.82842712,2) = 7.99999997
        // (7.9999999731514944 in full).
        assert_eq!(p("2.82842712", "2").unwrap().to_string(), "7.9999999731514944");
        // SQL Language Reference: POWER(3, 2) is 9; a fractional exponent
        // is e^(b ln a): 11^0.5 is SQRT(11).
        assert_eq!(p("11", "0.5").unwrap(), Value::Num(n("11").sqrt().unwrap()));
        assert_eq!(p("-8", "0.5").unwrap_err().code, ora::ARGUMENT_OUT_OF_RANGE.code());
        assert_eq!(p("10", "200").unwrap_err().code, ora::NUMERIC_OVERFLOW.code());
    }

    #[test]
    fn remainder_rounds_to_nearest_even() {
        let r = |a: &str, b: &str| call(Math::Remainder, &[Value::Num(n(a)), Value::Num(n(b))]).map(|v| v.to_string());
        // Worked: 5/2 = 2.5 -> N = 2 (even) -> 1; 7/2 = 3.5 -> N = 4 -> -1;
        // 11/4 = 2.75 -> N = 3 -> -1; -11/4 -> N = -3 -> 1; 10/3 -> N = 3 -> 1.
        assert_eq!(r("5", "2").unwrap(), "1");
        assert_eq!(r("7", "2").unwrap(), "-1");
        assert_eq!(r("11", "4").unwrap(), "-1");
        assert_eq!(r("-11", "4").unwrap(), "1");
        assert_eq!(r("10", "3").unwrap(), "1");
        assert_eq!(r("5.5", "2").unwrap(), "-.5");
        assert_eq!(r("1", "0").unwrap_err().code, ora::DIVISOR_IS_ZERO.code());
    }

    #[test]
    fn bits_and_characters() {
        let s = |x: &str| Value::str(x);
        let i = |x: i64| Value::int(x);
        // SQL Language Reference, BITAND: BITAND(6,3) is 2.
        assert_eq!(call(Math::Bitand, &[i(6), i(3)]).unwrap().to_string(), "2");
        assert_eq!(call(Math::Bitand, &[i(-1), i(5)]).unwrap().to_string(), "5");
        assert!(call(Math::Bitand, &[Value::Num(n("2.5")), i(3)]).is_err());
        // INITCAP('the soap') is 'The Soap' (SQL Language Reference).
        assert_eq!(call(Math::Initcap, &[s("the soap")]).unwrap().to_string(), "The Soap");
        assert_eq!(call(Math::Initcap, &[s("o'NEIL mcDONALD-x1y")]).unwrap().to_string(), "O'Neil Mcdonald-X1y");
        assert_eq!(call(Math::Reverse, &[s("abc")]).unwrap().to_string(), "cba");
        // CHR(67)||CHR(65)||CHR(84) is 'CAT' (SQL Language Reference).
        assert_eq!(call(Math::Chr, &[i(67)]).unwrap().to_string(), "C");
        assert!(call(Math::Chr, &[i(200)]).is_err());
        assert_eq!(call(Math::Ascii, &[s("Ba")]).unwrap().to_string(), "66");
        // AL32UTF8: 'é' is C3 A9 = 50089.
        assert_eq!(call(Math::Ascii, &[s("é")]).unwrap().to_string(), "50089");
        assert!(call(Math::Ascii, &[Value::Null]).unwrap().is_null());
    }
}
