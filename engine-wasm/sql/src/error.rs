//! Errors as values: every failure that user input can cause is a
//! [`LabError`] with an Oracle-style code (`ORA-00942`) or a lab code
//! (`LAB-00001`), a message, and the 1-based line and column in the script.
//!
//! Codes and their fixed texts come from the catalogue in [`crate::ora`].

use crate::ast::Pos;
use crate::ora::{self, Entry};
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabError {
    /// `ORA-nnnnn` or `LAB-nnnnn` (PL/SQL compile errors use `ORA-06550`
    /// with the `PLS-nnnnn` detail in the message).
    pub code: String,
    pub message: String,
    pub pos: Pos,
}

impl LabError {
    /// The error of a catalogue entry whose text has no placeholder:
    /// `LabError::new(ora::MISSING_EXPRESSION, pos)`.
    pub fn new(entry: Entry, pos: Pos) -> Self {
        Self::with_args(entry, &[], pos)
    }

    /// The error of an entry whose text has one `%s`, filled by `detail`:
    /// `LabError::with(ora::LAB_UNSUPPORTED, "CASE expressions", pos)`.
    pub fn with(entry: Entry, detail: impl fmt::Display, pos: Pos) -> Self {
        Self::with_args(entry, &[&detail], pos)
    }

    /// The error of an entry whose `%s` placeholders are filled by `args`, in order.
    pub fn with_args(entry: Entry, args: &[&dyn fmt::Display], pos: Pos) -> Self {
        LabError { code: entry.code(), message: entry.message(args), pos }
    }

    /// `ORA-06550: line l, column c:` and a `PLS-` message (`l` and `c`
    /// count from the start of the PL/SQL block; `pos` is in the script).
    pub fn pls(entry: Entry, args: &[&dyn fmt::Display], (line, column): (u32, u32), pos: Pos) -> Self {
        Self::with_args(ora::PLSQL_COMPILATION_ERROR, &[&line, &column, &entry.line(args)], pos)
    }

    /// `LAB-00002` carrying a SQL*Plus `SP2-` message.
    pub fn sp2(entry: Entry, args: &[&dyn fmt::Display], pos: Pos) -> Self {
        Self::with(ora::LAB_SQLPLUS_COMMAND, entry.line(args), pos)
    }

    /// `ORA-06550` with only a `PLS-` message: an error found while a
    /// block runs, which has no position in the block.
    pub fn pls_run(entry: Entry, args: &[&dyn fmt::Display], pos: Pos) -> Self {
        Self::with(ora::PLSQL_ERROR, entry.line(args), pos)
    }

    /// The error with `more` added at the end of its message: a detail
    /// after the fixed text (`ORA-00909: invalid number of arguments (SUBSTR)`).
    pub fn then(mut self, more: impl fmt::Display) -> Self {
        use fmt::Write;
        let _ = write!(self.message, "{more}");
        self
    }

    /// `ORA-00942: table or view does not exist`
    pub fn no_such_table(pos: Pos) -> Self {
        Self::new(ora::TABLE_OR_VIEW_DOES_NOT_EXIST, pos)
    }

    /// `ORA-00904: "X": invalid identifier`
    pub fn invalid_identifier(name: &str, pos: Pos) -> Self {
        Self::with(ora::INVALID_IDENTIFIER, format!("\"{name}\""), pos)
    }

    /// `LAB-00001`: valid Oracle syntax that the lab does not model.
    pub fn unsupported(what: impl Into<String>, pos: Pos) -> Self {
        Self::with(ora::LAB_UNSUPPORTED, what.into(), pos)
    }

    /// Is this the error of `entry` (same code)?
    pub fn is(&self, entry: Entry) -> bool {
        self.code == entry.code()
    }
}

impl fmt::Display for LabError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} (line {}, column {})", self.code, self.message, self.pos.line, self.pos.column)
    }
}

impl std::error::Error for LabError {}

pub type LabResult<T> = Result<T, LabError>;
