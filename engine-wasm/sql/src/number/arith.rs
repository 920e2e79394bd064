//! NUMBER arithmetic: decimal addition, multiplication, division and
//! remainder on base-100 digits, rounded to 20 of them; rounding and
//! truncation to places.

use super::{NumError, Number, Parts, MAX_PAIRS};
use std::cmp::Ordering;

impl Number {
    pub fn add(&self, o: &Number) -> Result<Number, NumError> {
        // Whole numbers below 10^18 (ROWNUM + 1, a loop counter): their sum
        // is exact in a machine word, and the bytes of a value are unique,
        // so it is the NUMBER the digit loop below makes.
        if let (Some(a), Some(b)) = (self.small_int(), o.small_int()) {
            return Ok(Number::from_i64(a + b));
        }
        self.add_digits(o)
    }

    fn add_digits(&self, o: &Number) -> Result<Number, NumError> {
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
        if let (Some(a), Some(b)) = (self.small_int(), o.small_int()) {
            return Ok(Number::from_i64(a - b));
        }
        self.add_digits(&o.neg())
    }

    pub fn mul(&self, o: &Number) -> Result<Number, NumError> {
        // Whole numbers whose product a machine word holds: exact.
        if let (Some(a), Some(b)) = (self.small_int(), o.small_int()) {
            if let Some(p) = a.checked_mul(b) {
                return Ok(Number::from_i64(p));
            }
        }
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
        // Step k (1-based) divides A's first k digits, an integer worth
        // 100^(a.e - k) a unit, by B's bn digits, one worth 100^(b.e - bn):
        // its quotient digit has weight 100^(a.e - b.e + bn - k). (The
        // weight once ignored bn: 10 / 2.5 was .04.)
        Number::pack(a.neg != b.neg, a.e - b.e + bn as i32, &q[..qn])
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

/// Compare magnitudes.
fn cmp_mag(a: &Parts, b: &Parts) -> Ordering {
    a.e.cmp(&b.e).then_with(|| a.d[..a.n].cmp(&b.d[..b.n]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Number {
        Number::parse(s).unwrap()
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
}
