//! A sequence's row in SEQ$ (its definition and high water mark) and
//! OBJ$ (its object number). What the instance has cached of it is the
//! shared pool's (`sga/sequence.rs`).

use super::stamp::ObjStamp;
use crate::number::Number;

#[derive(Debug, Clone)]
pub struct Sequence {
    pub name: String,
    pub stamp: ObjStamp,
    pub increment: Number,
    pub min: Number,
    pub max: Number,
    pub cycle: bool,
    /// Values cached at a time; 0 for NOCACHE.
    pub cache: Number,
    pub order: bool,
    /// SEQ$.HIGHWATER, USER_SEQUENCES.LAST_NUMBER: the first value not yet
    /// handed to the instance's cache.
    pub last_number: Number,
    /// START WITH, as created (USER_TAB_IDENTITY_COLS.IDENTITY_OPTIONS).
    pub start: Number,
    /// System-generated: an identity column's (ORA-32793 to ALTER,
    /// ORA-32794 to DROP; it goes with its table).
    pub system: bool,
}

/// How an identity column is generated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Identity {
    /// The sequence's value always: naming the column in an INSERT is
    /// ORA-32795, in an UPDATE's SET ORA-32796.
    Always,
    /// When the INSERT omits the column (or, ON NULL, gives NULL).
    ByDefault,
}

impl Sequence {
    pub fn ascending(&self) -> bool {
        !self.increment.is_negative()
    }
}
