//! LN, EXP, LOG and POWER with a fractional exponent, computed in
//! [`Fx`] (96 decimals) and rounded once to NUMBER's 20 base-100 digits:
//! the true value correctly rounded, except within 10^-80 or so of a
//! rounding boundary.
//!
//! Oracle documents these functions as accurate to 36 decimal digits (SQL
//! Language Reference, Numeric Functions), and its last digits do stray:
//! its LN(2) is .6931471805599453094172321214581765680782 where the true
//! value rounds to ...680755 (Callan, "How Does Oracle Perform Math?",
//! 2006). Published results agree with the lab's to 38 digits or more; a
//! display of all 40 digits can differ in the last two or three.
//!
//! Method: `ln x = k ln 10 + j ln 2 + 2 atanh((m - 1) / (m + 1))` for
//! `x = m 2^j 10^k`, `m` in [1, 2); `exp y = 10^k e^r`, `r = y - k ln 10`
//! in [0, ln 10), `e^r` as `(e^(r / 1024))^1024` by Taylor's series. The
//! constants come from `ln 2 = 2 atanh(1/3)`, `ln 1.25 = 2 atanh(1/9)`.

use super::fixed::Fx;
use super::{NumError, Number};
use std::cmp::Ordering;
use std::sync::OnceLock;

/// `atanh(1/n) = Σ 1 / ((2i + 1) n^(2i + 1))`.
fn atanh_inv(n: u64) -> Fx {
    let mut p = Fx::int(1).div_small(n);
    let mut sum = Fx::ZERO;
    let mut i = 1;
    while !p.is_zero() {
        sum = sum.add(&p.div_small(i)).unwrap_or(sum);
        p = p.div_small(n * n);
        i += 2;
    }
    sum
}

/// `(ln 2, ln 10)`.
fn constants() -> &'static (Fx, Fx) {
    static C: OnceLock<(Fx, Fx)> = OnceLock::new();
    C.get_or_init(|| {
        let ln2 = atanh_inv(3).mul_small(2).unwrap_or(Fx::ZERO);
        let ln125 = atanh_inv(9).mul_small(2).unwrap_or(Fx::ZERO);
        let ln10 = ln2.mul_small(3).and_then(|x| x.add(&ln125)).unwrap_or(Fx::ZERO);
        (ln2, ln10)
    })
}

/// `atanh t = Σ t^(2i + 1) / (2i + 1)` for `0 <= t < 1/3`.
fn atanh(t: &Fx) -> Option<Fx> {
    let t2 = t.mul(t)?;
    let (mut p, mut sum, mut i) = (*t, Fx::ZERO, 1);
    while !p.is_zero() {
        sum = sum.add(&p.div_small(i))?;
        p = p.mul(&t2)?;
        i += 2;
    }
    Some(sum)
}

/// `k × c` for a signed whole `k`.
fn times(c: &Fx, k: i64) -> Option<Fx> {
    let p = c.mul_small(k.unsigned_abs())?;
    Some(if k < 0 { p.neg() } else { p })
}

/// The natural logarithm of a positive NUMBER.
fn ln_fx(x: &Number) -> Option<Fx> {
    let (_, dec, m, xe) = x.decimal();
    // x = D1.D2... × 10^(xe - 1).
    let mut mm = Fx::from_digits(false, &dec[..m], 1)?;
    let (one, two) = (Fx::int(1), Fx::int(2));
    let mut j = 0;
    while mm.cmp(&two) != Ordering::Less {
        mm = mm.div_small(2);
        j += 1;
    }
    let t = mm.sub(&one)?.div(&mm.add(&one)?)?;
    let (ln2, ln10) = constants();
    atanh(&t)?.mul_small(2)?.add(&times(ln2, j)?)?.add(&times(ln10, i64::from(xe) - 1)?)
}

/// `e^y` as `(m, k)`, `m × 10^k` with `m` in [1, 10), for |y| up to 10^4.
fn exp_fx(y: &Fx) -> Option<(Fx, i64)> {
    let (_, ln10) = constants();
    let mut k = (y.approx_f64() / ln10.approx_f64()).floor() as i64;
    let mut r = y.sub(&times(ln10, k)?)?;
    while r.is_negative() {
        r = r.add(ln10)?;
        k -= 1;
    }
    while r.cmp(ln10) != Ordering::Less {
        r = r.sub(ln10)?;
        k += 1;
    }
    const HALVINGS: u32 = 10;
    let h = r.div_small(1 << HALVINGS);
    let (mut sum, mut term, mut n) = (Fx::int(1), Fx::int(1), 1);
    loop {
        term = term.mul(&h)?.div_small(n);
        if term.is_zero() {
            break;
        }
        sum = sum.add(&term)?;
        n += 1;
    }
    for _ in 0..HALVINGS {
        sum = sum.mul(&sum)?;
    }
    Some((sum, k))
}

/// Exponents past which `e^y` overflows NUMBER or is below its smallest
/// value (e^290 is 2e125; e^-300 is 5e-131).
const EXP_LIMIT: u64 = 1000;

/// `e^y` as a NUMBER: ORA-01426 above 10^126, 0 below 10^-130.
fn exp_number(y: &Fx) -> Result<Number, NumError> {
    let limit = Fx::int(EXP_LIMIT);
    if y.cmp(&limit) == Ordering::Greater {
        return Err(NumError::Overflow);
    }
    if y.cmp(&limit.neg()) == Ordering::Less {
        return Ok(Number::ZERO);
    }
    let (m, k) = exp_fx(y).ok_or(NumError::Overflow)?;
    m.rounded(k)
}

