//! An Exadata storage cell: hard disks plus flash behind cellsrv, reached
//! over InfiniBand.
//!
//! - **Disks.** `disks` hard disks, each an [`Hdd`] with the cell's
//!   `disk_*` parameters. ASM stripes a file over them in allocation units
//!   (`au_kb`, coarse striping): allocation unit `a` of file `f` is on disk
//!   `(f + a) % disks`, at that disk's allocation unit `a / disks`. A
//!   request is split at allocation-unit boundaries and its pieces go to
//!   their disks at once; it completes when the last piece does.
//! - **Flash.** One [`Ssd`] with the cell's `flash_*` parameters (a PCIe
//!   flash class device; `flash_channels` = 16 by default, one per flash
//!   module: an X2 cell has 16 FMODs on 4 cards, Harrison's article). Its
//!   logical space holds the Smart Flash Cache (`flash_cache_mb`) and, after
//!   it, the flash log (`flash_log_mb`). With `flash_grid_disk = 1` the flash
//!   is a grid disk instead: every request goes straight to it (no cache, no
//!   disks).
//! - **cellsrv and the interconnect.** Every request costs
//!   `cell_overhead_us` before the cell's devices see it (RDS over
//!   InfiniBand and cellsrv's dispatch; it occupies nothing).
//! - **Smart Flash Cache.** A cache of blocks in flash slots, filled in ring
//!   order (the slot after the last one written; the block it held is
//!   evicted: FIFO, not Oracle's LRU). A segment's `CELL_FLASH_CACHE`
//!   decides what is cached: DEFAULT caches single-block reads and writes
//!   (small I/O) but not large ones (scans); KEEP caches large reads too;
//!   NONE caches nothing. Temp and redo are never cached. A read whose
//!   blocks are all cached is served from flash (a read hit); otherwise it
//!   goes to the disks and, when cacheable, the blocks are then written to
//!   flash before the read returns (population: this is why the first
//!   smart scan after KEEP is slower than the scans before it: the flash's
//!   program bandwidth, 16 channels x 4 KB / 250 us, about 260 MB/s, is
//!   below the disks' scan bandwidth). Large reads use the cache only under
//!   KEEP.
//! - **Write-through** (default, `write_back = 0`): a write completes when
//!   the disks have it; cached copies are updated in flash at the same time
//!   (not waited for). **Write-back** (`write_back = 1`, 11.2.3.2+): a
//!   cacheable write completes when flash has it and stays dirty there
//!   until cellsrv destages it: one destage in flight per disk, oldest
//!   first, issued once flash has the block and the disk took the previous
//!   destage (checked whenever the cell gets a request), so a read waits
//!   behind one destage, not the backlog. Changing the mode writes the
//!   dirty blocks to disk and empties the cache (CellCLI changes
//!   `flashCacheMode` only after `DROP FLASHCACHE`).
//! - **Smart flash logging** (`flash_logging = 1`): a redo write goes to its
//!   disks and to the flash log at once and completes on the first to
//!   finish. `FL_DISK_FIRST` / `FL_FLASH_FIRST` count the winners;
//!   `FL_PREVENTED_OUTLIERS` the flash wins where the disk write took more
//!   than 500 ms (the cell's definition of an outlier). Issuing and
//!   tracking the second write costs cellsrv `flash_log_overhead_us`.
//!
//! Not modelled: the cell's own DRAM, storage indexes, the flash cache's
//! LRU and its metadata, normal/high redundancy (mirror writes), IORM,
//! fine-grained striping of online logs, the interconnect's bandwidth.

use super::hdd::{Hdd, HddParams};
use super::ssd::{Ssd, SsdParams};
use super::{BlockDevice, DeviceCounters, DeviceParams, IoKind, IoNote, IoPurpose, IoRequest};
use crate::fasthash::FxMap;
use crate::sim::SimTime;
use std::collections::VecDeque;

/// A redo write slower than this on disk is an outlier (FL_PREVENTED_OUTLIERS).
pub const FL_OUTLIER_US: f64 = 500_000.0;

/// A segment's `CELL_FLASH_CACHE` storage attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CellFlashCache {
    #[default]
    Default,
    Keep,
    None,
}

/// The cell's named parameters: its own, the disks' (`disk_` + an HDD
/// parameter) and the flash's (`flash_` + an SSD parameter).
#[derive(Debug, Clone, PartialEq)]
pub struct CellParams {
    pub disks: f64,
    pub au_kb: f64,
    pub cell_overhead_us: f64,
    pub flash_cache_mb: f64,
    pub flash_log_mb: f64,
    pub flash_grid_disk: f64,
    pub write_back: f64,
    pub flash_logging: f64,
    pub flash_log_overhead_us: f64,
    /// Size of one smart scan request (MB, 2^20 bytes).
    pub smart_scan_mb: f64,
    /// Smart scan requests a session keeps outstanding.
    pub smart_scan_depth: f64,
    pub hdd: HddParams,
    pub ssd: SsdParams,
}

impl Default for CellParams {
    /// An Exadata X2 storage cell of Harrison's articles, scaled down:
    /// 12 SAS disks of the default 15,000 rpm class (the article: "12 per
    /// storage cell"); a 4 MB allocation unit (the article's disk groups:
    /// `au_size` 4M); flash of the PCIe class (CALIBRATION E timings) on
    /// 16 channels (16 FMODs per cell, the article), 4 GB of it here
    /// instead of 384 GB (the lab's tables are small), of which 2 GB is
    /// flash cache and 512 MB flash log (Oracle's default flash log per
    /// cell). cellsrv + RDS/InfiniBand per request: ~200 us, the magnitude
    /// of the gap between a flash page read (~25 us) and the ~0.3-0.5 ms
    /// a flash-cache hit costs on an X2. The F20 cards reach their SATA
    /// flash modules through an on-card SAS controller, so a flash command
    /// costs about what the disks' controller path does plus a SATA command
    /// (`flash_command_us` = 70, against the disks' 50); the card's energy
    /// storage module lets each module acknowledge whole-page writes from
    /// its DRAM (`flash_write_buffer_kb` = 256 in all: a few pages per
    /// module; most of a module's DRAM holds its mapping tables), so a
    /// small aligned write costs about what a disk write into the
    /// controller cache does, and a stream larger than the buffer runs at
    /// the program rate. Smart scans: 1 MB requests, two
    /// outstanding per disk. The disks sit behind one RAID controller whose
    /// 512 MB battery-backed cache (`disk_cache_mb`, the HDD's default)
    /// they share: each disk gets `disk_cache_mb / disks` of it.
    fn default() -> Self {
        CellParams {
            disks: 12.0,
            au_kb: 4096.0,
            cell_overhead_us: 200.0,
            flash_cache_mb: 2048.0,
            flash_log_mb: 512.0,
            flash_grid_disk: 0.0,
            write_back: 0.0,
            flash_logging: 0.0,
            flash_log_overhead_us: 20.0,
            smart_scan_mb: 1.0,
            smart_scan_depth: 24.0,
            hdd: HddParams::default(),
            ssd: SsdParams { channels: 16.0, command_us: 70.0, write_buffer_kb: 256.0, ..SsdParams::pcie() },
        }
    }
}

