//! The I/O layer: block devices behind the datafiles, the redo logs and
//! the temp files. A device is `submit(request, now) -> completion time`
//! plus its own flat counters; it never sleeps and never looks at the
//! session that asked. What a request was beyond its time (a flash cache
//! served it) comes back with it from [`BlockDevice::serve`].
//!
//! - [`registry`]: the device types (name, parameters, ranges, builder,
//!   read wait events); its module docs say how to add a device type.
//! - [`hdd`], [`ssd`], [`exadata`]: the devices; [`FixedLatency`] below.
//! - [`db_flash_cache`]: the Database Smart Flash Cache, in front of the
//!   device serving a segment.
//! - [`layer`]: the [`IoLayer`] (tablespaces, devices, which serves what).
//! - [`redo`]: the log buffer, LGWR and the online logs; [`frames`]: the
//!   device view's frames.

pub mod db_flash_cache;
pub mod exadata;
pub mod frames;
pub mod hdd;
pub mod layer;
pub mod redo;
pub mod registry;
pub mod ssd;

pub use layer::{disk_group, DeviceMark, IoLayer, Tablespace, MAX_DEVICES, MAX_TABLESPACES, TEMPFILE_BASE};
pub use registry::{read_wait_event, DeviceError, DeviceType, ReadKind};

use crate::sim::SimTime;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IoKind {
    Read,
    Write,
}

/// What a request carries, for devices that treat them differently (an
/// Exadata cell races redo writes to disk and flash with smart flash
/// logging; its flash cache keeps data blocks but not temp).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum IoPurpose {
    #[default]
    Data,
    /// LGWR writing the online redo log.
    Redo,
    /// Sort and hash-join spills to a temporary tablespace.
    Temp,
}

/// One request to a device: `blocks` consecutive blocks from `block` of a
/// file (the lab addresses a segment's blocks as one file per segment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IoRequest {
    pub kind: IoKind,
    pub file: u32,
    pub block: u32,
    pub blocks: u32,
    pub block_size: u32,
    pub purpose: IoPurpose,
}

impl IoRequest {
    /// A single-block read (`db file sequential read`).
    pub fn single_block_read(file: u32, block: u32, block_size: u32) -> Self {
        IoRequest { kind: IoKind::Read, file, block, blocks: 1, block_size, purpose: IoPurpose::Data }
    }

    pub fn bytes(&self) -> u64 {
        self.blocks as u64 * self.block_size as u64
    }
}

/// What a request a device served was, beyond its time: a cell served it
/// from its flash cache, or the I/O layer from the Database Smart Flash
/// Cache (returned with the time by [`BlockDevice::serve`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct IoNote {
    pub flash_cache_hit: bool,
    pub db_flash_cache_hit: bool,
}

/// A device's own counters (what `v$iostat_file` or a device view shows).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct DeviceCounters {
    pub read_requests: u64,
    pub write_requests: u64,
    pub blocks_read: u64,
    pub blocks_written: u64,
    pub bytes_read: u64,
    pub bytes_written: u64,
    /// Microseconds the device had at least one request in it (what
    /// iostat's %util counts): a disk's service time; on a device that
    /// serves requests in parallel (flash, a cell, fixed latency),
    /// overlapping requests count once.
    pub busy_us: f64,
    /// The latest completion counted into `busy_us`.
    busy_until: f64,
}

impl DeviceCounters {
    pub(crate) fn count(&mut self, r: &IoRequest, service_us: f64) {
        match r.kind {
            IoKind::Read => {
                self.read_requests += 1;
                self.blocks_read += r.blocks as u64;
                self.bytes_read += r.bytes();
            }
            IoKind::Write => {
                self.write_requests += 1;
                self.blocks_written += r.blocks as u64;
                self.bytes_written += r.bytes();
            }
        }
        self.busy_us += service_us;
    }

    /// [`Self::count`] for a request in the device from `now` to `done`,
    /// overlapping others: only the time no earlier request covered is busy.
    pub(crate) fn count_span(&mut self, r: &IoRequest, now: SimTime, done: SimTime) {
        self.count(r, done.us() - now.us().max(self.busy_until).min(done.us()));
        self.busy_until = self.busy_until.max(done.us());
    }
}

