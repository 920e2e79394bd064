//! DBMS_STATS' METHOD_OPT and ESTIMATE_PERCENT, and the histograms a
//! gather builds from them (`catalog::histogram`).
//!
//! METHOD_OPT is one or more of
//! `FOR ALL [INDEXED | HIDDEN] COLUMNS [size]` and
//! `FOR COLUMNS [size] col [size] [, col [size]] ...`, size being
//! `SIZE {n | AUTO | SKEWONLY | REPEAT}` (n 1..254; 1..2048 from 12c).
//! A clause without SIZE means SIZE 75 (DBMS_STATS' documented default
//! for an omitted size clause). The default METHOD_OPT is
//! `FOR ALL COLUMNS SIZE AUTO`.
//!
//! What each size builds on a column (254 buckets for AUTO and SKEWONLY):
//! - `n`: a histogram of n buckets (none for 1);
//! - `SKEWONLY`: one when the values are skewed (`histogram::skewed`);
//! - `AUTO`: one when they are skewed and a predicate has used the column
//!   since the table was created (SYS.COL_USAGE$: the lab notes a column
//!   compared with a literal or bind at each hard parse; a join column
//!   is not noted);
//! - `REPEAT`: one of as many buckets as the column has now, if it has one.
//!
//! Columns no clause names keep the statistics they had (base statistics
//! computed now if they had none: Oracle would leave them without any).
//! ESTIMATE_PERCENT: DBMS_STATS.AUTO_SAMPLE_SIZE (the default) or 100
//! (or NULL, which is 100): the lab reads every row either way. A
//! smaller sample is refused (the lab does not sample); outside
//! 0.000001..100 is ORA-20001. TOP-FREQUENCY and HYBRID (12c+) need
//! AUTO_SAMPLE_SIZE; with a percentage 12c builds HEIGHT BALANCED, as 11g.

use super::super::*;
use crate::catalog::histogram::{self, BuildRules, Histogram, ValueCount};
use crate::catalog::{text_position, ColumnStats, TableId};
use std::sync::Arc;

/// What METHOD_OPT asks for one column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::session) enum Size {
    Buckets(u64),
    Auto,
    SkewOnly,
    Repeat,
}

/// The size of each column of the table (`None`: no clause names it).
pub(in crate::session) type Sizes = Vec<Option<Size>>;

/// Buckets SIZE AUTO and SKEWONLY build.
const AUTO_BUCKETS: u64 = 254;
/// Bytes counting one distinct value takes besides its text (its hash
/// map entry and its sorted copy).
const VALUE_COUNT_BYTES: u64 = 96;
/// Buckets of a clause with no SIZE.
const DEFAULT_BUCKETS: u64 = 75;

/// METHOD_OPT's sizes for table `id` (`text` NULL or absent: the
/// default, FOR ALL COLUMNS SIZE AUTO).
pub(in crate::session) fn parse(
    text: Option<&str>,
    cat: &crate::catalog::Catalog,
    id: TableId,
    max: u64,
    pos: Pos,
) -> Result<Sizes, LabError> {
    let t = &cat.tables[id];
    let Some(text) = text else { return Ok(vec![Some(Size::Auto); t.columns.len()]) };
    let bad = || LabError::with(ora::METHOD_OPT_PARSE, text, pos);
    if text.contains(['(', ')', '"']) {
        return Err(LabError::unsupported(format!("METHOD_OPT {text} (column groups and quoted names)"), pos));
    }
    let spaced = text.replace(',', " , ").to_ascii_uppercase();
    let words: Vec<&str> = spaced.split_whitespace().collect();
    let mut sizes: Sizes = vec![None; t.columns.len()];
    let mut i = 0;
    // SIZE x at words[i], if there.
    let size_at = |i: &mut usize| -> Result<Option<Size>, LabError> {
        if words.get(*i) != Some(&"SIZE") {
            return Ok(None);
        }
        let w = words.get(*i + 1).ok_or_else(bad)?;
        *i += 2;
        Ok(Some(match *w {
            "AUTO" => Size::Auto,
            "SKEWONLY" => Size::SkewOnly,
            "REPEAT" => Size::Repeat,
            n => match n.parse::<u64>() {
                Ok(n) if (1..=max).contains(&n) => Size::Buckets(n),
                _ => return Err(bad()),
            },
        }))
    };
    if words.is_empty() {
        return Err(bad());
    }
    while i < words.len() {
        if words[i] != "FOR" {
            return Err(bad());
        }
        i += 1;
        if words.get(i) == Some(&"ALL") {
            i += 1;
            let which = match words.get(i) {
                Some(&"INDEXED") | Some(&"HIDDEN") => {
                    i += 1;
                    words[i - 1]
                }
                _ => "ALL",
            };
            if words.get(i) != Some(&"COLUMNS") {
                return Err(bad());
            }
            i += 1;
            let size = size_at(&mut i)?.unwrap_or(Size::Buckets(DEFAULT_BUCKETS));
            for (c, s) in sizes.iter_mut().enumerate() {
                let indexed = t.indexes.iter().any(|&x| !cat.indexes[x].dropped && cat.indexes[x].columns.contains(&c));
                // The lab's tables have no hidden columns.
                if which == "ALL" || (which == "INDEXED" && indexed) {
                    *s = Some(size);
                }
            }
        } else if words.get(i) == Some(&"COLUMNS") {
            i += 1;
            let default = size_at(&mut i)?.unwrap_or(Size::Buckets(DEFAULT_BUCKETS));
            loop {
                let name = words.get(i).ok_or_else(bad)?;
                let c = t.column_index(name).ok_or_else(bad)?;
                i += 1;
                sizes[c] = Some(size_at(&mut i)?.unwrap_or(default));
                if words.get(i) != Some(&",") {
                    break;
                }
                i += 1;
            }
        } else {
            return Err(bad());
        }
    }
    Ok(sizes)
}