impl DeviceParams for CellParams {
    const NAMES: &'static [&'static str] = &[
        "disks",
        "au_kb",
        "cell_overhead_us",
        "flash_cache_mb",
        "flash_log_mb",
        "flash_grid_disk",
        "write_back",
        "flash_logging",
        "flash_log_overhead_us",
        "smart_scan_mb",
        "smart_scan_depth",
        "disk_rpm",
        "disk_avg_seek_us",
        "disk_track_to_track_us",
        "disk_full_stroke_us",
        "disk_transfer_mb_s",
        "disk_capacity_gb",
        "disk_track_kb",
        "disk_file_stride_mb",
        "disk_cache_mb",
        "flash_channels",
        "flash_blocks",
        "flash_pages_per_block",
        "flash_page_kb",
        "flash_read_us",
        "flash_program_us",
        "flash_erase_us",
        "flash_host_mb_s",
        "flash_command_us",
        "flash_overprovision_pct",
        "flash_gc_low_watermark_pct",
        "flash_file_stride_mb",
    ];

    fn range(name: &str) -> Option<(f64, f64)> {
        Some(match name {
            "disks" => (1.0, 36.0),
            "au_kb" => (64.0, 65_536.0),
            "cell_overhead_us" | "flash_log_overhead_us" => (0.0, 100_000.0),
            "flash_cache_mb" | "flash_log_mb" => (0.0, 1_000_000.0),
            "flash_grid_disk" | "write_back" | "flash_logging" => (0.0, 1.0),
            "smart_scan_mb" => (0.0625, 64.0),
            "smart_scan_depth" => (1.0, 256.0),
            _ => {
                if let Some(n) = name.strip_prefix("disk_") {
                    return HddParams::range(n);
                }
                return SsdParams::range(name.strip_prefix("flash_")?);
            }
        })
    }

    fn whole(name: &str) -> bool {
        match name {
            "disks" | "flash_grid_disk" | "write_back" | "flash_logging" | "smart_scan_depth" => true,
            _ => name.strip_prefix("flash_").is_some_and(SsdParams::whole),
        }
    }

    fn slot(&mut self, name: &str) -> Option<&mut f64> {
        Some(match name {
            "disks" => &mut self.disks,
            "au_kb" => &mut self.au_kb,
            "cell_overhead_us" => &mut self.cell_overhead_us,
            "flash_cache_mb" => &mut self.flash_cache_mb,
            "flash_log_mb" => &mut self.flash_log_mb,
            "flash_grid_disk" => &mut self.flash_grid_disk,
            "write_back" => &mut self.write_back,
            "flash_logging" => &mut self.flash_logging,
            "flash_log_overhead_us" => &mut self.flash_log_overhead_us,
            "smart_scan_mb" => &mut self.smart_scan_mb,
            "smart_scan_depth" => &mut self.smart_scan_depth,
            _ => {
                if let Some(n) = name.strip_prefix("disk_") {
                    return self.hdd.slot(n);
                }
                return self.ssd.slot(name.strip_prefix("flash_")?);
            }
        })
    }

    fn validate(&self) -> Result<(), String> {
        self.hdd.validate().map_err(|e| format!("disk: {e}"))?;
        self.ssd.validate().map_err(|e| format!("flash: {e}"))?;
        let flash_mb = self.ssd.logical_pages() * self.ssd.page_kb / 1024.0;
        if self.flash_cache_mb + self.flash_log_mb > flash_mb {
            return Err(format!(
                "flash_cache_mb + flash_log_mb must fit in the flash's {flash_mb:.0} MB (its addressable pages)"
            ));
        }
        if (self.au_kb * 1024.0).fract() != 0.0 {
            return Err("au_kb must be a whole number of bytes".into());
        }
        Ok(())
    }
}

/// The cell's own counters (CellCLI metric names where there is one).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct CellCounters {
    /// Read requests served from the flash cache.
    pub flash_cache_read_hits: u64,
    /// Cacheable read requests that went to disk.
    pub flash_cache_read_misses: u64,
    /// Blocks written to flash to populate the cache after a read miss.
    pub flash_cache_population_blocks: u64,
    /// Blocks written to flash by write-back writes.
    pub flash_cache_writeback_blocks: u64,
    /// Blocks destaged from flash to disk.
    pub flash_cache_destaged_blocks: u64,
    /// Blocks written back that their disk does not have yet.
    pub flash_cache_dirty_blocks: u64,
    /// Blocks evicted from the cache.
    pub flash_cache_evictions: u64,
    pub fl_disk_first: u64,
    pub fl_flash_first: u64,
    pub fl_prevented_outliers: u64,
    /// Redo writes not raced because the flash log was still busy.
    pub fl_skipped: u64,
    /// Reads of more than one block (smart scan requests).
    pub large_read_requests: u64,
}

const EMPTY: (u32, u32) = (u32::MAX, u32::MAX);

/// The flash cache's directory: which block each flash slot holds.
#[derive(Debug, Clone, Default)]
struct Directory {
    /// Slot -> (file, block).
    slots: Vec<(u32, u32)>,
    map: FxMap<(u32, u32), u32>,
    /// The next slot to fill.
    hand: u32,
    /// Bytes per slot (the block size of the first cacheable request).
    slot_bytes: u32,
}

