//! Oracle's NUMBER: a decimal with up to 20 base-100 digits (38 to 40
//! significant decimal digits, depending on where the decimal point falls
//! in the first pair), for magnitudes from 1e-130 up to (not including)
//! 1e126. Larger results raise ORA-01426 (numeric overflow); smaller ones
//! become 0. Results with more digits are rounded half away from zero to
//! 20 base-100 digits, as Oracle does (`1/3` is
//! `.3333333333333333333333333333333333333333`, `1/3*3` is not 1).
//!
//! The value is kept as an order-preserving byte string modelled on
//! Oracle's own format (an exponent byte, then one byte per base-100
//! digit), so that equal values have equal bytes and comparing the bytes
//! compares the values: `Eq`, `Ord` and `Hash` need no arithmetic, and a
//! `Number` is 22 bytes with no allocation.

mod arith;
mod fixed;
mod float;
mod root;
mod text;
mod transc;

use std::cmp::Ordering;

/// Base-100 digits a NUMBER holds.
pub const MAX_PAIRS: usize = 20;
/// Largest base-100 exponent: values below 100^63 = 1e126.
const MAX_EXP: i32 = 63;
/// Smallest base-100 exponent: 1 × 100^-65 = 1e-130.
const MIN_EXP: i32 = -64;

/// Why an operation has no NUMBER result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumError {
    /// The text is not a number (ORA-01722).
    Invalid,
    /// The magnitude is 1e126 or more (ORA-01426).
    Overflow,
    /// Division by zero (ORA-01476).
    DivideByZero,
}

/// An Oracle NUMBER.
///
/// `key[0]` is the exponent byte: 0x80 for zero, `192 + e` for a positive
/// value `0.d1 d2 ... × 100^e` and `63 - e` for a negative one (Oracle's
/// own bytes). `key[1..=len]` are the base-100 digits, `d + 1` for a
/// positive value and `101 - d` for a negative one; the bytes after them
/// are 0 (positive) or 102 (negative, Oracle's terminator), so that a
/// shorter mantissa sorts as Oracle sorts it. Digits are normalized (no
/// leading or trailing zero digit), so the bytes are unique per value.
#[derive(Clone, Copy)]
pub struct Number {
    key: [u8; 21],
    len: u8,
}

impl Number {
    /// The first 16 key bytes as one big-endian word (and the last 5 as
    /// another): two integer comparisons instead of a memcmp call.
    #[inline(always)]
    fn words(&self) -> (u128, u64) {
        let mut hi = [0u8; 16];
        hi.copy_from_slice(&self.key[..16]);
        let mut lo = [0u8; 8];
        lo[..5].copy_from_slice(&self.key[16..]);
        (u128::from_be_bytes(hi), u64::from_be_bytes(lo))
    }
}

impl PartialEq for Number {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.words() == other.words()
    }
}

impl Eq for Number {}

impl std::hash::Hash for Number {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write(&self.key);
    }
}

impl PartialOrd for Number {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Number {
    /// Numeric order: the bytes compare as the values do (`len` follows
    /// from the bytes).
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.words().cmp(&other.words())
    }
}

/// A NUMBER taken apart: `± Σ d[i] × 100^(e - 1 - i)` for `i < n`, with
/// `d[0]` and `d[n - 1]` non-zero (`n == 0` for zero).
#[derive(Clone, Copy)]
struct Parts {
    neg: bool,
    e: i32,
    n: usize,
    d: [u8; MAX_PAIRS],
}

impl Number {
    pub const ZERO: Number = Number { key: zero_key(), len: 0 };

    /// A NUMBER from its normalized digits (1..=20 of them, the first and
    /// last non-zero) and exponent, inside the range.
    #[inline]
    fn encode(neg: bool, e: i32, d: &[u8]) -> Number {
        let mut key = if neg { [102u8; 21] } else { [0u8; 21] };
        if neg {
            key[0] = (63 - e) as u8;
            for (k, &x) in key[1..].iter_mut().zip(d) {
                *k = 101 - x;
            }
        } else {
            key[0] = (192 + e) as u8;
            for (k, &x) in key[1..].iter_mut().zip(d) {
                *k = x + 1;
            }
        }
        Number { key, len: d.len() as u8 }
    }

    #[inline]
    fn parts(&self) -> Parts {
        let n = self.len as usize;
        let mut p = Parts { neg: false, e: 0, n, d: [0; MAX_PAIRS] };
        if n == 0 {
            return p;
        }
        p.neg = self.key[0] < 0x80;
        if p.neg {
            p.e = 63 - i32::from(self.key[0]);
            for (d, k) in p.d.iter_mut().zip(&self.key[1..=n]) {
                *d = 101 - k;
            }
        } else {
            p.e = i32::from(self.key[0]) - 192;
            for (d, k) in p.d.iter_mut().zip(&self.key[1..=n]) {
                *d = k - 1;
            }
        }
        p
    }

