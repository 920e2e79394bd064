//! Stamps for row stores: each change of a store's rows gives it one no
//! store has had, so a figure computed from rows with a stamp holds while
//! the stamp does (`stats_memo.rs`).

/// A stamp no store has had (the count of changes to any store).
pub(super) fn new_stamp() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}
