//! The flash translation layer: logical pages to physical pages, page
//! reads and programs on the channels, the write frontier, garbage
//! collection and the write buffer (see the module docs of [`super`]).

use super::timeline::TIMELINE_INTERVALS;
use super::{Ssd, NONE};
use crate::io::device::IoRequest;
use crate::sim::SimTime;
use std::cmp::Reverse;

/// The logical pages a request covers, computed one at a time (no
/// allocation per request): page `k < n` is `get(k)`.
#[derive(Debug, Clone, Copy)]
pub(super) struct PageSpan {
    /// The request's bytes, `start..end`.
    start: u64,
    end: u64,
    /// The first page (before the wrap) and how many.
    first: u64,
    pub(super) n: u64,
    page_bytes: u64,
    logical_pages: u64,
}

impl PageSpan {
    /// Page `k`: (logical page, whole page covered).
    pub(super) fn get(&self, k: u64) -> (u32, bool) {
        let p = self.first + k;
        let whole = self.start <= p * self.page_bytes && (p + 1) * self.page_bytes <= self.end;
        ((p % self.logical_pages) as u32, whole)
    }

    /// The 512-byte host sectors the request touches in page `k` (at least one).
    pub(super) fn sectors_in(&self, k: u64) -> u64 {
        let p = self.first + k;
        let (lo, hi) = (self.start.max(p * self.page_bytes), self.end.min((p + 1) * self.page_bytes));
        if hi <= lo {
            return 1;
        }
        (hi - 1) / HOST_SECTOR - lo / HOST_SECTOR + 1
    }
}

/// The sector size the flash presents to the host (the F20's modules
/// report 512 bytes: the ORA-01378 of a 4 KB redo log).
const HOST_SECTOR: u64 = 512;

impl Ssd {
    /// Free pages only GC may take.
    pub(super) fn reserve(&self) -> u64 {
        self.ppb as u64
    }

    pub(super) fn channel(&self, ppn: u32) -> usize {
        (ppn % self.channels) as usize
    }

    /// When the last operation in the device ends.
    pub(super) fn idle_at(&self) -> SimTime {
        self.channel_free.iter().fold(self.bus_free.end(), |a, b| a.max(b.end()))
    }

    /// The logical pages a request covers (see [`PageSpan`]).
    pub(super) fn pages(&self, r: &IoRequest) -> PageSpan {
        let stride = (self.params.file_stride_mb * 1e6) as u64;
        let start = (r.dev_file as u64).wrapping_mul(stride).wrapping_add(r.dev_block as u64 * r.block_size as u64);
        let end = start + r.bytes().max(1);
        let (first, last) = (start / self.page_bytes, (end - 1) / self.page_bytes);
        // A request larger than the device wraps onto itself: one pass is enough.
        let n = (last - first + 1).min(self.logical_pages as u64);
        PageSpan { start, end, first, n, page_bytes: self.page_bytes, logical_pages: self.logical_pages as u64 }
    }

    /// Read one physical page from `at`; returns when the read ends.
    pub(super) fn read_page(&mut self, ppn: u32, at: SimTime) -> SimTime {
        let c = self.channel(ppn);
        let end = self.channel_free[c].book(at, self.params.read_us);
        self.ssd.page_reads += 1;
        end
    }

    /// Take the next erased page at the frontier (the caller has checked
    /// that one is free).
    pub(super) fn allocate(&mut self) -> u32 {
        let b = match self.open {
            Some(b) => b,
            None => {
                let b = self.free_blocks.pop_front().expect("a free page exists");
                self.open = Some(b);
                b
            }
        };
        let ppn = b * self.ppb + self.written[b as usize];
        self.written[b as usize] += 1;
        if self.written[b as usize] == self.ppb {
            self.open = None;
        }
        self.ssd.free_pages -= 1;
        ppn
    }

    /// Program logical page `lpn` into a fresh page, starting no earlier
    /// than `at`; returns when the program ends.
    pub(super) fn program(&mut self, lpn: u32, at: SimTime) -> SimTime {
        let ppn = self.allocate();
        let c = self.channel(ppn);
        let end = self.channel_free[c].book(at, self.params.program_us);
        self.l2p[lpn as usize] = ppn;
        self.p2l[ppn as usize] = lpn;
        self.valid[(ppn / self.ppb) as usize] += 1;
        self.ssd.valid_pages += 1;
        self.ssd.flash_page_writes += 1;
        end
    }

