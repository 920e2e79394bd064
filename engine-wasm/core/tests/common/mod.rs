//! Helpers shared by the integration tests.
#![allow(dead_code)]

use lio_core::{Engine, EngineConfig, StepOut};

pub mod composite;
mod corpus;
pub mod joins;
mod million;
mod plans;
// Each test file uses what it needs of these.
#[allow(unused_imports)]
pub use corpus::corpus_scripts;
#[allow(unused_imports)]
pub use million::{million_setup, peak_mb, MILLION};
#[allow(unused_imports)]
pub use plans::{lines, op_names, plan_of, scalar, GEIST_TABLES, STATUS_TABLE};

/// An engine without the event trace (faster for large scenarios).
pub fn quiet_engine() -> Engine {
    Engine::new(EngineConfig { trace: false, ..Default::default() })
}

/// Assert that no step failed.
pub fn ok(steps: &[StepOut]) {
    for s in steps {
        assert!(
            s.error.is_none(),
            "step {} `{}` failed: {:?}",
            s.index,
            s.statement.lines().next().unwrap_or(""),
            s.error
        );
    }
}

/// A statistic of a step (0 when absent, as autotrace omits zeros).
pub fn stat(s: &StepOut, name: &str) -> u64 {
    s.stats.get(name).copied().unwrap_or(0)
}

/// A step's rows as text, columns joined by `|` (NULL empty, strings
/// unquoted).
pub fn row_strings(s: &StepOut) -> Vec<String> {
    s.rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|v| match v {
                    serde_json::Value::Null => String::new(),
                    serde_json::Value::String(s) => s.clone(),
                    v => v.to_string(),
                })
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect()
}

/// A step's error as (code, line, column); panics when it did not fail.
pub fn error_of(s: &StepOut) -> (&str, u32, u32) {
    let e = s.error.as_ref().unwrap_or_else(|| panic!("`{}` did not fail", s.statement));
    (e.code.as_str(), e.line, e.column)
}

/// The last step's rows of `sql` as text (a string as it is, a number as
/// Oracle prints it), the step having run without error.
pub fn text_rows(e: &mut Engine, sql: &str) -> Vec<Vec<String>> {
    let steps = e.exec(sql);
    ok(&steps);
    steps
        .last()
        .unwrap()
        .rows
        .iter()
        .map(|r| r.iter().map(|v| v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())).collect())
        .collect()
}
