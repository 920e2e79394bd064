//! Errors as values: every failure that user input can cause is a
//! [`LabError`] with an Oracle-style code (`ORA-00942`) or a lab code
//! (`LAB-00001`), a message, and the 1-based line and column in the script.

use crate::ast::Pos;
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
    pub fn ora(number: u32, message: impl Into<String>, pos: Pos) -> Self {
        LabError { code: format!("ORA-{number:05}"), message: message.into(), pos }
    }
    pub fn lab(number: u32, message: impl Into<String>, pos: Pos) -> Self {
        LabError { code: format!("LAB-{number:05}"), message: message.into(), pos }
    }
    /// `ORA-00942: table or view does not exist`
    pub fn no_such_table(pos: Pos) -> Self {
        Self::ora(942, "table or view does not exist", pos)
    }
    /// `ORA-00904: "X": invalid identifier`
    pub fn invalid_identifier(name: &str, pos: Pos) -> Self {
        Self::ora(904, format!("\"{name}\": invalid identifier"), pos)
    }
    /// `LAB-00001`: valid Oracle syntax that the lab does not model.
    pub fn unsupported(what: impl Into<String>, pos: Pos) -> Self {
        Self::lab(1, format!("not supported by LIO Lab: {}", what.into()), pos)
    }
}

impl fmt::Display for LabError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} (line {}, column {})", self.code, self.message, self.pos.line, self.pos.column)
    }
}

impl std::error::Error for LabError {}

pub type LabResult<T> = Result<T, LabError>;
