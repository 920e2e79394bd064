//! Helpers of the partitioned-table tests (`composite_partition.rs`,
//! `composite_index.rs`).

use super::ok;
use lio_core::{Engine, StepOut};

/// `sql` run twice, the second run's step (the first's hard parse reads
/// the dictionary: its gets are not the scan's).
pub fn again(e: &mut Engine, sql: &str) -> StepOut {
    ok(&e.exec(sql));
    let mut s = e.exec(sql);
    ok(&s);
    s.pop().expect("a step")
}

/// Each plan line as `OPERATION PSTART-PSTOP`.
pub fn part_lines(s: &StepOut) -> Vec<String> {
    s.plan
        .iter()
        .map(|l| format!("{} {}-{}", l.operation, l.pstart.as_deref().unwrap_or(""), l.pstop.as_deref().unwrap_or("")))
        .collect()
}