/// ESTIMATE_PERCENT: whether it is AUTO_SAMPLE_SIZE (absent, or the
/// constant's 0); 100 and NULL read every row too; anything else is
/// refused or wrong.
pub(in crate::session) fn auto_sample(v: Option<&Value>, pos: Pos) -> Result<bool, LabError> {
    let Some(v) = v else { return Ok(true) };
    if v.is_null() {
        return Ok(false);
    }
    match v.as_f64() {
        Some(0.0) => Ok(true),
        Some(100.0) => Ok(false),
        Some(x) if (0.000001..100.0).contains(&x) => Err(LabError::unsupported(
            format!(
                "DBMS_STATS with estimate_percent => {v} (the lab reads every row: 100 or DBMS_STATS.AUTO_SAMPLE_SIZE)"
            ),
            pos,
        )),
        _ => Err(LabError::with(ora::ILLEGAL_SAMPLE_PERCENT, v, pos)),
    }
}

impl Run<'_> {
    /// The column statistics a gather of table `id` leaves: base
    /// statistics and, as `sizes` asks, a histogram. Counting a column's
    /// values takes memory the budget must have room for (LAB-00034).
    pub(in crate::session) fn gathered_columns(
        &self,
        id: TableId,
        sizes: &Sizes,
        auto: bool,
        pos: Pos,
    ) -> Result<Vec<ColumnStats>, LabError> {
        let t = &self.inst.cat.tables[id];
        let old = &t.stats;
        let rules = BuildRules { hybrid: auto && self.inst.profile.hybrid_histograms };
        (0..t.columns.len())
            .map(|c| {
                let previous = old.columns.get(c).filter(|_| old.gathered);
                let Some(size) = sizes.get(c).copied().flatten() else {
                    return Ok(previous.cloned().unwrap_or_else(|| t.column_stats(c)));
                };
                let mut st = t.column_stats(c);
                let buckets = match size {
                    Size::Buckets(n) => Some(n),
                    Size::Repeat => previous.and_then(|p| p.hist.as_ref()).map(|h| h.buckets.max(2)),
                    Size::Auto if !old.col_usage.used(c) => None,
                    Size::Auto | Size::SkewOnly => Some(AUTO_BUCKETS),
                };
                let Some(n) = buckets.filter(|&n| n > 1) else { return Ok(st) };
                // A column whose every value is distinct is not skewed.
                let unique = st.ndv + st.nulls >= t.live_rows() as u64;
                if unique && matches!(size, Size::Auto | Size::SkewOnly) {
                    return Ok(st);
                }
                let avg_len = old.avg_col_len.get(c).copied().unwrap_or(22) as u64;
                if st.ndv.saturating_mul(VALUE_COUNT_BYTES + avg_len) > self.memory_room() {
                    return Err(LabError::with(ora::LAB_MEMORY_LIMIT, self.inst.limits.max_memory_mb, pos));
                }
                let values = value_counts(t, c);
                if matches!(size, Size::Auto | Size::SkewOnly) && !histogram::skewed(&values, n) {
                    return Ok(st);
                }
                let num_rows = t.live_rows() as u64;
                st.hist = Histogram::build(&values, n, num_rows, st.ndv, rules).map(Arc::new);
                Ok(st)
            })
            .collect()
    }
}

/// Column `col`'s distinct values with their rows, sorted by their place
/// on the optimizer's line (strings sharing their leading bytes are one).
fn value_counts(t: &crate::catalog::Table, col: usize) -> Vec<ValueCount> {
    // Numbers by their bits, strings by their text.
    let mut counts: std::collections::HashMap<Result<u64, String>, u64> = std::collections::HashMap::new();
    for (r, _) in t.rows.iter().zip(&t.loc).filter(|(_, l)| !l.is_dead()) {
        let key = match r.get(col) {
            Some(Value::Str(s)) => Err(s.to_string()),
            Some(v @ Value::Num(_)) => match v.as_f64() {
                Some(x) => Ok(x.to_bits()),
                None => continue,
            },
            _ => continue,
        };
        *counts.entry(key).or_insert(0) += 1;
    }
    let mut out: Vec<ValueCount> = counts
        .into_iter()
        .map(|(k, rows)| match k {
            Ok(bits) => ValueCount { pos: f64::from_bits(bits), rows, text: None },
            Err(s) => ValueCount { pos: text_position(s.as_bytes()), rows, text: Some(s) },
        })
        .collect();
    out.sort_by(|a, b| a.pos.total_cmp(&b.pos).then_with(|| a.text.cmp(&b.text)));
    out.dedup_by(|b, a| {
        let same = a.pos == b.pos;
        if same {
            a.rows += b.rows;
        }
        same
    });
    out
}
