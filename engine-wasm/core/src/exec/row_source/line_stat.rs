//! A plan line's runtime figures, what a row generator generates, and
//! the grouping sets of ROLLUP and CUBE (parameters `mod.rs` holds).

use crate::exec::expr::CExpr;
use crate::value::Value;

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
    /// The simulated clock when the line first started and when it last
    /// started or produced a row (V$SQL_PLAN_MONITOR's FIRST_CHANGE_TIME
    /// and LAST_CHANGE_TIME; meaningful once `starts` > 0).
    pub first_us: f64,
    pub last_us: f64,
}

impl LineStat {
    /// Adds another execution's figures to these (a work area's are the
    /// last execution's).
    pub fn add(&mut self, o: &LineStat) {
        if o.starts > 0 {
            self.first_us = if self.starts > 0 { self.first_us.min(o.first_us) } else { o.first_us };
            self.last_us = self.last_us.max(o.last_us);
        }
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

/// The grouping sets of ROLLUP or CUBE (or GROUPING SETS shaped as
/// one): each input row counts in every set. A set's row is the first
/// `masked` keys, NULL where the set leaves a key out, then a GROUPING
/// flag per masked key (1: left out), then the GROUP_ID (the number of
/// identical sets before it), then the other keys. `expand` (GENERATE
/// CUBE): every set's row comes out, nothing grouped.
#[derive(Debug, Clone)]
pub struct GroupSets {
    pub masks: Vec<(Vec<bool>, u32)>,
    pub masked: usize,
    pub expand: bool,
}

impl GroupSets {
    /// The row of `k` (the keys evaluated) in the set `mask`.
    pub(super) fn row(&self, k: &[Value], mask: &[bool], gid: u32) -> Vec<Value> {
        let m = self.masked;
        let mut r = Vec::with_capacity(k.len() + m + 1);
        r.extend(k[..m].iter().zip(mask).map(|(v, &on)| if on { v.clone() } else { Value::Null }));
        r.extend(mask.iter().map(|&on| Value::int(i64::from(!on))));
        r.push(Value::int(i64::from(gid)));
        r.extend(k[m..].iter().cloned());
        r
    }
}

/// A SEQUENCE line: the sequence (its index in the catalog), whether
/// NEXTVAL is read (else CURRVAL), the generated source its value is, and
/// where the name and the statement were written (ORA-08002, ORA-08004).
#[derive(Debug, Clone)]
pub struct SeqLine {
    pub src: usize,
    pub seq: usize,
    pub next: bool,
    pub at: (lio_sql::ast::Pos, lio_sql::ast::Pos),
}

/// What an execution keeps of its row sources.
#[derive(Debug, Clone, Copy, Default)]
pub struct RowStats {
    /// Rowsource statistics (STATISTICS_LEVEL=ALL, GATHER_PLAN_STATISTICS): their extra CPU per row.
    pub cpu: bool,
    /// Each line's A-Time is measured: with rowsource statistics, or in an
    /// extended SQL trace (its STAT lines' `time=`), which costs no CPU.
    pub timed: bool,
}
