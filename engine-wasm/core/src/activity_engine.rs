//! The activity JSON of a step (`Engine::activity_json`, the wasm
//! facade's `activity(step)`): its samples from the instance's ASH store
//! and the latch profile of its kept trace ([`crate::activity`]).

use crate::activity::{latchprof, ActivityOut, AshSampleOut};

impl crate::engine::Engine {
    /// Step `step`'s activity as JSON ([`ActivityOut`]): its samples (none
    /// when it took none, or they were overwritten) and the latch profile
    /// of its kept trace (none when its trace is no longer kept).
    pub fn activity_json(&self, step: usize) -> String {
        serde_json::to_string(&self.activity(step)).unwrap_or_else(|_| "{}".into())
    }

    pub fn activity(&self, step: usize) -> ActivityOut {
        let inst = self.instance();
        let ash = &inst.ash;
        let seg_name = |seg: u32| inst.cat.segments.get(seg as usize).map(|s| s.name.clone());
        let mut out = ActivityOut { interval_us: ash.interval_us, dropped: ash.dropped, ..Default::default() };
        if let Some(&(_, from, to)) = ash.steps.iter().find(|(i, _, _)| *i == step) {
            out.samples = ash.range(from, to).map(|s| sample_out(inst, s, &seg_name)).collect();
            out.samples.sort_by(|a, b| a.t_us.total_cmp(&b.t_us).then(a.sid.cmp(&b.sid)));
            if let Some(s) = out.samples.first() {
                let first = ash.range(from, to).next().map_or(s.t_us, |x| x.interval_us);
                out.interval_us = first;
            }
        }
        if let Some(t) = self.trace(step) {
            let p = &inst.cost_params;
            let hold = |kind: u8| {
                if kind == crate::sga::get_kind::GetKind::Examination as u8 {
                    p.cbc_hold_examination_us
                } else {
                    p.cbc_hold_pin_us
                }
            };
            let (rows, span) = latchprof(t, hold, seg_name);
            out.latchprof = rows;
            out.latch_span_us = span;
            out.truncated = t.truncated || t.window_us().is_some();
        }
        out
    }
}

fn sample_out(
    inst: &crate::instance::Instance,
    s: &crate::instance::ash::AshSample,
    seg_name: &impl Fn(u32) -> Option<String>,
) -> AshSampleOut {
    use crate::stats::WaitEvent;
    let t = &s.tick;
    let wait = WaitEvent::ALL.get(t.wait as usize).copied().filter(|_| t.wait != crate::sim::ash::ON_CPU);
    let line = t.sql.filter(|_| t.line != crate::trace::NO_LINE).map(|_| t.line as u32);
    let op = line.and_then(|l| inst.ash.plans.get(&s.plan_hash).and_then(|p| p.get(l as usize)));
    AshSampleOut {
        sample_id: s.sample_id,
        t_us: t.t_us,
        sid: s.sid,
        state: if wait.is_some() { "WAITING" } else { "ON CPU" }.into(),
        event: wait.map(|e| e.name().into()),
        wait_class: wait.map_or("CPU", |e| e.wait_class()).into(),
        sql_id: s.sql_id().map(str::to_string),
        plan_line: line,
        operation: op.map(|o| if o.1.is_empty() { o.0.clone() } else { format!("{} {}", o.0, o.1) }),
        object: if t.obj == crate::trace::NO_SEGMENT { None } else { seg_name(t.obj) },
        time_waited_us: t.time_waited_us,
    }
}
