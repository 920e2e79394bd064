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

mod counters;
mod ftl;
mod params;
#[cfg(test)]
pub(crate) mod tests;
mod timeline;

pub use counters::SsdCounters;
pub use params::{SsdParams, MAX_PHYSICAL_PAGES};
pub use timeline::{Timeline, TIMELINE_INTERVALS};

use crate::io::device::{
    with_params, BlockDevice, DeviceCounters, DeviceError, DeviceParams, DeviceType, IoKind, IoRequest, DB_FILE_READS,
};
use crate::io::snapshot::{DeviceSnapshot, FlashSnapshot};
use crate::sim::SimTime;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// A logical page never written, a physical page free or invalid.
const NONE: u32 = u32::MAX;

#[derive(Debug, Clone)]
pub struct Ssd {
    name: String,
    ty: &'static DeviceType,
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
    /// `ty` is the type `LAB DEVICE` named ([`SATA_SSD`], [`PCIE_FLASH`]).
    pub fn new(name: &str, ty: &'static DeviceType, params: SsdParams) -> Result<Self, String> {
        params.validate()?;
        let (channels, ppb, blocks) = (params.channels as u32, params.pages_per_block as u32, params.blocks as u32);
        let physical = (ppb * blocks) as usize;
        let logical = params.logical_pages() as u32;
        Ok(Ssd {
            name: name.to_string(),
            ty,
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
}

/// The SATA SSD's registry entry (`LAB DEVICE d TYPE sata_ssd`).
pub static SATA_SSD: DeviceType = DeviceType {
    name: "sata_ssd",
    label: "SATA SSD",
    definable: true,
    params: SsdParams::NAMES,
    range: SsdParams::range,
    build: build_sata_ssd,
    reads: DB_FILE_READS,
    cell_settings: false,
    flash_part: false,
};

/// The PCIe flash card's registry entry (`LAB DEVICE d TYPE pcie_flash`).
pub static PCIE_FLASH: DeviceType = DeviceType {
    name: "pcie_flash",
    label: "PCIe flash",
    definable: true,
    params: SsdParams::NAMES,
    range: SsdParams::range,
    build: build_pcie_flash,
    reads: DB_FILE_READS,
    cell_settings: false,
    flash_part: false,
};

fn build_sata_ssd(name: &str, params: &[(String, f64)]) -> Result<Box<dyn BlockDevice>, DeviceError> {
    let p = with_params(SsdParams::sata(), params)?;
    Ok(Box::new(Ssd::new(name, &SATA_SSD, p).map_err(DeviceError::Inconsistent)?))
}

fn build_pcie_flash(name: &str, params: &[(String, f64)]) -> Result<Box<dyn BlockDevice>, DeviceError> {
    let p = with_params(SsdParams::pcie(), params)?;
    Ok(Box::new(Ssd::new(name, &PCIE_FLASH, p).map_err(DeviceError::Inconsistent)?))
}

impl BlockDevice for Ssd {
    fn name(&self) -> &str {
        &self.name
    }

    fn device_type(&self) -> &'static DeviceType {
        self.ty
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

    fn param(&self, name: &str) -> Option<f64> {
        self.params.get(name)
    }

    fn device_counters(&self) -> Vec<(&'static str, f64)> {
        self.ssd.named()
    }

    fn snapshot(&self) -> DeviceSnapshot {
        DeviceSnapshot { flash: Some(self.flash_snapshot()), ..Default::default() }
    }
}

impl Ssd {
    /// The erase blocks' pages and the GC counters (the device view).
    pub fn flash_snapshot(&self) -> FlashSnapshot {
        let (group, blocks) = FlashSnapshot::group_blocks(self.ppb, &self.valid, &self.written);
        let s = &self.ssd;
        FlashSnapshot {
            erase_blocks: self.blocks,
            pages_per_block: self.ppb,
            group,
            blocks,
            open: self.open.map(|b| b / group),
            pages: s.pages(),
            write_amplification: s.write_amplification(),
        }
    }
}
