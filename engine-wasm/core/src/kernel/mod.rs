//! The running session's view of the instance while SQL runs: the shared
//! buffer cache (with its latch set), memoptimize pool and datafile device,
//! and the session's own statistics, clock and trace, wired together for
//! one call. Every buffer visit goes through [`Kernel::get`] or
//! [`Kernel::revisit`], so each visit is exactly one event of exactly one
//! get kind: the cache takes the latch and reads a missing block from the
//! device; the session counts the get here and pays its time.
//!
//! Below both `exec` and `session`: the work limits a statement runs
//! under (`limits`) and how PL/SQL names compare (`names`).

pub mod limits;
pub mod names;

use crate::instance::version::VersionProfile;
use crate::io::BlockDevice;
use crate::sga::cache::{BufferCache, MissInfo};
use crate::sga::latch::{LatchTiming, EPS};
use crate::sga::memopt::MemoptPool;
use crate::sim::cost::{CostModel, CostParams, StackId};
use crate::sim::{GridUs, SimTime};
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
    /// The I/O layer: each segment's reads go to its tablespace's device.
    pub io: &'a mut crate::io::IoLayer,
    pub stats: &'a mut SessionStats,
    pub cost: &'a mut CostModel,
    pub trace: &'a mut TraceSink,
    /// The running session.
    pub sid: u32,
    /// Blocks this statement already cloned for consistent read.
    pub cr_seen: &'a mut crate::fasthash::FxSet<(u32, u32)>,
    /// The shared pool's sequence cache (NEXTVAL in a SEQUENCE line).
    pub sequences: &'a mut crate::sga::sequence::SequenceCache,
}

