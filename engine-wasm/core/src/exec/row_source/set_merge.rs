//! INTERSECTION's and MINUS's state (the row source is union_all.rs).

/// INTERSECTION or MINUS: the other branches' rows, as key bytes.
#[derive(Debug, Clone, Default)]
pub struct SetMerge {
    pub minus: bool,
    pub(super) others: Vec<std::collections::HashSet<Vec<u8>>>,
    /// The first branch's first row was fetched and the others read.
    pub(super) built: bool,
    pub(super) key: Vec<u8>,
}

impl SetMerge {
    pub fn new(minus: bool) -> Box<SetMerge> {
        Box::new(SetMerge { minus, ..SetMerge::default() })
    }
}
