//! Parser (temporary stub while the full parser is being written).
use crate::ast;
use crate::error::LabError;
use crate::splitter::ScriptUnit;

pub fn parse_unit(unit: &ScriptUnit) -> Result<ast::Statement, LabError> {
    Err(LabError::unsupported("parser not yet written", unit.pos))
}
