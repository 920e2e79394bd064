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

use std::cmp::Ordering;
use std::fmt;

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

/// Powers of ten that f64 holds exactly.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
    1e21, 1e22,
];

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
        // Base-100 digits from the low end; trailing zero digits dropped.
        let mut rev = [0u8; 10];
        let mut k = 0;
        let mut trailing = 0;
        while u > 0 {
            let d = (u % 100) as u8;
            u /= 100;
            if k == 0 && d == 0 {
                trailing += 1;
                continue;
            }
            rev[k] = d;
            k += 1;
        }
        let mut d = [0u8; 10];
        for i in 0..k {
            d[i] = rev[k - 1 - i];
        }
        Number::encode(false, (k + trailing) as i32, &d[..k])
    }

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
        Number::parse(&format!("{x:e}")).ok()
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

    /// The order-preserving bytes: equal values, equal bytes.
    #[inline]
    pub fn key_bytes(&self) -> &[u8] {
        &self.key
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

    pub fn add(&self, o: &Number) -> Result<Number, NumError> {
        let (a, b) = (self.parts(), o.parts());
        if b.n == 0 {
            return Ok(*self);
        }
        if a.n == 0 {
            return Ok(*o);
        }
        // |big| >= |small|.
        let swap = cmp_mag(&a, &b) == Ordering::Less;
        let (big, small) = if swap { (b, a) } else { (a, b) };
        let shift = (big.e - small.e) as usize;
        if shift > MAX_PAIRS + 1 {
            // Less than half a unit in the last place of any result.
            return Ok(if swap { *o } else { *self });
        }
        // buf[0] takes a carry; big's digits from 1, small's from 1 + shift.
        let mut buf = [0i32; 2 * MAX_PAIRS + 3];
        let len = 1 + big.n.max(shift + small.n);
        for (i, &d) in big.d[..big.n].iter().enumerate() {
            buf[1 + i] = i32::from(d);
        }
        let sign = if big.neg == small.neg { 1 } else { -1 };
        for (i, &d) in small.d[..small.n].iter().enumerate() {
            buf[1 + shift + i] += sign * i32::from(d);
        }
        for i in (1..len).rev() {
            if buf[i] >= 100 {
                buf[i] -= 100;
                buf[i - 1] += 1;
            } else if buf[i] < 0 {
                buf[i] += 100;
                buf[i - 1] -= 1;
            }
        }
        let mut out = [0u8; 2 * MAX_PAIRS + 3];
        for (o, &v) in out[..len].iter_mut().zip(&buf[..len]) {
            *o = v as u8;
        }
        Number::pack(big.neg, big.e + 1, &out[..len])
    }

    pub fn sub(&self, o: &Number) -> Result<Number, NumError> {
        self.add(&o.neg())
    }

    pub fn mul(&self, o: &Number) -> Result<Number, NumError> {
        let (a, b) = (self.parts(), o.parts());
        if a.n == 0 || b.n == 0 {
            return Ok(Number::ZERO);
        }
        let len = a.n + b.n;
        let mut acc = [0u32; 2 * MAX_PAIRS];
        for (i, &x) in a.d[..a.n].iter().enumerate() {
            for (j, &y) in b.d[..b.n].iter().enumerate() {
                acc[i + j + 1] += u32::from(x) * u32::from(y);
            }
        }
        for i in (1..len).rev() {
            acc[i - 1] += acc[i] / 100;
            acc[i] %= 100;
        }
        let mut out = [0u8; 2 * MAX_PAIRS];
        for (o, &v) in out[..len].iter_mut().zip(&acc[..len]) {
            *o = v as u8;
        }
        Number::pack(a.neg != b.neg, a.e + b.e, &out[..len])
    }

    /// Quotient rounded to 20 base-100 digits.
    pub fn div(&self, o: &Number) -> Result<Number, NumError> {
        let (a, b) = (self.parts(), o.parts());
        if b.n == 0 {
            return Err(NumError::DivideByZero);
        }
        if a.n == 0 {
            return Ok(Number::ZERO);
        }
        // Long division in base 100 of 0.A by 0.B: the remainder r stays
        // below B (b.n + 1 digits), each step brings down one digit of A
        // (then zeros) and yields one quotient digit.
        const STEPS: usize = MAX_PAIRS + 3;
        let bn = b.n;
        let bd = &b.d[..bn];
        let mut r = [0i64; MAX_PAIRS + 2]; // r[0] is the top digit
        let mut q = [0u8; STEPS + MAX_PAIRS];
        let mut qn = 0;
        let mut first_nonzero: Option<usize> = None;
        let mut step = 0;
        while qn < q.len() {
            // r = r * 100 + next digit of A.
            let next = if step < a.n { i64::from(a.d[step]) } else { 0 };
            r.copy_within(1..=bn, 0);
            r[bn] = next;
            // Estimate the digit from the leading digits, then correct.
            let rf = r[..=bn].iter().take(4).fold(0f64, |s, &x| s * 100.0 + x as f64);
            let bf = std::iter::once(0i64)
                .chain(bd.iter().map(|&x| i64::from(x)))
                .take(4)
                .fold(0f64, |s, x| s * 100.0 + x as f64);
            let mut qd = ((rf / bf) as i64).clamp(0, 99);
            loop {
                // r - qd * B, with B aligned to r[1..].
                let mut t = r;
                let mut borrow = 0i64;
                for i in (0..=bn).rev() {
                    let sub = if i >= 1 { qd * i64::from(bd[i - 1]) } else { 0 };
                    let mut v = t[i] - sub - borrow;
                    borrow = 0;
                    if v < 0 {
                        let k = (-v + 99) / 100;
                        v += k * 100;
                        borrow = k;
                    }
                    t[i] = v;
                }
                if borrow > 0 {
                    qd -= 1;
                    continue;
                }
                // t >= B? then the digit was too small.
                let ge = t[0] > 0 || {
                    let mut o = Ordering::Equal;
                    for (x, &y) in t[1..=bn].iter().zip(bd) {
                        o = x.cmp(&i64::from(y));
                        if o != Ordering::Equal {
                            break;
                        }
                    }
                    o != Ordering::Less
                };
                if ge && qd < 99 {
                    qd += 1;
                    continue;
                }
                r = t;
                break;
            }
            q[qn] = qd as u8;
            if first_nonzero.is_none() && qd != 0 {
                first_nonzero = Some(qn);
            }
            qn += 1;
            step += 1;
            if let Some(f) = first_nonzero {
                if qn > f + MAX_PAIRS {
                    break;
                }
            }
        }
        // After step k (1-based) the quotient digit has weight
        // 100^(a.e - b.e - k + 1) relative to 0.A / 0.B's scale.
        Number::pack(a.neg != b.neg, a.e - b.e + 1, &q[..qn])
    }

    /// MOD(self, o): `self - o * TRUNC(self / o)`, `self` when `o` is 0.
    pub fn rem(&self, o: &Number) -> Result<Number, NumError> {
        if o.is_zero() {
            return Ok(*self);
        }
        // Whole numbers that fit a machine word (MOD(ROWNUM, 100) on a
        // million rows): Rust's % truncates as MOD does (the result has
        // the dividend's sign), with no long division.
        if let (Some(a), Some(b)) = (self.to_i64(), o.to_i64()) {
            if let Some(r) = a.checked_rem(b) {
                return Ok(Number::from_i64(r));
            }
        }
        let q = self.div(o)?.trunc(0)?;
        let mut r = self.sub(&o.mul(&q)?)?;
        // A quotient rounded up to the next integer leaves a remainder of
        // the wrong sign.
        if !r.is_zero() && r.is_negative() != self.is_negative() {
            r = if r.is_negative() == o.is_negative() { r.sub(o)? } else { r.add(o)? };
        }
        Ok(r)
    }

    /// ROUND(self, places): half away from zero; `places` may be negative.
    pub fn round(&self, places: i32) -> Result<Number, NumError> {
        self.cut(places, true)
    }

    /// TRUNC(self, places).
    pub fn trunc(&self, places: i32) -> Result<Number, NumError> {
        self.cut(places, false)
    }

    fn cut(&self, places: i32, round: bool) -> Result<Number, NumError> {
        let (neg, dec, m, x) = self.decimal();
        if m == 0 {
            return Ok(*self);
        }
        let keep = i64::from(x) + i64::from(places);
        if keep >= m as i64 {
            return Ok(*self);
        }
        if keep < 0 {
            return Ok(Number::ZERO);
        }
        let keep = keep as usize;
        // One leading slot for a carry.
        let mut out = [0u8; 2 * MAX_PAIRS + 1];
        out[1..=keep].copy_from_slice(&dec[..keep]);
        if round && dec[keep] >= 5 {
            let mut i = keep;
            loop {
                if out[i] == 9 {
                    out[i] = 0;
                    i -= 1;
                } else {
                    out[i] += 1;
                    break;
                }
            }
        }
        Number::from_decimal(neg, &out[..=keep], i64::from(x) + 1)
    }

    pub fn floor(&self) -> Result<Number, NumError> {
        let t = self.trunc(0)?;
        if self.is_negative() && t != *self {
            t.sub(&Number::from_i64(1))
        } else {
            Ok(t)
        }
    }

    pub fn ceil(&self) -> Result<Number, NumError> {
        let t = self.trunc(0)?;
        if !self.is_negative() && t != *self {
            t.add(&Number::from_i64(1))
        } else {
            Ok(t)
        }
    }
}