impl Directory {
    /// The runs of consecutive slots holding a request's blocks, into
    /// `runs` (cleared first); false when one is not cached.
    fn lookup(&self, r: &IoRequest, runs: &mut Vec<(u32, u32)>) -> bool {
        runs.clear();
        for b in 0..r.blocks {
            let Some(&s) = self.map.get(&(r.file, r.block.wrapping_add(b))) else { return false };
            match runs.last_mut() {
                Some((start, n)) if *start + *n == s => *n += 1,
                _ => runs.push((s, 1)),
            }
        }
        true
    }

    /// Places a request's blocks in the slots from the hand (a block
    /// already cached keeps its slot); the runs written go to `runs`
    /// (cleared first). Returns the evictions.
    fn insert(&mut self, r: &IoRequest, runs: &mut Vec<(u32, u32)>) -> u64 {
        let cap = self.slots.len() as u32;
        runs.clear();
        let mut evicted = 0;
        // Bounded: at most one slot per block, at most the whole cache.
        for b in 0..r.blocks.min(cap) {
            let key = (r.file, r.block.wrapping_add(b));
            let s = match self.map.get(&key) {
                Some(&s) => s,
                None => {
                    let s = self.hand;
                    self.hand = (self.hand + 1) % cap;
                    let old = self.slots[s as usize];
                    if old != EMPTY {
                        self.map.remove(&old);
                        evicted += 1;
                    }
                    self.slots[s as usize] = key;
                    self.map.insert(key, s);
                    s
                }
            };
            match runs.last_mut() {
                Some((start, n)) if *start + *n == s => *n += 1,
                _ => runs.push((s, 1)),
            }
        }
        evicted
    }
}

/// An Exadata storage cell (`LAB DEVICE c TYPE exadata_cell`).
#[derive(Debug, Clone)]
pub struct ExadataCell {
    name: String,
    params: CellParams,
    counters: DeviceCounters,
    pub cell: CellCounters,
    pub disks: Vec<Hdd>,
    pub flash: Ssd,
    dir: Directory,
    /// The runs of flash-cache slots of the request in hand (reused: no
    /// allocation per request).
    runs: Vec<(u32, u32)>,
    policy: FxMap<u32, CellFlashCache>,
    /// Next byte of the flash log (circular).
    log_cursor: u64,
    /// When the flash log's last write completes.
    log_busy_until: SimTime,
    /// Write-back: blocks flash holds that their disk does not have yet,
    /// per disk, oldest first (the write, when flash had it); and when
    /// each disk took cellsrv's last destage.
    dirty: Vec<VecDeque<(IoRequest, SimTime)>>,
    destage_free: Vec<SimTime>,
    last: IoNote,
}

impl ExadataCell {
    pub fn new(name: &str, params: CellParams) -> Result<Self, String> {
        params.validate()?;
        // The cell's disks share one controller cache: each disk gets its
        // share of `disk_cache_mb`.
        let hdd = HddParams { cache_mb: params.hdd.cache_mb / params.disks, ..params.hdd.clone() };
        let disks = (0..params.disks as usize)
            .map(|i| Hdd::new(&format!("{name}_CD_{i:02}"), hdd.clone()))
            .collect::<Result<Vec<_>, _>>()?;
        let flash = Ssd::new(&format!("{name}_FD"), "pcie_flash", params.ssd.clone())?;
        let n = disks.len();
        Ok(ExadataCell {
            name: name.to_string(),
            params,
            counters: DeviceCounters::default(),
            cell: CellCounters::default(),
            disks,
            flash,
            dir: Directory::default(),
            policy: FxMap::default(),
            runs: Vec::new(),
            log_cursor: 0,
            log_busy_until: SimTime::ZERO,
            dirty: vec![VecDeque::new(); n],
            destage_free: vec![SimTime::ZERO; n],
            last: IoNote::default(),
        })
    }

    pub fn params(&self) -> &CellParams {
        &self.params
    }

    fn write_back(&self) -> bool {
        self.params.write_back != 0.0
    }

    fn grid_disk(&self) -> bool {
        self.params.flash_grid_disk != 0.0
    }

    fn cache_bytes(&self) -> u64 {
        (self.params.flash_cache_mb * 1_048_576.0) as u64
    }

    /// Whether the cache may hold this request's blocks (`large`: a read
    /// of more than one block), sizing the directory on first use.
    fn cacheable(&mut self, r: &IoRequest, large: bool) -> bool {
        if r.purpose != IoPurpose::Data || r.block_size == 0 || self.grid_disk() {
            return false;
        }
        let ok = match self.policy.get(&r.file).copied().unwrap_or_default() {
            CellFlashCache::None => false,
            CellFlashCache::Keep => true,
            CellFlashCache::Default => !large,
        };
        if !ok {
            return false;
        }
        if self.dir.slot_bytes == 0 {
            let slots = (self.cache_bytes() / r.block_size as u64).min(u32::MAX as u64 / 2) as usize;
            if slots == 0 {
                return false;
            }
            self.dir.slot_bytes = r.block_size;
            self.dir.slots = vec![EMPTY; slots];
        }
        self.dir.slot_bytes == r.block_size
    }

    /// A run of flash-cache slots as a request to the flash.
    fn slot_request(&self, kind: IoKind, (slot, n): (u32, u32)) -> IoRequest {
        IoRequest { kind, file: 0, block: slot, blocks: n, block_size: self.dir.slot_bytes, purpose: IoPurpose::Data }
    }

    /// Allocation-unit size in bytes (at least 1).
    fn au_bytes(&self) -> u64 {
        ((self.params.au_kb * 1024.0) as u64).max(1)
    }

    /// The disk allocation unit `a` of `file` is on (coarse striping).
    fn disk_of_au(&self, file: u32, a: u64) -> usize {
        ((file as u64 + a) % self.disks.len().max(1) as u64) as usize
    }

    /// The disk a request's first allocation unit is on.
    fn disk_of(&self, r: &IoRequest) -> usize {
        self.disk_of_au(r.file, r.block as u64 * r.block_size.max(1) as u64 / self.au_bytes())
    }

