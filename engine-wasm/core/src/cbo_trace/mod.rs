//! What the optimizer considered for one hard parse (event 10053): each
//! query block's tables with the statistics their costs came from, every
//! access path costed for each (the one taken marked), the join steps, and
//! the final cost. The optimizer fills it as it costs its candidates
//! (`exec/plan/block.rs` records the candidates `access_path::gather`
//! returned, before `rank` takes one): nothing is costed twice. A step
//! carries it (`StepOut::optimizer`) for the UI's "why this plan" view;
//! `text.rs` writes it in the 10053 trace's layout. Built only while the
//! event is set.
//!
//! A leaf: it imports nothing of the crate but the contract macro.

mod text;
mod types;

pub use types::*;

impl CboTraceOut {
    /// The trace's lines (10053's layout; see `text.rs`).
    pub fn lines(&self) -> Vec<String> {
        text::lines(self)
    }
}

impl CboPathOut {
    /// The path's index name or empty.
    pub fn index_name(&self) -> &str {
        self.index.as_deref().unwrap_or("")
    }
}
