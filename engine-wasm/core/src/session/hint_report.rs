//! The 19c Hint Report: from 19c DBMS_XPLAN prints, under the plan of a
//! statement with hints (after Predicate Information and Column
//! Projection, before Note), which hints it used, left unused (`U`), could
//! not resolve (`N`) or could not parse (`E`):
//!
//! ```text
//! Hint Report (identified by operation id / Query Block Name / Object Alias):
//! Total hints for statement: 1 (U - Unused (1))
//! ---------------------------------------------------------------------------
//!
//!    1 -  SEL$1 / T1@SEL$1
//!          U -  index(t1 t1_nosuch)
//! ```
//!
//! The lab does not print it: it cannot tell each hint's fate as Oracle
//! reports it (the line and query block a join hint is listed under, the
//! hashed names of transformed query blocks, the hints the lab ignores).
//! So under a profile with the report, a display that would show it (the
//! TYPICAL and ALL formats, BASIC with `+HINT_REPORT`, and autotrace's
//! plan) of a statement with a hint Oracle lists is refused with LAB-00001
//! rather than printed without it. `GATHER_PLAN_STATISTICS` alone makes no
//! report (it is not an optimizer hint).

use super::*;
use crate::exec::xplan::Format;
use lio_sql::ast::Pos;

/// What the refusal names.
const WHAT: &str = "the 19c DBMS_XPLAN Hint Report (the plan of a hinted statement)";

impl Run<'_> {
    /// A DBMS_XPLAN display (at `pos`) of the statement `text` in format
    /// `f`: refused where 19c would print a Hint Report.
    pub(super) fn hint_report_refused(&self, f: &Format, text: &str, pos: Pos) -> Result<(), LabError> {
        let start = Pos { line: 1, column: 1 };
        if self.inst.profile.hint_report && f.hint_report && lio_sql::reported_hint(text, start).is_some() {
            return Err(LabError::unsupported(WHAT, pos));
        }
        Ok(())
    }

    /// Autotrace's plan (DBMS_XPLAN.DISPLAY in its TYPICAL format) of a
    /// hinted query or DML statement: refused before the statement runs,
    /// at the hint comment, under a profile with the Hint Report.
    pub(super) fn autotrace_hint_report(&self, stmt: &Statement) -> Result<(), LabError> {
        let sp = &self.s.sqlplus;
        if !self.inst.profile.hint_report || !sp.autotrace_explain || sp.autotrace == Autotrace::Off {
            return Ok(());
        }
        let stmt = match (&stmt.kind, &sp.last_sql) {
            (StatementKind::SqlPlus(SqlPlus::RunBuffer), Some(last)) => last,
            _ => stmt,
        };
        if !matches!(super::util::kind_of(&stmt.kind), "query" | "dml") {
            return Ok(());
        }
        match lio_sql::reported_hint(&stmt.text, stmt.pos) {
            Some(at) => Err(LabError::unsupported(WHAT, at)),
            None => Ok(()),
        }
    }
}
