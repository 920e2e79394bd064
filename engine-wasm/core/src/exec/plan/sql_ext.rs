//! The plan builder's state for recursive WITH and ROLLUP/CUBE (no
//! import of the builder: `mod.rs` holds it).

use crate::exec::expr::CExpr;

/// Builder state for the SQL extensions of this session's work: the keys
/// of the ROLLUP or CUBE block being compiled (`grouping.rs`), and the
/// recursive WITH query names whose member is being compiled.
#[derive(Default)]
pub(super) struct SqlExt {
    pub(super) grouping_keys: Option<Vec<CExpr>>,
    pub(super) rec: Vec<RecScope>,
    /// The table sources read with a SAMPLE clause, and the clause.
    pub(super) samples: Vec<(usize, lio_sql::ast::Sample)>,
    /// The analytic functions of the select list being compiled (None:
    /// none allowed here, ORA-30483; `window.rs`).
    pub(super) windows: Option<Vec<crate::exec::window_area::WinItem>>,
    /// The sequence the top-level select list reads (`sequence.rs`).
    pub(super) seq: Option<SeqPlan>,
}

/// The sequence the top-level select list reads, and its name
/// (`sequence.rs`).
pub(super) struct SeqPlan {
    pub(super) line: crate::exec::row_source::SeqLine,
    pub(super) name: String,
}

impl SqlExt {
    /// The SAMPLE clause of table source `src`, if it has one.
    pub(super) fn sample(&self, src: usize) -> Option<&lio_sql::ast::Sample> {
        self.samples.iter().find(|(s, _)| *s == src).map(|(_, x)| x)
    }
}

/// A recursive query name while its member is compiled.
pub(super) struct RecScope {
    pub(super) name: String,
    pub(super) columns: Vec<String>,
    pub(super) pump_src: usize,
    pub(super) buf_src: usize,
    pub(super) e_rows: f64,
    pub(super) row_bytes: f64,
}
