//! The state of a BITMAP AND / OR / MINUS / MERGE and of a BITMAP
//! CONVERSION FROM ROWIDS (`bitmap_combine.rs`): how it combines, and
//! its result.

/// How the children's bitmaps are combined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    /// BITMAP AND: the bits set in every child.
    And,
    /// BITMAP OR: the bits set in any child.
    Or,
    /// BITMAP MERGE: the bits of the one child's keys, merged.
    Merge,
    /// BITMAP MINUS: the first child's bits less the second's.
    Minus,
    /// BITMAP CONVERSION FROM ROWIDS: a B-tree scan's rowids as bits.
    FromRowids,
}

impl How {
    pub fn operation(self) -> &'static str {
        match self {
            How::And => "BITMAP AND",
            How::Or => "BITMAP OR",
            How::Merge => "BITMAP MERGE",
            How::Minus => "BITMAP MINUS",
            How::FromRowids => "BITMAP CONVERSION FROM ROWIDS",
        }
    }

    pub fn frames(self) -> &'static str {
        match self {
            How::And => "qerbaFetch;kdbAnd",
            How::Or => "qerboFetch;kdbOr",
            How::Merge => "qerbmFetch;kdbMerge",
            How::Minus => "qerbmFetch;kdbMinus",
            How::FromRowids => "qerbcFetch;kdbFromRowids",
        }
    }
}

/// A combination's result, handed up a bit at a time.
#[derive(Debug, Clone)]
pub struct CombineState {
    pub how: How,
    pub src: usize,
    /// The result's bits in rowid order: (block, row number).
    pub rows: Vec<(u32, u32)>,
    pub at: usize,
    pub started: bool,
    /// A child's bits while it is read.
    pub scratch: Vec<(u32, u32)>,
}

impl CombineState {
    pub fn new(how: How, src: usize) -> Self {
        CombineState { how, src, rows: Vec::new(), at: 0, started: false, scratch: Vec::new() }
    }
}