    /// The old copy of `lpn` (if any) becomes invalid.
    pub(super) fn invalidate(&mut self, lpn: u32) {
        let ppn = self.l2p[lpn as usize];
        if ppn != NONE {
            self.l2p[lpn as usize] = NONE;
            self.p2l[ppn as usize] = NONE;
            self.valid[(ppn / self.ppb) as usize] -= 1;
            self.ssd.valid_pages -= 1;
            self.ssd.invalid_pages += 1;
        }
    }

    /// The GC victim: the full block with the most invalid pages (ties to
    /// the lowest number), if one has any and its valid pages fit.
    pub(super) fn victim(&self) -> Option<u32> {
        let mut best: Option<(u32, u32)> = None;
        for b in 0..self.blocks {
            if self.written[b as usize] != self.ppb {
                continue;
            }
            let invalid = self.ppb - self.valid[b as usize];
            if invalid > 0 && best.is_none_or(|(_, i)| invalid > i) {
                best = Some((b, invalid));
            }
        }
        let (b, _) = best?;
        (self.valid[b as usize] as u64 <= self.ssd.free_pages).then_some(b)
    }

    /// One GC cycle from `at`: move the victim's valid pages, erase it.
    /// Returns when the erase ends, or None when there is nothing to collect.
    pub(super) fn gc_cycle(&mut self, at: SimTime) -> Option<SimTime> {
        let v = self.victim()?;
        let mut copied = at;
        for ppn in v * self.ppb..(v + 1) * self.ppb {
            let lpn = self.p2l[ppn as usize];
            if lpn == NONE {
                continue;
            }
            let read = self.read_page(ppn, at);
            self.invalidate(lpn);
            copied = copied.max(self.program(lpn, read));
            self.ssd.gc_pages_moved += 1;
        }
        // The erase occupies every channel the block is striped over.
        let span = self.ppb.min(self.channels);
        let (ppb, nch) = (self.ppb, self.channels);
        let chan = move |k: u32| ((v * ppb + k) % nch) as usize;
        // The first stretch idle on all of them: each round moves the start
        // to the end of a busy interval, so the rounds are bounded by the
        // intervals booked.
        let erase = self.params.erase_us;
        let mut start = copied;
        for _ in 0..=span as usize * (TIMELINE_INTERVALS + 1) {
            let next = (0..span).fold(start, |a, k| a.max(self.channel_free[chan(k)].earliest(start, erase)));
            if next == start {
                break;
            }
            start = next;
        }
        let mut end = start.after(erase);
        for k in 0..span {
            end = end.max(self.channel_free[chan(k)].book(start, erase));
        }
        self.ssd.invalid_pages -= self.ppb as u64;
        self.ssd.free_pages += self.ppb as u64;
        self.written[v as usize] = 0;
        self.erase_counts[v as usize] += 1;
        self.free_blocks.push_back(v);
        self.ssd.erases += 1;
        Some(end)
    }

    /// Background GC in the idle time before `now`.
    pub(super) fn background_gc(&mut self, now: SimTime) {
        let threshold = (self.p2l.len() as f64 * self.params.gc_low_watermark_pct / 100.0).ceil() as u64;
        let mut t = self.idle_at();
        for _ in 0..self.blocks {
            if !(t < now && self.ssd.free_pages < threshold) {
                break;
            }
            match self.gc_cycle(t) {
                Some(end) => {
                    self.ssd.gc_background += 1;
                    t = end;
                }
                None => break,
            }
        }
    }

    /// Pages the write buffer holds.
    pub(super) fn buffer_pages(&self) -> usize {
        (self.params.write_buffer_kb * 1024.0 / self.page_bytes as f64) as usize
    }

    /// A buffered write's acknowledgement: when its pages, with those
    /// still draining from earlier writes, fit in the buffer (the pages
    /// whose programs end first leave first), and not before `arrived`.
    pub(super) fn buffer_room(&mut self, arrived: SimTime, cap: usize) -> SimTime {
        let mut room = arrived;
        while self.buffered.len() > cap {
            let Some(Reverse(bits)) = self.buffered.pop() else { break };
            room = room.max(SimTime(f64::from_bits(bits)));
        }
        self.ssd.buffer_full_wait_us += room.since(arrived);
        room
    }

    pub(super) fn transfer(&mut self, bytes: u64, at: SimTime) -> SimTime {
        self.bus_free.book(at, bytes as f64 / self.params.host_mb_s)
    }
}
