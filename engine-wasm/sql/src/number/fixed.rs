//! Signed fixed-point decimals wide enough to compute the transcendental
//! functions (LN, EXP, LOG, POWER) past NUMBER's 40 digits before rounding
//! to them: 16 integer digits and 96 decimals, in limbs of 8 digits held
//! on the stack. Products truncate; every operation that would pass 10^16
//! answers None.

use super::{NumError, Number};
use std::cmp::Ordering;

/// Limbs: the first `INT` hold the integer part.
const INT: usize = 2;
const LIMBS: usize = 14;
const BASE: u64 = 100_000_000;
/// Decimal digits: `INT * 8` before the point, the rest after it.
const DIGITS: usize = 8 * LIMBS;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Fx {
    neg: bool,
    /// Base-10^8 limbs, the most significant first; limb `i` is worth
    /// 10^(8 * (INT - 1 - i)).
    l: [u64; LIMBS],
}

fn cmp_mag(a: &[u64; LIMBS], b: &[u64; LIMBS]) -> Ordering {
    a.cmp(b)
}

/// `a + b` (None past 10^16).
fn add_mag(a: &[u64; LIMBS], b: &[u64; LIMBS]) -> Option<[u64; LIMBS]> {
    let mut r = [0u64; LIMBS];
    let mut carry = 0;
    for i in (0..LIMBS).rev() {
        let v = a[i] + b[i] + carry;
        r[i] = v % BASE;
        carry = v / BASE;
    }
    (carry == 0).then_some(r)
}

/// `a - b` for `a >= b`.
fn sub_mag(a: &[u64; LIMBS], b: &[u64; LIMBS]) -> [u64; LIMBS] {
    let mut r = [0u64; LIMBS];
    let mut borrow = 0;
    for i in (0..LIMBS).rev() {
        let s = b[i] + borrow;
        if a[i] >= s {
            r[i] = a[i] - s;
            borrow = 0;
        } else {
            r[i] = a[i] + BASE - s;
            borrow = 1;
        }
    }
    r
}

impl Fx {
    pub(super) const ZERO: Fx = Fx { neg: false, l: [0; LIMBS] };

    fn make(neg: bool, l: [u64; LIMBS]) -> Fx {
        Fx { neg: neg && l.iter().any(|&x| x != 0), l }
    }

    pub(super) fn int(k: u64) -> Fx {
        let mut l = [0u64; LIMBS];
        l[INT - 1] = k % BASE;
        l[INT - 2] = k / BASE % BASE;
        Fx::make(false, l)
    }

    pub(super) fn is_zero(&self) -> bool {
        self.l.iter().all(|&x| x == 0)
    }

    pub(super) fn is_negative(&self) -> bool {
        self.neg
    }

    pub(super) fn neg(&self) -> Fx {
        Fx::make(!self.neg, self.l)
    }

    pub(super) fn add(&self, o: &Fx) -> Option<Fx> {
        if self.neg == o.neg {
            return add_mag(&self.l, &o.l).map(|l| Fx::make(self.neg, l));
        }
        Some(match cmp_mag(&self.l, &o.l) {
            Ordering::Less => Fx::make(o.neg, sub_mag(&o.l, &self.l)),
            _ => Fx::make(self.neg, sub_mag(&self.l, &o.l)),
        })
    }

    pub(super) fn sub(&self, o: &Fx) -> Option<Fx> {
        self.add(&o.neg())
    }

