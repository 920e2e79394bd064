//! A flash SSD: a flash translation layer (FTL) over NAND pages and erase
//! blocks, with channels that serve operations in parallel.
//!
//! - **Geometry.** `blocks` erase blocks of `pages_per_block` pages of
//!   `page_kb` KB. Physical page `p` sits on channel `p % channels` (an
//!   erase block is striped across the channels, as FTLs build
//!   superblocks), so consecutive pages of one write are programmed in
//!   parallel. Each channel serves one operation at a time.
//! - **Operations.** A page read takes `read_us`, a program into an erased
//!   page `program_us`, an erase `erase_us` on every channel the block
//!   spans. Data crosses the host interface at `host_mb_s` (one transfer
//!   at a time); each command first costs `command_us` of controller and
//!   protocol overhead (occupying nothing).
//! - **Out-of-place writes.** The host's logical pages (`overprovision_pct`
//!   fewer than the physical ones) map to physical pages. A write programs a
//!   fresh erased page at the write frontier (the open block) and marks the
//!   old copy invalid. Pages are valid, invalid or free (erased).
//! - **Read-modify-write.** A write that covers only part of a flash page
//!   (a 512-byte redo block into a 4 KB page, or a misaligned write) must
//!   rewrite the whole page: when the page holds data, the old page is read
//!   first, and the program waits for that read. The controller's firmware
//!   merges the new bytes into the page (`partial_write_us` per partial
//!   page, one merge at a time: its slow path, the one unaligned writes
//!   take, is serial), so 512-byte redo writes into 4 KB pages queue
//!   behind each other where whole-page writes go straight to the channels.
//!   With `merge_per_sector = 1` the firmware emulates 512-byte sectors
//!   over its pages and merges each 512-byte sector the write puts in a
//!   partial page on its own: a write's cost then grows with the sectors it
//!   leaves in partial pages (up to seven per page), where one merge a page
//!   costs the same for 512 bytes as for 3.5 KB.
//! - **Write buffer** (`write_buffer_kb` > 0; none by default): DRAM the
//!   device may acknowledge a write from because a capacitor keeps it
//!   powered long enough to program it (the Sun F20's energy storage
//!   module; enterprise drives' power-loss protection). A write's whole,
//!   aligned pages complete once they are in the buffer (after the host
//!   transfer) and are programmed from it as the channels allow; a write
//!   that finds the buffer full of pages still waiting for their programs
//!   waits until enough of them end. Partial pages do not go through the
//!   buffer: the read-modify-write above is done before the write
//!   completes (the firmware's unaligned path). So small aligned writes
//!   cost about the command and the transfer, and a stream of writes
//!   larger than the buffer runs at the program rate.
//! - **Garbage collection** (greedy: the full block with the most invalid
//!   pages, ties to the lowest number) reads and re-programs the victim's
//!   valid pages at the frontier, then erases it. One block's worth of free
//!   pages is a reserve only GC may use: a host write that finds the pool at
//!   the reserve runs **foreground** GC first and its program waits for the
//!   erase. **Background** GC runs while the device is idle and the free
//!   pool is below `gc_low_watermark_pct` of the physical pages; an idle
//!   period is only known when the next request arrives, so the cycles are
//!   placed from the moment the device went idle, and a request that arrives
//!   during one waits for the channels it holds. Every GC loop is bounded by
//!   the number of blocks.
//!
//! - **Time order, not submission order.** Requests do not reach the
//!   device in time order: a session that waited (a free buffer wait, a
//!   read) submits at its own later clock before others submit at theirs,
//!   and an Exadata cell books a cache population or a destage for when its
//!   disk read or flash write ends, in the future. Each channel, the host
//!   link and the merge path are therefore a [`Timeline`] of busy
//!   intervals: an operation takes the first idle stretch long enough from
//!   its ready time, so a request for 10 ms is served at 10 ms even when
//!   an operation for 12 ms was booked first (a busy-until per channel
//!   would make it wait for that future operation, and every request after
//!   it on the shared link too: flash-cache hits of ~0.25 ms taking
//!   several ms).
//!
//! Not modelled: copy-back inside a die, wear levelling (erase counts are
//! kept per block but do not steer allocation), TRIM, reads served from
//! the write buffer, coalescing of writes to the same page in it, read disturb, multi-plane operations, a separate frontier
//! for GC. A logical page never written reads as if it held data (the lab's
//! datafiles are not written through the device before being read).
//!
//! Addressing: a request's bytes start at `file * file_stride_mb MB + block *
//! block_size`; its logical pages are taken modulo the logical capacity.

use super::{BlockDevice, DeviceCounters, DeviceParams, IoKind, IoRequest};
use crate::sim::SimTime;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// The largest device the lab builds (physical pages): its maps take 8
/// bytes per page.
pub const MAX_PHYSICAL_PAGES: f64 = 4_194_304.0;

const NONE: u32 = u32::MAX;

/// Busy intervals a [`Timeline`] keeps; older ones fold into its floor
/// (time before the floor counts as busy). Requests arrive at most one
/// session's wait out of time order, far fewer operations than this.
pub const TIMELINE_INTERVALS: usize = 64;

/// A resource that serves one operation at a time (a flash channel, the
/// host link, the firmware's merge path), as the busy intervals booked on
/// it: sorted, disjoint, adjacent ones merged.
#[derive(Debug, Clone, Default)]
pub struct Timeline {
    busy: VecDeque<(f64, f64)>,
    floor: f64,
}

impl Timeline {
    /// When the last booked operation ends.
    pub fn end(&self) -> SimTime {
        SimTime(self.busy.back().map_or(self.floor, |b| b.1).max(self.floor))
    }

