//! Helpers for the operators' own tests: a script run in a fresh engine
//! (no event trace), and the figures of one plan line.

use crate::result::PlanLineOut;
use crate::{Engine, EngineConfig, StepOut};

/// Run `script`; panics on a failed step.
pub(super) fn run(script: &str) -> Vec<StepOut> {
    let mut e = Engine::new(EngineConfig { trace: false, ..Default::default() });
    let out = e.exec(script);
    for s in &out {
        assert!(s.error.is_none(), "`{}` failed: {:?}", s.statement, s.error);
    }
    out
}

/// The last step's plan line whose operation is `op` (the first such).
pub(super) fn line<'a>(steps: &'a [StepOut], op: &str) -> &'a PlanLineOut {
    let s = steps.last().expect("a step");
    s.plan.iter().find(|l| l.operation == op).unwrap_or_else(|| panic!("no {op} line in {:?}", s.plan))
}

/// The last step's rows, each as its columns joined by `|`.
pub(super) fn rows(steps: &[StepOut]) -> Vec<String> {
    let s = steps.last().expect("a step");
    s.rows
        .iter()
        .map(|r| {
            r.iter()
                .map(|v| v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string()))
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect()
}

/// A statistic of the last step (0 when absent).
pub(super) fn stat(steps: &[StepOut], name: &str) -> u64 {
    steps.last().expect("a step").stats.get(name).copied().unwrap_or(0)
}

/// A heap table `t` of `n` rows (id 1..n, a 100-character pad), its
/// primary key `t_pk` and statistics gathered.
pub(super) fn table_t(n: u32) -> String {
    format!(
        "create table t (id number not null, grp number, pad varchar2(100), constraint t_pk primary key (id));\n\
         insert into t select level, mod(level, 3), rpad('x', 100, 'x') from dual connect by level <= {n};\n\
         commit;\n\
         exec dbms_stats.gather_table_stats(user, 'T')\n"
    )
}
