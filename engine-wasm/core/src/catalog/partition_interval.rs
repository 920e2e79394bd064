//! Interval partitioning (`PARTITION BY RANGE (k) INTERVAL (i) (...)`):
//! the declared partitions are the range section, the last one's bound
//! the transition point T; above it every interval [T + (k-1)i, T + ki)
//! is a partition of its own, numbered from the start: the range
//! section's partitions are 1..R, interval k is R + k. Those numbers are
//! fixed when the table is made (Connor McDonald, "The non-existent
//! partition", 2016: a one-partition table with INTERVAL (1) plans
//! `x = 1235` at partition 1236 while six exist), only the partitions
//! rows reached exist (created by the insert, SYS_Pn), and the numbers
//! stop at Oracle's limit of 1048575 partitions (ORA-14300 beyond it).
//! The plan's Pstart and Pstop are these numbers; PARTITION_POSITION in
//! USER_TAB_PARTITIONS counts only the partitions that exist.

use super::partition::{Cmp, Interval, PartBound, Partitioning, MAX_PARTITIONS};
use crate::date::{Civil, Date};
use crate::value::Value;
use lio_sql::number::Number;
use std::cmp::Ordering;

/// A date `months` months after `d`, on its day (the caller keeps the
/// transition point's day at 28 or below).
fn plus_months(d: Date, months: i64) -> Option<Date> {
    let c = d.civil();
    let m0 = c.year as i64 * 12 + c.month as i64 - 1 + months;
    let year = i32::try_from(m0.div_euclid(12)).ok().filter(|y| (1..=9999).contains(y))?;
    Date::from_civil(Civil { year, month: m0.rem_euclid(12) as u32 + 1, ..c })
}

impl Partitioning {
    /// The range section's partitions (R).
    pub fn range_count(&self) -> usize {
        self.parts.iter().filter(|p| p.seq == 0).count()
    }

    /// The transition point: the range section's highest bound.
    fn transition(&self) -> Option<&Value> {
        self.interval.as_ref()?;
        match &self.parts.iter().rfind(|p| p.seq == 0)?.bound {
            PartBound::Less(Some(v)) => Some(v),
            _ => None,
        }
    }

    /// The interval a key above the transition point falls in (k >= 1);
    /// None below it, for NULL, or when the table has no interval.
    pub fn interval_seq(&self, key: &Value) -> Option<u64> {
        let (t, iv) = (self.transition()?, self.interval.as_ref()?);
        if key.is_null() || key.cmp_sql(t) == Ordering::Less {
            return None;
        }
        match (iv, key, t) {
            (Interval::Number(i), Value::Num(k), Value::Num(t)) => {
                let q = k.sub(t).ok()?.div(i).ok()?.floor().ok()?;
                Some(q.to_i64()?.max(0) as u64 + 1)
            }
            (Interval::Seconds(s), Value::Date(k), Value::Date(t)) => {
                Some(((k.seconds() - t.seconds()) / s.max(&1)) as u64 + 1)
            }
            (Interval::Months(m), Value::Date(k), Value::Date(t)) => {
                // The months between, then the interval whose bound is above the key.
                let (kc, tc) = (k.civil(), t.civil());
                let months = (kc.year as i64 - tc.year as i64) * 12 + kc.month as i64 - tc.month as i64;
                let mut q = (months / m.max(&1)).max(0) as u64;
                while q > 0 && self.interval_bound(q).is_some_and(|b| key.cmp_sql(&b) == Ordering::Less) {
                    q -= 1;
                }
                while self.interval_bound(q + 1).is_some_and(|b| key.cmp_sql(&b) != Ordering::Less) {
                    q += 1;
                }
                Some(q + 1)
            }
            _ => None,
        }
    }

    /// T + k intervals: interval k's bound (VALUES LESS THAN); k = 0 is T.
    pub fn interval_bound(&self, k: u64) -> Option<Value> {
        let (t, iv) = (self.transition()?, self.interval.as_ref()?);
        let k = i64::try_from(k).ok()?;
        match (iv, t) {
            (Interval::Number(i), Value::Num(t)) => Some(Value::Num(t.add(&i.mul(&Number::from_i64(k)).ok()?).ok()?)),
            (Interval::Seconds(s), Value::Date(t)) => {
                Date::from_seconds(t.seconds().checked_add(s.checked_mul(k)?)?).map(Value::Date)
            }
            (Interval::Months(m), Value::Date(t)) => plus_months(*t, m.checked_mul(k)?).map(Value::Date),
            _ => None,
        }
    }

    /// The number (Pstart, Pstop) of the partition a key maps to, whether
    /// or not it exists; None for NULL and, in a table that is not interval
    /// partitioned, a key no partition takes.
    pub fn number_of(&self, key: &Value) -> Option<u64> {
        if key.is_null() {
            return None;
        }
        match self.interval_seq(key) {
            Some(k) => Some(self.range_count() as u64 + k),
            None => self.route(key).map(|i| i as u64 + 1),
        }
    }

    /// The number of the partition at position `i`.
    pub fn part_number(&self, i: usize) -> u32 {
        match self.parts[i].seq {
            0 => i as u32 + 1,
            k => self.range_count() as u32 + k,
        }
    }

    /// The lower bound of partition number `n`'s keys (None: the first).
    fn low_of_number(&self, n: u64) -> Option<Value> {
        let r = self.range_count() as u64;
        if n > r {
            return self.interval_bound(n - r - 1);
        }
        match &self.parts.get((n as usize).checked_sub(2)?)?.bound {
            PartBound::Less(v) => v.clone(),
            _ => None,
        }
    }

    /// The partition numbers whose keys can satisfy `key op v` (an
    /// interval table's static pruning): (first, last), first > last when
    /// none.
    pub fn number_span(&self, op: Cmp, v: &Value) -> (u64, u64) {
        let max = MAX_PARTITIONS as u64;
        let Some(n) = (!v.is_null()).then(|| self.number_of(v)).flatten() else { return (1, 0) };
        match op {
            Cmp::Eq => (n, n),
            Cmp::Gt | Cmp::Ge => (n, max),
            Cmp::Le => (1, n.min(max)),
            // Below v: not v's partition when v is its lowest key.
            Cmp::Lt => {
                let at_low = self.low_of_number(n).is_some_and(|l| l.cmp_sql(v) == Ordering::Equal);
                (1, if at_low { n - 1 } else { n }.min(max))
            }
        }
    }

    /// The lower bound of the keys of the partition at position `i`, for
    /// pruning: an interval partition's own (the partitions below it may
    /// not exist), else the bound of the partition before it.
    pub fn low_bound(&self, i: usize) -> Option<Value> {
        match self.parts[i].seq {
            0 => match &self.parts.get(i.checked_sub(1)?)?.bound {
                PartBound::Less(v) => v.clone(),
                _ => None,
            },
            k => self.interval_bound(k as u64 - 1),
        }
    }
}
