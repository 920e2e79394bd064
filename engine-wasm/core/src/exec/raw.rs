//! UTL_RAW.CAST_TO_NUMBER and UTL_RAW.CAST_TO_VARCHAR2: the functions
//! scripts decode a statistic's LOW_VALUE / HIGH_VALUE with. The lab has
//! no RAW type: a RAW is its hex digits (as Oracle converts a RAW to and
//! from VARCHAR2 implicitly), so these take the digits and decode the
//! bytes: Oracle's NUMBER format (`scalar::number_bytes` writes it) or the
//! database character set's bytes.

use crate::value::Value;
use lio_sql::ast::Pos;
use lio_sql::{ora, LabError};

/// The bytes of a RAW written as hex digits; ORA-01465 for anything else
/// (an odd count is read with a leading 0, as HEXTORAW does).
fn hex_bytes(s: &str, pos: Pos) -> Result<Vec<u8>, LabError> {
    let digits: Vec<u8> = s
        .bytes()
        .map(|b| (b as char).to_digit(16).map(|d| d as u8))
        .collect::<Option<_>>()
        .ok_or_else(|| LabError::new(ora::INVALID_HEX_NUMBER, pos))?;
    let pad = digits.len() % 2;
    let mut out = Vec::with_capacity(digits.len() / 2 + pad);
    if pad == 1 {
        out.push(digits[0]);
    }
    out.extend(digits[pad..].chunks(2).map(|c| c[0] * 16 + c[1]));
    Ok(out)
}

/// A NUMBER's internal bytes back to its decimal text: the exponent byte
/// (193 + e for a positive number, 62 - e for a negative one, base 100)
/// and the base-100 digits (d + 1, or 101 - d with a trailing 102 for a
/// negative one); 0x80 is zero.
fn number_text(b: &[u8]) -> Option<String> {
    let (&first, rest) = b.split_first()?;
    if first == 0x80 && rest.is_empty() {
        return Some("0".into());
    }
    let neg = first < 0x80;
    let (e100, digits): (i32, Vec<u8>) = if neg {
        let rest = rest.strip_suffix(&[102]).unwrap_or(rest);
        (62 - first as i32, rest.iter().map(|&d| 101u8.checked_sub(d)).collect::<Option<_>>()?)
    } else {
        (first as i32 - 193, rest.iter().map(|&d| d.checked_sub(1)).collect::<Option<_>>()?)
    };
    if digits.is_empty() || digits.len() > 20 || digits.iter().any(|&d| d > 99) {
        return None;
    }
    // 0.d1d2... x 100^(e100 + 1): the decimal point after 2 * (e100 + 1) digits.
    let mantissa: String = digits.iter().map(|d| format!("{d:02}")).collect();
    Some(format!("{}0.{mantissa}e{}", if neg { "-" } else { "" }, 2 * (e100 + 1)))
}

/// UTL_RAW.CAST_TO_NUMBER(r) (`to_number`) or CAST_TO_VARCHAR2(r).
pub fn cast(v: &Value, to_number: bool, pos: Pos) -> Result<Value, LabError> {
    let (to, what) = if to_number {
        (RawAs::Number, "UTL_RAW.CAST_TO_NUMBER")
    } else {
        (RawAs::Varchar2, "UTL_RAW.CAST_TO_VARCHAR2")
    };
    decode(v, to, what, pos)
}

/// What a RAW's bytes are read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RawAs {
    Number,
    Varchar2,
    Date,
}

/// The value of a RAW (its hex digits) read as `to`; NULL for NULL or no
/// bytes. Bytes that are no such value (Oracle's own error for them is
/// not known to the lab) are refused rather than answered, naming `what`.
pub fn decode(v: &Value, to: RawAs, what: &str, pos: Pos) -> Result<Value, LabError> {
    let s = match v {
        Value::Null => return Ok(Value::Null),
        Value::Str(s) => s.to_string(),
        other => other.to_string(),
    };
    let bytes = hex_bytes(&s, pos)?;
    if bytes.is_empty() {
        return Ok(Value::Null);
    }
    let got = match to {
        RawAs::Number => number_text(&bytes).and_then(|t| crate::number::Number::parse(&t).ok()).map(Value::Num),
        RawAs::Varchar2 => String::from_utf8(bytes).ok().map(|t| Value::str(&t)),
        RawAs::Date => date_of(&bytes).map(Value::Date),
    };
    let no = match to {
        RawAs::Number => "that are no NUMBER",
        RawAs::Varchar2 => "that are not text",
        RawAs::Date => "that are no DATE",
    };
    got.ok_or_else(|| LabError::unsupported(format!("{what} of bytes {no}"), pos))
}

/// A DATE's seven bytes (century + 100, year + 100, month, day, hour + 1,
/// minute + 1, second + 1), AD only; None for bytes that are no date.
fn date_of(b: &[u8]) -> Option<crate::date::Date> {
    let ok = b.len() == 7
        && b[0] >= 100
        && b[1] >= 100
        && b[1] < 200
        && (1..=12).contains(&b[2])
        && (1..=31).contains(&b[3])
        && (1..=24).contains(&b[4])
        && (1..=60).contains(&b[5])
        && (1..=60).contains(&b[6]);
    // (Checked first: `from_bytes` reads seven bytes in range.)
    let d = ok.then(|| crate::date::Date::from_bytes(b))?;
    (d.to_bytes()[..] == b[..]).then_some(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(hex: &str) -> String {
        cast(&Value::str(hex), true, Pos::default()).unwrap().to_string()
    }

    #[test]
    fn numbers_round_trip_through_their_bytes() {
        // Lewis, "low_value / high_value" (2006): C102 is 1, C151 is 80.
        assert_eq!(num("C102"), "1");
        assert_eq!(num("C151"), "80");
        assert_eq!(num("80"), "0");
        for x in ["1", "-1", "100", "123.45", "-0.001", "99999", "0.5", "-123456789.125", "1e30"] {
            let b = crate::exec::scalar::number_bytes(x).unwrap();
            let hex: String = b.iter().map(|b| format!("{b:02X}")).collect();
            let back = crate::number::Number::parse(x).unwrap().to_string();
            assert_eq!(num(&hex), back, "{x} as {hex}");
        }
        assert_eq!(cast(&Value::str("414243"), false, Pos::default()).unwrap().to_string(), "ABC");
        assert_eq!(cast(&Value::str("XY"), true, Pos::default()).unwrap_err().code, ora::INVALID_HEX_NUMBER.code());
    }
}
