//! Column histograms as DBMS_STATS builds them and the optimizer reads
//! them (USER_TAB_HISTOGRAMS; HISTOGRAM, NUM_BUCKETS and DENSITY of
//! USER_TAB_COL_STATISTICS).
//!
//! Built from a column's distinct values and their row counts, sorted
//! (strings by their leading bytes, `text_position`), for `n` requested
//! buckets and `d` distinct values among `s` non-null rows:
//!
//! - `d <= n`: FREQUENCY, one endpoint per value, ENDPOINT_NUMBER the
//!   running row count (each value's rows = its number less the one
//!   before). DENSITY = 1 / (2 x NUM_ROWS) (10.2.0.4 on).
//! - 12c+ with AUTO_SAMPLE_SIZE, `d > n`, and the `n` most frequent values
//!   holding at least (1 - 1/n) of the rows: TOP-FREQUENCY, a frequency
//!   histogram of those values; the low and high values are always in it
//!   (each replaces the least frequent one kept when it is not).
//! - 12c+ with AUTO_SAMPLE_SIZE otherwise: HYBRID. Bucket size s / n; the
//!   low value's rows are the first bucket; each next bucket takes rows
//!   until it holds at least the bucket size, then runs on to the end of
//!   its last value (no value spans two buckets); the last ends at the
//!   high value. ENDPOINT_REPEAT_COUNT is the endpoint value's rows.
//! - 11g (or an explicit ESTIMATE_PERCENT): HEIGHT BALANCED. Endpoint i
//!   (0..n) is the value of sorted row ceil(i x s / n) (row 1 for i = 0);
//!   of a run of endpoints with one value only the last is stored, so a
//!   value whose stored number exceeds the previous one's by 2 or more
//!   spans that many buckets: popular. DENSITY is the pre-11g figure
//!   sum(c^2) / (s x sum(c)) over the non-popular values.
//!
//! The optimizer's equality selectivity from them
//! ([`Histogram::equality`]), as 11.2.0.x+ computes it:
//! - FREQUENCY, TOP-FREQUENCY: a value in it, its rows / s; a value not
//!   in a FREQUENCY histogram, half the least frequent value's rows / s;
//!   not in a TOP-FREQUENCY one, the rows outside the histogram spread
//!   over the values outside it: (s - kept rows) / (NDV - kept values) / s.
//! - HEIGHT BALANCED: a popular value, buckets it spans / n; another,
//!   NewDensity = ((n - popular buckets) / n) / (NDV - popular values).
//! - HYBRID: an endpoint value, its ENDPOINT_REPEAT_COUNT / s; another,
//!   NewDensity = (s - popular rows) / (NDV - popular values) / s, popular
//!   being an endpoint whose repeat count reaches the bucket size.

/// HISTOGRAM's value in USER_TAB_COL_STATISTICS.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HistogramKind {
    Frequency,
    TopFrequency,
    HeightBalanced,
    Hybrid,
}

impl HistogramKind {
    pub fn name(self) -> &'static str {
        match self {
            HistogramKind::Frequency => "FREQUENCY",
            HistogramKind::TopFrequency => "TOP-FREQUENCY",
            HistogramKind::HeightBalanced => "HEIGHT BALANCED",
            HistogramKind::Hybrid => "HYBRID",
        }
    }
}

/// One row of USER_TAB_HISTOGRAMS.
#[derive(Debug, Clone, PartialEq)]
pub struct Endpoint {
    pub number: u64,
    /// The value on the optimizer's line (a string's leading bytes).
    pub value: f64,
    /// ENDPOINT_REPEAT_COUNT (HYBRID; 0 for the others).
    pub repeat: u64,
    /// The string the endpoint is (ENDPOINT_ACTUAL_VALUE), for a character column.
    pub actual: Option<String>,
}