/// A block device on the simulated clock.
pub trait BlockDevice: std::fmt::Debug {
    fn name(&self) -> &str;
    /// Submit a request at `now`; returns when it completes.
    fn submit(&mut self, request: &IoRequest, now: SimTime) -> SimTime;
    /// [`Self::submit`], with what the request was beyond its time.
    fn serve(&mut self, request: &IoRequest, now: SimTime) -> (SimTime, IoNote) {
        (self.submit(request, now), IoNote::default())
    }
    fn counters(&self) -> &DeviceCounters;
    /// Set a named device parameter; false when the device has no such parameter.
    fn set_param(&mut self, name: &str, value: f64) -> bool;
    /// The device type as `LAB DEVICE ... TYPE` names it (its
    /// [`registry`] entry's name).
    fn kind(&self) -> &'static str {
        registry::FIXED.name
    }
    /// The device's [`registry`] entry.
    fn device_type(&self) -> &'static DeviceType {
        registry::of(self.kind()).unwrap_or(&registry::FIXED)
    }
    /// The device's parameter names (for listings and error messages).
    fn param_names(&self) -> &'static [&'static str] {
        &[]
    }
    fn param(&self, _name: &str) -> Option<f64> {
        None
    }
    /// The device's own counters beyond [`DeviceCounters`], by name.
    fn device_counters(&self) -> Vec<(&'static str, f64)> {
        Vec::new()
    }
    /// The type of the device serving `file` (the I/O layer answers per segment).
    fn type_of(&self, _file: u32) -> &'static DeviceType {
        self.device_type()
    }
    /// A segment's `CELL_FLASH_CACHE` attribute (cells keep it; others ignore it).
    fn set_cache_policy(&mut self, _file: u32, _policy: exadata::CellFlashCache) {}
    /// How the device serving `file` runs a smart scan (None: it cannot).
    fn smart_scan(&self, _file: u32) -> Option<exadata::SmartScanShape> {
        None
    }
    /// The device's state now, for the device view (computed once per
    /// step, never on the request path).
    fn snapshot(&self) -> DeviceSnapshot {
        DeviceSnapshot::default()
    }
    /// The device's state at `at`, no earlier than its last request's
    /// arrival (a device-view frame during the step): a disk's queue counts
    /// the requests still in it at `at`.
    fn frame_snapshot(&self, _at: SimTime) -> DeviceSnapshot {
        self.snapshot()
    }
}

/// At most this many cells in a flash snapshot: more erase blocks are
/// shown in groups of neighbours.
pub const MAX_SNAPSHOT_BLOCKS: usize = 1024;

crate::tsdecl::contract! {
    /// A device's state at the end of a step (what the device view draws).
    #[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
    pub struct DeviceSnapshot as DeviceSnapshot {
        /// Flash: the erase blocks' pages.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub flash: Option<FlashSnapshot>,
        /// A disk's request queue and write cache.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub queue: Option<QueueSnapshot>,
        /// A cell's disks, each its queue.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub disks: Vec<QueueSnapshot>,
    }

    /// A flash device's erase blocks: `blocks[i]` is `[valid, invalid, free]`
    /// pages of `group` neighbouring erase blocks (1 unless the device has
    /// more than [`MAX_SNAPSHOT_BLOCKS`]; the last group may hold fewer).
    #[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
    pub struct FlashSnapshot as FlashSnapshot {
        pub erase_blocks: u32,
        pub pages_per_block: u32,
        pub group: u32,
        pub blocks: Vec<[u32; 3]>,
        /// The shown block holding the write frontier (erased pages being filled).
        #[serde(skip_serializing_if = "Option::is_none")]
        pub open: Option<u32>,
        #[serde(flatten)]
        pub pages: FlashPages,
        pub write_amplification: f64,
    }

    /// A flash device's pages by state and its GC totals: the device view's
    /// snapshot and each playback frame carry them (flattened into both).
    #[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
    pub struct FlashPages as FlashPages {
        pub valid_pages: u64,
        pub invalid_pages: u64,
        pub free_pages: u64,
        pub erases: u64,
        pub gc_background: u64,
        pub gc_foreground: u64,
        pub gc_pages_moved: u64,
    }
}

impl FlashPages {
    pub fn of(s: &ssd::SsdCounters) -> Self {
        FlashPages {
            valid_pages: s.valid_pages,
            invalid_pages: s.invalid_pages,
            free_pages: s.free_pages,
            erases: s.erases,
            gc_background: s.gc_background,
            gc_foreground: s.gc_foreground,
            gc_pages_moved: s.gc_pages_moved,
        }
    }
}

