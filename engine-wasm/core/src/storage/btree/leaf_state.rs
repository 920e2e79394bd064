//! What a tree whose leaves split keeps beside its entries (split.rs):
//! the splits to count and each leaf's deleted entries.

/// Splits counted since the session took them last: `leaf node splits`,
/// `leaf node 90-10 splits`, `branch node splits` and `root node splits`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Splits {
    pub leaf: u64,
    pub leaf_90_10: u64,
    pub branch: u64,
    pub root: u64,
}

/// What one leaf split changed, for its redo and undo (session/split_redo.rs):
/// the full leaf (entries and bytes, its row directory's slots included)
/// whose image the split saves in undo, the entries and bytes it moved to
/// the new block (none in a 90-10 split), the separator key's bytes the
/// branch gets, and whether the leaf had a right neighbour (whose pointer
/// to its previous leaf changes). The entry that caused the split is in
/// neither: it goes in afterwards, as the statement's own change.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SplitWork {
    pub old_rows: u32,
    pub old_bytes: u32,
    pub moved_rows: u32,
    pub moved_bytes: u32,
    pub sep_bytes: u32,
    pub neighbour: bool,
}

/// The deleted entries a leaf holds: those of earlier statements (an
/// insert into the leaf cleans them out) and those of the running one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Deleted {
    pub(super) rows: u32,
    pub(super) bytes: u32,
    pub(super) fresh_rows: u32,
    pub(super) fresh_bytes: u32,
}

impl Splits {
    pub fn add(&mut self, o: Splits) {
        self.leaf += o.leaf;
        self.leaf_90_10 += o.leaf_90_10;
        self.branch += o.branch;
        self.root += o.root;
    }
}
