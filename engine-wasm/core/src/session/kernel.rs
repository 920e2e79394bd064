//! The running session's view of the instance while SQL runs: the shared
//! buffer cache (with its latch set), memoptimize pool and datafile device,
//! and the session's own statistics, clock and trace, wired together for
//! one call. Every buffer visit goes through [`Kernel::get`] or
//! [`Kernel::revisit`], so each visit is exactly one event of exactly one
//! get kind: the cache takes the latch and reads a missing block from the
//! device; the session counts the get here and pays its time.

use crate::instance::version::VersionProfile;
use crate::io::BlockDevice;
use crate::sga::cache::BufferCache;
use crate::sga::memopt::MemoptPool;
use crate::sim::cost::{CostModel, CostParams, StackId};
use crate::sim::SimTime;
use crate::stats::SessionStats;
use crate::trace::{kind, Event, GetKind, TraceSink};

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

impl OpStacks {
    /// Interned stacks for an operator under `base`.
    pub fn intern(cost: &mut CostModel, base: StackId, frames: &str) -> OpStacks {
        let own = cost.child(base, frames);
        let get = cost.child(own, "kcbgtcr");
        let latch = cost.child(get, "kslgetl");
        let read = cost.child(get, "kcbzib;pread64");
        let memopt_lookup = cost.child(own, "kpoxihLookup");
        let memopt_fetch = cost.child(own, "kpoxihFetch");
        OpStacks { own, get, latch, read, memopt_lookup, memopt_fetch }
    }
}

/// Borrowed for one call: the instance's shared parts and the session's own.
pub struct Kernel<'a> {
    pub profile: &'a VersionProfile,
    /// The instance's lab cost parameters.
    pub params: &'a CostParams,
    pub cache: &'a mut BufferCache,
    pub memopt: &'a mut MemoptPool,
    /// The device behind the datafiles.
    pub io: &'a mut dyn BlockDevice,
    pub stats: &'a mut SessionStats,
    pub cost: &'a mut CostModel,
    pub trace: &'a mut TraceSink,
    /// The running session.
    pub sid: u32,
    /// Blocks this statement already cloned for consistent read.
    pub cr_seen: &'a mut std::collections::HashSet<(u32, u32)>,
}

/// A [`Kernel`] over an instance and a session, borrowing their fields
/// apart so the catalog (and the rest of the session) stay usable.
#[macro_export]
macro_rules! kernel {
    ($inst:expr, $sess:expr) => {
        $crate::session::kernel::Kernel {
            profile: &$inst.profile,
            params: &$inst.cost_params,
            cache: &mut $inst.sga.cache,
            memopt: &mut $inst.sga.memopt,
            io: &mut *$inst.io.datafiles,
            stats: &mut $sess.stats,
            cost: &mut $sess.cost,
            trace: &mut $sess.trace,
            sid: $sess.sid,
            cr_seen: &mut $sess.cr_seen,
        }
    };
}