impl FlashSnapshot {
    /// Group per-block `(valid, written)` pages into at most
    /// [`MAX_SNAPSHOT_BLOCKS`] cells.
    pub fn group_blocks(pages_per_block: u32, valid: &[u32], written: &[u32]) -> (u32, Vec<[u32; 3]>) {
        let n = valid.len().min(written.len());
        let group = n.div_ceil(MAX_SNAPSHOT_BLOCKS).max(1);
        let cells = (0..n.div_ceil(group))
            .map(|c| {
                let mut cell = [0u32; 3];
                for b in c * group..((c + 1) * group).min(n) {
                    let w = written[b].min(pages_per_block);
                    let v = valid[b].min(w);
                    cell[0] += v;
                    cell[1] += w - v;
                    cell[2] += pages_per_block - w;
                }
                cell
            })
            .collect();
        (group as u32, cells)
    }
}

crate::tsdecl::contract! {
    /// A disk's queue at the end of a step.
    #[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
    pub struct QueueSnapshot as QueueSnapshot {
        /// Requests in the device at its last request.
        pub queue_depth: u32,
        pub max_queue_depth: u32,
        /// Bytes in the controller's write cache not yet on the platter.
        pub dirty_bytes: u64,
        /// The write cache's size (0: no write cache).
        pub write_cache_bytes: u64,
    }
}

/// The first device: every request takes the same time, with no queue
/// (the lab's model before storage tiers: `physical_read_us`).
#[derive(Debug, Clone)]
pub struct FixedLatency {
    name: String,
    /// Microseconds per request.
    pub latency_us: f64,
    counters: DeviceCounters,
}

impl FixedLatency {
    pub fn new(name: &str, latency_us: f64) -> Self {
        FixedLatency { name: name.to_string(), latency_us, counters: DeviceCounters::default() }
    }
}

impl BlockDevice for FixedLatency {
    fn name(&self) -> &str {
        &self.name
    }

    fn submit(&mut self, request: &IoRequest, now: SimTime) -> SimTime {
        let done = now.after(self.latency_us);
        self.counters.count_span(request, now, done);
        done
    }

    fn counters(&self) -> &DeviceCounters {
        &self.counters
    }

    fn set_param(&mut self, name: &str, value: f64) -> bool {
        match name {
            "latency_us" | "physical_read_us" => {
                self.latency_us = value;
                true
            }
            _ => false,
        }
    }

    fn param_names(&self) -> &'static [&'static str] {
        &["latency_us"]
    }

    fn param(&self, name: &str) -> Option<f64> {
        (name == "latency_us").then_some(self.latency_us)
    }
}

/// A device model's named parameters: each has a range; together they
/// must pass `validate`.
pub trait DeviceParams: Clone {
    const NAMES: &'static [&'static str];
    /// The allowed range of a parameter (None: no such parameter).
    fn range(name: &str) -> Option<(f64, f64)>;
    fn slot(&mut self, name: &str) -> Option<&mut f64>;
    /// Checks the parameters together.
    fn validate(&self) -> Result<(), String>;
    /// Parameters that take whole numbers only.
    fn whole(_name: &str) -> bool {
        false
    }

    fn get(&self, name: &str) -> Option<f64> {
        self.clone().slot(name).map(|v| *v)
    }

    /// Sets one parameter, checking its own range.
    fn set(&mut self, name: &str, value: f64) -> Result<(), String> {
        let (lo, hi) = Self::range(name).ok_or_else(|| format!("no parameter named {name}"))?;
        if !(value.is_finite() && (lo..=hi).contains(&value)) {
            return Err(format!("{name} must be between {lo} and {hi}"));
        }
        if Self::whole(name) && value.fract() != 0.0 {
            return Err(format!("{name} must be a whole number"));
        }
        *self.slot(name).expect("a named parameter has a slot") = value;
        Ok(())
    }

    /// A copy with one parameter changed, if it is in range and the whole still validates.
    fn with(&self, name: &str, value: f64) -> Option<Self> {
        let mut p = self.clone();
        (p.set(name, value).is_ok() && p.validate().is_ok()).then_some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_latency_completes_after_its_latency_and_counts() {
        let mut d = FixedLatency::new("DATA", 100.0);
        let r = IoRequest::single_block_read(7, 3, 8192);
        assert_eq!(d.submit(&r, SimTime(10.0)), SimTime(110.0));
        assert_eq!(d.submit(&r, SimTime(10.0)), SimTime(110.0), "no queue: requests overlap");
        let c = d.counters();
        assert_eq!((c.read_requests, c.blocks_read, c.bytes_read, c.write_requests), (2, 2, 16384, 0));
        assert_eq!(c.busy_us, 100.0, "the overlapping requests are busy once");
        assert!(d.set_param("latency_us", 5.0));
        assert_eq!(d.submit(&r, SimTime(0.0)), SimTime(5.0));
        assert!(!d.set_param("seek_us", 1.0));
    }
}
