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

    /// After a parse of `text` (`peeks`: a cursor's, which peeked its
    /// binds, not EXPLAIN PLAN's): a hard parse's record becomes the step's
    /// optimizer trace and its lines go into the trace file; the cursor
    /// keeps none.
    pub(super) fn cbo_trace_parsed(&mut self, text: &str, c: &mut Compiled, hard: bool, peeks: bool) {
        if c.optimizer.is_empty() {
            return;
        }
        let blocks = std::mem::take(&mut c.optimizer);
        if !hard {
            return;
        }
        let p = &self.inst.profile;
        let sys = &self.inst.cat.system_stats;
        let k = crate::optimizer::cost::ScanCosting::of(&self.s.params, sys, self.inst.profile.name);
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
            altered: altered(&self.s.params.other, k.io_model),
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
            // EXPLAIN PLAN does not peek (its binds are unknown values).
            peeked: if peeks { self.peeked_for_trace(c) } else { None },
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

impl Run<'_> {
    /// The binds' values bind peeking read for `c` (` Bind#n` and
    /// `  value=v`, as Oracle's trace prints them without its buffer lines).
    fn peeked_for_trace(&self, c: &Compiled) -> Option<Vec<String>> {
        let host = self.host_kinds();
        let mut out = Vec::new();
        for (i, n) in c.bind_names.iter().enumerate() {
            let bare = n.strip_prefix(':').unwrap_or(n);
            if let Some((.., Some(v))) = host.iter().find(|(h, ..)| h.eq_ignore_ascii_case(bare)) {
                out.push(format!(" Bind#{i}"));
                out.push(format!("  value={v}"));
            }
        }
        (!out.is_empty()).then_some(out)
    }
}

/// The cost model's parameters the session altered, `name = value` as the
/// trace prints them (36 wide), and the model in use; None when none is.
fn altered(other: &std::collections::BTreeMap<String, String>, io_model: bool) -> Option<Vec<String>> {
    let mut v: Vec<String> = ["optimizer_features_enable", "_optimizer_cost_model"]
        .iter()
        .filter_map(|n| other.get(*n).map(|x| format!("{n:<36}= {}", x.to_ascii_lowercase())))
        .collect();
    if v.is_empty() {
        return None;
    }
    v.push(format!("{:<36}= {}", "cost model in use", if io_model { "I/O" } else { "CPU" }));
    Some(v)
}
