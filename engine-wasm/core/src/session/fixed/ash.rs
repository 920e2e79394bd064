//! V$ACTIVE_SESSION_HISTORY: the instance's ASH samples (instance/ash.rs),
//! newest first, as Oracle's X$ASH reads its circular buffer.

use super::*;
use crate::exec::fixed::FixedView;
use crate::instance::ash::AshSample;
use crate::sim::ash::ON_CPU;

impl Run<'_> {
    pub(super) fn ash_rows(&self, v: FixedView) -> Vec<Vec<Value>> {
        debug_assert_eq!(v, FixedView::ActiveSessionHistory);
        let cat = &self.inst.cat;
        // CURRENT_OBJ#: the object of the segment the sample was in.
        let mut objects = crate::fasthash::FxMap::default();
        for t in &cat.tables {
            if let Some(seg) = t.heap_seg() {
                objects.insert(seg, t.stamp.id);
            }
        }
        for ix in &cat.indexes {
            objects.insert(ix.seg, ix.stamp.id);
        }
        for c in &cat.clusters {
            objects.insert(c.seg, c.stamp.id);
        }
        let ash = &self.inst.ash;
        let mut rows: Vec<&AshSample> = ash.samples.iter().collect();
        rows.sort_by(|a, b| b.sample_id.cmp(&a.sample_id).then(a.sid.cmp(&b.sid)));
        rows.into_iter().map(|s| self.ash_row(s, &objects)).collect()
    }

    fn ash_row(&self, s: &AshSample, objects: &crate::fasthash::FxMap<u32, u32>) -> Vec<Value> {
        let t = &s.tick;
        let wait = WaitEvent::ALL.get(t.wait as usize).copied().filter(|_| t.wait != ON_CPU);
        let op = t.sql.and_then(|_| self.inst.ash.plans.get(&s.plan_hash)).and_then(|p| p.get(t.line as usize));
        let line = t.sql.filter(|_| t.line != crate::trace::NO_LINE);
        let secs = (t.t_us / 1e6).floor() as i64;
        let time = crate::date::Date::from_seconds(crate::date::CLOCK_ZERO.seconds() + secs.max(0))
            .map(Value::Date)
            .unwrap_or(Value::Null);
        let obj = objects.get(&t.obj).map_or(num(-1), |&o| num(o));
        vec![
            num(s.sample_id as f64),
            time,
            num(s.sid),
            num(1),
            text("FOREGROUND"),
            s.sql_id().map_or(Value::Null, text),
            t.sql.map_or(Value::Null, |_| text("Y")),
            t.sql.map_or(Value::Null, |_| num(s.child)),
            t.sql.map_or(Value::Null, |_| num(s.plan_hash)),
            line.map_or(Value::Null, |_| num(t.line)),
            line.and(op).map_or(Value::Null, |o| text(&o.0)),
            line.and(op).map_or(Value::Null, |o| text(&o.1)),
            t.sql.map_or(Value::Null, |_| num(t.exec_id as f64)),
            wait.map_or(Value::Null, |e| text(e.name())),
            wait.map_or(Value::Null, |e| num(crate::exec::fixed::name_id(e.name()))),
            wait.map_or(Value::Null, |e| text(e.wait_class())),
            text(if wait.is_some() { "WAITING" } else { "ON CPU" }),
            num(t.time_waited_us.round()),
            obj,
            num(t.block),
            text("sqlplus@lio-lab (TNS V1-V3)"),
            num(t.t_us),
            num(s.interval_us),
        ]
    }
}
