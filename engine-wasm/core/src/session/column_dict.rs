//! The column views' rows: USER_TAB_COLUMNS, USER_TAB_COL_STATISTICS and
//! USER_TAB_HISTOGRAMS, from a table's columns and the statistics its last
//! gather left (`dictionary.rs` serves the views).

use crate::catalog::Table;
use crate::value::Value;
use lio_sql::ast::DataType;

pub(super) fn num(n: impl Into<f64>) -> Value {
    Value::from_f64(n.into())
}

pub(super) fn text(s: &str) -> Value {
    Value::str(s)
}

/// LAST_ANALYZED: when DBMS_STATS last gathered the table, on the lab's
/// clock (NULL before).
pub(super) fn analyzed(t: &Table) -> Value {
    t.stats.analyzed.map(Value::Date).unwrap_or(Value::Null)
}

fn opt_num(n: Option<f64>) -> Value {
    n.map(Value::from_f64).unwrap_or(Value::Null)
}

/// A column's DATA_LENGTH and CHAR_LENGTH (the database character set is
/// AL32UTF8: a `VARCHAR2(n CHAR)` holds up to 4n bytes).
pub(super) fn type_lengths(t: &DataType) -> (f64, f64) {
    match *t {
        DataType::Number { .. } => (22.0, 0.0),
        DataType::Date => (7.0, 0.0),
        DataType::Varchar2 { len, char_semantics: true } => (4.0 * len as f64, len as f64),
        DataType::Varchar2 { len, .. } | DataType::Char { len } => (len as f64, len as f64),
    }
}

pub(super) fn tab_column_rows(t: &Table, value_bytes: usize) -> Vec<Vec<Value>> {
    t.columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let (bytes, chars) = type_lengths(&c.data_type);
            let (name, precision, scale, used) = match c.data_type {
                DataType::Number { precision, scale } => {
                    ("NUMBER", precision.map(|p| p as f64), scale.map(|s| s as f64), Value::Null)
                }
                DataType::Date => ("DATE", None, None, Value::Null),
                DataType::Varchar2 { char_semantics, .. } => {
                    ("VARCHAR2", None, None, text(if char_semantics { "C" } else { "B" }))
                }
                DataType::Char { .. } => ("CHAR", None, None, text("B")),
            };
            let avg = t.stats.avg_col_len.get(i).filter(|_| t.stats.gathered).map(|&n| n as f64);
            let [ndv, density, nulls, buckets, sample, histogram] = column_statistics(t, i);
            let [low, high] = low_high(t, i, value_bytes);
            let [global, user] = stats_flags(t, i);
            vec![
                text(&t.name),
                text(&c.name),
                text(name),
                num(bytes),
                opt_num(precision),
                opt_num(scale),
                text(if c.not_null { "N" } else { "Y" }),
                num((i + 1) as f64),
                ndv,
                low,
                high,
                density,
                nulls,
                buckets,
                if sample.is_null() { Value::Null } else { analyzed(t) },
                sample,
                global,
                user,
                opt_num(avg),
                num(chars),
                used,
                histogram,
            ]
        })
        .collect()
}

/// A column's NUM_DISTINCT, DENSITY, NUM_NULLS, NUM_BUCKETS, SAMPLE_SIZE
/// and HISTOGRAM as DBMS_STATS left them (NULL before a gather): with no
/// histogram DENSITY is 1/NDV, one bucket, HISTOGRAM NONE.
fn column_statistics(t: &Table, i: usize) -> [Value; 6] {
    let Some(st) = t.stats.columns.get(i).filter(|_| t.stats.gathered) else {
        return [Value::Null, Value::Null, Value::Null, Value::Null, Value::Null, text("NONE")];
    };
    let sample = t.stats.num_rows.saturating_sub(st.nulls);
    let (density, buckets, kind) = match &st.hist {
        Some(h) => (h.density, h.buckets as f64, h.kind.name()),
        None if st.ndv == 0 => (0.0, 0.0, "NONE"),
        None => (1.0 / st.ndv as f64, 1.0, "NONE"),
    };
    [num(st.ndv as f64), num(density), num(st.nulls as f64), num(buckets), num(sample as f64), text(kind)]
}

