//! Event 10053, the optimizer trace: `ALTER SESSION SET EVENTS '10053
//! trace name context forever[, level 1|2]'` (or `... context off`)
//! makes each hard parse record what the optimizer considered
//! (`exec::plan` fills `Compiled::optimizer` as it costs; see
//! `crate::cbo_trace`); the record goes into the step's result for the
//! UI's "why this plan" view and its text, in the 10053 layout, into the
//! session's trace file (the lines the 10046 trace writes, so `lio run
//! --trace-dir` writes both, as Oracle writes both to one file). A soft
//! parse writes nothing (nothing was optimized).

use super::sqltrace_file::event_10053;
use super::*;
use crate::cbo_trace::{CboPlanRowOut, CboSystemOut, CboTraceOut};
use crate::exec::xplan;

impl Run<'_> {
    /// Event 10053's level in an `ALTER SESSION SET EVENTS` value.
    pub(super) fn event_10053(&self, v: &lio_sql::ast::ParamValue) -> Option<u8> {
        match v {
            lio_sql::ast::ParamValue::Text(t) => event_10053(t),
            _ => None,
        }
    }

    /// Whether the next optimization records (event 10053 set).
    pub(super) fn cbo_tracing(&self) -> bool {
        self.s.sqltrace.cbo_level > 0
    }

    /// After a parse of `text`: a hard parse's record becomes the step's
    /// optimizer trace and its lines go into the trace file; the cursor
    /// keeps none.
    pub(super) fn cbo_trace_parsed(&mut self, text: &str, c: &mut Compiled, hard: bool) {
        if c.optimizer.is_empty() {
            return;
        }
        let blocks = std::mem::take(&mut c.optimizer);
        if !hard {
            return;
        }
        let p = &self.inst.profile;
        let sys = &self.inst.cat.system_stats;
        let k = crate::optimizer::cost::ScanCosting::of(&self.s.params, sys);
        let workload = sys.sreadtim.is_some() && sys.mreadtim.is_some() && sys.mbrc.is_some();
        let system = CboSystemOut {
            kind: if workload { "WORKLOAD" } else { "NOWORKLOAD" }.into(),
            cpuspeed: k.cpuspeed,
            sreadtim: k.sreadtim,
            mreadtim: k.mreadtim,
            mbrc: k.mbrc,
            ioseektim: sys.ioseektim,
            iotfrspeed: sys.iotfrspeed,
            block_size: self.s.params.db_block_size as f64,
        };
        let plan = c
            .lines
            .iter()
            .map(|l| CboPlanRowOut {
                id: l.id,
                depth: l.depth,
                operation: l.operation.clone(),
                name: l.name.clone().unwrap_or_default(),
                rows: xplan::units(l.e_rows.round().max(0.0) as u64),
                bytes: l.bytes.map(|b| xplan::units(b.round().max(0.0) as u64)).unwrap_or_default(),
                cost: xplan::units(l.cost.round().max(0.0) as u64),
                time: xplan::time_of_cost(l.cost),
            })
            .collect();
        let out = CboTraceOut {
            sql: text.trim_end().to_string(),
            sql_id: xplan::sql_id(text),
            release: if p.stat_names_12c { "12c" } else { "11g" }.into(),
            level: self.s.sqltrace.cbo_level,
            system,
            blocks,
            plan,
        };
        self.trace_header();
        for l in out.lines() {
            self.trace_line(l);
        }
        self.s.sqltrace.cbo = Some(Box::new(out));
    }
}
