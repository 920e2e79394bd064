//! SQRT of a NUMBER, correctly rounded to 20 base-100 digits (half away
//! from zero, as every NUMBER result): Newton's iteration in NUMBER
//! arithmetic gives a root within an ulp or so; exact integer arithmetic
//! on base-100 digits then moves it to the one whose half-ulp interval
//! holds the true root.

use super::{NumError, Number, MAX_PAIRS};
use std::cmp::Ordering;

/// Base-100 digits of a non-negative integer, the most significant first.
type Big = Vec<u32>;

fn trim(a: &[u32]) -> &[u32] {
    let first = a.iter().position(|&d| d != 0).unwrap_or(a.len());
    &a[first..]
}

fn cmp(a: &[u32], b: &[u32]) -> Ordering {
    let (a, b) = (trim(a), trim(b));
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

fn mul(a: &[u32], b: &[u32]) -> Big {
    let mut acc = vec![0u64; a.len() + b.len()];
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            acc[i + j + 1] += u64::from(x) * u64::from(y);
        }
    }
    let mut carry = 0u64;
    for d in acc.iter_mut().rev() {
        let v = *d + carry;
        *d = v % 100;
        carry = v / 100;
    }
    acc.into_iter().map(|d| d as u32).collect()
}

/// `a * k + c` for small `k` and `c` (a carry out grows the number).
fn mul_add_small(a: &[u32], k: u32, c: i64) -> Big {
    let mut out = vec![0u32; a.len() + 1];
    let mut carry = c;
    for (i, &d) in a.iter().enumerate().rev() {
        let v = i64::from(d) * i64::from(k) + carry;
        out[i + 1] = v.rem_euclid(100) as u32;
        carry = v.div_euclid(100);
    }
    out[0] = carry as u32;
    out
}

impl Number {
    /// The square root of a non-negative NUMBER (a negative one is the
    /// caller's ORA-01428).
    pub fn sqrt(&self) -> Result<Number, NumError> {
        let x = self.parts();
        if x.n == 0 || x.neg {
            return Ok(Number::ZERO);
        }
        let two = Number::from_i64(2);
        let mut y = Number::from_f64(self.to_f64().sqrt()).filter(|y| !y.is_zero()).unwrap_or(*self);
        for _ in 0..6 {
            let next = y.add(&self.div(&y)?)?.div(&two)?;
            if next == y {
                break;
            }
            y = next;
        }
        // 4·Dx, x = Dx × 100^(ex - nx).
        let four_x = mul_add_small(&x.d[..x.n].iter().map(|&d| u32::from(d)).collect::<Big>(), 4, 0);
        for _ in 0..256 {
            let p = y.parts();
            // M: y's digits over the ulp 100^(ey - 20), with a leading
            // pair for a carry (so the digits stand at exponent ey + 1).
            let mut m: Big = vec![0; MAX_PAIRS + 1];
            for (slot, &d) in m[1..].iter_mut().zip(&p.d[..p.n]) {
                *slot = u32::from(d);
            }
            // x / ulp² = Dx × 100^t: compare 4·x/ulp² with (2M ± 1)².
            let t = x.e - x.n as i32 - 2 * (p.e - MAX_PAIRS as i32);
            let (lo, hi) = (mul_add_small(&m, 2, -1), mul_add_small(&m, 2, 1));
            let (mut lo2, mut hi2, mut f) = (mul(&lo, &lo), mul(&hi, &hi), four_x.clone());
            if t >= 0 {
                f.extend(std::iter::repeat_n(0, t as usize));
            } else {
                lo2.extend(std::iter::repeat_n(0, (-t) as usize));
                hi2.extend(std::iter::repeat_n(0, (-t) as usize));
            }
            let step = if cmp(&f, &lo2) == Ordering::Less {
                -1
            } else if cmp(&f, &hi2) != Ordering::Less {
                1
            } else {
                return Ok(y);
            };
            let m = mul_add_small(&m, 1, step);
            let digits: Vec<u8> = m.iter().map(|&d| d as u8).collect();
            // mul_add_small added a leading pair: the digits stand at ey + 2.
            y = Number::pack(false, p.e + 2, &digits)?;
        }
        Ok(y)
    }
}