const fn zero_key() -> [u8; 21] {
    let mut k = [0u8; 21];
    k[0] = 0x80;
    k
}

/// Compare magnitudes.
fn cmp_mag(a: &Parts, b: &Parts) -> Ordering {
    a.e.cmp(&b.e).then_with(|| a.d[..a.n].cmp(&b.d[..b.n]))
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

    #[test]
    fn arithmetic_is_decimal() {
        assert_eq!(n("0.1").add(&n("0.2")).unwrap(), n("0.3"));
        assert_eq!(n("1").div(&n("3")).unwrap().to_string(), ".3333333333333333333333333333333333333333");
        assert_eq!(n("2").div(&n("3")).unwrap().to_string(), ".6666666666666666666666666666666666666667");
        assert_eq!(n("10").div(&n("3")).unwrap().to_string(), "3.33333333333333333333333333333333333333");
        // asktom "Problem with the number 1/19": 1/19*19 - 1 = -6e-40.
        let q = n("1").div(&n("19")).unwrap();
        assert_eq!(q.to_string(), ".0526315789473684210526315789473684210526");
        assert_eq!(q.mul(&n("19")).unwrap().sub(&n("1")).unwrap(), n("-6e-40"));
        // stijf.com "More on 1 != 1": 1/3*3 is .99...9 (20 pairs of 99).
        let t = n("1").div(&n("3")).unwrap().mul(&n("3")).unwrap();
        assert_ne!(t, n("1"));
        assert_eq!(t.stored_len(), 21);
        assert_eq!(n("7").div(&n("2")).unwrap(), n("3.5"));
        assert_eq!(n("-7").div(&n("2")).unwrap(), n("-3.5"));
        assert_eq!(n("1e100").div(&n("1e-100")), Err(NumError::Overflow));
        assert_eq!(n("1").div(&Number::ZERO), Err(NumError::DivideByZero));
        assert_eq!(n("5").sub(&n("5")).unwrap(), Number::ZERO);
        assert_eq!(n("5").sub(&n("7")).unwrap(), n("-2"));
        assert_eq!(n("-5").add(&n("7")).unwrap(), n("2"));
        assert_eq!(n("99.99").add(&n("0.01")).unwrap(), n("100"));
        assert_eq!(n("1e30").add(&n("1e-30")).unwrap().to_string(), "1000000000000000000000000000000");
        assert_eq!(n("1e20").add(&n("1e-18")).unwrap().to_string(), "100000000000000000000.000000000000000001");
        assert_eq!(n("1e20").add(&n("1e-19")).unwrap().to_string(), "100000000000000000000");
        assert_eq!(n("123").mul(&n("-0.5")).unwrap(), n("-61.5"));
        assert_eq!(n("9e125").mul(&n("10")), Err(NumError::Overflow));
        assert_eq!(n("1e-100").mul(&n("1e-100")).unwrap(), Number::ZERO);
        assert_eq!(
            n("12345678901234567890").mul(&n("98765432109876543210")).unwrap().to_string(),
            "1219326311370217952237463801111263526900"
        );
        assert_eq!(n("7").rem(&n("3")).unwrap(), n("1"));
        assert_eq!(n("-7").rem(&n("3")).unwrap(), n("-1"));
        assert_eq!(n("7").rem(&n("-3")).unwrap(), n("1"));
        assert_eq!(n("7.5").rem(&n("2")).unwrap(), n("1.5"));
        assert_eq!(n("7").rem(&Number::ZERO).unwrap(), n("7"));
    }

    #[test]
    fn rounding_is_decimal() {
        assert_eq!(n("2.5").round(0).unwrap(), n("3"));
        assert_eq!(n("-2.5").round(0).unwrap(), n("-3"));
        assert_eq!(n("1.005").round(2).unwrap(), n("1.01"));
        assert_eq!(n("1234.5678").round(-2).unwrap(), n("1200"));
        assert_eq!(n("1250").round(-2).unwrap(), n("1300"));
        assert_eq!(n("1234.5678").trunc(2).unwrap(), n("1234.56"));
        assert_eq!(n("-1234.5678").trunc(-1).unwrap(), n("-1230"));
        assert_eq!(n("999.9").round(0).unwrap(), n("1000"));
        assert_eq!(n("0.4").round(0).unwrap(), Number::ZERO);
        assert_eq!(n("0.5").round(0).unwrap(), n("1"));
        assert_eq!(n("40").round(-2).unwrap(), Number::ZERO);
        assert_eq!(n("50").round(-2).unwrap(), n("100"));
        assert_eq!(n("-2.1").floor().unwrap(), n("-3"));
        assert_eq!(n("2.1").floor().unwrap(), n("2"));
        assert_eq!(n("-2.1").ceil().unwrap(), n("-2"));
        assert_eq!(n("2.1").ceil().unwrap(), n("3"));
        assert_eq!(n("2").ceil().unwrap(), n("2"));
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
