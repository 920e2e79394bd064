//! The cell itself: its parameters and counters, ASM striping over its
//! disks, and its device interface (see the module docs of [`super`]).

use super::directory::Directory;
use super::smart_scan::SmartScanShape;
use crate::fasthash::FxMap;
use crate::io::device::{
    with_params, BlockDevice, DeviceCounters, DeviceError, DeviceParams, DeviceType, IoKind, IoNote, IoPurpose,
    IoRequest, CELL_READS,
};
use crate::io::hdd::{Hdd, HddParams};
use crate::io::snapshot::DeviceSnapshot;
use crate::io::ssd::{Ssd, SsdParams, PCIE_FLASH};
use crate::sim::SimTime;
use std::collections::VecDeque;

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
        "flash_partial_write_us",
        "flash_merge_per_sector",
        "flash_write_buffer_kb",
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

/// An Exadata storage cell (`LAB DEVICE c TYPE exadata_cell`).
#[derive(Debug, Clone)]
pub struct ExadataCell {
    name: String,
    pub(super) params: CellParams,
    counters: DeviceCounters,
    pub cell: CellCounters,
    pub disks: Vec<Hdd>,
    pub flash: Ssd,
    pub(super) dir: Directory,
    /// The runs of flash-cache slots of the request in hand (reused: no
    /// allocation per request).
    pub(super) runs: Vec<(u32, u32)>,
    pub(super) policy: FxMap<u32, CellFlashCache>,
    /// Next byte of the flash log (circular).
    pub(super) log_cursor: u64,
    /// When the flash log's last write completes.
    pub(super) log_busy_until: SimTime,
    /// Write-back: blocks flash holds that their disk does not have yet,
    /// per disk, oldest first (the write, when flash had it); and when
    /// each disk took cellsrv's last destage.
    pub(super) dirty: Vec<VecDeque<(IoRequest, SimTime)>>,
    pub(super) destage_free: Vec<SimTime>,
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
        let flash = Ssd::new(&format!("{name}_FD"), &PCIE_FLASH, params.ssd.clone())?;
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
        })
    }

    pub fn params(&self) -> &CellParams {
        &self.params
    }

    pub(super) fn write_back(&self) -> bool {
        self.params.write_back != 0.0
    }

    pub(super) fn grid_disk(&self) -> bool {
        self.params.flash_grid_disk != 0.0
    }

    pub(super) fn cache_bytes(&self) -> u64 {
        (self.params.flash_cache_mb * 1_048_576.0) as u64
    }

    /// Allocation-unit size in bytes (at least 1).
    pub(super) fn au_bytes(&self) -> u64 {
        ((self.params.au_kb * 1024.0) as u64).max(1)
    }

    /// The disk allocation unit `a` of `file` is on (coarse striping).
    pub(super) fn disk_of_au(&self, file: u32, a: u64) -> usize {
        ((file as u64 + a) % self.disks.len().max(1) as u64) as usize
    }

    /// The disk a request's first allocation unit is on.
    pub(super) fn disk_of(&self, r: &IoRequest) -> usize {
        self.disk_of_au(r.dev_file, r.dev_block as u64 * r.block_size.max(1) as u64 / self.au_bytes())
    }

    /// Send the request's pieces to their disks at `at`; when the last completes.
    pub(super) fn disk_io(&mut self, r: &IoRequest, at: SimTime) -> SimTime {
        let n = self.disks.len() as u64;
        let au = self.au_bytes();
        let bs = r.block_size.max(1) as u64;
        let mut off = r.dev_block as u64 * bs;
        let end = off + r.bytes();
        let mut done = at;
        // Bounded by the allocation units the request spans (at most its blocks).
        for _ in 0..=r.blocks {
            if off >= end {
                break;
            }
            let a = off / au;
            let piece_end = ((a + 1) * au).min(end);
            let disk = self.disk_of_au(r.dev_file, a);
            let local = (a / n) * au + (off - a * au);
            let piece =
                IoRequest { dev_block: (local / bs) as u32, blocks: (piece_end - off).div_ceil(bs) as u32, ..*r };
            done = done.max(self.disks[disk].submit(&piece, at));
            off = piece_end;
        }
        done
    }
}