    /// Round base-100 digits (`Σ ds[i] × 100^(e - 1 - i)`, each below 100,
    /// leading zeros allowed) to 20 digits, half away from zero.
    fn pack(neg: bool, e: i32, ds: &[u8]) -> Result<Number, NumError> {
        let Some(first) = ds.iter().position(|&x| x != 0) else { return Ok(Number::ZERO) };
        let mut e = e - first as i32;
        let s = &ds[first..];
        let mut buf = [0u8; MAX_PAIRS];
        let k = s.len().min(MAX_PAIRS);
        buf[..k].copy_from_slice(&s[..k]);
        let mut n = k;
        if s.len() > MAX_PAIRS && s[MAX_PAIRS] >= 50 {
            // Round up: carry from the last digit kept.
            let mut i = MAX_PAIRS;
            loop {
                if i == 0 {
                    buf = [0; MAX_PAIRS];
                    buf[0] = 1;
                    n = 1;
                    e += 1;
                    break;
                }
                i -= 1;
                if buf[i] == 99 {
                    buf[i] = 0;
                } else {
                    buf[i] += 1;
                    break;
                }
            }
        }
        while n > 0 && buf[n - 1] == 0 {
            n -= 1;
        }
        if e > MAX_EXP {
            return Err(NumError::Overflow);
        }
        if e < MIN_EXP || n == 0 {
            return Ok(Number::ZERO);
        }
        Ok(Number::encode(neg, e, &buf[..n]))
    }

    /// A NUMBER from decimal digits: `± 0.D1 D2 ... × 10^x` (each below 10).
    fn from_decimal(neg: bool, dec: &[u8], x: i64) -> Result<Number, NumError> {
        let Some(first) = dec.iter().position(|&d| d != 0) else { return Ok(Number::ZERO) };
        let dec = &dec[first..];
        let x = (x - first as i64).clamp(-1_000_000, 1_000_000);
        // Pairs: with an odd exponent the first pair is 0D1.
        let mut pairs = [0u8; 24];
        let odd = x.rem_euclid(2) == 1;
        let e = (x + i64::from(odd)) / 2;
        let mut n = 0;
        let mut it = dec.iter().copied();
        if odd {
            pairs[0] = it.next().unwrap_or(0);
            n = 1;
        }
        while n < pairs.len() {
            let Some(a) = it.next() else { break };
            pairs[n] = a * 10 + it.next().unwrap_or(0);
            n += 1;
        }
        Number::pack(neg, e as i32, &pairs[..n])
    }

    /// Decimal digits: `± 0.D1 ... Dm × 10^x` with D1 and Dm non-zero.
    fn decimal(&self) -> (bool, [u8; 2 * MAX_PAIRS], usize, i32) {
        let p = self.parts();
        let mut dec = [0u8; 2 * MAX_PAIRS];
        if p.n == 0 {
            return (false, dec, 0, 0);
        }
        let mut m = 0;
        for &d in &p.d[..p.n] {
            dec[m] = d / 10;
            dec[m + 1] = d % 10;
            m += 2;
        }
        let mut x = 2 * p.e;
        if dec[0] == 0 {
            dec.copy_within(1..m, 0);
            m -= 1;
            x -= 1;
        }
        if dec[m - 1] == 0 {
            m -= 1;
        }
        (p.neg, dec, m, x)
    }

    /// The value as an i64 when it is a whole number below 10^18 in
    /// magnitude (at most 9 base-100 digits before the point, none after),
    /// read straight from the key bytes: the arithmetic's fast path (two
    /// such values add, subtract and, when the product fits, multiply
    /// exactly in a machine word).
    #[inline]
    pub fn small_int(&self) -> Option<i64> {
        let n = self.len as usize;
        if n == 0 {
            return Some(0);
        }
        let neg = self.key[0] < 0x80;
        let e = if neg { 63 - i32::from(self.key[0]) } else { i32::from(self.key[0]) - 192 };
        if e < n as i32 || e > 9 {
            return None;
        }
        let mut c: i64 = 0;
        for &k in &self.key[1..=n] {
            c = c * 100 + i64::from(if neg { 101 - k } else { k - 1 });
        }
        for _ in n as i32..e {
            c *= 100;
        }
        Some(if neg { -c } else { c })
    }

    pub fn from_i64(v: i64) -> Number {
        let mut n = Number::from_u64(v.unsigned_abs());
        if v < 0 {
            n = n.neg();
        }
        n
    }