    /// The earliest start from `at` of an idle stretch of `dur`.
    pub fn earliest(&self, at: SimTime, dur: f64) -> SimTime {
        let mut s = at.0.max(self.floor);
        let first = self.busy.partition_point(|&(_, e)| e <= s);
        for &(b, e) in self.busy.range(first..) {
            if s + dur <= b {
                break;
            }
            s = s.max(e);
        }
        SimTime(s)
    }

    /// Book `dur` from the earliest idle stretch at or after `at`; returns when it ends.
    pub fn book(&mut self, at: SimTime, dur: f64) -> SimTime {
        let s = self.earliest(at, dur);
        self.occupy(s, dur)
    }

    /// Mark `[s, s + dur)` busy (the caller found it idle).
    fn occupy(&mut self, s: SimTime, dur: f64) -> SimTime {
        let (s, e) = (s.0, s.0 + dur);
        if dur <= 0.0 {
            return SimTime(e);
        }
        let i = self.busy.partition_point(|&(b, _)| b < s);
        let joins_prev = i > 0 && self.busy[i - 1].1 >= s;
        let joins_next = i < self.busy.len() && self.busy[i].0 <= e;
        match (joins_prev, joins_next) {
            (true, true) => {
                let next_end = self.busy[i].1;
                self.busy[i - 1].1 = next_end.max(e);
                self.busy.remove(i);
            }
            (true, false) => self.busy[i - 1].1 = self.busy[i - 1].1.max(e),
            (false, true) => self.busy[i].0 = s,
            (false, false) => self.busy.insert(i, (s, e)),
        }
        while self.busy.len() > TIMELINE_INTERVALS {
            if let Some((_, e)) = self.busy.pop_front() {
                self.floor = self.floor.max(e);
            }
        }
        SimTime(e)
    }
}

/// The SSD's named parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct SsdParams {
    pub channels: f64,
    pub blocks: f64,
    pub pages_per_block: f64,
    /// Flash page size, KB (1,024 bytes).
    pub page_kb: f64,
    pub read_us: f64,
    pub program_us: f64,
    pub erase_us: f64,
    /// Host interface rate, MB/s (10^6 bytes per second: bytes per us).
    pub host_mb_s: f64,
    /// Controller and protocol overhead per command.
    pub command_us: f64,
    /// Share of the physical pages the host cannot address.
    pub overprovision_pct: f64,
    /// Background GC runs while free pages are below this share of the physical pages.
    pub gc_low_watermark_pct: f64,
    /// Where file `f` starts: `f * file_stride_mb` MB (10^6 bytes).
    pub file_stride_mb: f64,
    /// Firmware time to merge a partial page's new bytes (serial).
    pub partial_write_us: f64,
    /// 1: the unaligned path merges a write's 512-byte host sectors into a
    /// partial page one at a time (`partial_write_us` each), as firmware
    /// emulating 512-byte sectors over 4 KB pages does; 0: one merge per
    /// partial page, whatever the write put in it.
    pub merge_per_sector: f64,
    /// Power-loss-protected DRAM that acknowledges whole-page writes
    /// before their programs (KB, 1,024 bytes; 0: none, writes complete
    /// when programmed).
    pub write_buffer_kb: f64,
}

impl DeviceParams for SsdParams {
    const NAMES: &'static [&'static str] = &[
        "channels",
        "blocks",
        "pages_per_block",
        "page_kb",
        "read_us",
        "program_us",
        "erase_us",
        "host_mb_s",
        "command_us",
        "overprovision_pct",
        "gc_low_watermark_pct",
        "file_stride_mb",
        "partial_write_us",
        "merge_per_sector",
        "write_buffer_kb",
    ];

    fn range(name: &str) -> Option<(f64, f64)> {
        Some(match name {
            "channels" => (1.0, 256.0),
            "blocks" => (2.0, 1_048_576.0),
            "pages_per_block" => (2.0, 1024.0),
            "page_kb" => (0.5, 64.0),
            "read_us" | "program_us" | "erase_us" => (0.01, 1_000_000.0),
            "host_mb_s" => (1.0, 1_000_000.0),
            "command_us" => (0.0, 1_000_000.0),
            "overprovision_pct" => (0.0, 90.0),
            "gc_low_watermark_pct" => (0.0, 90.0),
            "file_stride_mb" => (0.001, 1_000_000.0),
            "partial_write_us" => (0.0, 1_000_000.0),
            "merge_per_sector" => (0.0, 1.0),
            "write_buffer_kb" => (0.0, 1_048_576.0),
            _ => return None,
        })
    }

    fn whole(name: &str) -> bool {
        matches!(name, "channels" | "blocks" | "pages_per_block" | "merge_per_sector")
    }

    fn slot(&mut self, name: &str) -> Option<&mut f64> {
        Some(match name {
            "channels" => &mut self.channels,
            "blocks" => &mut self.blocks,
            "pages_per_block" => &mut self.pages_per_block,
            "page_kb" => &mut self.page_kb,
            "read_us" => &mut self.read_us,
            "program_us" => &mut self.program_us,
            "erase_us" => &mut self.erase_us,
            "host_mb_s" => &mut self.host_mb_s,
            "command_us" => &mut self.command_us,
            "overprovision_pct" => &mut self.overprovision_pct,
            "gc_low_watermark_pct" => &mut self.gc_low_watermark_pct,
            "file_stride_mb" => &mut self.file_stride_mb,
            "partial_write_us" => &mut self.partial_write_us,
            "merge_per_sector" => &mut self.merge_per_sector,
            "write_buffer_kb" => &mut self.write_buffer_kb,
            _ => return None,
        })
    }

    fn validate(&self) -> Result<(), String> {
        if (self.page_kb * 1024.0).fract() != 0.0 {
            return Err("page_kb must be a whole number of bytes".into());
        }
        if self.physical_pages() > MAX_PHYSICAL_PAGES {
            return Err(format!(
                "blocks x pages_per_block must be at most {MAX_PHYSICAL_PAGES} pages in the lab (a smaller device fills the same way)"
            ));
        }
        if self.logical_pages() < 1.0 || self.logical_pages() > self.physical_pages() - self.pages_per_block {
            return Err("overprovision_pct must leave at least one erase block spare and one page addressable".into());
        }
        Ok(())
    }
}

