//! Sequences: CREATE / ALTER SEQUENCE and an identity column's clause.

use super::*;

/// `CREATE SEQUENCE name [options]` or `ALTER SEQUENCE name options`.
#[derive(Debug, Clone, PartialEq)]
pub struct SequenceStmt {
    pub name: Ident,
    pub alter: bool,
    pub opts: SequenceOptions,
}

/// `GENERATED [ALWAYS | BY DEFAULT [ON NULL]] AS IDENTITY [(options)]`.
#[derive(Debug, Clone, PartialEq)]
pub struct IdentityClause {
    /// ALWAYS (the default); else BY DEFAULT.
    pub always: bool,
    /// BY DEFAULT ON NULL.
    pub on_null: bool,
    /// The system sequence's options.
    pub opts: SequenceOptions,
    /// Where GENERATED was written.
    pub pos: Pos,
}

/// The options of a sequence as written: `None` where not given.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SequenceOptions {
    pub increment: Option<crate::number::Number>,
    /// `START WITH n`, and where it was written (ALTER: ORA-02283).
    pub start: Option<(crate::number::Number, Pos)>,
    /// `MINVALUE n` (`Some(Some(n))`) or `NOMINVALUE` (`Some(None)`).
    pub min: Option<Option<crate::number::Number>>,
    pub max: Option<Option<crate::number::Number>>,
    pub cycle: Option<bool>,
    /// `CACHE n`, or `NOCACHE` as 0.
    pub cache: Option<crate::number::Number>,
    pub order: Option<bool>,
}