    /// Signed order.
    pub(super) fn cmp(&self, o: &Fx) -> Ordering {
        match (self.neg, o.neg) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => cmp_mag(&self.l, &o.l),
            (true, true) => cmp_mag(&o.l, &self.l),
        }
    }

    /// The product, truncated to 96 decimals.
    pub(super) fn mul(&self, o: &Fx) -> Option<Fx> {
        let mut acc = [0u64; 2 * LIMBS];
        for (i, &x) in self.l.iter().enumerate().filter(|(_, &x)| x != 0) {
            for (j, &y) in o.l.iter().enumerate() {
                acc[i + j] += x * y;
            }
            // Keep each sum below 2^64: carry after every row.
            for p in (1..2 * LIMBS).rev() {
                acc[p - 1] += acc[p] / BASE;
                acc[p] %= BASE;
            }
        }
        // acc[p] is worth 10^(8 * (2 INT - 2 - p)): limb t is acc[t + INT - 1].
        if acc[..INT - 1].iter().any(|&x| x != 0) {
            return None;
        }
        let mut l = [0u64; LIMBS];
        l.copy_from_slice(&acc[INT - 1..INT - 1 + LIMBS]);
        Some(Fx::make(self.neg != o.neg, l))
    }

    pub(super) fn mul_small(&self, k: u64) -> Option<Fx> {
        let mut l = [0u64; LIMBS];
        let mut carry = 0u128;
        for i in (0..LIMBS).rev() {
            let v = u128::from(self.l[i]) * u128::from(k) + carry;
            l[i] = (v % u128::from(BASE)) as u64;
            carry = v / u128::from(BASE);
        }
        (carry == 0).then(|| Fx::make(self.neg, l))
    }

    /// The quotient by a whole number below 10^10, truncated.
    pub(super) fn div_small(&self, k: u64) -> Fx {
        let mut l = [0u64; LIMBS];
        let mut rem = 0u64;
        for (o, &x) in l.iter_mut().zip(&self.l) {
            let cur = rem * BASE + x;
            *o = cur / k;
            rem = cur % k;
        }
        Fx::make(self.neg, l)
    }

    /// Moved `s` limbs toward the integer part (× 10^(8s)), or away from
    /// it for a negative `s` (truncated); None past 10^16.
    fn shift(&self, s: i64) -> Option<Fx> {
        let mut l = [0u64; LIMBS];
        for (i, &x) in self.l.iter().enumerate().filter(|(_, &x)| x != 0) {
            let t = i as i64 - s;
            if t < 0 {
                return None;
            }
            if let Some(slot) = l.get_mut(t as usize) {
                *slot = x;
            }
        }
        Some(Fx::make(self.neg, l))
    }

    /// The quotient (None for a zero divisor or past 10^16).
    pub(super) fn div(&self, d: &Fx) -> Option<Fx> {
        let (q, k) = self.div_scaled(d)?;
        q.shift(k / 8)
    }

    /// The quotient as `(q, k)`, worth `q × 10^k`: the divisor is shifted
    /// by whole limbs into [1, 10^8), its reciprocal found by Newton's
    /// iteration `z = z (2 - d z)` (each step doubles the digits a
    /// double's first guess has), and `k` is the shift's 8 digits a limb.
    pub(super) fn div_scaled(&self, d: &Fx) -> Option<(Fx, i64)> {
        let first = d.l.iter().position(|&x| x != 0)?;
        let s = first as i64 - (INT as i64 - 1);
        let dd = Fx::make(false, d.shift(s)?.l);
        let two = Fx::int(2);
        let mut z = Fx::from_f64(1.0 / dd.approx_f64())?;
        for _ in 0..5 {
            z = z.mul(&two.sub(&dd.mul(&z)?)?)?;
        }
        let q = self.mul(&z)?;
        Some((if d.neg { q.neg() } else { q }, 8 * s))
    }

    /// A first guess for the iterations (about 16 digits).
    pub(super) fn approx_f64(&self) -> f64 {
        let mut x = 0.0;
        let mut w = 1e8f64.powi(INT as i32 - 1);
        for &l in &self.l[..5] {
            x += l as f64 * w;
            w /= 1e8;
        }
        if self.neg {
            -x
        } else {
            x
        }
    }

    pub(super) fn from_f64(x: f64) -> Option<Fx> {
        Fx::from_number(&Number::from_f64(x)?)
    }

    /// Decimal digits `± D1 D2 ... × 10^(int - 1 - i)`: `int` of them
    /// before the point (None past 10^16; digits past 96 decimals cut).
    pub(super) fn from_digits(neg: bool, dec: &[u8], int: i64) -> Option<Fx> {
        let mut l = [0u64; LIMBS];
        for (i, &d) in dec.iter().enumerate().filter(|(_, &d)| d != 0) {
            // Digit position from the 10^15 digit.
            let q = 8 * INT as i64 - int + i as i64;
            if q < 0 {
                return None;
            }
            if q < DIGITS as i64 {
                let q = q as usize;
                l[q / 8] += u64::from(d) * 10u64.pow(7 - (q % 8) as u32);
            }
        }
        Some(Fx::make(neg, l))
    }

    pub(super) fn from_number(n: &Number) -> Option<Fx> {
        let (neg, dec, m, x) = n.decimal();
        Fx::from_digits(neg, &dec[..m], i64::from(x))
    }

    /// The NUMBER nearest `self × 10^k` (rounded half away from zero to
    /// 20 base-100 digits, as every NUMBER result).
    pub(super) fn rounded(&self, k: i64) -> Result<Number, NumError> {
        let mut dec = [0u8; DIGITS];
        for (q, d) in dec.iter_mut().enumerate() {
            *d = (self.l[q / 8] / 10u64.pow(7 - (q % 8) as u32) % 10) as u8;
        }
        // from_decimal reads 24 pairs from the first non-zero digit: enough
        // to round to 20.
        Number::from_decimal(self.neg, &dec, 8 * INT as i64 + k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fx(s: &str) -> Fx {
        Fx::from_number(&Number::parse(s).unwrap()).unwrap()
    }

    #[test]
    fn fixed_point_round_trips_and_divides() {
        for s in ["0", "1", "-2.5", "123456789012345.678", "1e-40", "-.0000000000000000000000000000000000000001"] {
            assert_eq!(fx(s).rounded(0).unwrap(), Number::parse(s).unwrap(), "{s}");
        }
        assert!(Fx::from_number(&Number::parse("1e16").unwrap()).is_none());
        let third = Fx::int(1).div(&Fx::int(3)).unwrap();
        assert_eq!(third.rounded(0).unwrap().to_string(), ".3333333333333333333333333333333333333333");
        assert_eq!(fx("10").div(&fx("-4")).unwrap().rounded(0).unwrap().to_string(), "-2.5");
        assert_eq!(fx("1").div(&fx("1e-10")).unwrap().rounded(0).unwrap(), Number::parse("1e10").unwrap());
        assert_eq!(fx("-1.5").mul(&fx("-1.5")).unwrap().rounded(0).unwrap().to_string(), "2.25");
        assert_eq!(fx("1.5").sub(&fx("2")).unwrap().rounded(0).unwrap().to_string(), "-.5");
        assert!(fx("1e15").mul(&fx("100")).is_none());
    }
}
