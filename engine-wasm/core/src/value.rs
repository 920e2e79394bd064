//! SQL values and their on-disk sizes in Oracle's formats.

pub use crate::date::Date;
pub use crate::number::Number;
pub use crate::text::Text;
use std::cmp::Ordering;
use std::fmt;

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    /// Oracle's decimal NUMBER (see [`crate::number`]).
    Num(Number),
    /// Text: short strings inline, long ones shared (see [`Text`]).
    Str(Text),
    /// Oracle's DATE (see [`crate::date`]).
    Date(Date),
}

impl Value {
    pub fn str(s: &str) -> Value {
        Value::Str(Text::from(s))
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// A whole number (ROWNUM, LEVEL, a loop counter, a bind value).
    #[inline]
    pub fn int(n: i64) -> Value {
        Value::Num(Number::from_i64(n))
    }

    /// A NUMBER from a binary double (the lab's own f64 figures and
    /// DBMS_RANDOM): its shortest decimal text; NULL for NaN, infinities
    /// and magnitudes Oracle cannot hold.
    pub fn from_f64(x: f64) -> Value {
        Number::from_f64(x).map(Value::Num).unwrap_or(Value::Null)
    }

    /// The value as a double, for the simulation's own arithmetic (costs,
    /// cardinalities, loop bounds): a string is read as a number.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Num(n) => Some(n.to_f64()),
            Value::Str(s) => Number::parse(s).ok().map(|n| n.to_f64()),
            Value::Null | Value::Date(_) => None,
        }
    }

    /// Bytes this value occupies in a row piece, without its length byte:
    /// NUMBER in Oracle's base-100 format, strings as single-byte characters.
    pub fn stored_len(&self) -> usize {
        match self {
            Value::Null => 0,
            Value::Num(n) => n.stored_len(),
            Value::Str(s) => s.len(),
            Value::Date(_) => 7,
        }
    }

    /// Bytes including the column length byte (3 bytes above 250).
    pub fn column_len(&self) -> usize {
        let n = self.stored_len();
        match self {
            Value::Null => 1,
            _ if n > 250 => n + 3,
            _ => n + 1,
        }
    }

    /// Oracle's comparison: NULLs sort last; numbers before strings
    /// (dates, never compared with either once a statement is compiled,
    /// between them).
    pub fn cmp_sql(&self, other: &Value) -> Ordering {
        match (self, other) {
            (Value::Num(a), Value::Num(b)) => a.cmp(b),
            (Value::Date(a), Value::Date(b)) => a.cmp(b),
            // Text by NLS_DATE_FORMAT (a predicate's literal, an index
            // probe's key); text that is no date after any date.
            (Value::Date(a), Value::Str(b)) => crate::date::format::parse_nls(b).map_or(Ordering::Less, |b| a.cmp(&b)),
            (Value::Str(a), Value::Date(b)) => {
                crate::date::format::parse_nls(a).map_or(Ordering::Greater, |a| a.cmp(b))
            }
            (Value::Date(_), Value::Num(_)) => Ordering::Greater,
            (Value::Num(_), Value::Date(_)) => Ordering::Less,
            (Value::Str(a), Value::Str(b)) => {
                if a.ptr_eq(b) {
                    Ordering::Equal
                } else {
                    a.as_bytes().cmp(b.as_bytes())
                }
            }
            (Value::Null, Value::Null) => Ordering::Equal,
            (Value::Null, _) => Ordering::Greater,
            (_, Value::Null) => Ordering::Less,
            (Value::Num(a), Value::Str(b)) => match Number::parse(b) {
                Ok(b) => a.cmp(&b),
                Err(_) => Ordering::Less,
            },
            (Value::Str(a), Value::Num(b)) => match Number::parse(a) {
                Ok(a) => a.cmp(b),
                Err(_) => Ordering::Greater,
            },
        }
    }

    /// SQL equality (NULL is never equal to anything).
    pub fn sql_eq(&self, other: &Value) -> bool {
        !self.is_null() && !other.is_null() && self.cmp_sql(other) == Ordering::Equal
    }

    /// JSON representation for results: numbers as numbers, strings, null.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Value::Null => serde_json::Value::Null,
            Value::Num(n) => {
                let x = n.to_f64();
                if n.is_integer() && x.abs() < 9.0e15 {
                    serde_json::Value::from(x as i64)
                } else {
                    serde_json::Number::from_f64(x).map(serde_json::Value::Number).unwrap_or(serde_json::Value::Null)
                }
            }
            Value::Str(s) => serde_json::Value::String(s.to_string()),
            Value::Date(_) => serde_json::Value::String(self.to_string()),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => Ok(()),
            Value::Num(n) => write!(f, "{n}"),
            Value::Str(s) => write!(f, "{s}"),
            // By the session's NLS_DATE_FORMAT (a format it accepted).
            Value::Date(d) => {
                crate::date::with_nls(|nls| match crate::date::format::Model::parse(nls, Default::default()) {
                    Ok(m) => f.write_str(&m.format(*d)),
                    Err(_) => Ok(()),
                })
            }
        }
    }
}

