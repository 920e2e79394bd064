//! The statistical aggregates' arithmetic: STDDEV, VARIANCE and their
//! _SAMP/_POP forms from the sum and the sum of squares, MEDIAN from the
//! values (`AggState` holds them).

use super::expr::AggState;
use crate::number::{NumError, Number};
use crate::value::Value;

impl AggState {
    /// `x` into the sum and the sum of squares.
    pub(super) fn add_square(&mut self, x: &Number) -> Result<(), NumError> {
        let sq = x.mul(x)?;
        self.sum = self.sum.add(x)?;
        self.sum2 = self.sum2.add(&sq)?;
        Ok(())
    }

    /// VAR_POP (`sample` false) or VAR_SAMP as Oracle defines them:
    /// `(SUM(x*x) - SUM(x)*SUM(x) / COUNT(x)) / (COUNT(x) [- 1])`, in
    /// NUMBER arithmetic. None where it is NULL (no value; one value for
    /// VAR_SAMP).
    pub(super) fn variance(&self, sample: bool) -> Option<Number> {
        let n = Number::from(self.count);
        let d = if sample { self.count.checked_sub(1)? } else { self.count };
        if d == 0 {
            return None;
        }
        let ss = self.sum.mul(&self.sum).ok()?.div(&n).ok()?;
        let v = self.sum2.sub(&ss).ok()?.div(&Number::from(d)).ok()?;
        // Rounding can leave a tiny negative for equal values.
        Some(if v.is_negative() { Number::ZERO } else { v })
    }

    /// MEDIAN: the middle value, or the mean of the two middle ones.
    pub(super) fn median(&self) -> Value {
        let mut v = self.vals.clone();
        v.sort_unstable();
        let n = v.len();
        if n == 0 {
            return Value::Null;
        }
        if n % 2 == 1 {
            return Value::Num(v[n / 2]);
        }
        let s = v[n / 2 - 1].add(&v[n / 2]).and_then(|s| s.div(&Number::from_i64(2)));
        s.map(Value::Num).unwrap_or(Value::Null)
    }
}