    /// Destage what is due by `now`: cellsrv keeps one destage in flight
    /// per disk, the oldest dirty block first, issued once flash has it and
    /// the disk took the previous one. So a disk's queue holds at most one
    /// of them and reads do not wait behind a backlog; the rest stay dirty
    /// in flash. `all`: every dirty block, whatever `now` (before the
    /// cache is dropped).
    fn destage(&mut self, now: SimTime, all: bool) {
        if self.cell.flash_cache_dirty_blocks == 0 {
            return;
        }
        for d in 0..self.dirty.len() {
            // Bounded by the blocks waiting on this disk.
            for _ in 0..self.dirty[d].len() {
                let Some(&(r, ready)) = self.dirty[d].front() else { break };
                let at = ready.max(self.destage_free[d]);
                if at > now && !all {
                    break;
                }
                self.dirty[d].pop_front();
                self.destage_free[d] = self.disk_io(&r, at);
                self.cell.flash_cache_destaged_blocks += r.blocks as u64;
                self.cell.flash_cache_dirty_blocks -= r.blocks as u64;
            }
        }
    }

    /// Send the request's pieces to their disks at `at`; when the last completes.
    fn disk_io(&mut self, r: &IoRequest, at: SimTime) -> SimTime {
        let n = self.disks.len() as u64;
        let au = self.au_bytes();
        let bs = r.block_size.max(1) as u64;
        let mut off = r.block as u64 * bs;
        let end = off + r.bytes();
        let mut done = at;
        // Bounded by the allocation units the request spans (at most its blocks).
        for _ in 0..=r.blocks {
            if off >= end {
                break;
            }
            let a = off / au;
            let piece_end = ((a + 1) * au).min(end);
            let disk = self.disk_of_au(r.file, a);
            let local = (a / n) * au + (off - a * au);
            let piece = IoRequest { block: (local / bs) as u32, blocks: (piece_end - off).div_ceil(bs) as u32, ..*r };
            done = done.max(self.disks[disk].submit(&piece, at));
            off = piece_end;
        }
        done
    }

    /// A data read or write, with the cell's reusable run buffer in hand.
    fn with_runs(&mut self, f: impl FnOnce(&mut Self, &mut Vec<(u32, u32)>) -> SimTime) -> SimTime {
        let mut runs = std::mem::take(&mut self.runs);
        let done = f(self, &mut runs);
        self.runs = runs;
        done
    }

    fn read(&mut self, r: &IoRequest, t: SimTime, runs: &mut Vec<(u32, u32)>) -> SimTime {
        let large = r.blocks > 1;
        let cacheable = self.cacheable(r, large);
        if cacheable {
            if self.dir.lookup(r, runs) {
                let mut done = t;
                for &run in runs.iter() {
                    let q = self.slot_request(IoKind::Read, run);
                    done = done.max(self.flash.submit(&q, t));
                }
                self.cell.flash_cache_read_hits += 1;
                self.last.flash_cache_hit = true;
                return done;
            }
            self.cell.flash_cache_read_misses += 1;
        }
        let mut done = self.disk_io(r, t);
        if cacheable {
            // Population: the blocks go to flash before the read returns.
            let evicted = self.dir.insert(r, runs);
            self.cell.flash_cache_evictions += evicted;
            let from = done;
            for &run in runs.iter() {
                self.cell.flash_cache_population_blocks += run.1 as u64;
                let q = self.slot_request(IoKind::Write, run);
                done = done.max(self.flash.submit(&q, from));
            }
        }
        done
    }

    fn write(&mut self, r: &IoRequest, t: SimTime, runs: &mut Vec<(u32, u32)>) -> SimTime {
        let cacheable = self.cacheable(r, false);
        if cacheable && self.write_back() {
            let evicted = self.dir.insert(r, runs);
            self.cell.flash_cache_evictions += evicted;
            let mut done = t;
            for &run in runs.iter() {
                self.cell.flash_cache_writeback_blocks += run.1 as u64;
                let q = self.slot_request(IoKind::Write, run);
                done = done.max(self.flash.submit(&q, t));
            }
            // Dirty in flash until cellsrv destages it (see `destage`).
            let d = self.disk_of(r);
            self.dirty[d].push_back((*r, done));
            self.cell.flash_cache_dirty_blocks += r.blocks as u64;
            return done;
        }
        let done = self.disk_io(r, t);
        // Write-through: cached copies are rewritten alongside.
        if cacheable && self.dir.lookup(r, runs) {
            for &run in runs.iter() {
                let q = self.slot_request(IoKind::Write, run);
                self.flash.submit(&q, t);
            }
        }
        done
    }

    /// A redo write: to disk, and with smart flash logging to the flash
    /// log as well, completing on the first.
    fn redo_write(&mut self, r: &IoRequest, now: SimTime, t: SimTime) -> SimTime {
        if self.params.flash_logging == 0.0 {
            return self.disk_io(r, t);
        }
        let t = t.after(self.params.flash_log_overhead_us);
        let disk = self.disk_io(r, t);
        // cellsrv races a write to the flash log only when the flash log
        // has finished its last one (it never queues redo behind redo).
        if self.log_busy_until > t {
            self.cell.fl_disk_first += 1;
            self.cell.fl_skipped += 1;
            return disk;
        }
        // The flash log is written in whole flash pages (its records are
        // padded to the page), so it never takes a partial-page merge.
        let page = (self.params.ssd.page_kb * 1024.0) as u64;
        let log_bytes = ((self.params.flash_log_mb * 1_048_576.0) as u64).max(page);
        let bytes = r.bytes().div_ceil(page).max(1) * page;
        let bytes = bytes.min(log_bytes - log_bytes % page);
        if self.log_cursor + bytes > log_bytes {
            self.log_cursor = 0;
        }
        let start = self.cache_bytes() + self.log_cursor;
        self.log_cursor += bytes;
        let q = IoRequest {
            kind: IoKind::Write,
            file: 0,
            block: (start / page) as u32,
            blocks: (bytes / page) as u32,
            block_size: page as u32,
            purpose: IoPurpose::Redo,
        };
        let flash = self.flash.submit(&q, t);
        self.log_busy_until = flash;
        if flash < disk {
            self.cell.fl_flash_first += 1;
            if disk.since(now) > FL_OUTLIER_US {
                self.cell.fl_prevented_outliers += 1;
            }
            flash
        } else {
            self.cell.fl_disk_first += 1;
            disk
        }
    }

    /// Forget the flash cache's contents (CellCLI DROP / CREATE FLASHCACHE).
    pub fn drop_flash_cache(&mut self) {
        // Its dirty blocks are written to disk first (CellCLI flushes a
        // write-back cache before dropping it).
        self.destage(SimTime::ZERO, true);
        self.dir = Directory::default();
    }
}

