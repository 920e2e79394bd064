//! RPAD and LPAD without allocation for short results (issue 29: the
//! million-row set-up pads a million numbers): the arguments' text is
//! borrowed or written on the stack, and a short ASCII result is made on
//! the stack too (a value holds it inline).

use crate::value::Value;
use std::borrow::Cow;
use std::fmt::Write;

/// Results up to this many bytes are made on the stack.
const SHORT: usize = 128;

/// A short text written on the stack.
pub(super) struct StackText {
    b: [u8; SHORT],
    n: usize,
}

impl StackText {
    pub(super) fn new() -> StackText {
        StackText { b: [0; SHORT], n: 0 }
    }

    fn as_str(&self) -> &str {
        // Only whole `&str`s are written.
        std::str::from_utf8(&self.b[..self.n]).unwrap_or_default()
    }
}

impl Write for StackText {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.n + s.len();
        self.b.get_mut(self.n..end).ok_or(std::fmt::Error)?.copy_from_slice(s.as_bytes());
        self.n = end;
        Ok(())
    }
}

/// A function argument's text (as `to_string` gives it), None for NULL: a
/// string borrowed, a number written in `buf` (or, when too long for it,
/// allocated).
pub(super) fn arg_text<'a>(v: &'a Value, buf: &'a mut StackText) -> Option<Cow<'a, str>> {
    match v {
        Value::Null => None,
        Value::Str(s) => Some(Cow::Borrowed(s)),
        Value::Num(n) if n.to_i64().is_some() => {
            // A whole number prints as the integer does (see Number's
            // Display): its digits, written here without the formatter.
            let i = n.to_i64().unwrap_or(0);
            let mut u = i.unsigned_abs();
            let mut d = [0u8; 20];
            let mut k = d.len();
            loop {
                k -= 1;
                d[k] = b'0' + (u % 10) as u8;
                u /= 10;
                if u == 0 {
                    break;
                }
            }
            buf.n = 0;
            if i < 0 {
                buf.b[0] = b'-';
                buf.n = 1;
            }
            let digits = &d[k..];
            buf.b[buf.n..buf.n + digits.len()].copy_from_slice(digits);
            buf.n += digits.len();
            Some(Cow::Borrowed(buf.as_str()))
        }
        other => {
            buf.n = 0;
            if write!(buf, "{other}").is_ok() {
                Some(Cow::Borrowed(buf.as_str()))
            } else {
                Some(Cow::Owned(other.to_string()))
            }
        }
    }
}

/// `s` padded (`left`) or cut to `n` characters with `p` (not empty), when
/// both are ASCII and the result is short: the value, made on the stack.
/// None otherwise (the general padding then makes it).
pub(super) fn pad_short(s: &str, n: usize, p: &str, left: bool) -> Option<Value> {
    if n > SHORT || !s.is_ascii() || !p.is_ascii() || p.is_empty() {
        return None;
    }
    if n <= s.len() {
        return Some(Value::str(&s[..n]));
    }
    let (s, p) = (s.as_bytes(), p.as_bytes());
    let need = n - s.len();
    let mut b = [0u8; SHORT];
    let (fill, text) = if left { (0, need) } else { (s.len(), 0) };
    for (i, c) in b[fill..fill + need].iter_mut().enumerate() {
        *c = p[i % p.len()];
    }
    b[text..text + s.len()].copy_from_slice(s);
    std::str::from_utf8(&b[..n]).ok().map(Value::str)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(v: &Value) -> Option<String> {
        let mut b = StackText::new();
        arg_text(v, &mut b).map(|c| c.into_owned())
    }

    /// Numbers read as their text; padding cycles the pad string and cuts
    /// it; a long enough text is cut; anything not short and ASCII is left
    /// to the general padding.
    #[test]
    fn short_padding_matches_oracle() {
        assert_eq!(text(&Value::int(42)).as_deref(), Some("42"));
        for i in [0, 7, -7, 100, -1_000_000, i64::MAX, i64::MIN + 1, 123_456_789_012] {
            assert_eq!(text(&Value::int(i)), Some(Value::int(i).to_string()), "{i}");
        }
        assert_eq!(text(&Value::from_f64(-0.125)).as_deref(), Some("-.125"));
        assert_eq!(text(&Value::Null), None);
        let s = |v: Option<Value>| v.map(|v| v.to_string());
        assert_eq!(s(pad_short("42", 10, "0", true)).as_deref(), Some("0000000042"));
        assert_eq!(s(pad_short("x", 7, "ab", false)).as_deref(), Some("xababab"));
        assert_eq!(s(pad_short("x", 6, "abc", true)).as_deref(), Some("abcabx"));
        assert_eq!(s(pad_short("hello", 3, "*", true)).as_deref(), Some("hel"));
        assert_eq!(s(pad_short("x", 100, "x", false)), Some("x".repeat(100)));
        assert!(pad_short("x", 129, "x", false).is_none());
        assert!(pad_short("é", 3, "x", false).is_none());
        assert!(pad_short("x", 3, "", false).is_none());
    }
}