impl BlockDevice for ExadataCell {
    fn name(&self) -> &str {
        &self.name
    }

    fn device_type(&self) -> &'static DeviceType {
        &EXADATA_CELL
    }

    fn submit(&mut self, r: &IoRequest, now: SimTime) -> SimTime {
        self.serve(r, now).0
    }

    /// A request served, and whether the flash cache served it (a read hit).
    fn serve(&mut self, r: &IoRequest, now: SimTime) -> (SimTime, IoNote) {
        self.destage(now, false);
        let t = now.after(self.params.cell_overhead_us);
        if r.kind == IoKind::Read && r.blocks > 1 {
            self.cell.large_read_requests += 1;
        }
        let (done, note) = if self.grid_disk() {
            (self.flash.submit(r, t), IoNote::default())
        } else {
            match (r.kind, r.purpose) {
                (IoKind::Read, _) => self.with_runs(|c, runs| c.read(r, t, runs)),
                (IoKind::Write, IoPurpose::Redo) => (self.redo_write(r, now, t), IoNote::default()),
                (IoKind::Write, _) => (self.with_runs(|c, runs| c.write(r, t, runs)), IoNote::default()),
            }
        };
        self.counters.count_span(r, now, done);
        (done, note)
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

    fn snapshot(&self) -> DeviceSnapshot {
        DeviceSnapshot {
            flash: Some(self.flash.flash_snapshot()),
            queue: None,
            disks: self.disks.iter().map(|d| d.queue_snapshot()).collect(),
        }
    }

    fn frame_snapshot(&self, at: SimTime) -> DeviceSnapshot {
        DeviceSnapshot {
            flash: Some(self.flash.flash_snapshot()),
            queue: None,
            disks: self.disks.iter().map(|d| d.queue_at(at)).collect(),
        }
    }
}

/// The Exadata cell's registry entry (`LAB DEVICE c TYPE exadata_cell`).
pub static EXADATA_CELL: DeviceType = DeviceType {
    name: "exadata_cell",
    label: "Exadata cell",
    definable: true,
    params: CellParams::NAMES,
    range: CellParams::range,
    build: build_cell,
    reads: CELL_READS,
    cell_settings: true,
    flash_part: true,
};

fn build_cell(name: &str, params: &[(String, f64)]) -> Result<Box<dyn BlockDevice>, DeviceError> {
    let p = with_params(CellParams::default(), params)?;
    Ok(Box::new(ExadataCell::new(name, p).map_err(DeviceError::Inconsistent)?))
}

/// What only a cell does, beyond a block device: the I/O layer reaches it
/// through [`ExadataCell::of`] (None for any other device).
impl ExadataCell {
    /// The device as a cell, if it is one.
    pub fn of(d: &dyn BlockDevice) -> Option<&ExadataCell> {
        (d as &dyn std::any::Any).downcast_ref()
    }

    /// [`Self::of`], to change it.
    pub fn of_mut(d: &mut dyn BlockDevice) -> Option<&mut ExadataCell> {
        (d as &mut dyn std::any::Any).downcast_mut()
    }

    /// A segment's `CELL_FLASH_CACHE` attribute (`ALTER TABLE ... STORAGE`).
    pub fn set_cache_policy(&mut self, file: u32, policy: CellFlashCache) {
        self.policy.insert(file, policy);
    }

    /// How the cell serves a smart scan: request size and outstanding requests.
    pub fn smart_scan_shape(&self) -> SmartScanShape {
        SmartScanShape {
            request_bytes: (self.params.smart_scan_mb * 1_048_576.0) as u64,
            depth: self.params.smart_scan_depth as u32,
        }
    }

    /// The cell's own parameters whose names start with `flash_`.
    const OWN: &'static [&'static str] =
        &["flash_cache_mb", "flash_log_mb", "flash_grid_disk", "flash_logging", "flash_log_overhead_us"];
}