impl BlockDevice for ExadataCell {
    fn name(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> &'static str {
        "exadata_cell"
    }

    fn submit(&mut self, r: &IoRequest, now: SimTime) -> SimTime {
        self.last = IoNote::default();
        self.destage(now, false);
        let t = now.after(self.params.cell_overhead_us);
        if r.kind == IoKind::Read && r.blocks > 1 {
            self.cell.large_read_requests += 1;
        }
        let done = if self.grid_disk() {
            self.flash.submit(r, t)
        } else {
            match (r.kind, r.purpose) {
                (IoKind::Read, _) => self.with_runs(|c, runs| c.read(r, t, runs)),
                (IoKind::Write, IoPurpose::Redo) => self.redo_write(r, now, t),
                (IoKind::Write, _) => self.with_runs(|c, runs| c.write(r, t, runs)),
            }
        };
        self.counters.count_span(r, now, done);
        done
    }

    fn counters(&self) -> &DeviceCounters {
        &self.counters
    }

    /// Everything but the layout (disks, allocation unit, flash geometry,
    /// cache and log sizes, grid disk) may change on a live cell.
    fn set_param(&mut self, name: &str, value: f64) -> bool {
        if matches!(name, "disks" | "au_kb" | "flash_cache_mb" | "flash_log_mb" | "flash_grid_disk") {
            return false;
        }
        let Some(p) = self.params.with(name, value) else { return false };
        if name == "write_back" && value != self.params.write_back {
            // CellCLI changes flashCacheMode only on a dropped flash cache:
            // it is created again, empty.
            self.drop_flash_cache();
        }
        if let Some(n) = name.strip_prefix("disk_") {
            let value = if n == "cache_mb" { value / self.params.disks } else { value };
            if !self.disks.iter_mut().all(|d| d.set_param(n, value)) {
                return false;
            }
        } else if let Some(n) = name.strip_prefix("flash_").filter(|_| !Self::OWN.contains(&name)) {
            if !self.flash.set_param(n, value) {
                return false;
            }
        }
        self.params = p;
        true
    }

    fn param_names(&self) -> &'static [&'static str] {
        CellParams::NAMES
    }

    fn param(&self, name: &str) -> Option<f64> {
        self.params.get(name)
    }

    fn device_counters(&self) -> Vec<(&'static str, f64)> {
        let c = &self.cell;
        // A disk's busy time, the mean over the cell's disks (their sum
        // would pass the elapsed time: the disks work in parallel).
        let busy = self.disks.iter().map(|d| d.counters().busy_us).sum::<f64>() / self.disks.len().max(1) as f64;
        vec![
            ("flash_cache_read_hits", c.flash_cache_read_hits as f64),
            ("flash_cache_read_misses", c.flash_cache_read_misses as f64),
            ("flash_cache_population_blocks", c.flash_cache_population_blocks as f64),
            ("flash_cache_writeback_blocks", c.flash_cache_writeback_blocks as f64),
            ("flash_cache_destaged_blocks", c.flash_cache_destaged_blocks as f64),
            ("flash_cache_dirty_blocks", c.flash_cache_dirty_blocks as f64),
            ("flash_cache_evictions", c.flash_cache_evictions as f64),
            ("flash_cache_blocks", self.dir.map.len() as f64),
            ("FL_DISK_FIRST", c.fl_disk_first as f64),
            ("FL_FLASH_FIRST", c.fl_flash_first as f64),
            ("FL_PREVENTED_OUTLIERS", c.fl_prevented_outliers as f64),
            ("flash_log_skipped", c.fl_skipped as f64),
            ("large_read_requests", c.large_read_requests as f64),
            ("disk_busy_us", busy),
            ("flash_busy_us", self.flash.counters().busy_us),
            ("flash_page_reads", self.flash.ssd.page_reads as f64),
            ("flash_host_page_writes", self.flash.ssd.host_page_writes as f64),
            ("flash_buffered_pages", self.flash.ssd.buffered_pages as f64),
        ]
    }

    fn last_note(&self) -> IoNote {
        self.last
    }

    fn set_cache_policy(&mut self, file: u32, policy: CellFlashCache) {
        self.policy.insert(file, policy);
    }

    fn smart_scan(&self, _file: u32) -> Option<SmartScanShape> {
        Some(SmartScanShape {
            request_bytes: (self.params.smart_scan_mb * 1_048_576.0) as u64,
            depth: self.params.smart_scan_depth as u32,
        })
    }

    fn snapshot(&self) -> super::DeviceSnapshot {
        super::DeviceSnapshot {
            flash: Some(self.flash.flash_snapshot()),
            queue: None,
            disks: self.disks.iter().map(|d| d.queue_snapshot()).collect(),
        }
    }

    fn frame_snapshot(&self, at: SimTime) -> super::DeviceSnapshot {
        super::DeviceSnapshot {
            flash: Some(self.flash.flash_snapshot()),
            queue: None,
            disks: self.disks.iter().map(|d| d.queue_at(at)).collect(),
        }
    }
}

impl ExadataCell {
    /// The cell's own parameters whose names start with `flash_`.
    const OWN: &'static [&'static str] =
        &["flash_cache_mb", "flash_log_mb", "flash_grid_disk", "flash_logging", "flash_log_overhead_us"];
}

/// How a device serves a smart scan: request size and outstanding requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SmartScanShape {
    pub request_bytes: u64,
    pub depth: u32,
}

/// A smart scan in progress (`cell smart table scan`): the session keeps
/// `depth` requests of `chunk` blocks outstanding, in block order, and
/// waits when the next one it needs has not completed.
#[derive(Debug, Clone)]
pub struct SmartScan {
    pub seg: u32,
    pub blocks: u32,
    pub chunk: u32,
    pub depth: u32,
    pub block_size: u32,
    issued: u32,
    consumed: u32,
    in_flight: VecDeque<(SimTime, bool)>,
}

/// What bringing a block's chunk in cost the session.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ScanStep {
    /// The session waited this long (`cell smart table scan`).
    pub wait_us: Option<f64>,
    /// Requests issued, their blocks, and those served from the flash cache.
    pub requests: u64,
    pub blocks: u64,
    pub flash_hits: u64,
}