/// Oracle-style number text: integers without a decimal point, other
/// values with their significant digits (`.5`, not `0.5`, as SQL*Plus does).
pub fn format_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        return format!("{}", n as i64);
    }
    let s = format!("{}", n);
    if let Some(rest) = s.strip_prefix("0.") {
        return format!(".{rest}");
    }
    if let Some(rest) = s.strip_prefix("-0.") {
        return format!("-.{rest}");
    }
    s
}

/// Length in bytes of a NUMBER in Oracle's internal format: one exponent
/// byte plus one byte per base-100 digit of the mantissa (leading and
/// trailing zero digits dropped), plus a terminator byte for negatives.
/// The binary-double version [`Number::stored_len`] replaced; kept as the
/// reference its test compares with.
#[cfg(test)]
pub fn oracle_number_len(n: f64) -> usize {
    if n == 0.0 || !n.is_finite() {
        return 1;
    }
    // Integers (the common case): base-100 digits by comparison. The
    // integer test is a round trip through u64, not `fract()` (a libm call
    // on baseline x86-64).
    let a = n.abs();
    if a < 1e15 && (a as u64) as f64 == a {
        let mut v = a as u64;
        // Bounded: v > 0 and each division takes two decimal digits.
        while v.is_multiple_of(100) {
            v /= 100;
        }
        let digits = 1 + POW100.iter().take_while(|&&p| v >= p).count();
        return 1 + digits + usize::from(n < 0.0);
    }
    decimal_number_len(n)
}

/// 100^1 .. 100^7: an integer below 10^15 has at most 8 base-100 digits.
#[cfg(test)]
const POW100: [u64; 7] = [100, 10_000, 1_000_000, 100_000_000, 10_000_000_000, 1_000_000_000_000, 100_000_000_000_000];

