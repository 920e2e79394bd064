//! The kinds of segments and indexes.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SegmentKind {
    Table,
    Index,
    Iot,
    Cluster,
}

impl SegmentKind {
    pub fn name(self) -> &'static str {
        match self {
            SegmentKind::Table => "TABLE",
            SegmentKind::Index => "INDEX",
            SegmentKind::Iot => "IOT",
            SegmentKind::Cluster => "CLUSTER",
        }
    }
}

/// What an index is built as: the access paths (`optimizer/access_path`)
/// dispatch on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum IndexKind {
    #[default]
    BTree,
    /// `CREATE BITMAP INDEX`: the tree's leaves hold bitmap pieces
    /// (`storage/btree/bitmap.rs`).
    Bitmap,
}