/// A column's histogram.
#[derive(Debug, Clone, PartialEq)]
pub struct Histogram {
    pub kind: HistogramKind,
    pub endpoints: Vec<Endpoint>,
    /// NUM_BUCKETS.
    pub buckets: u64,
    /// The non-null rows it was built from.
    pub sample: u64,
    /// DENSITY as the dictionary shows it.
    pub density: f64,
    /// The selectivity of a value the histogram does not single out.
    pub new_density: f64,
}

/// A distinct value of a column, sorted by `pos`, with its rows.
#[derive(Debug, Clone, PartialEq)]
pub struct ValueCount {
    pub pos: f64,
    pub rows: u64,
    pub text: Option<String>,
}

/// Which histogram types the release builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildRules {
    /// 12c+ with AUTO_SAMPLE_SIZE: TOP-FREQUENCY and HYBRID; else HEIGHT BALANCED.
    pub hybrid: bool,
}

impl Histogram {
    /// The histogram of `n` buckets over `values` (sorted by `pos`, each
    /// with at least one row), for a table of `num_rows` rows and a column
    /// of `ndv` distinct values. `None` for no values or `n` < 2.
    pub fn build(values: &[ValueCount], n: u64, num_rows: u64, ndv: u64, rules: BuildRules) -> Option<Histogram> {
        if values.is_empty() || n < 2 {
            return None;
        }
        let s: u64 = values.iter().map(|v| v.rows).sum();
        let d = values.len() as u64;
        let ndv = ndv.max(d) as f64;
        if d <= n {
            return Some(frequency(values, values.iter().collect(), s, num_rows, HistogramKind::Frequency, ndv));
        }
        if rules.hybrid {
            let mut by_rows: Vec<usize> = (0..values.len()).collect();
            by_rows.sort_by(|&a, &b| values[b].rows.cmp(&values[a].rows).then(a.cmp(&b)));
            let top: u64 = by_rows[..n as usize].iter().map(|&i| values[i].rows).sum();
            if top as f64 >= s as f64 * (1.0 - 1.0 / n as f64) {
                let mut kept: Vec<usize> = by_rows[..n as usize].to_vec();
                for edge in [0, values.len() - 1] {
                    if !kept.contains(&edge) {
                        // The least frequent kept value that is not the other edge.
                        let k = kept.iter().rposition(|&i| i != 0 && i != values.len() - 1).unwrap_or(kept.len() - 1);
                        kept[k] = edge;
                    }
                }
                kept.sort_unstable();
                let kept = kept.into_iter().map(|i| &values[i]).collect();
                return Some(frequency(values, kept, s, num_rows, HistogramKind::TopFrequency, ndv));
            }
            return Some(hybrid(values, n, s, ndv));
        }
        Some(height_balanced(values, n, s, ndv))
    }

    /// The share of the non-null rows equal to `x` (a position).
    pub fn equality(&self, x: f64) -> f64 {
        let s = self.sample.max(1) as f64;
        let at = self.endpoints.iter().position(|e| e.value == x);
        match (self.kind, at) {
            (HistogramKind::Frequency | HistogramKind::TopFrequency, Some(i)) => self.rows_of(i) as f64 / s,
            (HistogramKind::HeightBalanced, Some(i)) if self.rows_of(i) >= 2 => {
                self.rows_of(i) as f64 / self.buckets as f64
            }
            (HistogramKind::Hybrid, Some(i)) => self.endpoints[i].repeat as f64 / s,
            _ => self.new_density,
        }
    }

    /// Rows (FREQUENCY, TOP-FREQUENCY) or buckets (HEIGHT BALANCED,
    /// HYBRID) of endpoint `i`: its number less the previous one's.
    fn rows_of(&self, i: usize) -> u64 {
        let before = if i == 0 { 0 } else { self.endpoints[i - 1].number };
        self.endpoints[i].number - before
    }

