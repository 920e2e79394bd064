//! NUMBER and binary numbers: the nearest NUMBER of a double, the nearest
//! double of a NUMBER, the exact double key of an index, `i64`.

use super::{Number, MAX_PAIRS};

/// Powers of ten that f64 holds exactly.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

/// A short text written on the stack.
struct StackText {
    b: [u8; 32],
    n: usize,
}

impl std::fmt::Write for StackText {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.n + s.len();
        self.b.get_mut(self.n..end).ok_or(std::fmt::Error)?.copy_from_slice(s.as_bytes());
        self.n = end;
        Ok(())
    }
}

impl Number {
    /// The NUMBER nearest a binary double: its shortest decimal text (what
    /// Rust prints and reads back to the same double). None for NaN,
    /// infinities and magnitudes of 1e126 or more.
    pub fn from_f64(x: f64) -> Option<Number> {
        if !x.is_finite() {
            return None;
        }
        if x == 0.0 {
            return Some(Number::ZERO);
        }
        if x.abs() < 1.0e15 && x == (x as i64) as f64 {
            return Some(Number::from_i64(x as i64));
        }
        // The shortest text (at most 24 bytes: "-d.dddddddddddddddde-308")
        // written on the stack: no allocation.
        let mut buf = StackText { b: [0u8; 32], n: 0 };
        std::fmt::Write::write_fmt(&mut buf, format_args!("{x:e}")).ok()?;
        Number::parse(std::str::from_utf8(&buf.b[..buf.n]).ok()?).ok()
    }

    /// The nearest binary double (correctly rounded).
    pub fn to_f64(&self) -> f64 {
        let p = self.parts();
        if p.n == 0 {
            return 0.0;
        }
        // Up to 9 base-100 digits fit a u64 below 2^63.
        if p.n <= 9 {
            let mut c: u64 = 0;
            for &d in &p.d[..p.n] {
                c = c * 100 + u64::from(d);
            }
            let q = 2 * (p.e - p.n as i32);
            if c < (1u64 << 53) && (-22..=22).contains(&q) {
                let v = c as f64;
                let v = if q >= 0 { v * POW10[q as usize] } else { v / POW10[(-q) as usize] };
                return if p.neg { -v } else { v };
            }
        }
        // Otherwise the digits as `D1...Dm e q` on the stack, read by the
        // standard library's correctly rounded parser.
        let (neg, dec, m, x) = self.decimal();
        let mut buf = [0u8; 2 * MAX_PAIRS + 8];
        let mut k = 0;
        for &d in &dec[..m] {
            buf[k] = b'0' + d;
            k += 1;
        }
        buf[k] = b'e';
        k += 1;
        let q = x - m as i32;
        if q < 0 {
            buf[k] = b'-';
            k += 1;
        }
        let q = q.unsigned_abs();
        for div in [100, 10, 1] {
            buf[k] = b'0' + (q / div % 10) as u8;
            k += 1;
        }
        let v: f64 = std::str::from_utf8(&buf[..k]).ok().and_then(|t| t.parse().ok()).unwrap_or(0.0);
        if neg {
            -v
        } else {
            v
        }
    }

    /// The value as a double when that is exact enough to compare: with at
    /// most 15 significant digits, distinct NUMBERs give distinct doubles
    /// in the same order, so a double-keyed index or hash can stand for
    /// them. None otherwise.
    #[inline]
    pub fn f64_key(&self) -> Option<f64> {
        let n = self.len as usize;
        if n == 0 {
            return Some(0.0);
        }
        if n > 8 {
            return None;
        }
        let neg = self.key[0] < 0x80;
        let e = if neg { 63 - i32::from(self.key[0]) } else { i32::from(self.key[0]) - 192 };
        let mut c: u64 = 0;
        for &k in &self.key[1..=n] {
            c = c * 100 + u64::from(if neg { 101 - k } else { k - 1 });
        }
        let mut q = 2 * (e - n as i32);
        if c.is_multiple_of(10) {
            c /= 10;
            q += 1;
        }
        if c >= 1_000_000_000_000_000 {
            return None; // 16 significant digits
        }
        if !(-22..=22).contains(&q) {
            return Some(self.to_f64());
        }
        // Both exact: one correctly rounded operation.
        let v = c as f64;
        let v = if q >= 0 { v * POW10[q as usize] } else { v / POW10[(-q) as usize] };
        Some(if neg { -v } else { v })
    }

    /// The value as an i64 when it is a whole number in range.
    pub fn to_i64(&self) -> Option<i64> {
        if let Some(v) = self.small_int() {
            return Some(v);
        }
        let p = self.parts();
        if p.n == 0 {
            return Some(0);
        }
        if p.e < p.n as i32 || p.e > 10 {
            return None;
        }
        let mut c: i128 = 0;
        for &d in &p.d[..p.n] {
            c = c * 100 + i128::from(d);
        }
        for _ in p.n as i32..p.e {
            c *= 100;
        }
        let c = if p.neg { -c } else { c };
        i64::try_from(c).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Number {
        Number::parse(s).unwrap()
    }

    #[test]
    fn doubles_round_trip() {
        for x in [0.1, 0.25, -2.5, 1e15, 123456.789, 1.0 / 3.0, 9.87e-50, -3.0e100, 4_294_967_295.0, 0.000123] {
            let v = Number::from_f64(x).unwrap();
            assert_eq!(v.to_f64(), x, "{x}");
        }
        assert_eq!(Number::from_f64(0.1).unwrap(), n("0.1"));
        assert_eq!(Number::from_f64(f64::NAN), None);
        assert_eq!(Number::from_f64(1e200), None);
        assert_eq!(n("1e-5").to_f64(), 1e-5);
        assert_eq!(n("12345678901234567890123").to_f64(), 12345678901234567890123.0);
        assert_eq!(Number::from_i64(-42).to_i64(), Some(-42));
        assert_eq!(n("1e18").to_i64(), Some(1_000_000_000_000_000_000));
        assert_eq!(n("1.5").to_i64(), None);
        assert_eq!(n("0.1").f64_key(), Some(0.1));
        assert_eq!(n("1234567890123456").f64_key(), None);
    }
}
