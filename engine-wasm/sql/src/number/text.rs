//! NUMBER as text: reading a literal, printing as SQL*Plus and `TO_CHAR`
//! without a format do.

use super::{NumError, Number};
use std::fmt;

impl Number {
    /// Oracle's literal and TO_NUMBER rules: `[+|-]digits[.digits][e[+|-]digits]`
    /// with blanks around; more than 40 digits are rounded, below 1e-130
    /// is 0, 1e126 or more is ORA-01426.
    pub fn parse(text: &str) -> Result<Number, NumError> {
        let s = text.trim().as_bytes();
        let mut i = 0;
        let neg = match s.first() {
            Some(b'-') => {
                i = 1;
                true
            }
            Some(b'+') => {
                i = 1;
                false
            }
            _ => false,
        };
        const CAP: usize = 46;
        let mut dec = [0u8; CAP];
        let mut nd = 0;
        let mut x: i64 = 0;
        let mut any = false;
        while let Some(&c) = s.get(i).filter(|c| c.is_ascii_digit()) {
            any = true;
            let d = c - b'0';
            if nd > 0 || d != 0 {
                if nd < CAP {
                    dec[nd] = d;
                    nd += 1;
                }
                x += 1;
            }
            i += 1;
        }
        if s.get(i) == Some(&b'.') {
            i += 1;
            while let Some(&c) = s.get(i).filter(|c| c.is_ascii_digit()) {
                any = true;
                let d = c - b'0';
                if nd == 0 && d == 0 {
                    x -= 1;
                } else if nd < CAP {
                    dec[nd] = d;
                    nd += 1;
                }
                i += 1;
            }
        }
        if !any {
            return Err(NumError::Invalid);
        }
        if matches!(s.get(i), Some(b'e' | b'E')) {
            i += 1;
            let eneg = match s.get(i) {
                Some(b'-') => {
                    i += 1;
                    true
                }
                Some(b'+') => {
                    i += 1;
                    false
                }
                _ => false,
            };
            let mut ev: i64 = 0;
            let mut edigits = false;
            while let Some(&c) = s.get(i).filter(|c| c.is_ascii_digit()) {
                edigits = true;
                ev = (ev * 10 + i64::from(c - b'0')).min(10_000_000);
                i += 1;
            }
            if !edigits {
                return Err(NumError::Invalid);
            }
            x += if eneg { -ev } else { ev };
        }
        if i != s.len() {
            return Err(NumError::Invalid);
        }
        if nd == 0 {
            return Ok(Number::ZERO);
        }
        Number::from_decimal(neg, &dec[..nd], x)
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// Oracle's text for a NUMBER (`TO_CHAR(n)`): every digit, no leading zero
/// before the decimal point (`.5`, `-.25`), no trailing zeros; scientific
/// (`1.5E+70`) when the fixed text would pass 64 characters, as the `TM9`
/// format Oracle uses by default does.
impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A whole number of up to 19 digits prints as the integer does
        // (the text below gives the same digits), with no allocation.
        if self.is_integer() {
            if let Some(i) = self.to_i64() {
                return write!(f, "{i}");
            }
        }
        let (neg, dec, m, x) = self.decimal();
        if m == 0 {
            return f.write_str("0");
        }
        let digits = |r: std::ops::Range<usize>| dec[r].iter().map(|&d| char::from(b'0' + d)).collect::<String>();
        let fixed_len = usize::from(neg)
            + if x >= m as i32 {
                x as usize
            } else if x > 0 {
                m + 1
            } else {
                1 + (-x) as usize + m
            };
        let mut s = String::with_capacity(fixed_len.min(70));
        if neg {
            s.push('-');
        }
        if fixed_len > 64 {
            s.push_str(&digits(0..1));
            if m > 1 {
                s.push('.');
                s.push_str(&digits(1..m));
            }
            let e = x - 1;
            s.push_str(&format!("E{}{:02}", if e < 0 { '-' } else { '+' }, e.abs()));
        } else if x >= m as i32 {
            s.push_str(&digits(0..m));
            s.extend(std::iter::repeat_n('0', x as usize - m));
        } else if x > 0 {
            s.push_str(&digits(0..x as usize));
            s.push('.');
            s.push_str(&digits(x as usize..m));
        } else {
            s.push('.');
            s.extend(std::iter::repeat_n('0', (-x) as usize));
            s.push_str(&digits(0..m));
        }
        f.write_str(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Number {
        Number::parse(s).unwrap()
    }

    #[test]
    fn literals_read_and_print_as_oracle() {
        for (src, text) in [
            ("0", "0"),
            ("1", "1"),
            ("-1", "-1"),
            ("0.5", ".5"),
            ("-0.25", "-.25"),
            ("100", "100"),
            ("1e3", "1000"),
            ("2.", "2"),
            (".5e1", "5"),
            ("123.4500", "123.45"),
            ("1e-5", ".00001"),
            ("00012.0", "12"),
            ("  42 ", "42"),
            ("+7", "7"),
        ] {
            assert_eq!(n(src).to_string(), text, "{src}");
        }
        // A 44-digit literal keeps its digits (rounded to 40).
        assert_eq!(
            n("12345678901234567890123456789012345678901234").to_string(),
            "12345678901234567890123456789012345678900000"
        );
        // stijf.com/wordpress/knowledgebase/number: 39 or 40 digits kept.
        assert_eq!(
            n("12345678901234567890123456789012345678901").to_string(),
            "12345678901234567890123456789012345678900"
        );
        assert_eq!(
            n("1234567890123456789012345678901234567899").to_string(),
            "1234567890123456789012345678901234567899"
        );
        for bad in ["", "abc", "1e", "1.2.3", "--1", "e5", ".", "inf", "NaN", "1 2"] {
            assert_eq!(Number::parse(bad), Err(NumError::Invalid), "{bad}");
        }
        assert_eq!(Number::parse("1e400"), Err(NumError::Overflow));
        assert_eq!(Number::parse("1e126"), Err(NumError::Overflow));
        assert_eq!(Number::parse("-1e126"), Err(NumError::Overflow));
        assert_eq!(n("9.99e125").to_string(), "9.99E+125");
        assert_eq!(n("-1e-100").to_string(), "-1E-100");
        assert_eq!(n("1e63").to_string().len(), 64);
        assert_eq!(n("1e-130").stored_len(), 2);
        assert_eq!(n("1e-131"), Number::ZERO);
        assert_eq!(n("1e-400"), Number::ZERO);
    }
}
