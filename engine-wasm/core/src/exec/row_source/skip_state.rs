//! An INDEX SKIP SCAN's place (`index_skip_scan.rs`), apart so that the
//! row source enum can hold it without importing the operator's file.

/// The leading value's entries (`group`), those among them the keys
/// select (`run`), and the pinned branch path (block of each level above
/// the leaves).
#[derive(Debug, Clone, Default)]
pub struct Skip {
    pub(super) group: (usize, usize),
    pub(super) run: (usize, usize),
    pub(super) path: Vec<u32>,
}

impl Skip {
    /// A fetch call's end releases the pinned branch path.
    pub(super) fn release(&mut self) {
        self.path.clear();
    }
}