impl SsdParams {
    /// Parameters that shape the flash array: fixed once the device exists.
    const GEOMETRY: &'static [&'static str] =
        &["channels", "blocks", "pages_per_block", "page_kb", "overprovision_pct"];

    /// A SATA SSD of the early 2010s (MLC NAND behind a SATA 6 Gb/s link).
    /// NAND timings: CALIBRATION section E (page read ~25 us, program ~250
    /// us, erase ~2,000 us). 8 channels, 128 pages of 4 KB per block, ~500
    /// MB/s of link and ~20 us per AHCI command, 7% spare area (a consumer
    /// drive's 2^30 vs 10^9 difference): typical magnitudes of the class,
    /// not a datasheet. Scaled down to 4 GB of flash (the fill ratio, not
    /// the size, drives GC; the lab's data sets are small).
    pub fn sata() -> Self {
        SsdParams {
            channels: 8.0,
            blocks: 8192.0,
            pages_per_block: 128.0,
            page_kb: 4.0,
            read_us: 25.0,
            program_us: 250.0,
            erase_us: 2_000.0,
            host_mb_s: 500.0,
            command_us: 20.0,
            overprovision_pct: 7.0,
            gc_low_watermark_pct: 10.0,
            file_stride_mb: 256.0,
            // A read-modify-write in the controller costs about what the
            // page read and program do again (consumer controllers merge in
            // DRAM): a magnitude, not a datasheet.
            partial_write_us: 100.0,
            // One merge per partial page: a controller that buffers the
            // write in DRAM merges what it brought into each page at once.
            merge_per_sector: 0.0,
            // A drive without power-loss protection must program a write
            // the host asked to be durable (redo is written O_DSYNC / FUA)
            // before acknowledging it: its DRAM does not count.
            write_buffer_kb: 0.0,
        }
    }

    /// A PCIe flash card (the Fusion-io / Exadata flash class): the same
    /// NAND (CALIBRATION E), more channels (32), a faster link (1,500 MB/s),
    /// a lighter command path (~10 us, no AHCI) and enterprise spare area
    /// (20%). Typical magnitudes of the class, not a datasheet. Its flash
    /// modules (the Sun F20's FMODs) present 4 KB sectors and take writes
    /// that are not whole, aligned 4 KB through a firmware read-modify-write
    /// several times slower than an aligned write (F20 guidance: align to 4
    /// KB; Oracle's fix for redo is a 4 KB log block size): ~700 us each,
    /// sector by sector (the modules report 512-byte sectors and emulate
    /// them). That the slow path works per sector is the lab's reading of
    /// Harrison's Exadata redo tests (a group commit's multi-block writes
    /// degraded far more than single-block ones; 4 KB blocks fixed both),
    /// not a datasheet figure.
    pub fn pcie() -> Self {
        SsdParams {
            channels: 32.0,
            host_mb_s: 1_500.0,
            command_us: 10.0,
            overprovision_pct: 20.0,
            partial_write_us: 700.0,
            merge_per_sector: 1.0,
            ..Self::sata()
        }
    }

    pub fn physical_pages(&self) -> f64 {
        self.blocks * self.pages_per_block
    }

    /// Host-addressable pages.
    pub fn logical_pages(&self) -> f64 {
        (self.physical_pages() * (1.0 - self.overprovision_pct / 100.0)).floor()
    }
}

/// The SSD's own counters, beside the common ones.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SsdCounters {
    pub valid_pages: u64,
    pub invalid_pages: u64,
    pub free_pages: u64,
    /// Flash page reads (host reads, read-modify-write reads, GC reads).
    pub page_reads: u64,
    /// Reads of a page a partial write had to rewrite.
    pub rmw_reads: u64,
    /// Pages written in part (merged by the firmware).
    pub partial_writes: u64,
    /// Pages programmed for the host.
    pub host_page_writes: u64,
    /// Host pages acknowledged from the DRAM write buffer.
    pub buffered_pages: u64,
    /// Time writes waited for room in the write buffer.
    pub buffer_full_wait_us: f64,
    /// Pages programmed in all (host and GC relocations).
    pub flash_page_writes: u64,
    pub erases: u64,
    pub gc_background: u64,
    pub gc_foreground: u64,
    /// Valid pages GC re-programmed.
    pub gc_pages_moved: u64,
}

impl SsdCounters {
    /// Flash page programs per host page program (1 before any GC moves).
    pub fn write_amplification(&self) -> f64 {
        if self.host_page_writes == 0 {
            return 0.0;
        }
        self.flash_page_writes as f64 / self.host_page_writes as f64
    }
}

/// The logical pages a request covers, computed one at a time (no
/// allocation per request): page `k < n` is `get(k)`.
#[derive(Debug, Clone, Copy)]
struct PageSpan {
    /// The request's bytes, `start..end`.
    start: u64,
    end: u64,
    /// The first page (before the wrap) and how many.
    first: u64,
    n: u64,
    page_bytes: u64,
    logical_pages: u64,
}

