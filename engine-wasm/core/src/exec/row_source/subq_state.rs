//! The state scalar subqueries and the row limiting clause keep between
//! rows (`scalar_subquery.rs`, `row_limit.rs`).

use crate::exec::expr::CExpr;
use crate::fasthash::FxMap;
use crate::value::Value;

/// Entries of the scalar subquery cache (10g on).
pub const SCALAR_CACHE_ENTRIES: usize = 1024;

/// One scalar subquery's cached results for an execution.
#[derive(Debug, Clone, Default)]
pub struct ScalarCache {
    /// Keyed by the correlation values' bytes; Fx, not SipHash: a probe
    /// a row of the outer query (nothing but get, insert and len on it).
    pub(super) map: FxMap<Vec<u8>, Value>,
    /// The last key computed and its value.
    pub(super) last: Option<(Vec<u8>, Value)>,
    pub(super) key: Vec<u8>,
    pub(super) vals: Vec<Value>,
}

impl ScalarCache {
    pub fn clear(&mut self) {
        self.map.clear();
        self.last = None;
    }
}

/// The window line's filter of a row limit: `{func} OVER ( ORDER BY
/// {keys}){limit}`, the keys as written (`order`), or for a grouped
/// query (None) printed from the window's own sort keys by Predicate
/// Information (`COUNT(*)`, `SUM("ID")`).
#[derive(Debug, Clone)]
pub struct WindowFilter {
    pub func: &'static str,
    pub order: Option<String>,
    pub limit: String,
}

impl WindowFilter {
    /// The text, with `keys` where the ORDER BY is not written out.
    pub fn text(&self, keys: impl FnOnce() -> String) -> String {
        let order = self.order.clone().unwrap_or_else(keys);
        format!("{} OVER ( ORDER BY {order}){}", self.func, self.limit)
    }
}

/// What a row limiting clause keeps, and its plan text.
#[derive(Debug, Clone)]
pub struct RowLimitSpec {
    pub offset: u64,
    /// Rows after the offset (None: all).
    pub fetch: Option<u64>,
    /// PERCENT of the rows the sort below holds.
    pub percent: Option<f64>,
    /// WITH TIES: the columns of source `tie_src` holding the ORDER BY keys.
    pub ties: Vec<usize>,
    pub tie_src: usize,
    /// Predicate Information of the VIEW line and of the window line.
    pub view_filter: String,
    pub window_filter: Option<WindowFilter>,
}

/// A row limiting VIEW's progress in an execution.
#[derive(Debug, Clone, Default)]
pub struct RowLimitState {
    pub(super) count: u64,
    pub(super) rank: u64,
    pub(super) limit: u64,
    pub(super) done: bool,
    pub(super) key: Vec<u8>,
    pub(super) last: Vec<u8>,
}

/// What a WHERE clause's subquery computes for a row.
#[derive(Debug, Clone)]
pub enum SubKind {
    /// `EXISTS (...)`: whether the subquery has a row.
    Exists,
    /// `left IN (SELECT right ...)`, three-valued (where the IN could not
    /// become a correlated EXISTS: `plan/builder.rs::in_subquery`); with a
    /// quantifier `left op ANY | ALL (SELECT right ...)`.
    In { left: CExpr, right: CExpr, quant: Option<lio_sql::ast::Quantifier> },
    /// `(SELECT value ...)`: its one row's `value` (NULL without a row).
    Scalar { value: CExpr },
}

/// A subquery's text as DBMS_XPLAN prints it in a predicate: its FROM
/// items (`"EMP" "E"`) and its WHERE clause's conjuncts (the pushed IN
/// predicate first), the correlation values shown as `:B1`, `:B2`, ...
#[derive(Debug, Clone)]
pub struct SubText {
    pub from: String,
    pub preds: Vec<CExpr>,
}