    pub fn from_u64(mut u: u64) -> Number {
        if u == 0 {
            return Number::ZERO;
        }
        // Trailing zero digits dropped (counted in the exponent), then the
        // base-100 digits written into the key from the last one.
        let mut trailing = 0;
        while u.is_multiple_of(100) {
            u /= 100;
            trailing += 1;
        }
        let mut k = 1;
        let mut t = u;
        while t >= 100 {
            t /= 100;
            k += 1;
        }
        let mut key = [0u8; 21];
        key[0] = (192 + k + trailing) as u8;
        let mut i = k;
        while u > 0 {
            key[i] = (u % 100) as u8 + 1;
            u /= 100;
            i -= 1;
        }
        Number { key, len: k as u8 }
    }

    /// The order-preserving bytes: equal values, equal bytes.
    #[inline]
    pub fn key_bytes(&self) -> &[u8] {
        &self.key
    }

    /// The exponent byte and the digit bytes (1 to 21 bytes): the compact
    /// form a packed row holds (the terminator and padding follow from
    /// the exponent byte's sign, see [`Self::from_packed`]).
    #[inline]
    pub fn packed(&self) -> &[u8] {
        &self.key[..1 + self.len as usize]
    }

    /// The NUMBER [`Self::packed`] gave these bytes for (`b` holds 1 to 21
    /// bytes, as it gave them).
    #[inline]
    pub fn from_packed(b: &[u8]) -> Number {
        let neg = b[0] < 0x80;
        let mut key = if neg { [102u8; 21] } else { [0u8; 21] };
        let n = b.len().min(21);
        key[..n].copy_from_slice(&b[..n]);
        Number { key, len: (n - 1) as u8 }
    }

    pub fn is_zero(&self) -> bool {
        self.len == 0
    }

    pub fn is_negative(&self) -> bool {
        self.len != 0 && self.key[0] < 0x80
    }

    /// Whether the value has no fractional part.
    pub fn is_integer(&self) -> bool {
        let n = self.len as usize;
        n == 0 || {
            let e = if self.is_negative() { 63 - i32::from(self.key[0]) } else { i32::from(self.key[0]) - 192 };
            e >= n as i32
        }
    }

    pub fn neg(&self) -> Number {
        let p = self.parts();
        if p.n == 0 {
            return *self;
        }
        Number::encode(!p.neg, p.e, &p.d[..p.n])
    }

    pub fn abs(&self) -> Number {
        if self.is_negative() {
            self.neg()
        } else {
            *self
        }
    }

    /// SIGN: -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        if self.len == 0 {
            0
        } else if self.is_negative() {
            -1
        } else {
            1
        }
    }

    /// Bytes in Oracle's internal format: the exponent byte, one byte per
    /// base-100 digit, and for a negative number with fewer than 20 digits
    /// the terminator byte 102.
    #[inline]
    pub fn stored_len(&self) -> usize {
        let n = self.len as usize;
        1 + n + usize::from(n > 0 && n < MAX_PAIRS && self.key[0] < 0x80)
    }
}

const fn zero_key() -> [u8; 21] {
    let mut k = [0u8; 21];
    k[0] = 0x80;
    k
}

impl Default for Number {
    fn default() -> Self {
        Number::ZERO
    }
}

impl From<i64> for Number {
    fn from(v: i64) -> Self {
        Number::from_i64(v)
    }
}

impl From<u32> for Number {
    fn from(v: u32) -> Self {
        Number::from_u64(u64::from(v))
    }
}

impl From<u64> for Number {
    fn from(v: u64) -> Self {
        Number::from_u64(v)
    }
}

impl From<usize> for Number {
    fn from(v: usize) -> Self {
        Number::from_u64(v as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Number {
        Number::parse(s).unwrap()
    }

    #[test]
    fn order_follows_value() {
        let mut v: Vec<Number> = [
            "-1e125", "-100", "-99.5", "-1", "-.51", "-.5", "-1e-130", "0", "1e-130", ".5", ".51", "1", "99.5", "100",
            "1e125",
        ]
        .iter()
        .map(|s| n(s))
        .collect();
        let sorted = v.clone();
        v.reverse();
        v.sort();
        assert_eq!(v, sorted);
        for w in sorted.windows(2) {
            assert!(w[0] < w[1] && w[0].to_f64() < w[1].to_f64(), "{:?}", w);
        }
        assert_eq!(n("1.50"), n("1.5"));
        assert_eq!(n("-0"), Number::ZERO);
    }

    #[test]
    fn stored_lengths_follow_base_100() {
        for (s, len) in
            [("0", 1), ("1", 2), ("42", 2), ("100", 2), ("123", 3), ("12345", 4), ("100000", 2), ("0.5", 2), ("-1", 3)]
        {
            assert_eq!(n(s).stored_len(), len, "{s}");
        }
        // Negative with 20 digits: no terminator.
        assert_eq!(n("-1").div(&n("3")).unwrap().stored_len(), 21);
    }
}
