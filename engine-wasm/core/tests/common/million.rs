//! Jonathan Lewis's million-row set-up, shared by the scale tests, and the
//! process's peak memory they assert.

use super::ok;
use lio_core::{Engine, StepOut};

pub const MILLION: &str = include_str!("../../examples/jl_million.sql");

/// The peak resident memory of this process in MB (Linux VmHWM; None
/// elsewhere).
pub fn peak_mb() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb = s.lines().find(|l| l.starts_with("VmHWM:"))?.split_whitespace().nth(1)?.parse::<u64>().ok()?;
    Some(kb / 1024)
}

/// Runs the million-row set-up on `e`: every step succeeds and the two
/// queries give Oracle's answers. Its steps.
pub fn million_setup(e: &mut Engine) -> Vec<StepOut> {
    let steps = e.exec(MILLION);
    ok(&steps);
    let rows: Vec<&StepOut> = steps.iter().filter(|s| !s.rows.is_empty()).collect();
    assert_eq!(rows[0].rows[0][0].to_string(), "10000");
    assert_eq!(rows[0].rows[0][1].as_str(), Some("0000999943"));
    assert_eq!(rows[1].rows[0][0].to_string(), "4999580000");
    steps
}