    /// The share of the non-null rows from `low` to `high` (value,
    /// closed), either open-ended: FREQUENCY and TOP-FREQUENCY count the
    /// values' rows; HEIGHT BALANCED and HYBRID interpolate within the
    /// buckets the bounds fall in (linearly between endpoints).
    pub fn range(&self, low: Option<(f64, bool)>, high: Option<(f64, bool)>) -> f64 {
        let s = self.sample.max(1) as f64;
        let inside = |v: f64| {
            low.is_none_or(|(a, closed)| if closed { v >= a } else { v > a })
                && high.is_none_or(|(b, closed)| if closed { v <= b } else { v < b })
        };
        match self.kind {
            HistogramKind::Frequency | HistogramKind::TopFrequency => {
                let rows: u64 = (0..self.endpoints.len())
                    .filter(|&i| inside(self.endpoints[i].value))
                    .map(|i| self.rows_of(i))
                    .sum();
                rows as f64 / s
            }
            HistogramKind::HeightBalanced | HistogramKind::Hybrid => {
                let total = self.endpoints.last().map_or(1.0, |e| e.number as f64).max(1.0);
                let below = |x: f64| self.cumulative(x) / total;
                let lo = low.map_or(0.0, |(a, _)| below(a));
                let hi = high.map_or(1.0, |(b, _)| below(b));
                (hi - lo).clamp(0.0, 1.0)
            }
        }
    }

    /// The endpoint number (buckets or rows) reached at position `x`,
    /// linear between endpoints.
    fn cumulative(&self, x: f64) -> f64 {
        let e = &self.endpoints;
        let Some(first) = e.first() else { return 0.0 };
        if x <= first.value {
            return if x < first.value { 0.0 } else { first.number as f64 };
        }
        for w in e.windows(2) {
            if x <= w[1].value {
                let span = w[1].value - w[0].value;
                let f = if span > 0.0 { (x - w[0].value) / span } else { 1.0 };
                return w[0].number as f64 + f * (w[1].number - w[0].number) as f64;
            }
        }
        e.last().map_or(0.0, |l| l.number as f64)
    }
}

fn endpoint(v: &ValueCount, number: u64, repeat: u64) -> Endpoint {
    Endpoint { number, value: v.pos, repeat, actual: v.text.clone() }
}

/// FREQUENCY (every value) or TOP-FREQUENCY (the values `kept`).
fn frequency(
    all: &[ValueCount],
    kept: Vec<&ValueCount>,
    s: u64,
    num_rows: u64,
    kind: HistogramKind,
    ndv: f64,
) -> Histogram {
    let mut number = 0;
    let endpoints: Vec<Endpoint> = kept
        .iter()
        .map(|v| {
            number += v.rows;
            endpoint(v, number, 0)
        })
        .collect();
    let sf = s.max(1) as f64;
    let new_density = if kind == HistogramKind::Frequency {
        0.5 * all.iter().map(|v| v.rows).min().unwrap_or(1) as f64 / sf
    } else {
        let out_values = (ndv - endpoints.len() as f64).max(1.0);
        (s - number) as f64 / out_values / sf
    };
    Histogram {
        kind,
        buckets: endpoints.len() as u64,
        endpoints,
        sample: s,
        density: 1.0 / (2.0 * num_rows.max(1) as f64),
        new_density,
    }
}

fn height_balanced(values: &[ValueCount], n: u64, s: u64, ndv: f64) -> Histogram {
    // The value of sorted row r (1-based).
    let mut cum = Vec::with_capacity(values.len());
    let mut c = 0;
    for v in values {
        c += v.rows;
        cum.push(c);
    }
    let at_row = |r: u64| cum.partition_point(|&c| c < r).min(values.len() - 1);
    let marks: Vec<usize> = (0..=n).map(|i| at_row(if i == 0 { 1 } else { (i * s).div_ceil(n) })).collect();
    let mut endpoints = Vec::new();
    for i in 0..=n as usize {
        if i == n as usize || marks[i] != marks[i + 1] {
            endpoints.push(endpoint(&values[marks[i]], i as u64, 0));
        }
    }
    let mut h = Histogram {
        kind: HistogramKind::HeightBalanced,
        endpoints,
        buckets: n,
        sample: s,
        density: 0.0,
        new_density: 0.0,
    };
    let popular: Vec<usize> = (0..h.endpoints.len()).filter(|&i| h.rows_of(i) >= 2).collect();
    let pop_buckets: u64 = popular.iter().map(|&i| h.rows_of(i)).sum();
    h.new_density = ((n - pop_buckets.min(n)) as f64 / n as f64) / (ndv - popular.len() as f64).max(1.0);
    let is_popular = |v: &ValueCount| popular.iter().any(|&i| h.endpoints[i].value == v.pos);
    let (sq, rows) = values.iter().filter(|v| !is_popular(v)).fold((0.0, 0.0), |(sq, r), v| {
        let c = v.rows as f64;
        (sq + c * c, r + c)
    });
    h.density = if rows > 0.0 { sq / (s as f64 * rows) } else { 0.0 };
    h
}

