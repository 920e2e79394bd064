//! Analytic (window) functions: `f(args) OVER ([PARTITION BY ...] [ORDER
//! BY ... [ROWS | RANGE frame]])`.

use super::{AggregateFunc, Expr, OrderItem, Pos};

/// The function computed over the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WindowFunc {
    RowNumber,
    Rank,
    DenseRank,
    Lag,
    Lead,
    FirstValue,
    LastValue,
    Ntile,
    RatioToReport,
    /// SUM, COUNT, AVG, MIN, MAX over the window's frame.
    Agg(AggregateFunc),
}

impl WindowFunc {
    /// The function's name as written in SQL.
    pub fn name(self) -> &'static str {
        match self {
            WindowFunc::RowNumber => "ROW_NUMBER",
            WindowFunc::Rank => "RANK",
            WindowFunc::DenseRank => "DENSE_RANK",
            WindowFunc::Lag => "LAG",
            WindowFunc::Lead => "LEAD",
            WindowFunc::FirstValue => "FIRST_VALUE",
            WindowFunc::LastValue => "LAST_VALUE",
            WindowFunc::Ntile => "NTILE",
            WindowFunc::RatioToReport => "RATIO_TO_REPORT",
            WindowFunc::Agg(a) => a.name(),
        }
    }

    /// The analytic-only function named `w` (upper case), if any.
    pub fn lookup(w: &str) -> Option<WindowFunc> {
        use WindowFunc::*;
        [RowNumber, Rank, DenseRank, Lag, Lead, FirstValue, LastValue, Ntile, RatioToReport]
            .into_iter()
            .find(|f| f.name() == w)
    }
}

/// One end of a window frame.
#[derive(Debug, Clone, PartialEq)]
pub enum FrameBound {
    UnboundedPreceding,
    Preceding(Expr),
    CurrentRow,
    Following(Expr),
    UnboundedFollowing,
}

/// `ROWS | RANGE BETWEEN start AND end` (`ROWS start` is `start AND
/// CURRENT ROW`).
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    pub rows: bool,
    pub start: FrameBound,
    pub end: FrameBound,
    pub pos: Pos,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Analytic {
    pub func: WindowFunc,
    /// The arguments (none for `COUNT(*)`, ROW_NUMBER, RANK, DENSE_RANK).
    pub args: Vec<Expr>,
    /// `COUNT(*)`.
    pub star: bool,
    pub partition: Vec<Expr>,
    pub order: Vec<OrderItem>,
    pub frame: Option<Frame>,
    pub pos: Pos,
}