/// [`oracle_number_len`] for any finite non-zero number, from its decimal digits.
#[cfg(test)]
fn decimal_number_len(n: f64) -> usize {
    // Decimal digits and the position of the decimal point.
    let s = format!("{:e}", n.abs()); // like 1.2345e4
    let (mant, exp) = match s.split_once('e') {
        Some((m, e)) => (m, e.parse::<i32>().unwrap_or(0)),
        None => (s.as_str(), 0),
    };
    let digits: Vec<u8> = mant.bytes().filter(|b| b.is_ascii_digit()).map(|b| b - b'0').collect();
    // Align so that the decimal exponent of the first digit is even-based:
    // digit i has weight 10^(exp - i). Base-100 pair index = floor(weight/2).
    let first_pair = exp.div_euclid(2);
    let mut pairs: Vec<u8> = Vec::with_capacity(digits.len() / 2 + 2);
    let mut cur_pair = first_pair;
    let mut acc = 0u8;
    for (i, d) in digits.iter().enumerate() {
        let w = exp - i as i32;
        let p = w.div_euclid(2);
        if p != cur_pair {
            pairs.push(acc);
            // Zero pairs in between when the exponent jumps.
            let gap = (cur_pair - p - 1).max(0) as usize;
            pairs.resize(pairs.len() + gap, 0);
            acc = 0;
            cur_pair = p;
        }
        acc += if w.rem_euclid(2) == 1 { d * 10 } else { *d };
    }
    pairs.push(acc);
    while pairs.last() == Some(&0) && pairs.len() > 1 {
        pairs.pop();
    }
    let mant_len = pairs.len().min(20);
    1 + mant_len + usize::from(n < 0.0 && mant_len < 20)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_lengths_follow_base_100() {
        assert_eq!(oracle_number_len(0.0), 1);
        assert_eq!(oracle_number_len(1.0), 2); // c1 02
        assert_eq!(oracle_number_len(42.0), 2); // c1 2b
        assert_eq!(oracle_number_len(100.0), 2); // c2 02
        assert_eq!(oracle_number_len(123.0), 3); // c2 02 18
        assert_eq!(oracle_number_len(12345.0), 4);
        assert_eq!(oracle_number_len(100000.0), 2); // c3 0b
        assert_eq!(oracle_number_len(0.5), 2);
        assert_eq!(oracle_number_len(-1.0), 3);
    }

    /// The integer fast path agrees with the decimal-digit path.
    #[test]
    fn integer_lengths_match_the_digit_path() {
        let mut xs: Vec<f64> = (1..=20_000).map(f64::from).collect();
        for k in 0..15 {
            let p = 10f64.powi(k);
            xs.extend([p, p - 1.0, p + 1.0, 3.0 * p, 99.0 * p, 101.0 * p]);
        }
        xs.extend([999_999_999_999_999.0, 123_456_789_012_345.0, 100_000_000_000_000.0]);
        for x in xs.into_iter().filter(|x| *x > 0.0 && *x < 1e15) {
            for v in [x, -x] {
                assert_eq!(oracle_number_len(v), decimal_number_len(v), "{v}");
            }
        }
    }

    /// The decimal NUMBER's stored length is the one the binary-double
    /// function gave, for every value that function handled: integers,
    /// decimals, negatives, powers of ten, doubles with 15 to 17 digits.
    #[test]
    fn decimal_lengths_match_the_double_lengths() {
        let mut xs: Vec<f64> = (1..=20_000).map(f64::from).collect();
        xs.extend((1..=20_000).map(|i| f64::from(i) / 100.0));
        xs.extend((1..=5_000).map(|i| f64::from(i) * 0.37 + 0.001));
        xs.extend((1..=2_000).map(|i| 1.0 / f64::from(i)));
        for k in -40..40 {
            let p = 10f64.powi(k);
            xs.extend([p, 3.0 * p, 99.0 * p, 101.0 * p, 123.456 * p]);
        }
        for k in 0..15 {
            let p = 10f64.powi(k);
            xs.extend([p - 1.0, p + 1.0]);
        }
        xs.extend([999_999_999_999_999.0, 123_456_789_012_345.0, 2f64.powi(53), 1e18 + 4096.0, 0.1 + 0.2]);
        for x in xs {
            for v in [x, -x] {
                let n = Number::from_f64(v).expect("a NUMBER");
                assert_eq!(n.stored_len(), oracle_number_len(v), "{v}");
                assert_eq!(n.to_f64(), v, "{v}");
            }
        }
        assert_eq!(Number::ZERO.stored_len(), oracle_number_len(0.0));
    }

    #[test]
    fn column_lengths_include_the_length_byte() {
        assert_eq!(Value::str("ABCDE").column_len(), 6);
        assert_eq!(Value::int(42).column_len(), 3);
        assert_eq!(Value::Null.column_len(), 1);
    }

    #[test]
    fn numbers_print_like_sqlplus() {
        assert_eq!(format_number(3.0), "3");
        assert_eq!(format_number(0.25), ".25");
        assert_eq!(format_number(-2.5), "-2.5");
    }
}