fn hybrid(values: &[ValueCount], n: u64, s: u64, ndv: f64) -> Histogram {
    let size = s as f64 / n as f64;
    let last = values.len() - 1;
    let mut endpoints = vec![endpoint(&values[0], values[0].rows, values[0].rows)];
    let mut cum = values[0].rows;
    let mut start = cum;
    for (i, v) in values.iter().enumerate().skip(1) {
        cum += v.rows;
        let full = (cum - start) as f64 >= size;
        let room = (endpoints.len() as u64) < n - 1;
        if i == last || (full && room) {
            endpoints.push(endpoint(v, cum, v.rows));
            start = cum;
        }
    }
    let popular: Vec<&Endpoint> = endpoints.iter().filter(|e| e.repeat as f64 >= size).collect();
    let pop_rows: u64 = popular.iter().map(|e| e.repeat).sum();
    let new_density = (s - pop_rows) as f64 / (ndv - popular.len() as f64).max(1.0) / s.max(1) as f64;
    Histogram {
        kind: HistogramKind::Hybrid,
        buckets: endpoints.len() as u64,
        endpoints,
        sample: s,
        density: new_density,
        new_density,
    }
}

/// Whether a column's values are skewed enough for SIZE AUTO and SIZE
/// SKEWONLY to keep a histogram (the lab's reading of DBMS_STATS'
/// test): with no more values than buckets, some value has more rows
/// than another; with more, some value holds at least one bucket's worth
/// of rows (it would be popular).
pub fn skewed(values: &[ValueCount], n: u64) -> bool {
    let (Some(min), Some(max)) = (values.iter().map(|v| v.rows).min(), values.iter().map(|v| v.rows).max()) else {
        return false;
    };
    if values.len() as u64 <= n {
        return max > min;
    }
    let s: u64 = values.iter().map(|v| v.rows).sum();
    max as f64 >= s as f64 / n as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vals(v: &[(f64, u64)]) -> Vec<ValueCount> {
        v.iter().map(|&(pos, rows)| ValueCount { pos, rows, text: None }).collect()
    }

    const R11: BuildRules = BuildRules { hybrid: false };
    const R12: BuildRules = BuildRules { hybrid: true };

    #[test]
    fn ten_rows_frequency_by_hand() {
        // A 10-row column: 1 x5, 2 x3, 3 x1, 4 x1 (4 values, SIZE 254).
        // Endpoints: (5, 1), (8, 2), (9, 3), (10, 4). `= 1`: 5/10, 5 rows;
        // `= 3`: 1/10, 1 row; `= 2.5` (absent): half the least frequent's
        // 1 row over 10 = 0.05, 0.5 row (E-Rows 1). DENSITY 1/(2 x 10).
        let v = vals(&[(1.0, 5), (2.0, 3), (3.0, 1), (4.0, 1)]);
        let h = Histogram::build(&v, 254, 10, 4, R11).unwrap();
        assert_eq!(h.kind, HistogramKind::Frequency);
        let nums: Vec<u64> = h.endpoints.iter().map(|e| e.number).collect();
        assert_eq!(nums, [5, 8, 9, 10]);
        assert_eq!(h.buckets, 4);
        assert_eq!(h.equality(1.0), 0.5);
        assert_eq!(h.equality(3.0), 0.1);
        assert_eq!(h.equality(2.5), 0.05);
        assert_eq!(h.density, 0.05);
        // `between 2 and 3`: 3 + 1 rows; `> 2`: 2 rows.
        assert_eq!(h.range(Some((2.0, true)), Some((3.0, true))), 0.4);
        assert_eq!(h.range(Some((2.0, false)), None), 0.2);
    }

    #[test]
    fn height_balanced_by_hand() {
        // 20 rows, values 1..=11: 1 x10, then 2..=11 once each; 4 buckets
        // of 5 rows. Rows 1, 5, 10, 15, 20 are 1, 1, 1, 6, 11: endpoint
        // numbers 2 (value 1, spans 2 buckets: popular), 3 (6), 4 (11).
        // `= 1`: 2/4 = 0.5; others: NewDensity ((4 - 2)/4) / (11 - 1) = 0.05.
        let mut v = vec![(1.0, 10)];
        v.extend((2..=11).map(|x| (x as f64, 1)));
        let h = Histogram::build(&vals(&v), 4, 20, 11, R11).unwrap();
        assert_eq!(h.kind, HistogramKind::HeightBalanced);
        let e: Vec<(u64, f64)> = h.endpoints.iter().map(|e| (e.number, e.value)).collect();
        assert_eq!(e, [(2, 1.0), (3, 6.0), (4, 11.0)]);
        assert_eq!(h.equality(1.0), 0.5);
        assert!((h.equality(6.0) - 0.05).abs() < 1e-12);
        // Old density: non-popular values 2..=11, one row each: 10 / (20 x 10).
        assert!((h.density - 0.05).abs() < 1e-12);
    }

    #[test]
    fn top_frequency_and_hybrid_by_hand() {
        // 100 rows: 1 x45, 2 x45, 3..=12 one each (12 values), 4 buckets:
        // the top 4 hold 45 + 45 + 1 + 1 = 92 >= 100 x 3/4: TOP-FREQUENCY,
        // with the low (1) and high (12) values in it: 1, 2, 3, 12.
        let mut v = vec![(1.0, 45), (2.0, 45)];
        v.extend((3..=12).map(|x| (x as f64, 1)));
        let h = Histogram::build(&vals(&v), 4, 100, 12, R12).unwrap();
        assert_eq!(h.kind, HistogramKind::TopFrequency);
        let e: Vec<(u64, f64)> = h.endpoints.iter().map(|e| (e.number, e.value)).collect();
        assert_eq!(e, [(45, 1.0), (90, 2.0), (91, 3.0), (92, 12.0)]);
        // Not in it: (100 - 92) / (12 - 4) / 100 = 0.01.
        assert!((h.equality(7.0) - 0.01).abs() < 1e-12);
        // 11g builds HEIGHT BALANCED from the same values.
        assert_eq!(Histogram::build(&vals(&v), 4, 100, 12, R11).unwrap().kind, HistogramKind::HeightBalanced);
        // 40 rows of 1..=20 twice each, 4 buckets (size 10): the top 4
        // hold 8 rows: HYBRID. Low value 1 (2 rows) first; then buckets
        // close at 2 + 10 = 12 (value 6), 22 (11), and the last at 20.
        let v: Vec<(f64, u64)> = (1..=20).map(|x| (x as f64, 2)).collect();
        let h = Histogram::build(&vals(&v), 4, 40, 20, R12).unwrap();
        assert_eq!(h.kind, HistogramKind::Hybrid);
        let e: Vec<(u64, f64, u64)> = h.endpoints.iter().map(|e| (e.number, e.value, e.repeat)).collect();
        assert_eq!(e, [(2, 1.0, 2), (12, 6.0, 2), (22, 11.0, 2), (40, 20.0, 2)]);
        // An endpoint: 2/40; another value: no popular one, 40/20/40.
        assert_eq!(h.equality(6.0), 0.05);
        assert_eq!(h.equality(7.0), 0.05);
    }
}
