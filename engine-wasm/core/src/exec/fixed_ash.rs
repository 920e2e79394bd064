//! V$ACTIVE_SESSION_HISTORY's columns: Oracle's (the subset the lab fills,
//! in the view's order), then the lab's two, which say what the sample
//! is on the simulated clock: LAB_SAMPLE_US (the instant, in microseconds)
//! and LAB_INTERVAL_US (the sampling interval: Oracle's 1 s, or the finer
//! one `LAB SET ash_sampling_interval_us` chose).

pub const COLUMNS: &[&str] = &[
    "SAMPLE_ID",
    "SAMPLE_TIME",
    "SESSION_ID",
    "SESSION_SERIAL#",
    "SESSION_TYPE",
    "SQL_ID",
    "IS_SQLID_CURRENT",
    "SQL_CHILD_NUMBER",
    "SQL_PLAN_HASH_VALUE",
    "SQL_PLAN_LINE_ID",
    "SQL_PLAN_OPERATION",
    "SQL_PLAN_OPTIONS",
    "SQL_EXEC_ID",
    "EVENT",
    "EVENT_ID",
    "WAIT_CLASS",
    "SESSION_STATE",
    "TIME_WAITED",
    "CURRENT_OBJ#",
    "CURRENT_BLOCK#",
    "PROGRAM",
    "LAB_SAMPLE_US",
    "LAB_INTERVAL_US",
];

/// SQL*Plus's width of a character column (Oracle's Reference, 19c).
pub fn width(col: &str) -> u32 {
    match col {
        "SESSION_TYPE" => 10,
        "IS_SQLID_CURRENT" => 1,
        "SQL_PLAN_OPERATION" | "SQL_PLAN_OPTIONS" => 30,
        "EVENT" | "WAIT_CLASS" => 64,
        "SESSION_STATE" => 7,
        "PROGRAM" => 48,
        "SQL_ID" => 13,
        _ => 0,
    }
}