/// A [`Kernel`] over an instance and a session, borrowing their fields
/// apart so the catalog (and the rest of the session) stay usable.
#[macro_export]
macro_rules! kernel {
    ($inst:expr, $sess:expr) => {
        $crate::kernel::Kernel {
            profile: &$inst.profile,
            params: &$inst.cost_params,
            cache: &mut $inst.sga.cache,
            memopt: &mut $inst.sga.memopt,
            io: &mut $inst.io,
            stats: &mut $sess.stats,
            cost: &mut $sess.cost,
            trace: &mut $sess.trace,
            sid: $sess.sid,
            cr_seen: &mut $sess.cr_seen,
            sequences: &mut $inst.sga.sequences,
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
        self.get_via(seg, block, kind, no_work, fastpath, false, 1, line, st)
    }

    /// A full scan's get of a block: a normal "no work" get that, on a
    /// miss, reads up to `ahead` blocks at once (`db file scattered read`).
    #[inline(always)]
    pub fn scan_get(&mut self, seg: u32, block: u32, ahead: u32, line: u16, st: &OpStacks) -> u64 {
        let fastpath = self.cache.fastpath;
        self.get_via(seg, block, GetKind::Normal, true, fastpath, false, ahead, line, st)
    }

    /// The unique-index shortcut get of a table block (row fetched via
    /// callback): an examination get, unless other sessions run at once
    /// and the version takes the RowCR path ([`BufferHolds::row_cr_at`](crate::sga::holds::BufferHolds::row_cr_at)).
    #[inline(always)]
    pub fn shortcut_get(&mut self, seg: u32, block: u32, line: u16, st: &OpStacks) -> u64 {
        if self.cache.holds.row_cr_at(self.cost.now.0) {
            return self.row_cr_get(seg, block, line, st);
        }
        self.get(seg, block, GetKind::Examination, false, line, st)
    }

    /// The RowCR path: a row-level consistent read is attempted (a hit
    /// when no other session has uncommitted changes in the block), and
    /// the shortcut is given up for a normal get that pins the buffer:
    /// its first latch get is taken shared and upgraded to exclusive. It is
    /// neither a fastpath nor a "no work" get.
    #[cold]
    #[inline(never)]
    fn row_cr_get(&mut self, seg: u32, block: u32, line: u16, st: &OpStacks) -> u64 {
        self.stats.access.row_cr_attempts += 1;
        let sid = self.sid;
        let others = self.cache.holds.changed_by_others((seg, block), sid);
        if !others {
            self.stats.access.row_cr_hits += 1;
        }
        self.get_via(seg, block, GetKind::Normal, false, false, true, 1, line, st)
    }

    /// A normal get that cannot take the fastpath (a leaf reached through
    /// the kept leaf's sibling pointer): not a "no work" get either.
    #[inline]
    pub fn get_sibling(&mut self, seg: u32, block: u32, line: u16, st: &OpStacks) -> u64 {
        self.get_via(seg, block, GetKind::Normal, false, false, false, 1, line, st)
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
        upgrade: bool,
        ahead: u32,
        line: u16,
        st: &OpStacks,
    ) -> u64 {
        let now = self.cost.now;
        // What an ASH sample taken in this get records.
        (self.cost.ash.line, self.cost.ash.obj, self.cost.ash.block) = (line, seg, block);
        let o = self.cache.get_ahead(seg, block, kind, ahead, &mut *self.io, now);
        if self.cache.latches.contention() {
            self.contend(seg, block, o.latch_child, kind, upgrade, st);
        }
        self.stats.gets.count(kind, no_work, fastpath, self.cache.fastpath_examination);
        let g = &self.params.grid;
        let work = match kind {
            GetKind::Examination => g.examination_get_us,
            _ => g.normal_get_us,
        };
        let latch = g.cbc_latch_gets_us[kind.cbc_latch_gets() as usize];
        self.cost.charge_grid(st.get, work);
        self.cost.charge_grid(st.latch, latch);
        if let Some(m) = o.miss {
            self.physical_read(seg, block, line, st, m);
        }
        if self.cache.holds.any_changes() {
            self.consistent_read(seg, block, st);
        }
        if self.cache.holds.any_uncleaned() && self.cache.holds.is_uncleaned((seg, block)) {
            self.delayed_cleanout(seg, block, kind);
        }
        self.trace.push(
            Event {
                kind: kind::BLOCK_GET,
                get_kind: kind as u8,
                segment: seg,
                block,
                plan_line: line,
                stack: st.get,
                latch: o.latch_child,
            },
            self.cost.now.0,
        );
        1
    }

    /// Sessions run at once: the get meets other sessions' holds. A buffer
    /// pinned exclusive by another session's current-mode get makes it
    /// wait (`buffer busy waits`); each of its latch gets may find the
    /// child held (spin, sleep: `latch: cache buffers chains`). Examination
    /// gets hold the child shared where the version does; a current-mode
    /// get leaves its buffer pinned exclusive for the change.
    #[cold]
    #[inline(never)]
    fn contend(&mut self, seg: u32, block: u32, child: u16, kind: GetKind, upgrade: bool, st: &OpStacks) {
        let p = self.params;
        let sid = self.sid;
        if let Some((from, until, holder)) = self.cache.holds.exclusive_pin((seg, block)) {
            let t = self.cost.now.0;
            if holder != sid && t >= from - EPS && t < until - EPS {
                let us = until - t;
                let c = &mut self.stats.calls;
                c.note_wait(crate::stats::WaitEvent::BufferBusyWaits, us);
                self.cost.charge_wait(st.get, us, crate::stats::WaitEvent::BufferBusyWaits as u8);
            }
        }
        let shared = kind == GetKind::Examination && self.profile.cbc_shared_examination;
        // The parameters' values on the clock's grid (worked out where they are set).
        let g = &p.grid;
        let hold = if kind == GetKind::Examination { g.cbc_hold_examination_us } else { g.cbc_hold_pin_us };
        let timing =
            LatchTiming { hold_us: hold.us(), spin_us: g.latch_spin_us.us(), wakeup_us: g.latch_wakeup_us.us() };
        for i in 0..kind.cbc_latch_gets() {
            let up = upgrade && i == 0;
            let w = self.cache.latches.contend(child, sid, self.cost.now.0, shared || up, up, timing);
            if up {
                if w.upgrade_waited {
                    self.stats.access.shared_latch_upgrades_wait += 1;
                } else {
                    self.stats.access.shared_latch_upgrades_no_wait += 1;
                }
            }
            if w.spin_us > 0.0 {
                self.cost.charge(st.latch, w.spin_us);
            }
            if w.sleep_us > 0.0 {
                let c = &mut self.stats.calls;
                c.note_wait(crate::stats::WaitEvent::LatchCacheBuffersChains, w.sleep_us);
                let e = crate::stats::WaitEvent::LatchCacheBuffersChains as u8;
                self.cost.charge_wait(st.latch, w.sleep_us, e);
            }
        }
        if kind == GetKind::Current {
            let from = self.cost.now.0;
            let until = self.cost.now.after(p.change_row_us).0;
            self.cache.holds.pin_exclusive((seg, block), from, until, sid);
        }
    }

    /// Delayed block cleanout: the block's ITL names a committed
    /// transaction its commit did not clean out. A consistent get cleans it
    /// (`cleanouts only - consistent read gets`, `immediate (CR) block
    /// cleanout applications`): the commit SCN goes into the ITL and the
    /// rows' lock bytes are cleared, a block change with its own redo
    /// record (op 4.1, no undo), and the buffer is dirty for DBWR. A
    /// current-mode get cleans it as part of its change (`immediate
    /// (CURRENT) block cleanout applications`): the change's KTB redo
    /// carries the block cleanout record (`Session::count_change`).
    #[cold]
    #[inline(never)]
    fn delayed_cleanout(&mut self, seg: u32, block: u32, kind: GetKind) {
        if !self.cache.holds.clean_out((seg, block)) {
            return;
        }
        let c = &mut self.stats.calls;
        if kind == GetKind::Current {
            // The change cleans it: a block cleanout record in its KTB redo.
            c.cleanout_current_gets += 1;
            self.cache.holds.leave_lock_bytes((seg, block));
            return;
        }
        c.cleanout_cr_gets += 1;
        c.db_block_changes += 1;
        c.redo_entries += 1;
        let bytes = block_cleanout_record(self.profile.change_vector_header);
        c.redo_size += bytes;
        let p = self.params;
        let t = crate::io::redo::LgwrTiming {
            post_us: p.lgwr_post_us,
            write_cpu_us: p.lgwr_write_cpu_us,
            wakeup_us: p.commit_wakeup_us,
        };
        self.io.redo_generate(bytes, self.cost.now, &t);
        self.cache.dirty(seg, block);
    }

    /// The block has another session's uncommitted changes: the first visit
    /// in the statement builds a consistent-read clone, applying the block's
    /// undo records (`consistent changes`, `data blocks consistent reads -
    /// undo records applied`), each read from its undo block: a consistent
    /// get of the examination kind, the undo block pinned only while the
    /// record is copied (Lewis, "Consistent Reads", 2011: 964 of 967 gets
    /// examinations, tests/articles/lewis-consistent-reads-undo-examinations.sql).
    #[cold]
    #[inline(never)]
    pub(crate) fn consistent_read(&mut self, seg: u32, block: u32, st: &OpStacks) {
        let records = self.cache.holds.others_records((seg, block), self.sid);
        if records == 0 || !self.cr_seen.insert((seg, block)) {
            return;
        }
        self.stats.calls.cr_blocks_created += 1;
        self.stats.calls.cr_undo_records_applied += records as u64;
        // Undo an IMU transaction holds is read from its pool in memory,
        // not from an undo block (`IMU CR rollbacks`).
        let imu = self.cache.holds.others_imu_records((seg, block), self.sid);
        self.stats.calls.imu.cr_rollbacks += imu as u64;
        self.stats.gets.examination += (records - imu) as u64;
        let p = self.params;
        let us = records as f64 * (p.normal_get_us + 2.0 * p.latch_get_us + p.change_row_us);
        self.cost.charge(st.get, us);
    }

    /// The block was read from the device, the read completing at `m.done`:
    /// the session first waited for a free buffer if it found none clean
    /// (`free buffer waits`), then for the read, under the event the device
    /// and the read name (`db file sequential read`, `db file scattered
    /// read` for a multiblock read; on a cell `cell single block physical
    /// read` / `cell multiblock physical read`; from the Database Smart
    /// Flash Cache `db flash cache single block physical read`).
    #[cold]
    #[inline(never)]
    fn physical_read(&mut self, seg: u32, block: u32, line: u16, st: &OpStacks, m: MissInfo) {
        use crate::io::ReadKind;
        self.count_free_buffers(&m, st);
        let wait_us = m.done.0 - m.issued;
        let note = m.note;
        let g = &mut self.stats.gets;
        g.physical_reads += m.blocks as u64;
        g.read_requests += 1;
        g.cell_flash_hits += note.flash_cache_hit as u64;
        g.db_flash_hits += note.db_flash_cache_hit as u64;
        let read = if m.blocks > 1 {
            g.multiblock_requests += 1;
            ReadKind::Multi
        } else {
            ReadKind::Single
        };
        let e = crate::io::read_wait_event(self.io.type_of(seg), read, note);
        self.cost.charge_wait(st.read, wait_us, e as u8);
        self.stats.calls.note_wait(e, wait_us);
        self.stats.calls.trace_wait_params(e, [seg as u64, block as u64, m.blocks as u64], line, m.done.0);
        self.stats.calls.note_line_read(line, m.blocks as u64);
        self.trace_physical_read(seg, block, line, st);
    }

    /// The free buffer search of a miss or a new block: its statistics,
    /// and its waits for DBWR (`free buffer waits`).
    pub fn count_free_buffers(&mut self, m: &crate::sga::cache::MissInfo, st: &OpStacks) {
        let g = &mut self.stats.gets;
        g.free_requested += m.requested as u64;
        g.free_inspected += m.inspected as u64;
        g.dirty_inspected += m.dirty_inspected as u64;
        g.hot_moved += m.hot_moved as u64;
        if m.free_waits > 0 {
            let c = &mut self.stats.calls;
            // One wait per round the session found no clean buffer: those
            // that timed out took the timeout, the others share the rest.
            let timeout = crate::sga::cache::FREE_BUFFER_WAIT_TIMEOUT_US;
            for _ in 0..m.free_wait_timeouts {
                c.note_wait(crate::stats::WaitEvent::FreeBufferWaits, timeout);
            }
            let posted = m.free_waits - m.free_wait_timeouts;
            if posted > 0 {
                let each = (m.free_wait_us - timeout * m.free_wait_timeouts as f64) / posted as f64;
                for _ in 0..posted {
                    c.note_wait(crate::stats::WaitEvent::FreeBufferWaits, each);
                }
            }
            self.cost.charge_wait(st.get, m.free_wait_us, crate::stats::WaitEvent::FreeBufferWaits as u8);
        }
    }

    /// A serial direct read of a segment starts: DBWR first writes the
    /// segment's dirty buffers (fast object checkpoint) and the session
    /// waits for it (`enq: KO - fast object checkpoint`).
    #[cold]
    #[inline(never)]
    pub fn object_checkpoint(&mut self, seg: u32, st: &OpStacks) {
        let now = self.cost.now;
        let done = self.cache.checkpoint(Some(seg), &mut *self.io, now);
        let us = done.since(now);
        if us > 0.0 {
            self.stats.calls.note_wait(crate::stats::WaitEvent::EnqKoFastObjectCheckpoint, us);
            self.cost.charge_wait(st.read, us, crate::stats::WaitEvent::EnqKoFastObjectCheckpoint as u8);
        }
    }

    /// The trace's event for a read from `block` (buffered or direct).
    fn trace_physical_read(&mut self, seg: u32, block: u32, line: u16, st: &OpStacks) {
        self.trace.push(
            Event {
                kind: kind::PHYSICAL_READ,
                get_kind: GetKind::NONE,
                segment: seg,
                block,
                plan_line: line,
                stack: st.read,
                latch: crate::trace::NO_LATCH,
            },
            self.cost.now.0,
        );
    }

    /// A direct path read of `blocks` blocks from `block` into the
    /// session's own memory (no buffer cache): `direct path read`.
    #[cold]
    #[inline(never)]
    pub fn direct_read(&mut self, seg: u32, block: u32, blocks: u32, line: u16, st: &OpStacks) {
        let now = self.cost.now;
        let req = crate::io::IoRequest {
            blocks,
            ..crate::io::IoRequest::single_block_read(seg, block, self.cache.block_size)
        };
        let us = self.io.submit(&req, now).since(now);
        let g = &mut self.stats.gets;
        g.direct_reads += blocks as u64;
        g.read_requests += 1;
        g.multiblock_requests += (blocks > 1) as u64;
        self.stats.calls.note_wait(crate::stats::WaitEvent::DirectPathRead, us);
        let p = [seg as u64, block as u64, blocks as u64];
        self.stats.calls.trace_wait_params(crate::stats::WaitEvent::DirectPathRead, p, line, now.0 + us);
        self.stats.calls.note_line_read(line, blocks as u64);
        (self.cost.ash.line, self.cost.ash.obj, self.cost.ash.block) = (line, seg, block);
        self.cost.charge_wait(st.read, us, crate::stats::WaitEvent::DirectPathRead as u8);
        self.trace_physical_read(seg, block, line, st);
    }

    /// A consistent get of a block read direct (`consistent gets direct`):
    /// no buffer, no latch.
    #[inline]
    pub fn direct_get(&mut self, st: &OpStacks) -> u64 {
        self.stats.gets.direct += 1;
        let us = self.params.grid.normal_get_us;
        self.cost.charge_grid(st.get, us);
        1
    }

    /// A read from a buffer held pinned that is not a pin visit (a probe
    /// served by a kept leaf, a full scan's row): its CPU only, no get, no
    /// statistic, no trace event.
    #[inline(always)]
    pub fn pinned_read_cpu(&mut self, st: &OpStacks) {
        let us = self.params.grid.pinned_revisit_us;
        self.cost.charge_grid(st.own, us);
    }

    /// A visit to a buffer the row source still has pinned.
    #[inline(always)]
    pub fn revisit(&mut self, seg: u32, block: u32, line: u16, st: &OpStacks) {
        self.stats.access.buffer_is_pinned += 1;
        let us = self.params.grid.pinned_revisit_us;
        self.cost.charge_grid(st.own, us);
        self.trace.push(
            Event {
                kind: kind::PINNED_REVISIT,
                get_kind: GetKind::PinnedRevisit as u8,
                segment: seg,
                block,
                plan_line: line,
                stack: st.own,
                latch: crate::trace::NO_LATCH,
            },
            self.cost.now.0,
        );
    }

    /// A MemOptimized hash-index probe (`kind::MEMOPT_LOOKUP`) or
    /// buffer-area read (`kind::MEMOPT_READ`).
    #[inline]
    pub fn memopt_event(&mut self, event_kind: u8, seg: u32, block: u32, line: u16, stack: StackId, us: GridUs) {
        self.cost.charge_grid(stack, us);
        self.trace.push(
            Event {
                kind: event_kind,
                get_kind: GetKind::Memopt as u8,
                segment: seg,
                block,
                plan_line: line,
                stack,
                latch: crate::trace::NO_LATCH,
            },
            self.cost.now.0,
        );
    }

    /// The session's clock.
    pub fn now(&self) -> SimTime {
        self.cost.now
    }
}

impl Kernel<'_> {
    /// An operator event (`trace::contract`: a hash join's rows, spill and
    /// temp requests), recorded only when the host asked for them
    /// (`EngineConfig::operator_events`).
    #[inline]
    pub fn op_event(&mut self, event_kind: u8, line: u16, block: u32, stack: StackId) {
        if !self.trace.operators {
            return;
        }
        self.trace.push(
            Event {
                kind: event_kind,
                get_kind: GetKind::NONE,
                segment: crate::trace::NO_SEGMENT,
                block,
                plan_line: line,
                stack,
                latch: crate::trace::NO_LATCH,
            },
            self.cost.now.0,
        );
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
            latch: crate::trace::NO_LATCH,
        },
        cost.now.0,
    );
}

/// A block cleanout's redo record (op 4.1) for one ITL: the record header
/// 24, the change vector's header (24 bytes before 12.1, 32 from 12.1:
/// `change_vector_header`), its length array (2 + 2) and the cleanout
/// entry, 20 bytes (Julian Dyke, "Redo Operation 4",
/// http://juliandyke.com/Internals/Redo/Redo4.php: "the redo record is 72
/// bytes ... the first (and only) element is 20 bytes"). 72 bytes before
/// 12.1, 80 after.
pub fn block_cleanout_record(change_vector_header: u64) -> u64 {
    24 + change_vector_header + 4 + 20
}
