//! INTERSECTION's and MINUS's state (the row source is union_all.rs), and
//! UNION ALL (RECURSIVE WITH)'s (`recursive.rs`).

pub mod recursive;

/// INTERSECTION or MINUS: the other branches' rows, as key bytes; or the
/// state of a recursive WITH's union (`rec`).
#[derive(Debug, Clone, Default)]
pub struct SetMerge {
    pub minus: bool,
    pub(super) others: Vec<std::collections::HashSet<Vec<u8>>>,
    /// The first branch's first row was fetched and the others read.
    pub(super) built: bool,
    pub(super) key: Vec<u8>,
    pub rec: Option<Box<recursive::RecUnion>>,
}

impl SetMerge {
    pub fn new(minus: bool) -> Box<SetMerge> {
        Box::new(SetMerge { minus, ..SetMerge::default() })
    }
}
