//! The kinds of buffer get. A leaf module: the statistics (`stats`) and
//! the buffer cache (`sga/cache.rs`) both use it, and it uses neither.

/// The kind of buffer visit. Every visit is exactly one of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum GetKind {
    /// Read under the `cache buffers chains` latch, no pin: 1 latch get.
    Examination = 0,
    /// Latch, pin, release; read; latch, unpin, release: 2 latch gets.
    Normal = 1,
    /// A pinned get for cluster-key access (`consistent gets pin`): 2 latch gets.
    Pin = 2,
    /// The row source already holds the pin: no get, no latch.
    PinnedRevisit = 3,
    /// A MemOptimized RowStore hash-index probe or buffer-area read: no
    /// buffer-cache get, no CBC latch.
    Memopt = 4,
    /// A current-mode get (`db block gets`, kcbgcur) of a block about to be
    /// changed: pinned exclusive, 2 latch gets.
    Current = 5,
}

impl GetKind {
    pub const NONE: u8 = 255;

    /// `cache buffers chains` latch gets this visit takes.
    pub fn cbc_latch_gets(self) -> u8 {
        match self {
            GetKind::Examination => 1,
            GetKind::Normal | GetKind::Pin | GetKind::Current => 2,
            GetKind::PinnedRevisit | GetKind::Memopt => 0,
        }
    }
}