impl PageSpan {
    /// Page `k`: (logical page, whole page covered).
    fn get(&self, k: u64) -> (u32, bool) {
        let p = self.first + k;
        let whole = self.start <= p * self.page_bytes && (p + 1) * self.page_bytes <= self.end;
        ((p % self.logical_pages) as u32, whole)
    }

    /// The 512-byte host sectors the request touches in page `k` (at least one).
    fn sectors_in(&self, k: u64) -> u64 {
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

#[derive(Debug, Clone)]
pub struct Ssd {
    name: String,
    kind: &'static str,
    params: SsdParams,
    counters: DeviceCounters,
    pub ssd: SsdCounters,
    channels: u32,
    ppb: u32,
    blocks: u32,
    page_bytes: u64,
    logical_pages: u32,
    /// Logical page -> physical page (`NONE`: never written).
    l2p: Vec<u32>,
    /// Physical page -> logical page (`NONE`: free or invalid).
    p2l: Vec<u32>,
    /// Pages programmed in each block (the rest are erased).
    written: Vec<u32>,
    valid: Vec<u32>,
    pub erase_counts: Vec<u32>,
    /// Erased blocks, in the order they were erased.
    free_blocks: VecDeque<u32>,
    /// The write frontier: a block with erased pages left.
    open: Option<u32>,
    channel_free: Vec<Timeline>,
    bus_free: Timeline,
    /// When the firmware's partial-page merge path is free.
    merge_free: Timeline,
    /// Program end times (`f64` bits; non-negative, so they order as
    /// numbers) of the pages held in the write buffer, earliest first: at
    /// most `write_buffer_kb` of pages between requests.
    buffered: BinaryHeap<Reverse<u64>>,
}

impl Ssd {
    /// `kind` is the type name `LAB DEVICE` used (`sata_ssd`, `pcie_flash`).
    pub fn new(name: &str, kind: &'static str, params: SsdParams) -> Result<Self, String> {
        params.validate()?;
        let (channels, ppb, blocks) = (params.channels as u32, params.pages_per_block as u32, params.blocks as u32);
        let physical = (ppb * blocks) as usize;
        let logical = params.logical_pages() as u32;
        Ok(Ssd {
            name: name.to_string(),
            kind,
            page_bytes: (params.page_kb * 1024.0) as u64,
            params,
            counters: DeviceCounters::default(),
            ssd: SsdCounters { free_pages: physical as u64, ..Default::default() },
            channels,
            ppb,
            blocks,
            logical_pages: logical,
            l2p: vec![NONE; logical as usize],
            p2l: vec![NONE; physical],
            written: vec![0; blocks as usize],
            valid: vec![0; blocks as usize],
            erase_counts: vec![0; blocks as usize],
            free_blocks: (0..blocks).collect(),
            open: None,
            channel_free: vec![Timeline::default(); channels as usize],
            bus_free: Timeline::default(),
            merge_free: Timeline::default(),
            buffered: BinaryHeap::new(),
        })
    }

    pub fn params(&self) -> &SsdParams {
        &self.params
    }

    /// Free pages only GC may take.
    fn reserve(&self) -> u64 {
        self.ppb as u64
    }

    fn channel(&self, ppn: u32) -> usize {
        (ppn % self.channels) as usize
    }

    /// When the last operation in the device ends.
    fn idle_at(&self) -> SimTime {
        self.channel_free.iter().fold(self.bus_free.end(), |a, b| a.max(b.end()))
    }

    /// The logical pages a request covers (see [`PageSpan`]).
    fn pages(&self, r: &IoRequest) -> PageSpan {
        let stride = (self.params.file_stride_mb * 1e6) as u64;
        let start = (r.file as u64).wrapping_mul(stride).wrapping_add(r.block as u64 * r.block_size as u64);
        let end = start + r.bytes().max(1);
        let (first, last) = (start / self.page_bytes, (end - 1) / self.page_bytes);
        // A request larger than the device wraps onto itself: one pass is enough.
        let n = (last - first + 1).min(self.logical_pages as u64);
        PageSpan { start, end, first, n, page_bytes: self.page_bytes, logical_pages: self.logical_pages as u64 }
    }

    /// Read one physical page from `at`; returns when the read ends.
    fn read_page(&mut self, ppn: u32, at: SimTime) -> SimTime {
        let c = self.channel(ppn);
        let end = self.channel_free[c].book(at, self.params.read_us);
        self.ssd.page_reads += 1;
        end
    }

    /// Take the next erased page at the frontier (the caller has checked
    /// that one is free).
    fn allocate(&mut self) -> u32 {
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
    fn program(&mut self, lpn: u32, at: SimTime) -> SimTime {
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
    fn invalidate(&mut self, lpn: u32) {
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
    fn victim(&self) -> Option<u32> {
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
    fn gc_cycle(&mut self, at: SimTime) -> Option<SimTime> {
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
    fn background_gc(&mut self, now: SimTime) {
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
    fn buffer_pages(&self) -> usize {
        (self.params.write_buffer_kb * 1024.0 / self.page_bytes as f64) as usize
    }

    /// A buffered write's acknowledgement: when its pages, with those
    /// still draining from earlier writes, fit in the buffer (the pages
    /// whose programs end first leave first), and not before `arrived`.
    fn buffer_room(&mut self, arrived: SimTime, cap: usize) -> SimTime {
        let mut room = arrived;
        while self.buffered.len() > cap {
            let Some(Reverse(bits)) = self.buffered.pop() else { break };
            room = room.max(SimTime(f64::from_bits(bits)));
        }
        self.ssd.buffer_full_wait_us += room.since(arrived);
        room
    }

    fn transfer(&mut self, bytes: u64, at: SimTime) -> SimTime {
        self.bus_free.book(at, bytes as f64 / self.params.host_mb_s)
    }
}

impl BlockDevice for Ssd {
    fn name(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> &'static str {
        self.kind
    }

    fn submit(&mut self, request: &IoRequest, now: SimTime) -> SimTime {
        self.background_gc(now);
        let t0 = now.after(self.params.command_us);
        let pages = self.pages(request);
        let done = match request.kind {
            IoKind::Read => {
                let mut read = t0;
                for k in 0..pages.n {
                    let (lpn, _) = pages.get(k);
                    // A page never written reads from where it would be.
                    let ppn = match self.l2p[lpn as usize] {
                        NONE => lpn,
                        p => p,
                    };
                    read = read.max(self.read_page(ppn, t0));
                }
                self.transfer(request.bytes(), read)
            }
            IoKind::Write => {
                let arrived = self.transfer(request.bytes(), t0);
                // A buffer smaller than a page holds none.
                let cap = self.buffer_pages();
                let mut done = arrived;
                for k in 0..pages.n {
                    let (lpn, whole) = pages.get(k);
                    let mut ready = arrived;
                    let old = self.l2p[lpn as usize];
                    if !whole {
                        if old != NONE {
                            ready = ready.max(self.read_page(old, t0));
                            self.ssd.rmw_reads += 1;
                        }
                        let merges = if self.params.merge_per_sector > 0.0 { pages.sectors_in(k) } else { 1 };
                        ready = self.merge_free.book(ready, self.params.partial_write_us * merges as f64);
                        self.ssd.partial_writes += 1;
                    }
                    self.invalidate(lpn);
                    for _ in 0..self.blocks {
                        if self.ssd.free_pages > self.reserve() {
                            break;
                        }
                        match self.gc_cycle(t0) {
                            Some(end) => {
                                self.ssd.gc_foreground += 1;
                                ready = ready.max(end);
                            }
                            None => break,
                        }
                    }
                    if self.ssd.free_pages == 0 {
                        // Unreachable with one spare block (validated); never spin.
                        break;
                    }
                    let programmed = self.program(lpn, ready);
                    self.ssd.host_page_writes += 1;
                    if whole && cap > 0 {
                        self.buffered.push(Reverse(programmed.us().max(0.0).to_bits()));
                        self.ssd.buffered_pages += 1;
                    } else {
                        done = done.max(programmed);
                    }
                }
                done.max(self.buffer_room(arrived, cap))
            }
        };
        self.counters.count_span(request, now, done);
        done
    }

    fn counters(&self) -> &DeviceCounters {
        &self.counters
    }

    /// Timings, the host link and the GC watermark may change on a live
    /// device; the geometry may not.
    fn set_param(&mut self, name: &str, value: f64) -> bool {
        if SsdParams::GEOMETRY.contains(&name) {
            return false;
        }
        self.params.with(name, value).map(|p| self.params = p).is_some()
    }

    fn param_names(&self) -> &'static [&'static str] {
        SsdParams::NAMES
    }

    fn param(&self, name: &str) -> Option<f64> {
        self.params.get(name)
    }

    fn device_counters(&self) -> Vec<(&'static str, f64)> {
        let s = &self.ssd;
        vec![
            ("valid_pages", s.valid_pages as f64),
            ("invalid_pages", s.invalid_pages as f64),
            ("free_pages", s.free_pages as f64),
            ("page_reads", s.page_reads as f64),
            ("rmw_reads", s.rmw_reads as f64),
            ("partial_writes", s.partial_writes as f64),
            ("host_page_writes", s.host_page_writes as f64),
            ("buffered_pages", s.buffered_pages as f64),
            ("buffer_full_wait_us", s.buffer_full_wait_us),
            ("flash_page_writes", s.flash_page_writes as f64),
            ("write_amplification", s.write_amplification()),
            ("erases", s.erases as f64),
            ("gc_background", s.gc_background as f64),
            ("gc_foreground", s.gc_foreground as f64),
            ("gc_pages_moved", s.gc_pages_moved as f64),
        ]
    }

    fn snapshot(&self) -> super::DeviceSnapshot {
        super::DeviceSnapshot { flash: Some(self.flash_snapshot()), ..Default::default() }
    }
}

impl Ssd {
    /// The erase blocks' pages and the GC counters (the device view).
    pub fn flash_snapshot(&self) -> super::FlashSnapshot {
        let (group, blocks) = super::FlashSnapshot::group_blocks(self.ppb, &self.valid, &self.written);
        let s = &self.ssd;
        super::FlashSnapshot {
            erase_blocks: self.blocks,
            pages_per_block: self.ppb,
            group,
            blocks,
            open: self.open.map(|b| b / group),
            pages: super::FlashPages::of(s),
            write_amplification: s.write_amplification(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::IoPurpose;

    /// 4 blocks of 4 pages of 4 KB on one channel, 25 / 250 / 2,000 us,
    /// a 1,024 MB/s link (a 4 KB page crosses in 4 us), no command overhead,
    /// 25% spare (12 logical pages), background GC off.
    fn tiny(channels: f64) -> Ssd {
        let p = SsdParams {
            channels,
            blocks: 4.0,
            pages_per_block: 4.0,
            page_kb: 4.0,
            read_us: 25.0,
            program_us: 250.0,
            erase_us: 2_000.0,
            host_mb_s: 1_024.0,
            command_us: 0.0,
            overprovision_pct: 25.0,
            gc_low_watermark_pct: 0.0,
            file_stride_mb: 1.0,
            partial_write_us: 0.0,
            merge_per_sector: 0.0,
            write_buffer_kb: 0.0,
        };
        Ssd::new("F", "sata_ssd", p).unwrap()
    }

    fn page(kind: IoKind, lpn: u32) -> IoRequest {
        IoRequest { kind, file: 0, block: lpn, blocks: 1, block_size: 4096, purpose: IoPurpose::Data }
    }

    /// (valid, invalid, free) pages.
    fn pool(d: &Ssd) -> (u64, u64, u64) {
        (d.ssd.valid_pages, d.ssd.invalid_pages, d.ssd.free_pages)
    }

    fn at(t: SimTime, us: f64) -> bool {
        (t.0 - us).abs() < 1e-9
    }

    /// Fill, overwrite, a foreground GC, then a background GC, with every
    /// time computed by hand. Each write is issued when the previous one
    /// completes; an unobstructed write is 4 us of transfer + 250 us of
    /// program = 254 us.
    #[test]
    fn four_blocks_of_four_pages_fill_overwrite_and_collect() {
        let mut d = tiny(1.0);
        assert_eq!((d.logical_pages, pool(&d)), (12, (0, 0, 16)));
        let mut t = SimTime::ZERO;
        // 1. Logical pages 0-7 fill blocks 0 and 1; then 0, 1, 2 and 4 are
        //    overwritten into block 2. 12 writes x 254 = 3,048 us.
        for lpn in [0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 4] {
            t = d.submit(&page(IoKind::Write, lpn), t);
        }
        assert!(at(t, 3_048.0), "{t:?}");
        // Block 0 holds 3 invalid pages (0, 1, 2) and valid 3; block 1 one
        // invalid (4) and 5, 6, 7; block 2 is full; block 3 is free.
        assert_eq!(pool(&d), (8, 4, 4));
        assert_eq!((d.ssd.erases, d.ssd.gc_foreground), (0, 0));

        // 2. Overwrite logical page 5 at 3,048: the pool is at its reserve
        //    (4 pages), so foreground GC first. Victim block 0 (3 invalid
        //    against block 1's 2): move logical page 3, read 3,048-3,073,
        //    program into block 3 3,073-3,323; erase block 0 3,323-5,323.
        //    The host's page (its 4 us transfer long done) is programmed
        //    after the erase: 5,323-5,573.
        let mut after_fg = d.clone();
        t = after_fg.submit(&page(IoKind::Write, 5), t);
        assert!(at(t, 5_573.0), "{t:?}");
        // Valid 8; invalid 2 (the old 4 and 5 in block 1); free 6 (block 0
        // and two pages left in block 3). 8 + 2 + 6 = 16.
        assert_eq!(pool(&after_fg), (8, 2, 6));
        let s = after_fg.ssd;
        assert_eq!((s.erases, s.gc_foreground, s.gc_background, s.gc_pages_moved), (1, 1, 0, 1));
        // 13 host pages, 14 programs: write amplification 14/13.
        assert_eq!((s.host_page_writes, s.flash_page_writes), (13, 14));
        assert!((s.write_amplification() - 14.0 / 13.0).abs() < 1e-12);
        assert_eq!(after_fg.erase_counts, vec![1, 0, 0, 0]);
        d = after_fg;

        // 3. Background GC below a watermark of 50% (8 pages): the device
        //    is idle from 5,573. Victim block 1 (2 invalid; block 2 has
        //    none, block 3 is still open): move 6 (read 5,573-5,598,
        //    program 5,598-5,848) and 7 (5,848-5,873, 5,873-6,123) into
        //    block 3's last pages; erase block 1 6,123-8,123. Free is then 8,
        //    not below the watermark: one cycle.
        assert!(d.set_param("gc_low_watermark_pct", 50.0));
        let mut busy = d.clone();
        //    A read of logical page 3 (in block 3) at 10,000 finds the
        //    device idle again: 25 us read + 4 us transfer.
        t = d.submit(&page(IoKind::Read, 3), SimTime(10_000.0));
        assert!(at(t, 10_029.0), "{t:?}");
        assert_eq!(pool(&d), (8, 0, 8));
        let s = d.ssd;
        assert_eq!((s.erases, s.gc_foreground, s.gc_background, s.gc_pages_moved), (2, 1, 1, 3));
        assert_eq!((s.host_page_writes, s.flash_page_writes, s.page_reads), (13, 16, 4));
        //    The same read arriving at 6,000 waits behind the collection:
        //    the channel is free at 8,123: read to 8,148, transfer to 8,152.
        t = busy.submit(&page(IoKind::Read, 3), SimTime(6_000.0));
        assert!(at(t, 8_152.0), "{t:?}");
        assert_eq!(busy.ssd.gc_background, 1);
    }

    /// The fill of all 12 logical pages leaves the pool at its reserve;
    /// from there each overwrite runs a foreground GC that moves the 3
    /// valid pages of the victim: 3 x (25 + 250) + 2,000 = 2,825 us, then
    /// the host program: 254 -> 3,075 per write, write amplification 4.
    #[test]
    fn a_full_device_collects_on_every_overwrite() {
        let mut d = tiny(1.0);
        let mut t = SimTime::ZERO;
        for lpn in 0..12 {
            t = d.submit(&page(IoKind::Write, lpn), t);
        }
        assert_eq!(pool(&d), (12, 0, 4));
        let t_full = t;
        t = d.submit(&page(IoKind::Write, 0), t);
        // GC from 3,048: 3 moves to 3,873, erase to 5,873, program to 6,123.
        assert!(at(t, t_full.0 + 3_075.0), "{t:?}");
        for lpn in [4, 8, 1] {
            t = d.submit(&page(IoKind::Write, lpn), t);
        }
        assert!(at(t, t_full.0 + 4.0 * 3_075.0), "{t:?}");
        let s = d.ssd;
        assert_eq!((s.gc_foreground, s.erases, s.gc_pages_moved), (4, 4, 12));
        assert_eq!((s.host_page_writes - 12, s.flash_page_writes - 12), (4, 16));
        assert_eq!(pool(&d), (12, 0, 4));
    }

    /// A write buffer of 8 KB (2 pages) on one channel, four writes issued
    /// at 0. Page 0: transfer 0-4, program 4-254, acknowledged at 4 (in
    /// the buffer). Page 1: transfer 4-8, program 254-504, acknowledged at
    /// 8. Page 2: transfer 8-12, program 504-754; the buffer holds 2 pages
    /// still programming, so it waits for the first to end: 254 (242 us of
    /// waiting). 512 bytes into page 3: not a whole page, so not buffered:
    /// transfer 12-12.5, program 754-1,004, acknowledged when programmed.
    #[test]
    fn a_write_buffer_acknowledges_whole_pages_before_their_programs() {
        let mut d = tiny(1.0);
        assert!(d.set_param("write_buffer_kb", 8.0));
        let acks: Vec<f64> =
            [0, 1, 2].iter().map(|&lpn| d.submit(&page(IoKind::Write, lpn), SimTime::ZERO).0).collect();
        assert_eq!(acks, [4.0, 8.0, 254.0]);
        let partial =
            IoRequest { kind: IoKind::Write, file: 0, block: 24, blocks: 1, block_size: 512, purpose: IoPurpose::Data };
        assert!(at(d.submit(&partial, SimTime::ZERO), 1_004.0));
        let s = d.ssd;
        assert_eq!((s.buffered_pages, s.partial_writes, s.host_page_writes), (3, 1, 4));
        assert!((s.buffer_full_wait_us - 242.0).abs() < 1e-9, "{}", s.buffer_full_wait_us);
        // Without the buffer the same page waits for its program.
        let mut d = tiny(1.0);
        assert!(at(d.submit(&page(IoKind::Write, 0), SimTime::ZERO), 254.0));
    }

    /// A 512-byte write into a 4 KB page that holds data must read the page
    /// first: page 0 written (0-254); 512 bytes at byte 512 issued at 254:
    /// read 254-279, transfer 254-254.5, program after the read 279-529.
    /// Into a page that was never written there is nothing to keep: 512
    /// bytes at byte 20,480 (page 5) issued at 529: 529.5, program to 779.5.
    #[test]
    fn a_512_byte_write_into_a_4k_page_is_a_read_modify_write() {
        let mut d = tiny(1.0);
        let redo = |block| IoRequest {
            kind: IoKind::Write,
            file: 0,
            block,
            blocks: 1,
            block_size: 512,
            purpose: IoPurpose::Data,
        };
        let t = d.submit(&page(IoKind::Write, 0), SimTime::ZERO);
        assert!(at(t, 254.0));
        let t = d.submit(&redo(1), t);
        assert!(at(t, 529.0), "{t:?}");
        assert_eq!((d.ssd.rmw_reads, d.ssd.page_reads, d.ssd.host_page_writes), (1, 1, 2));
        assert_eq!(pool(&d), (1, 1, 14));
        let t = d.submit(&redo(40), t);
        assert!(at(t, 779.5), "{t:?}");
        assert_eq!(d.ssd.rmw_reads, 1);
        // A whole aligned page needs no read; a misaligned 4 KB (bytes
        // 512-4,607) touches pages 0 and 1 partly: page 0 holds data (a
        // read), page 1 does not.
        let t = d.submit(&page(IoKind::Write, 0), t);
        assert_eq!(d.ssd.rmw_reads, 1);
        d.submit(
            &IoRequest { kind: IoKind::Write, file: 0, block: 1, blocks: 8, block_size: 512, purpose: IoPurpose::Data },
            t,
        );
        assert_eq!(d.ssd.rmw_reads, 2);
    }

    /// The merge path at 100 us a merge, two channels. Three 512-byte
    /// sectors at bytes 6,656-8,191 (page 1, never written: no read) cross
    /// the link in 1.5 us; one merge (1.5-101.5) then the program: 351.5;
    /// merged sector by sector (three merges, 1.5-301.5): 551.5. Four
    /// sectors at bytes 3,072-5,119 (two in page 0, two in page 1), 2 us
    /// of transfer: page 0 merges 2-202 and programs on channel 0 to 452,
    /// page 1 merges after it, 202-402, and programs on channel 1 to 652
    /// (one merge a page: 102, 352; 202, 452).
    #[test]
    fn merging_sector_by_sector_costs_a_merge_per_512_bytes() {
        let write = |block, blocks| IoRequest {
            kind: IoKind::Write,
            file: 0,
            block,
            blocks,
            block_size: 512,
            purpose: IoPurpose::Redo,
        };
        let device = |per_sector: f64| {
            let mut d = tiny(2.0);
            assert!(d.set_param("partial_write_us", 100.0));
            assert!(!d.set_param("merge_per_sector", 0.5));
            assert!(d.set_param("merge_per_sector", per_sector));
            d
        };
        for (per_sector, one_page, two_pages) in [(0.0, 351.5, 452.0), (1.0, 551.5, 652.0)] {
            assert!(at(device(per_sector).submit(&write(13, 3), SimTime::ZERO), one_page), "{per_sector}");
            let mut d = device(per_sector);
            assert!(at(d.submit(&write(6, 4), SimTime::ZERO), two_pages), "{per_sector}");
            assert_eq!((d.ssd.partial_writes, d.ssd.rmw_reads, d.ssd.host_page_writes), (2, 0, 2));
        }
    }

    /// Two channels: an 8 KB write crosses the link in 8 us, then its two
    /// pages are programmed in parallel on channels 0 and 1: 258 (one
    /// channel: 508). Reading both back at 1,000: two parallel reads to
    /// 1,025, then 8 us of transfer: 1,033.
    #[test]
    fn channels_serve_pages_in_parallel() {
        let two =
            IoRequest { kind: IoKind::Write, file: 0, block: 0, blocks: 2, block_size: 4096, purpose: IoPurpose::Data };
        let mut d2 = tiny(2.0);
        let mut d1 = tiny(1.0);
        assert!(at(d2.submit(&two, SimTime::ZERO), 258.0));
        assert!(at(d1.submit(&two, SimTime::ZERO), 508.0));
        let read = IoRequest { kind: IoKind::Read, ..two };
        assert!(at(d2.submit(&read, SimTime(1_000.0)), 1_033.0));
        assert!(at(d1.submit(&read, SimTime(1_000.0)), 1_058.0));
    }

    /// Sustained random overwrites of a full device never stall forever:
    /// the pool stays between empty and full and every write completes.
    #[test]
    fn sustained_overwrites_keep_the_pool_consistent() {
        let mut d = tiny(2.0);
        let mut t = SimTime::ZERO;
        let mut x: u64 = 7;
        for _ in 0..2_000 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let lpn = ((x >> 33) % 12) as u32;
            let t2 = d.submit(&page(IoKind::Write, lpn), t);
            assert!(t2 > t);
            t = t2;
            let (v, i, f) = pool(&d);
            assert_eq!(v + i + f, 16);
            assert!(f >= 4, "the reserve is GC's alone");
        }
        assert!(d.ssd.write_amplification() > 1.0);
    }

    /// Requests reach the device out of time order: a write for 10,000 is
    /// submitted first (link 10,000-10,004, program 10,004-10,254 on the
    /// one channel), then a read of page 0 (written at 0-254) for 1,000.
    /// The channel and the link are idle at 1,000: read 1,000-1,025,
    /// transfer 1,025-1,029 (a busy-until per resource would serve it after
    /// the future program: 10,283). A read for 10,100 meets the program:
    /// 10,254-10,279, transfer to 10,283.
    #[test]
    fn a_request_is_served_at_its_time_not_behind_later_ones_submitted_first() {
        let mut d = tiny(1.0);
        assert!(at(d.submit(&page(IoKind::Write, 0), SimTime::ZERO), 254.0));
        let t = d.submit(&page(IoKind::Write, 1), SimTime(10_000.0));
        assert!(at(t, 10_254.0), "{t:?}");
        let t = d.submit(&page(IoKind::Read, 0), SimTime(1_000.0));
        assert!(at(t, 1_029.0), "{t:?}");
        let t = d.submit(&page(IoKind::Read, 0), SimTime(10_100.0));
        assert!(at(t, 10_283.0), "{t:?}");
    }

    /// A timeline books the first idle stretch long enough, merges
    /// adjacent intervals and keeps at most TIMELINE_INTERVALS of them
    /// (older time counts as busy).
    #[test]
    fn a_timeline_fills_gaps_and_stays_bounded() {
        let mut l = Timeline::default();
        assert_eq!(l.book(SimTime(100.0), 50.0), SimTime(150.0));
        // 60 does not fit in 0-100 from 50: after 150.
        assert_eq!(l.book(SimTime(50.0), 60.0), SimTime(210.0));
        assert_eq!(l.busy.len(), 1, "150-210 joins 100-150");
        // 40 fits before 100.
        assert_eq!(l.book(SimTime(0.0), 40.0), SimTime(40.0));
        assert_eq!(l.end(), SimTime(210.0));
        for k in 0..200 {
            l.book(SimTime(1_000.0 + 10.0 * k as f64), 5.0);
        }
        assert_eq!(l.busy.len(), TIMELINE_INTERVALS);
        let floor = l.floor;
        assert!(floor > 1_000.0, "the oldest intervals folded into the floor");
        assert_eq!(l.book(SimTime(0.0), 1.0).0, floor + 1.0);
        assert_eq!(l.busy.len(), TIMELINE_INTERVALS);
    }

    #[test]
    fn absurd_parameters_are_refused() {
        let mut p = SsdParams::sata();
        assert!(p.set("channels", 0.0).is_err());
        assert!(p.set("channels", 2.5).is_err());
        assert!(p.set("erase_ms", 2.0).is_err());
        p.set("blocks", 1_048_576.0).unwrap();
        assert!(p.validate().is_err(), "too many pages for the lab");
        let mut p = SsdParams::sata();
        p.set("blocks", 2.0).unwrap();
        p.set("overprovision_pct", 10.0).unwrap();
        assert!(p.validate().is_err(), "needs a spare block");
        assert!(Ssd::new("X", "pcie_flash", SsdParams::pcie()).is_ok());
        let mut d = tiny(1.0);
        assert!(!d.set_param("blocks", 8.0), "geometry is fixed once built");
        assert!(d.set_param("erase_us", 3_000.0));
    }
}
