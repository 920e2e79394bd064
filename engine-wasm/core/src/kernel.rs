//! The session's view of the instance while SQL runs: buffer cache,
//! memoptimize pool, counters, time model and trace, wired together. Every
//! buffer visit goes through [`Kernel::get`] or [`Kernel::revisit`], so each
//! visit is exactly one event of exactly one get kind, with its latch gets,
//! its statistics and its simulated time.

use crate::cache::BufferCache;
use crate::cost::{CostModel, StackId};
use crate::memopt::MemoptPool;
use crate::stats::{AccessCounters, CallCounters, Counters, Snapshot};
use crate::trace::{kind, Event, GetKind, TraceSink};
use crate::version::VersionProfile;

/// Stack ids an operator charges to (interned once per cursor context).
#[derive(Debug, Clone, Copy, Default)]
pub struct OpStacks {
    /// The row source's own frame (row processing, pinned revisits).
    pub own: StackId,
    /// `...;kcbgtcr`: the consistent get.
    pub get: StackId,
    /// `...;kcbgtcr;kslgetl`: its CBC latch gets.
    pub latch: StackId,
    /// `...;kcbgtcr;kcbzib;pread64`: a physical read under the get.
    pub read: StackId,
    /// `...;kpoxihLookup`: MemOptimized hash-index probe.
    pub memopt_lookup: StackId,
    /// `...;kpoxihFetch`: row copied from the memoptimize buffer area.
    pub memopt_fetch: StackId,
}

#[derive(Debug, Clone)]
pub struct Kernel {
    pub profile: VersionProfile,
    pub cache: BufferCache,
    pub memopt: MemoptPool,
    pub access: AccessCounters,
    pub calls: CallCounters,
    pub cost: CostModel,
    pub trace: TraceSink,
}

impl Kernel {
    /// A consistent get. `no_work`: counted in `no work - consistent read
    /// gets` (normal gets of data blocks needing no read-consistency work).
    #[inline(always)]
    pub fn get(&mut self, seg: u32, block: u32, kind: GetKind, no_work: bool, line: u16, st: &OpStacks) -> u64 {
        let o = self.cache.consistent_get(seg, block, kind, no_work);
        let p = &self.cost.params;
        let work = match kind {
            GetKind::Examination => p.examination_get_us,
            _ => p.normal_get_us,
        };
        let latch = kind.cbc_latch_gets() as f64 * p.latch_get_us;
        let read = if o.physical_read { p.physical_read_us } else { 0.0 };
        self.cost.charge(st.get, work);
        self.cost.charge(st.latch, latch);
        if o.physical_read {
            self.cost.charge(st.read, read);
            self.calls.io_wait_us += read;
            self.calls.io_waits += 1;
            self.trace.push(
                Event {
                    kind: kind::PHYSICAL_READ,
                    get_kind: GetKind::NONE,
                    segment: seg,
                    block,
                    plan_line: line,
                    stack: st.read,
                },
                self.cost.now_us,
            );
        }
        self.trace.push(
            Event { kind: kind::BLOCK_GET, get_kind: kind as u8, segment: seg, block, plan_line: line, stack: st.get },
            self.cost.now_us,
        );
        1
    }

    /// A visit to a buffer the row source still has pinned.
    #[inline(always)]
    pub fn revisit(&mut self, seg: u32, block: u32, line: u16, st: &OpStacks) {
        self.access.buffer_is_pinned += 1;
        let us = self.cost.params.pinned_revisit_us;
        self.cost.charge(st.own, us);
        self.trace.push(
            Event {
                kind: kind::PINNED_REVISIT,
                get_kind: GetKind::PinnedRevisit as u8,
                segment: seg,
                block,
                plan_line: line,
                stack: st.own,
            },
            self.cost.now_us,
        );
    }

    /// A MemOptimized hash-index probe (`kind::MEMOPT_LOOKUP`) or
    /// buffer-area read (`kind::MEMOPT_READ`).
    #[inline]
    pub fn memopt_event(&mut self, event_kind: u8, seg: u32, block: u32, line: u16, stack: StackId, us: f64) {
        self.cost.charge(stack, us);
        self.trace.push(
            Event { kind: event_kind, get_kind: GetKind::Memopt as u8, segment: seg, block, plan_line: line, stack },
            self.cost.now_us,
        );
    }

    /// A non-buffer event (round trip, parse, execute, fetch).
    #[inline]
    pub fn call_event(&mut self, event_kind: u8, stack: StackId) {
        self.trace.push(
            Event {
                kind: event_kind,
                get_kind: GetKind::NONE,
                segment: crate::trace::NO_SEGMENT,
                block: 0,
                plan_line: crate::trace::NO_LINE,
                stack,
            },
            self.cost.now_us,
        );
    }

    /// Every counter, summed.
    pub fn snapshot(&self) -> Snapshot {
        let mut s = Snapshot::default();
        self.cache.fill(&mut s);
        self.memopt.fill(&mut s);
        self.access.fill(&mut s);
        self.calls.fill(&mut s);
        s
    }

    /// Interned stacks for an operator under `base`.
    pub fn op_stacks(&mut self, base: StackId, frames: &str) -> OpStacks {
        let own = self.cost.child(base, frames);
        let get = self.cost.child(own, "kcbgtcr");
        let latch = self.cost.child(get, "kslgetl");
        let read = self.cost.child(get, "kcbzib;pread64");
        let memopt_lookup = self.cost.child(own, "kpoxihLookup");
        let memopt_fetch = self.cost.child(own, "kpoxihFetch");
        OpStacks { own, get, latch, read, memopt_lookup, memopt_fetch }
    }
}
