//! A WITH query name in scope while its statement is parsed (parser/with.rs).

use crate::ast::{Query, RecursiveWith};

/// A query name in scope.
pub(crate) struct Cte {
    pub(crate) name: String,
    /// None while its own definition is parsed (a reference is recursive).
    pub(crate) query: Option<Query>,
    /// Whether the definition has a column alias list.
    pub(crate) aliased: bool,
    /// The depth of its deepest expression tree.
    pub(crate) depth: u32,
    /// Table references inside it, counted again at each reference.
    pub(crate) tables: u32,
    /// Its tokens, charged to `with::MAX_WITH_EXPANSION` at each reference.
    pub(crate) tokens: usize,
    /// References to itself met while its definition is parsed.
    pub(crate) refs: u32,
    /// A recursive WITH's definition (its `query` is then None).
    pub(crate) rec: Option<Box<RecursiveWith>>,
}
