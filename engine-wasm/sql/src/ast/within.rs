//! An ordered aggregate's WITHIN GROUP (or KEEP) clause.

use super::{Expr, OrderItem, Pos};

/// An ordered aggregate's sort: LISTAGG's `[, delimiter] [ON OVERFLOW
/// ...]) WITHIN GROUP (ORDER BY ...)`, a PERCENTILE's `(p) WITHIN GROUP
/// (ORDER BY x)` (its argument x), or `KEEP (DENSE_RANK FIRST | LAST
/// ORDER BY ...)` after MIN, MAX, SUM, AVG, COUNT, VARIANCE or STDDEV.
#[derive(Debug, Clone, PartialEq)]
pub struct WithinGroup {
    /// LISTAGG's delimiter, or a PERCENTILE's fraction.
    pub param: Option<Expr>,
    pub order: Vec<OrderItem>,
    pub overflow: Option<Overflow>,
    /// KEEP's DENSE_RANK FIRST (Some(true)) or LAST (Some(false)).
    pub keep: Option<bool>,
    /// A hypothetical-set aggregate's row: `RANK(v, ...)`'s values, one
    /// per ORDER BY expression.
    pub args: Vec<Expr>,
}

/// `ON OVERFLOW ERROR` (truncate false) or `ON OVERFLOW TRUNCATE
/// ['indicator'] [WITH | WITHOUT COUNT]` (12.2 on).
#[derive(Debug, Clone, PartialEq)]
pub struct Overflow {
    pub truncate: bool,
    pub indicator: Option<String>,
    pub with_count: bool,
    pub pos: Pos,
}
