//! A plan line's runtime figures, and what a row generator generates.

use crate::exec::expr::CExpr;

/// Per plan line runtime figures.
#[derive(Debug, Clone, Copy, Default)]
pub struct LineStat {
    pub starts: u64,
    pub a_rows: u64,
    /// Gets made by this line itself (Buffers adds the children).
    pub own_buffers: u64,
    /// Simulated time inside this line and its children (A-Time), kept
    /// with rowsource statistics only (STATISTICS_LEVEL=ALL or the
    /// GATHER_PLAN_STATISTICS hint).
    pub time_us: f64,
    /// The line's work area in its last execution (a HASH JOIN's).
    pub workarea: Option<crate::result::WorkareaOut>,
}

impl LineStat {
    /// Adds another execution's figures to these (a work area's are the
    /// last execution's).
    pub fn add(&mut self, o: &LineStat) {
        self.starts += o.starts;
        self.a_rows += o.a_rows;
        self.own_buffers += o.own_buffers;
        self.time_us += o.time_us;
        if o.workarea.is_some() {
            self.workarea = o.workarea;
        }
    }
}

#[derive(Debug, Clone)]
pub enum RowGenKind {
    /// `CONNECT BY level <= n` on dual.
    ConnectBy(CExpr),
    /// `CONNECT BY level < n` on dual.
    ConnectByLt(CExpr),
    /// `xmltable('a to b')`.
    Range(CExpr, CExpr),
    /// RECURSIVE WITH PUMP: the rows of the iteration before, `width`
    /// values each, flat in source `buf` (`recursive_with.rs`).
    /// `names`: the query name's alias and columns (predicate text).
    Pump { buf: usize, width: usize, names: Box<(String, Vec<String>)> },
}
