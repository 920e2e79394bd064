//! Active Session History from the session's side: its probe armed at
//! each step (the instance's sampling interval), told which cursor runs,
//! and its samples moved into the instance's store (`instance/ash.rs`)
//! after each step and each turn of a workload, with the SID and the V$SQL
//! entry's SQL_ID and plan.

use super::*;
use crate::sim::ash::AshTick;
use crate::trace::{NO_LINE, NO_SEGMENT};

/// SQL_EXEC_ID of a cursor's first execution on instance 1 (Oracle's
/// execution ids start at the instance number times 2^24).
pub(crate) const FIRST_EXEC_ID: u64 = 1 << 24;

/// Step ranges remembered (`Engine::activity_json`): the most recent.
const STEPS_KEPT: usize = 4096;

impl Run<'_> {
    /// The session is sampled from now at the instance's interval.
    pub(crate) fn ash_arm(&mut self) {
        let now = self.s.cost.now_us();
        self.s.cost.ash.arm(self.inst.ash.interval_us, now);
    }

    /// An execution of the V$SQL entry `slot` starts (`executions` its
    /// count so far, this one included): samples name it.
    pub(crate) fn ash_cursor(&mut self, slot: Option<(usize, u64)>, executions: u64) {
        let a = &mut self.s.cost.ash;
        a.sql = slot;
        a.exec_id = FIRST_EXEC_ID + executions.saturating_sub(1);
        (a.line, a.obj, a.block) = (NO_LINE, NO_SEGMENT, 0);
    }

    /// The execution ended: samples until the next name no cursor.
    pub(crate) fn ash_cursor_done(&mut self) {
        let a = &mut self.s.cost.ash;
        a.sql = None;
        (a.line, a.obj, a.block) = (NO_LINE, NO_SEGMENT, 0);
    }

    /// Plan `hash`'s lines, for its samples' SQL_PLAN_OPERATION (at a hard parse).
    pub(crate) fn ash_plan(&mut self, hash: u32, lines: &[crate::exec::plan::PlanLine]) {
        self.inst.ash.plan(hash, lines.iter().map(|l| (l.operation.as_str(), l.name.as_ref())));
        self.inst.cat.ash_bytes = self.inst.ash.bytes;
    }

    /// Move this session's samples into the instance's store.
    pub(crate) fn ash_drain(&mut self) {
        let mut v = Vec::new();
        take_ticks(self.s, &mut v);
        self.ash_store(&mut v);
    }

    /// Move every given session's samples (a workload's) into the store,
    /// in time order.
    pub(crate) fn ash_drain_all(&mut self, peers: &mut [Session]) {
        let mut v = Vec::new();
        take_ticks(self.s, &mut v);
        for p in peers.iter_mut() {
            take_ticks(p, &mut v);
        }
        self.ash_store(&mut v);
    }

    fn ash_store(&mut self, v: &mut Vec<(u32, AshTick, f64)>) {
        if v.is_empty() {
            return;
        }
        let room = self.inst.limits.memory_bytes().saturating_sub(self.inst.cat.memory_bytes());
        let area = &self.inst.sql_area;
        let lookup = |(i, id): (usize, u64)| {
            area.get(i).filter(|e| e.id == id).map(|e| {
                let mut b = [b' '; 13];
                let n = e.sql_id.len().min(13);
                b[..n].copy_from_slice(&e.sql_id.as_bytes()[..n]);
                (b, e.plan_hash_value, e.child)
            })
        };
        self.inst.ash.store(v, lookup, room);
        self.inst.cat.ash_bytes = self.inst.ash.bytes;
    }

    /// Step `index` stored the samples from `from` on.
    pub(crate) fn ash_step(&mut self, index: usize, from: u64) {
        let a = &mut self.inst.ash;
        if a.seq > from {
            if a.steps.len() >= STEPS_KEPT {
                a.steps.pop_front();
            }
            a.steps.push_back((index, from, a.seq));
        }
    }
}

fn take_ticks(s: &mut Session, out: &mut Vec<(u32, AshTick, f64)>) {
    let sid = s.sid;
    let interval = s.cost.ash.interval_us;
    out.extend(s.cost.ash.taken.drain(..).map(|t| (sid, t, interval)));
}