impl SmartScan {
    pub fn new(seg: u32, blocks: u32, block_size: u32, shape: SmartScanShape) -> Self {
        let chunk = (shape.request_bytes / block_size.max(1) as u64).clamp(1, u32::MAX as u64) as u32;
        SmartScan {
            seg,
            blocks,
            chunk,
            depth: shape.depth.max(1),
            block_size,
            issued: 0,
            consumed: 0,
            in_flight: VecDeque::new(),
        }
    }

    fn chunks(&self) -> u32 {
        self.blocks.div_ceil(self.chunk).max(1)
    }

    /// The session at `now` needs block `b`: requests are issued to keep
    /// `depth` outstanding, and the chunk holding `b` must have arrived.
    pub fn need(&mut self, b: u32, now: SimTime, dev: &mut dyn BlockDevice) -> ScanStep {
        let mut step = ScanStep::default();
        let target = (b / self.chunk).min(self.chunks() - 1);
        let mut now = now;
        // Bounded by the segment's chunks.
        for _ in 0..=self.chunks() {
            if self.consumed > target {
                break;
            }
            while self.issued < self.chunks() && self.in_flight.len() < self.depth as usize {
                let first = self.issued * self.chunk;
                let n = self.chunk.min(self.blocks.saturating_sub(first)).max(1);
                let r = IoRequest {
                    kind: IoKind::Read,
                    file: self.seg,
                    block: first,
                    blocks: n,
                    block_size: self.block_size,
                    purpose: IoPurpose::Data,
                };
                let done = dev.submit(&r, now);
                let hit = dev.last_note().flash_cache_hit;
                self.in_flight.push_back((done, hit));
                self.issued += 1;
                step.requests += 1;
                step.blocks += n as u64;
                step.flash_hits += hit as u64;
            }
            let Some((done, _)) = self.in_flight.pop_front() else { break };
            if done > now {
                *step.wait_us.get_or_insert(0.0) += done.since(now);
                now = done;
            }
            self.consumed += 1;
        }
        step
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand-checkable cell: 2 disks (6,000 rpm: 5,000 us of rotation;
    /// 100 MB/s; seeks 1,000 / 5,200 / 10,000 us over 1 GB of 1 MB
    /// tracks, files 90 MB apart), 8 KB allocation units, 100 us of
    /// cellsrv, flash of 4 blocks x 16 pages of 4 KB on 2 channels (25 /
    /// 250 / 2,000 us, 1,024 MB/s link, no command overhead), 64 KB of
    /// flash cache (8 slots of 8 KB) and 64 KB of flash log.
    fn tiny() -> ExadataCell {
        let mut p = CellParams {
            disks: 2.0,
            au_kb: 8.0,
            cell_overhead_us: 100.0,
            flash_cache_mb: 0.0625,
            flash_log_mb: 0.0625,
            flash_log_overhead_us: 0.0,
            ..Default::default()
        };
        p.hdd = HddParams {
            rpm: 6_000.0,
            avg_seek_us: 5_200.0,
            track_to_track_us: 1_000.0,
            full_stroke_us: 10_000.0,
            transfer_mb_s: 100.0,
            capacity_gb: 1.0,
            track_kb: 1_000.0,
            file_stride_mb: 90.0,
            cache_mb: 0.0,
            link_mb_s: 600.0,
            controller_us: 100.0,
        };
        p.ssd = SsdParams {
            channels: 2.0,
            blocks: 4.0,
            pages_per_block: 16.0,
            page_kb: 4.0,
            read_us: 25.0,
            program_us: 250.0,
            erase_us: 2_000.0,
            host_mb_s: 1_024.0,
            command_us: 0.0,
            overprovision_pct: 25.0,
            gc_low_watermark_pct: 0.0,
            // 2^20 bytes: files start on page boundaries.
            file_stride_mb: 1.048576,
            partial_write_us: 0.0,
            merge_per_sector: 0.0,
            write_buffer_kb: 0.0,
        };
        ExadataCell::new("CELL", p).unwrap()
    }

    fn read(file: u32, block: u32, blocks: u32) -> IoRequest {
        IoRequest { kind: IoKind::Read, file, block, blocks, block_size: 8192, purpose: IoPurpose::Data }
    }

    fn at(t: SimTime, us: f64) -> bool {
        (t.0 - us).abs() < 1e-6
    }

    /// A single-block read of file 0 block 0 at 0: cellsrv 100; disk 0
    /// (AU 0) at byte 0, the head's track: no seek, 5,000 rotation, 81.92
    /// transfer -> 5,181.92. Cached (DEFAULT, small): 8 KB into slots 0,
    /// two 4 KB pages on two channels: 8 us of link, 250 program ->
    /// 5,439.92. The same read again at 10,000 is a hit: 100 + 25 (both
    /// pages in parallel) + 8 -> 10,133.
    #[test]
    fn a_single_block_read_populates_the_cache_and_the_next_one_hits() {
        let mut c = tiny();
        let t = c.submit(&read(0, 0, 1), SimTime::ZERO);
        assert!(at(t, 5_439.92), "{t:?}");
        assert!(!c.last_note().flash_cache_hit);
        assert_eq!((c.cell.flash_cache_read_misses, c.cell.flash_cache_population_blocks), (1, 1));
        let t = c.submit(&read(0, 0, 1), SimTime(10_000.0));
        assert!(at(t, 10_133.0), "{t:?}");
        assert!(c.last_note().flash_cache_hit);
        assert_eq!(c.cell.flash_cache_read_hits, 1);
        assert_eq!(c.disks[0].counters().read_requests, 1, "the hit did not reach the disk");
    }

    /// ASM striping: 8 KB allocation units over 2 disks. A 4-block read of
    /// file 0 from block 0 is 4 AUs: 0 and 2 on disk 0, 1 and 3 on disk 1,
    /// each disk's two at its AUs 0 and 1 (consecutive: the second streams).
    /// Large under DEFAULT: not cached, and the cache is not consulted.
    #[test]
    fn a_large_read_is_striped_over_the_disks_and_not_cached_by_default() {
        let mut c = tiny();
        let t = c.submit(&read(0, 0, 4), SimTime::ZERO);
        // Each disk: 5,000 rotation + 81.92, then 81.92 streaming: 100 + 5,163.84.
        assert!(at(t, 5_263.84), "{t:?}");
        assert_eq!(c.disks[0].counters().read_requests, 2);
        assert_eq!(c.disks[1].counters().read_requests, 2);
        assert_eq!(c.disks[0].hdd.sequential, 1);
        assert_eq!(c.cell.flash_cache_read_misses, 0);
        assert_eq!(c.dir.map.len(), 0);
    }

    /// Under KEEP a large read populates the cache and waits for it: the 4
    /// blocks (32 KB, 8 pages over 2 channels) cross the link in 32 us and
    /// take 4 programs per channel, 1,000 us: 5,263.84 + 1,032 = 6,295.84.
    /// The next one is served from flash: 100 + 4 x 25 reads per channel +
    /// 32 of link from 10,000 -> 10,232.
    #[test]
    fn keep_caches_large_reads_and_the_first_one_pays_for_it() {
        let mut c = tiny();
        c.set_cache_policy(0, CellFlashCache::Keep);
        let t = c.submit(&read(0, 0, 4), SimTime::ZERO);
        assert!(at(t, 6_295.84), "{t:?}");
        assert_eq!(c.cell.flash_cache_population_blocks, 4);
        let t = c.submit(&read(0, 0, 4), SimTime(10_000.0));
        assert!(at(t, 10_232.0), "{t:?}");
        assert_eq!(c.cell.flash_cache_read_hits, 1);
        // NONE: neither consulted nor filled.
        c.set_cache_policy(1, CellFlashCache::None);
        c.submit(&read(1, 0, 1), SimTime(20_000.0));
        assert_eq!((c.cell.flash_cache_read_hits, c.cell.flash_cache_read_misses), (1, 1));
    }

    /// A miss's population is booked on the flash for when its disk read
    /// ends, in the future; a hit submitted after it for an earlier time
    /// does not wait for it. Block 0 cached (read at 0). Block 2 at
    /// 10,000: AU 2 on disk 0 (its AU 1, the head's track): 100 + 5,000 +
    /// 81.92 -> 15,181.92, then into slot 1 (flash pages 2 and 3, both
    /// channels): link 8, program 250 -> 15,439.92. A hit on block 0 at
    /// 12,000: 100 + 25 (pages 0 and 1 in parallel) + 8 of link -> 12,133
    /// (behind the population it would be 15,472.92).
    #[test]
    fn a_hit_does_not_wait_for_a_population_booked_later_in_time() {
        let mut c = tiny();
        c.submit(&read(0, 0, 1), SimTime::ZERO);
        let t = c.submit(&read(0, 2, 1), SimTime(10_000.0));
        assert!(at(t, 15_439.92), "{t:?}");
        let t = c.submit(&read(0, 0, 1), SimTime(12_000.0));
        assert!(c.last_note().flash_cache_hit);
        assert!(at(t, 12_133.0), "{t:?}");
    }

    /// The ring: 8 slots; 10 single blocks evict the first two.
    #[test]
    fn the_cache_evicts_in_ring_order() {
        let mut c = tiny();
        let mut t = SimTime::ZERO;
        for b in 0..10 {
            t = c.submit(&read(0, b, 1), t);
        }
        assert_eq!((c.dir.map.len(), c.cell.flash_cache_evictions), (8, 2));
        c.submit(&read(0, 0, 1), t);
        assert!(!c.last_note().flash_cache_hit, "block 0 was evicted");
        c.submit(&read(0, 9, 1), t);
        assert!(c.last_note().flash_cache_hit);
    }

    /// Write-through: a write completes when the disk has it (100 + 5,000
    /// plus 81.92). Write-back: when flash has it (100 + 8 + 250 = 358),
    /// and the block stays dirty in flash until cellsrv destages it, which
    /// it does once flash has it (the next request at 10,000 finds it due).
    #[test]
    fn write_back_completes_at_flash_write_through_at_disk() {
        let w = IoRequest { kind: IoKind::Write, ..read(0, 0, 1) };
        let mut wt = tiny();
        assert!(at(wt.submit(&w, SimTime::ZERO), 5_181.92));
        let mut wb = tiny();
        assert!(wb.set_param("write_back", 1.0));
        let t = wb.submit(&w, SimTime::ZERO);
        assert!(at(t, 358.0), "{t:?}");
        assert_eq!(wb.disks[0].counters().write_requests, 0, "dirty in flash");
        assert_eq!(wb.cell.flash_cache_dirty_blocks, 1);
        // The block is now cached: a read hits; its destage was due.
        wb.submit(&read(0, 0, 1), SimTime(10_000.0));
        assert!(wb.last_note().flash_cache_hit);
        assert_eq!(wb.disks[0].counters().write_requests, 1, "destaged");
        let c = wb.cell;
        assert_eq!(
            (c.flash_cache_writeback_blocks, c.flash_cache_destaged_blocks, c.flash_cache_dirty_blocks),
            (1, 1, 0)
        );
        // Back to write-through: the flash cache is dropped and created empty.
        assert!(wb.set_param("write_back", 0.0));
        wb.submit(&read(0, 0, 1), SimTime(20_000.0));
        assert!(!wb.last_note().flash_cache_hit);
        assert!(!wb.set_param("disks", 4.0), "layout is fixed");
        assert!(!wb.set_param("write_back", 2.0));
    }

    /// Write-back destages one block at a time per disk, so a read does not
    /// wait behind the backlog. Blocks 0, 4 and 8 of file 0 (disk 0, 16 KB
    /// apart on one track) written back at 0: in flash at 358, 608, 858.
    /// A read of block 12 at 1,000 finds block 0's destage due (358 to
    /// 5,439.92: half a revolution and 81.92 of transfer) and blocks 4 and
    /// 8 still dirty: the read (at 1,100, a miss) waits for that one
    /// destage only, 5,439.92 + 5,081.92 = 10,521.84, then populates flash
    /// (8 + 250): 10,779.84. With every destage issued at once it would
    /// have waited for all three (20,685.68). At 30,000 the other two go,
    /// one after the other, behind the read: to 15,603.76 and 20,685.68.
    #[test]
    fn write_back_destages_one_at_a_time_and_reads_go_between() {
        let mut wb = tiny();
        assert!(wb.set_param("write_back", 1.0));
        for b in [0, 4, 8] {
            wb.submit(&IoRequest { kind: IoKind::Write, ..read(0, b, 1) }, SimTime::ZERO);
        }
        assert_eq!(wb.cell.flash_cache_dirty_blocks, 3);
        let t = wb.submit(&read(0, 12, 1), SimTime(1_000.0));
        assert!(at(t, 10_779.84), "{t:?}");
        assert_eq!((wb.cell.flash_cache_destaged_blocks, wb.cell.flash_cache_dirty_blocks), (1, 2));
        assert_eq!(wb.disks[0].hdd.max_queue_depth, 2, "the destage in flight and the read");
        wb.submit(&read(0, 0, 1), SimTime(30_000.0));
        assert_eq!((wb.cell.flash_cache_destaged_blocks, wb.cell.flash_cache_dirty_blocks), (3, 0));
        assert!((wb.disks[0].counters().busy_us - 4.0 * 5_081.92).abs() < 1e-6);
        assert!((wb.destage_free[0].0 - 20_685.68).abs() < 1e-6, "{:?}", wb.destage_free[0]);
    }

    /// Smart flash logging: a 512-byte redo write to an idle disk (100 +
    /// 5,000 + 5.12) races a write into the flash log, padded to a whole
    /// 4 KB page (4 us of link + 250 program): flash wins at 354. With a disk queue of 100 reads ahead of it
    /// (each ~5-10 ms: more than 500 ms in all), the flash win is a
    /// prevented outlier. With flash logging off, the disk's time.
    #[test]
    fn smart_flash_logging_completes_on_the_first_and_counts_outliers() {
        let redo =
            IoRequest { kind: IoKind::Write, file: 3, block: 0, blocks: 1, block_size: 512, purpose: IoPurpose::Redo };
        let mut off = tiny();
        let t = off.submit(&redo, SimTime::ZERO);
        // File 3 at 270 MB on disk 1 (AU 0 of file 3 -> (3 + 0) % 2):
        // track 270 of 1,000: seek 1,000 + 6,000 x sqrt(.27) + 3,000 x .27.
        let seek = 1_000.0 + 6_000.0 * 0.27f64.sqrt() + 3_000.0 * 0.27;
        assert!(at(t, 100.0 + seek + 5_000.0 + 5.12), "{t:?}");
        let mut on = tiny();
        assert!(on.set_param("flash_logging", 1.0));
        let t = on.submit(&redo, SimTime::ZERO);
        assert!(at(t, 354.0), "{t:?}");
        assert_eq!((on.cell.fl_flash_first, on.cell.fl_disk_first, on.cell.fl_prevented_outliers), (1, 0, 0));
        // The disk write still happened.
        assert_eq!(on.disks[1].counters().write_requests, 1);
        // Queue 100 random reads on disk 1, then a redo write at 0.
        let mut busy = tiny();
        busy.set_param("flash_logging", 1.0);
        for i in 0..100u32 {
            // Temp reads: not cached, so the flash stays idle.
            let q = IoRequest { purpose: IoPurpose::Temp, ..read(1 + 2 * (i % 7), i * 2, 1) };
            busy.submit(&q, SimTime::ZERO);
        }
        assert!(busy.disks[1].hdd.queue_depth >= 40);
        busy.submit(&redo, SimTime::ZERO);
        assert_eq!((busy.cell.fl_flash_first, busy.cell.fl_prevented_outliers), (1, 1));
        // A redo write to an idle disk that is quick: the disk can win
        // when the flash is slow (program 10 ms).
        let mut slow_flash = tiny();
        slow_flash.set_param("flash_logging", 1.0);
        slow_flash.set_param("flash_program_us", 10_000.0);
        slow_flash.submit(&redo, SimTime::ZERO);
        assert_eq!((slow_flash.cell.fl_disk_first, slow_flash.cell.fl_flash_first), (1, 0));
    }

    /// A flash grid disk: the request goes to the flash directly (100 +
    /// 2 pages on 2 channels 25 + 8 of link).
    #[test]
    fn a_flash_grid_disk_serves_everything_from_flash() {
        let mut p = tiny().params.clone();
        p.flash_grid_disk = 1.0;
        let mut c = ExadataCell::new("G", p).unwrap();
        let t = c.submit(&read(5, 7, 1), SimTime::ZERO);
        assert!(at(t, 133.0), "{t:?}");
        assert_eq!(c.disks.iter().map(|d| d.counters().read_requests).sum::<u64>(), 0);
    }

    #[test]
    fn parameters_are_named_ranged_and_checked_together() {
        let mut p = CellParams::default();
        assert!(p.set("disks", 0.0).is_err());
        assert!(p.set("disks", 2.5).is_err());
        assert!(p.set("disk_rpm", 10_000.0).is_ok());
        assert!(p.set("flash_channels", 8.0).is_ok());
        assert!(p.set("flash_logging", 1.0).is_ok());
        assert!(p.set("flash_logging", 0.5).is_err());
        assert!(p.set("nonsense", 1.0).is_err());
        p.set("flash_cache_mb", 1_000_000.0).unwrap();
        assert!(p.validate().is_err(), "the cache must fit in the flash");
        for n in CellParams::NAMES {
            assert!(CellParams::range(n).is_some(), "{n}");
            assert!(CellParams::default().get(n).is_some(), "{n}");
        }
        assert!(ExadataCell::new("X", CellParams::default()).is_ok());
    }

    /// A smart scan of 10 blocks in chunks of 4 with 2 outstanding: chunks
    /// 0 and 1 issued at 0; block 0 waits for chunk 0; block 4 finds chunk
    /// 1 (issued in parallel on the other disks) done or waits for it.
    #[test]
    fn a_smart_scan_keeps_its_depth_and_waits_for_each_chunk_in_order() {
        let mut c = tiny();
        let shape = SmartScanShape { request_bytes: 32_768, depth: 2 };
        let mut s = SmartScan::new(9, 10, 8192, shape);
        assert_eq!(s.chunk, 4);
        let step = s.need(0, SimTime::ZERO, &mut c);
        assert_eq!((step.requests, step.blocks), (2, 8));
        let w0 = step.wait_us.expect("the first chunk is waited for");
        let step = s.need(1, SimTime(w0), &mut c);
        assert_eq!((step.requests, step.wait_us), (0, None), "same chunk");
        let step = s.need(4, SimTime(w0), &mut c);
        assert_eq!((step.requests, step.blocks), (1, 2), "the last chunk is 2 blocks");
        let step = s.need(9, SimTime(1e9), &mut c);
        assert_eq!((step.requests, step.wait_us), (0, None), "long done");
        assert_eq!(c.cell.large_read_requests, 3);
    }
}