impl Number {
    /// LN of a positive NUMBER (zero and negative values are the caller's
    /// ORA-01428).
    pub fn ln(&self) -> Result<Number, NumError> {
        if self.is_negative() || self.is_zero() {
            return Err(NumError::Invalid);
        }
        ln_fx(self).ok_or(NumError::Overflow)?.rounded(0)
    }

    /// EXP: ORA-01426 when the result passes 10^126, 0 below 10^-130.
    pub fn exp(&self) -> Result<Number, NumError> {
        match Fx::from_number(self) {
            Some(y) => exp_number(&y),
            None if self.is_negative() => Ok(Number::ZERO),
            None => Err(NumError::Overflow),
        }
    }

    /// LOG(self, x): the logarithm of `x` in base `self`, both positive and
    /// the base not 1 (the caller's ORA-01428 otherwise).
    pub fn log(&self, x: &Number) -> Result<Number, NumError> {
        let (lb, lx) = (ln_fx(self).ok_or(NumError::Invalid)?, ln_fx(x).ok_or(NumError::Invalid)?);
        let (q, k) = lx.div_scaled(&lb).ok_or(NumError::DivideByZero)?;
        q.rounded(k)
    }

    /// POWER(self, b) as `e^(b ln self)` for a positive `self`: None when
    /// `b` is 10^16 or more in magnitude and `self` so near 1 that the
    /// product cannot be told from a moderate one.
    pub fn pow_real(&self, b: &Number) -> Result<Option<Number>, NumError> {
        if self.is_negative() || self.is_zero() {
            return Err(NumError::Invalid);
        }
        let l = ln_fx(self).ok_or(NumError::Overflow)?;
        if l.is_zero() || b.is_zero() {
            return Ok(Some(Number::from_i64(1)));
        }
        // A product past 10^16 overflows, or underflows to 0, by its sign.
        let huge = |neg: bool| if neg { Ok(Some(Number::ZERO)) } else { Err(NumError::Overflow) };
        let neg = l.is_negative() != b.is_negative();
        let Some(bb) = Fx::from_number(b) else {
            return if l.approx_f64().abs() > 1e-12 { huge(neg) } else { Ok(None) };
        };
        match l.mul(&bb) {
            Some(p) => exp_number(&p).map(Some),
            None => huge(neg),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Number {
        Number::parse(s).unwrap()
    }

    /// The first `k` significant digits of a printed value.
    fn digits(s: &str, k: usize) -> String {
        s.chars().filter(|c| c.is_ascii_digit()).skip_while(|&c| c == '0').take(k).collect()
    }

    #[test]
    fn ln_to_forty_digits() {
        // database.guide (Oracle, SQLcl): LN(73), LN(2 * 3).
        assert_eq!(n("73").ln().unwrap().to_string(), "4.2904594411483911290921088574385425709");
        assert_eq!(n("6").ln().unwrap().to_string(), "1.79175946922805500081247735838070227272");
        assert_eq!(n("2.718281828459045235360287471352662497757").ln().unwrap().to_string(), "1");
        // Oracle's LN(2) (Callan 2006) .6931471805599453094172321214581765680782
        // strays in its last three digits; the first 37 agree.
        let ln2 = n("2").ln().unwrap().to_string();
        assert_eq!(ln2, ".6931471805599453094172321214581765680755");
        assert_eq!(digits(&ln2, 37), digits(".6931471805599453094172321214581765680782", 37));
        // SQL Language Reference: LN(95) 4.55387689.
        assert!(n("95").ln().unwrap().to_string().starts_with("4.553876891600540"));
        assert_eq!(n("1").ln().unwrap(), Number::ZERO);
        assert_eq!(n("1e-130").ln().unwrap().to_string(), "-299.336062089225938922338889108967346988");
        assert_eq!(n("0").ln(), Err(NumError::Invalid));
    }

    #[test]
    fn exp_log_power() {
        // SQL Language Reference: EXP(4) 54.59815.
        assert_eq!(n("4").exp().unwrap().to_string(), "54.59815003314423907811026120286087840279");
        assert_eq!(n("0").exp().unwrap().to_string(), "1");
        assert_eq!(n("1").exp().unwrap().to_string(), "2.71828182845904523536028747135266249776");
        assert_eq!(n("-1").exp().unwrap().to_string(), ".3678794411714423215955237701614608674458");
        assert_eq!(n("300").exp(), Err(NumError::Overflow));
        assert_eq!(n("-400").exp().unwrap(), Number::ZERO);
        assert_eq!(n("1e30").exp(), Err(NumError::Overflow));
        // LOG(10, 100) is 2 (SQL Language Reference).
        assert_eq!(n("10").log(&n("100")).unwrap().to_string(), "2");
        assert_eq!(n("2").log(&n("1024")).unwrap().to_string(), "10");
        assert_eq!(n("1").log(&n("5")), Err(NumError::DivideByZero));
        assert_eq!(n("4").pow_real(&n(".5")).unwrap().unwrap().to_string(), "2");
        assert_eq!(n("2").pow_real(&n(".5")).unwrap().unwrap(), n("2").sqrt().unwrap());
        assert_eq!(
            n("10").pow_real(&n("-2.5")).unwrap().unwrap().to_string(),
            ".00316227766016837933199889354443271853372"
        );
        assert_eq!(n("10").pow_real(&n("1e20")), Err(NumError::Overflow));
        assert_eq!(n(".5").pow_real(&n("1e20")).unwrap().unwrap(), Number::ZERO);
    }
}