/// A column's GLOBAL_STATS and USER_STATS (Oracle decodes HIST_HEAD$'s
/// flags: NO without statistics): GLOBAL_STATS YES once DBMS_STATS
/// gathered or set them (ANALYZE's are not global), USER_STATS YES once
/// SET_COLUMN_STATS set them, until the column is gathered again.
fn stats_flags(t: &Table, i: usize) -> [Value; 2] {
    let st = t.stats.columns.get(i).filter(|_| t.stats.gathered && !t.stats.session_private);
    let yes = |b: bool| text(if b { "YES" } else { "NO" });
    [yes(st.is_some() && !t.load.by_analyze), yes(st.is_some_and(|c| c.user_set))]
}

/// LOW_VALUE and HIGH_VALUE: the gathered lowest and highest values in
/// Oracle's internal format, as hex digits (NULL before a gather, or for a
/// column of NULLs).
fn low_high(t: &Table, i: usize, string_bytes: usize) -> [Value; 2] {
    let Some(st) = t.stats.columns.get(i).filter(|_| t.stats.gathered) else { return [Value::Null, Value::Null] };
    let raw = |v: &Option<Value>| v.as_ref().and_then(|v| raw_value(v, string_bytes)).map_or(Value::Null, |h| text(&h));
    [raw(&st.low_value), raw(&st.high_value)]
}

/// A value in Oracle's internal format, as a RAW prints (hex digits, upper
/// case): a number's NUMBER bytes (1 is C102), a string's first
/// `string_bytes` bytes, a date's 7 bytes.
fn raw_value(v: &Value, string_bytes: usize) -> Option<String> {
    let bytes: Vec<u8> = match v {
        Value::Null => return None,
        Value::Num(_) => crate::exec::scalar::number_bytes(&v.to_string())?,
        Value::Str(t) => {
            let b = t.as_bytes();
            b[..b.len().min(string_bytes)].to_vec()
        }
        Value::Date(d) => d.to_bytes().to_vec(),
    };
    Some(bytes.iter().map(|b| format!("{b:02X}")).collect())
}

pub(super) fn col_statistics_rows(t: &Table, value_bytes: usize) -> Vec<Vec<Value>> {
    if !t.stats.gathered {
        return Vec::new();
    }
    t.columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let [ndv, density, nulls, buckets, sample, histogram] = column_statistics(t, i);
            let [low, high] = low_high(t, i, value_bytes);
            let avg = t.stats.avg_col_len.get(i).map(|&n| num(n as f64)).unwrap_or(Value::Null);
            let last = if sample.is_null() { Value::Null } else { analyzed(t) };
            let [global, user] = stats_flags(t, i);
            let figures = [ndv, low, high, density, nulls, buckets, last, sample, global, user, avg, histogram];
            [text(&t.name), text(&c.name)].into_iter().chain(figures).collect()
        })
        .collect()
}

/// USER_TAB_HISTOGRAMS: a histogram's endpoints, or for a column without
/// one its low (endpoint 0) and high (endpoint 1) values. ENDPOINT_VALUE
/// is Oracle's number for the value (a string's leading bytes, to 15
/// digits); ENDPOINT_ACTUAL_VALUE the string itself from 12c (`actual`).
pub(super) fn histogram_rows(t: &Table, actual: bool) -> Vec<Vec<Value>> {
    // To 15 significant digits, as a NUMBER (not the double's 17).
    let endpoint_value = |x: f64| {
        let n = crate::value::Number::parse(&format!("{x:.14e}")).ok();
        n.map(Value::Num).unwrap_or_else(|| num(x))
    };
    if !t.stats.gathered {
        return Vec::new();
    }
    let mut rows = Vec::new();
    for (i, c) in t.columns.iter().enumerate() {
        let Some(st) = t.stats.columns.get(i) else { continue };
        let row = |n: u64, v: f64, a: Option<&str>, repeat: u64| {
            let a = a.filter(|_| actual).map(text).unwrap_or(Value::Null);
            vec![text(&t.name), text(&c.name), num(n as f64), endpoint_value(v), a, num(repeat as f64)]
        };
        match (&st.hist, st.low, st.high) {
            (Some(h), ..) => {
                rows.extend(h.endpoints.iter().map(|e| row(e.number, e.value, e.actual.as_deref(), e.repeat)))
            }
            (None, Some(lo), Some(hi)) => {
                rows.push(row(0, lo, None, 0));
                rows.push(row(1, hi, None, 0));
            }
            _ => {}
        }
    }
    rows
}
