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
}

impl Sequence {
    pub fn ascending(&self) -> bool {
        !self.increment.is_negative()
    }
}