impl Kernel<'_> {
    /// A consistent get. `no_work`: counted in `no work - consistent read
    /// gets` (normal gets of data blocks needing no read-consistency work).
    /// The one place a consistent get is counted.
    #[inline(always)]
    pub fn get(&mut self, seg: u32, block: u32, kind: GetKind, no_work: bool, line: u16, st: &OpStacks) -> u64 {
        let fastpath = self.cache.fastpath;
        self.get_via(seg, block, kind, no_work, fastpath, line, st)
    }

    /// A normal get that cannot take the fastpath (a leaf reached through
    /// the kept leaf's sibling pointer): not a "no work" get either.
    #[inline]
    pub fn get_sibling(&mut self, seg: u32, block: u32, line: u16, st: &OpStacks) -> u64 {
        self.get_via(seg, block, GetKind::Normal, false, false, line, st)
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn get_via(
        &mut self,
        seg: u32,
        block: u32,
        kind: GetKind,
        no_work: bool,
        fastpath: bool,
        line: u16,
        st: &OpStacks,
    ) -> u64 {
        let now = self.cost.now;
        let o = self.cache.consistent_get(seg, block, kind, &mut *self.io, now);
        self.stats.gets.count(kind, no_work, fastpath, self.cache.fastpath_examination);
        let p = self.params;
        let work = match kind {
            GetKind::Examination => p.examination_get_us,
            _ => p.normal_get_us,
        };
        let latch = kind.cbc_latch_gets() as f64 * p.latch_get_us;
        self.cost.charge(st.get, work);
        self.cost.charge(st.latch, latch);
        if let Some(done) = o.read_done {
            self.physical_read(seg, block, line, st, done.since(now));
        }
        if !self.cache.active.is_empty() {
            self.consistent_read(seg, block, st);
        }
        self.trace.push(
            Event { kind: kind::BLOCK_GET, get_kind: kind as u8, segment: seg, block, plan_line: line, stack: st.get },
            self.cost.now.0,
        );
        1
    }

    /// The block has another session's uncommitted changes: the first visit
    /// in the statement builds a consistent-read clone, applying the block's
    /// undo records (each read from its undo block: a consistent get).
    #[cold]
    #[inline(never)]
    fn consistent_read(&mut self, seg: u32, block: u32, st: &OpStacks) {
        let Some(writers) = self.cache.active.get(&(seg, block)) else { return };
        let records: u32 = writers.iter().filter(|(s, _)| *s != self.sid).map(|(_, n)| n).sum();
        if records == 0 || !self.cr_seen.insert((seg, block)) {
            return;
        }
        self.stats.calls.cr_blocks_created += 1;
        self.stats.calls.cr_undo_records_applied += records as u64;
        self.stats.gets.normal += records as u64;
        let p = self.params;
        let us = records as f64 * (p.normal_get_us + 2.0 * p.latch_get_us + p.change_row_us);
        self.cost.charge(st.get, us);
    }

    /// The block was read from the device: the session waited `wait_us`
    /// (`db file sequential read`).
    #[cold]
    #[inline(never)]
    fn physical_read(&mut self, seg: u32, block: u32, line: u16, st: &OpStacks, wait_us: f64) {
        self.stats.gets.physical_reads += 1;
        self.cost.charge(st.read, wait_us);
        self.stats.calls.io_wait_us += wait_us;
        self.stats.calls.io_waits += 1;
        self.stats.calls.note_wait(crate::stats::WaitEvent::DbFileSequentialRead, wait_us);
        self.trace.push(
            Event {
                kind: kind::PHYSICAL_READ,
                get_kind: GetKind::NONE,
                segment: seg,
                block,
                plan_line: line,
                stack: st.read,
            },
            self.cost.now.0,
        );
    }

    /// A read from a buffer held pinned that is not a pin visit (a probe
    /// served by a kept leaf, a full scan's row): its CPU only, no get, no
    /// statistic, no trace event.
    #[inline(always)]
    pub fn pinned_read_cpu(&mut self, st: &OpStacks) {
        let us = self.params.pinned_revisit_us;
        self.cost.charge(st.own, us);
    }

    /// A visit to a buffer the row source still has pinned.
    #[inline(always)]
    pub fn revisit(&mut self, seg: u32, block: u32, line: u16, st: &OpStacks) {
        self.stats.access.buffer_is_pinned += 1;
        let us = self.params.pinned_revisit_us;
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
            self.cost.now.0,
        );
    }

    /// A MemOptimized hash-index probe (`kind::MEMOPT_LOOKUP`) or
    /// buffer-area read (`kind::MEMOPT_READ`).
    #[inline]
    pub fn memopt_event(&mut self, event_kind: u8, seg: u32, block: u32, line: u16, stack: StackId, us: f64) {
        self.cost.charge(stack, us);
        self.trace.push(
            Event { kind: event_kind, get_kind: GetKind::Memopt as u8, segment: seg, block, plan_line: line, stack },
            self.cost.now.0,
        );
    }

    /// The session's clock.
    pub fn now(&self) -> SimTime {
        self.cost.now
    }
}

/// A non-buffer event (round trip, parse, execute, fetch) in a session's trace.
#[inline]
pub fn call_event(trace: &mut TraceSink, cost: &CostModel, event_kind: u8, stack: StackId) {
    trace.push(
        Event {
            kind: event_kind,
            get_kind: GetKind::NONE,
            segment: crate::trace::NO_SEGMENT,
            block: 0,
            plan_line: crate::trace::NO_LINE,
            stack,
        },
        cost.now.0,
    );
}
