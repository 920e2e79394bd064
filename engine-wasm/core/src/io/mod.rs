//! The I/O layer: block devices behind the datafiles (and, later, the redo
//! logs and temp files). A device is `submit(request, now) -> completion
//! time` plus its own flat counters; it never sleeps and never looks at
//! the session that asked. A new device (HDD, flash SSD, Exadata cell, a
//! flash cache wrapping another device) is one more [`BlockDevice`]
//! implementation in this folder.

pub mod db_flash_cache;
pub mod exadata;
pub mod frames;
pub mod hdd;
pub mod redo;
pub mod ssd;

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

/// What the last request a device served was, beyond its time: a cell
/// served it from its flash cache, or the I/O layer from the Database
/// Smart Flash Cache.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct IoNote {
    pub flash_cache_hit: bool,
    pub db_flash_cache_hit: bool,
}

/// The kind of read a session waits for, to name its wait event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadKind {
    /// One block into the buffer cache.
    Single,
    /// Several blocks into the buffer cache.
    Multi,
    /// A smart scan (offloaded to the cell, no buffer cache).
    SmartScan,
}

/// The wait event of a read of `kind` served by a device of type
/// `device_kind` (the one place the names differ by device): on a cell
/// `cell single block physical read`, `cell multiblock physical read`,
/// `cell smart table scan`; elsewhere `db file sequential read` and
/// `db file scattered read` (not modelled yet: the lab's buffered reads
/// are single-block). A block found in the Database Smart Flash Cache:
/// `db flash cache single block physical read`.
pub fn read_wait_event(device_kind: &str, kind: ReadKind, note: IoNote) -> crate::stats::WaitEvent {
    use crate::stats::WaitEvent as W;
    if note.db_flash_cache_hit {
        return W::DbFlashCacheSingleBlockPhysicalRead;
    }
    match (device_kind == "exadata_cell", kind) {
        (true, ReadKind::Single) => W::CellSingleBlockPhysicalRead,
        (true, ReadKind::Multi) => W::CellMultiblockPhysicalRead,
        (_, ReadKind::SmartScan) => W::CellSmartTableScan,
        (false, ReadKind::Single) => W::DbFileSequentialRead,
        (false, ReadKind::Multi) => W::DbFileScatteredRead,
    }
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
    fn count(&mut self, r: &IoRequest, service_us: f64) {
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
    fn count_span(&mut self, r: &IoRequest, now: SimTime, done: SimTime) {
        self.count(r, done.us() - now.us().max(self.busy_until).min(done.us()));
        self.busy_until = self.busy_until.max(done.us());
    }
}

/// A block device on the simulated clock.
pub trait BlockDevice: std::fmt::Debug {
    fn name(&self) -> &str;
    /// Submit a request at `now`; returns when it completes.
    fn submit(&mut self, request: &IoRequest, now: SimTime) -> SimTime;
    fn counters(&self) -> &DeviceCounters;
    /// Set a named device parameter; false when the device has no such parameter.
    fn set_param(&mut self, name: &str, value: f64) -> bool;
    /// The device type as `LAB DEVICE ... TYPE` names it.
    fn kind(&self) -> &'static str {
        "fixed"
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
    /// What the last `submit` was beyond its time.
    fn last_note(&self) -> IoNote {
        IoNote::default()
    }
    /// The device type serving `file` (the I/O layer answers per segment).
    fn kind_of(&self, _file: u32) -> &'static str {
        self.kind()
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

/// A device's state at the end of a step (what the device view draws).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct DeviceSnapshot {
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
pub struct FlashSnapshot {
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
pub struct FlashPages {
    pub valid_pages: u64,
    pub invalid_pages: u64,
    pub free_pages: u64,
    pub erases: u64,
    pub gc_background: u64,
    pub gc_foreground: u64,
    pub gc_pages_moved: u64,
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

/// A disk's queue at the end of a step.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct QueueSnapshot {
    /// Requests in the device at its last request.
    pub queue_depth: u32,
    pub max_queue_depth: u32,
    /// Bytes in the controller's write cache not yet on the platter.
    pub dirty_bytes: u64,
    /// The write cache's size (0: no write cache).
    pub write_cache_bytes: u64,
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

/// The device types `LAB DEVICE <name> TYPE <type>` knows.
pub const DEVICE_TYPES: &[&str] = &["hdd", "sata_ssd", "pcie_flash", "exadata_cell"];

/// The parameter names of a device type (None: no such type).
pub fn type_params(kind: &str) -> Option<&'static [&'static str]> {
    match kind {
        "hdd" => Some(hdd::HddParams::NAMES),
        "sata_ssd" | "pcie_flash" => Some(ssd::SsdParams::NAMES),
        "exadata_cell" => Some(exadata::CellParams::NAMES),
        _ => None,
    }
}

/// The allowed range of a device type's parameter.
pub fn param_range(kind: &str, name: &str) -> Option<(f64, f64)> {
    match kind {
        "hdd" => hdd::HddParams::range(name),
        "sata_ssd" | "pcie_flash" => ssd::SsdParams::range(name),
        "exadata_cell" => exadata::CellParams::range(name),
        _ => None,
    }
}

/// Why a device definition is refused.
#[derive(Debug, Clone, PartialEq)]
pub enum DeviceError {
    UnknownType,
    /// The index of the offending parameter and what is wrong.
    Param(usize, String),
    /// The parameters do not fit together.
    Inconsistent(String),
}

/// Builds a device of `kind` from its preset and `params` (applied in order).
pub fn build_device(name: &str, kind: &str, params: &[(String, f64)]) -> Result<Box<dyn BlockDevice>, DeviceError> {
    match kind {
        "hdd" => {
            let mut p = <hdd::HddParams as Default>::default();
            for (i, (n, v)) in params.iter().enumerate() {
                p.set(n, *v).map_err(|e| DeviceError::Param(i, e))?;
            }
            Ok(Box::new(hdd::Hdd::new(name, p).map_err(DeviceError::Inconsistent)?))
        }
        "sata_ssd" | "pcie_flash" => {
            let (mut p, kind) = if kind == "sata_ssd" {
                (ssd::SsdParams::sata(), "sata_ssd")
            } else {
                (ssd::SsdParams::pcie(), "pcie_flash")
            };
            for (i, (n, v)) in params.iter().enumerate() {
                p.set(n, *v).map_err(|e| DeviceError::Param(i, e))?;
            }
            Ok(Box::new(ssd::Ssd::new(name, kind, p).map_err(DeviceError::Inconsistent)?))
        }
        "exadata_cell" => {
            let mut p = exadata::CellParams::default();
            for (i, (n, v)) in params.iter().enumerate() {
                p.set(n, *v).map_err(|e| DeviceError::Param(i, e))?;
            }
            Ok(Box::new(exadata::ExadataCell::new(name, p).map_err(DeviceError::Inconsistent)?))
        }
        _ => Err(DeviceError::UnknownType),
    }
}

/// At most this many devices on an instance.
pub const MAX_DEVICES: usize = 64;

/// A tablespace: its one file is on a device (`'+NAME'`).
#[derive(Debug, Clone, PartialEq)]
pub struct Tablespace {
    pub name: String,
    /// The device (ASM disk group) holding its file.
    pub device: String,
    /// A temporary tablespace (TEMPFILE): sorts and hash joins spill there.
    pub temporary: bool,
    pub bytes: u64,
}

/// At most this many tablespaces on an instance.
pub const MAX_TABLESPACES: usize = 256;

/// The disk group a file name addresses: `'+NAME'` or `'+NAME/path...'`.
pub fn disk_group(file: &str) -> Option<&str> {
    let rest = file.strip_prefix('+')?;
    let name = rest.split('/').next().unwrap_or("");
    (!name.is_empty()).then_some(name)
}

/// The file number temp requests carry: `TEMPFILE_BASE + the temporary
/// tablespace's index` (segments number their files from 0, far below).
pub const TEMPFILE_BASE: u32 = 1 << 20;

/// Where the instance's files live. Today one device holds the datafiles.
#[derive(Debug)]
pub struct IoLayer {
    /// The database's default temporary tablespace, where sorts spill
    /// (`ALTER DATABASE DEFAULT TEMPORARY TABLESPACE`; TEMP at creation).
    pub default_temp: String,
    /// The lab user's own temporary tablespace (`ALTER USER ... TEMPORARY
    /// TABLESPACE`); None: the default one.
    pub user_temp: Option<String>,
    /// Per tablespace (by index): the next block of its file a sort takes.
    temp_cursor: Vec<u64>,
    /// The tablespaces, each on a device. The default instance has SYSTEM,
    /// SYSAUX, UNDOTBS1, USERS and the temporary TEMP, all on DATA.
    pub tablespaces: Vec<Tablespace>,
    /// Per segment: 0 for DATA (served by `datafiles`), k for `devices[k]`.
    seg_device: Vec<u16>,
    pub datafiles: Box<dyn BlockDevice>,
    /// The named devices (`LAB DEVICE`), in the order they were defined.
    /// The default instance has an HDD named DATA. Nothing is placed on
    /// them yet: the datafiles are still served by `datafiles`.
    pub devices: Vec<Box<dyn BlockDevice>>,
    /// The log buffer, LGWR and the online redo logs.
    pub redo: redo::Redo,
    /// Segments' `CELL_FLASH_CACHE` (DEFAULT when absent), kept here so a
    /// segment moved to another cell keeps it.
    cell_flash_cache: crate::fasthash::FxMap<u32, exadata::CellFlashCache>,
    /// The Database Smart Flash Cache, when `db_flash_cache_file` and
    /// `db_flash_cache_size` were set at startup.
    pub db_flash_cache: Option<db_flash_cache::DbFlashCache>,
    /// What the last request was (a flash cache hit).
    last: IoNote,
    /// Cell parameters `LAB SET` gave every cell (`write_back`,
    /// `flash_logging`), for cells defined later too.
    pub cell_settings: Vec<(&'static str, f64)>,
    /// The device view's frames of the step running (see [`frames`]).
    frames: frames::FrameRecorder,
    frame_marks: Vec<DeviceMark>,
}

impl IoLayer {
    pub fn new(read_latency_us: f64) -> Self {
        let data = hdd::Hdd::new("DATA", hdd::HddParams::default()).expect("default HDD parameters are valid");
        let ts = |name: &str, temporary: bool, mb: u64| Tablespace {
            name: name.into(),
            device: "DATA".into(),
            temporary,
            bytes: mb << 20,
        };
        IoLayer {
            default_temp: "TEMP".into(),
            user_temp: None,
            temp_cursor: Vec::new(),
            tablespaces: vec![
                ts("SYSTEM", false, 800),
                ts("SYSAUX", false, 600),
                ts("UNDOTBS1", false, 200),
                ts("USERS", false, 100),
                ts("TEMP", true, 100),
            ],
            seg_device: Vec::new(),
            datafiles: Box::new(FixedLatency::new("DATA", read_latency_us)),
            devices: vec![Box::new(data)],
            redo: redo::Redo::default(),
            cell_flash_cache: Default::default(),
            db_flash_cache: None,
            last: IoNote::default(),
            cell_settings: Vec::new(),
            frames: frames::FrameRecorder::default(),
            frame_marks: Vec::new(),
        }
    }

    /// Set a parameter on every Exadata cell, now and for cells defined
    /// later; returns how many cells there are now.
    pub fn set_every_cell(&mut self, param: &'static str, value: f64) -> usize {
        self.cell_settings.retain(|(p, _)| *p != param);
        self.cell_settings.push((param, value));
        let mut n = 0;
        for d in self.devices.iter_mut().filter(|d| d.kind() == "exadata_cell") {
            d.set_param(param, value);
            n += 1;
        }
        n
    }

    /// The device index serving a segment (0: DATA, served by `datafiles`).
    fn device_of(&self, segment: u32) -> usize {
        self.seg_device.get(segment as usize).copied().unwrap_or(0) as usize
    }

    /// `ALTER TABLE ... STORAGE (CELL_FLASH_CACHE ...)`: the segment's
    /// attribute, given to the cell serving it.
    pub fn set_cell_flash_cache(&mut self, segment: u32, policy: exadata::CellFlashCache) {
        self.cell_flash_cache.insert(segment, policy);
        let k = self.device_of(segment);
        if k > 0 {
            self.devices[k].set_cache_policy(segment, policy);
        }
    }

    /// `db_flash_cache_file = '+NAME'` and `db_flash_cache_size` at
    /// startup: the flash file on the disk group's device, or none.
    pub fn configure_db_flash_cache(&mut self, file: Option<&str>, bytes: u64, block_size: u32) {
        self.db_flash_cache = None;
        let Some(group) = file.and_then(disk_group) else { return };
        let Some(k) = self.devices.iter().position(|d| d.name().eq_ignore_ascii_case(group)) else { return };
        if bytes > 0 {
            self.db_flash_cache = Some(db_flash_cache::DbFlashCache::new(k, bytes, block_size));
        }
    }

    /// The aging hook of the Database Smart Flash Cache: a clean buffer
    /// the buffer cache replaces is written (by DBWR, unwaited) to the
    /// flash file at `now`. Without a flash cache, nothing.
    pub fn age_out(&mut self, segment: u32, block: u32, now: SimTime) {
        if self.db_flash_cache.is_some() {
            self.frame(now);
        }
        if let Some(fc) = self.db_flash_cache.as_mut() {
            let r = fc.age_out(segment, block);
            let k = fc.device;
            self.devices[k].submit(&r, now);
        }
    }

    /// Put a segment in a tablespace: its blocks are read through the
    /// tablespace's device. DATA stays served by `datafiles` (the fixed
    /// latency of the lab before storage tiers), so default figures hold.
    pub fn place(&mut self, segment: u32, tablespace: &str) {
        let Some(ts) = self.tablespace(tablespace) else { return };
        let k = self.devices.iter().position(|d| d.name().eq_ignore_ascii_case(&ts.device)).unwrap_or(0);
        let slot = segment as usize;
        if slot >= self.seg_device.len() {
            self.seg_device.resize(slot + 1, 0);
        }
        self.seg_device[slot] = k as u16;
        if let Some(&p) = self.cell_flash_cache.get(&segment) {
            self.devices[k].set_cache_policy(segment, p);
        }
    }

    /// The temporary tablespace the lab user's sorts spill to (its own, else
    /// the default): its index and its file's size in blocks of `block_size`.
    pub fn temp_file(&self, block_size: u32) -> Option<(usize, u64)> {
        let name = self.user_temp.as_deref().unwrap_or(&self.default_temp);
        let i = self.tablespaces.iter().position(|t| t.temporary && t.name.eq_ignore_ascii_case(name))?;
        Some((i, self.tablespaces[i].bytes / block_size.max(1) as u64))
    }

    /// A sort takes `blocks` of temporary tablespace `ts`'s file: returns
    /// the first; the next sort starts after them (wrapping at the end).
    pub fn temp_alloc(&mut self, ts: usize, blocks: u64, file_blocks: u64) -> u64 {
        if ts >= self.temp_cursor.len() {
            self.temp_cursor.resize(ts + 1, 0);
        }
        let start = self.temp_cursor[ts] % file_blocks.max(1);
        self.temp_cursor[ts] = (start + blocks) % file_blocks.max(1);
        start
    }

    /// A temp request to temporary tablespace `ts`'s device (DATA, the
    /// default, is served by `datafiles` as segments on it are).
    pub fn submit_temp(&mut self, ts: usize, request: &IoRequest, now: SimTime) -> SimTime {
        self.frame(now);
        let device = self.tablespaces.get(ts).map(|t| t.device.as_str()).unwrap_or("DATA");
        match self.devices.iter().position(|d| d.name().eq_ignore_ascii_case(device)) {
            Some(k) if k > 0 => self.devices[k].submit(request, now),
            _ => self.datafiles.submit(request, now),
        }
    }

    pub fn tablespace(&self, name: &str) -> Option<&Tablespace> {
        self.tablespaces.iter().find(|t| t.name.eq_ignore_ascii_case(name))
    }

    /// What `LAB DEVICES` prints: each device, its parameters and counters.
    pub fn listing(&self) -> Vec<String> {
        let num = |v: f64| if v.fract() == 0.0 && v.abs() < 1e15 { format!("{v:.0}") } else { format!("{v:.3}") };
        let mut out = Vec::new();
        for d in &self.devices {
            let c = d.counters();
            out.push(format!("{} ({})", d.name(), d.kind()));
            let params: Vec<String> =
                d.param_names().iter().filter_map(|n| d.param(n).map(|v| format!("{n}={}", num(v)))).collect();
            out.push(format!("  parameters: {}", params.join(" ")));
            out.push(format!(
                "  reads {} ({} bytes), writes {} ({} bytes), busy_us {}",
                c.read_requests,
                c.bytes_read,
                c.write_requests,
                c.bytes_written,
                num(c.busy_us)
            ));
            let own: Vec<String> = d.device_counters().iter().map(|(n, v)| format!("{n}={}", num(*v))).collect();
            out.push(format!("  counters: {}", own.join(" ")));
        }
        if let Some(fc) = &self.db_flash_cache {
            out.push(format!(
                "db flash cache on {}: {} of {} blocks, inserts {}, hits {}",
                self.devices[fc.device].name(),
                fc.len(),
                fc.capacity(),
                fc.inserts,
                fc.hits
            ));
        }
        out
    }

    pub fn device(&self, name: &str) -> Option<&dyn BlockDevice> {
        self.devices.iter().find(|d| d.name().eq_ignore_ascii_case(name)).map(|d| d.as_ref())
    }

    /// Start the device view's frames of a step at `now` (`on`: the step
    /// keeps a trace to play them against; `marks`: the devices' counters now).
    pub fn frames_arm(&mut self, now: SimTime, on: bool, marks: &[DeviceMark]) {
        self.frames.arm(now, on);
        self.frame_marks = if on { marks.to_vec() } else { Vec::new() };
    }

    /// A frame before a request at `now`, when one is due (one comparison otherwise).
    #[inline(always)]
    fn frame(&mut self, now: SimTime) {
        if self.frames.due(now) {
            self.frames.capture(&self.devices, &self.frame_marks, now);
        }
    }

    /// The step's frames of the devices in `used` (the step's devices).
    pub fn frames_take(&mut self, used: &[crate::result::DeviceOut]) -> Vec<frames::DeviceFrames> {
        let names: Vec<String> = used.iter().map(|d| d.name.clone()).collect();
        self.frame_marks.clear();
        self.frames.take(&self.devices, &names)
    }

    /// Every named device's counters now (taken before a step).
    pub fn device_marks(&self) -> Vec<DeviceMark> {
        self.devices
            .iter()
            .map(|d| DeviceMark { name: d.name().to_string(), common: *d.counters(), own: d.device_counters() })
            .collect()
    }

    /// The devices whose counters changed since `before` (a device defined
    /// since counts from zero): the changes, the totals and each one's
    /// state now. One pass over the devices, once per step.
    pub fn devices_since(&self, before: &[DeviceMark]) -> Vec<crate::result::DeviceOut> {
        let mut out = Vec::new();
        for d in &self.devices {
            let mark = before.iter().find(|m| m.name == d.name());
            let (c, c0) = (*d.counters(), mark.map(|m| m.common).unwrap_or_default());
            let own = d.device_counters();
            let own0 = |name: &str| mark.and_then(|m| m.own.iter().find(|(n, _)| *n == name)).map_or(0.0, |x| x.1);
            if c == c0 && own.iter().all(|(n, v)| *v == own0(n)) {
                continue;
            }
            let r3 = |v: f64| (v * 1000.0).round() / 1000.0;
            let mut counters = vec![
                crate::result::DeviceCounterOut::new(
                    "physical read total IO requests",
                    c.read_requests as f64,
                    c0.read_requests as f64,
                ),
                crate::result::DeviceCounterOut::new(
                    "physical write total IO requests",
                    c.write_requests as f64,
                    c0.write_requests as f64,
                ),
                crate::result::DeviceCounterOut::new(
                    "physical read total bytes",
                    c.bytes_read as f64,
                    c0.bytes_read as f64,
                ),
                crate::result::DeviceCounterOut::new(
                    "physical write total bytes",
                    c.bytes_written as f64,
                    c0.bytes_written as f64,
                ),
                crate::result::DeviceCounterOut::new("busy_us", r3(c.busy_us), r3(c0.busy_us)),
            ];
            counters.extend(own.iter().map(|(n, v)| crate::result::DeviceCounterOut::new(n, r3(*v), r3(own0(n)))));
            out.push(crate::result::DeviceOut {
                name: d.name().to_string(),
                kind: d.kind(),
                counters,
                snapshot: d.snapshot(),
            });
        }
        out
    }
}

/// A device's counters at a moment (see [`IoLayer::device_marks`]).
#[derive(Debug, Clone)]
pub struct DeviceMark {
    name: String,
    common: DeviceCounters,
    own: Vec<(&'static str, f64)>,
}

/// The I/O layer as the buffer cache's device: a request goes to the
/// device of the segment it names (`IoRequest::file`).
impl BlockDevice for IoLayer {
    fn name(&self) -> &str {
        self.datafiles.name()
    }
    fn submit(&mut self, request: &IoRequest, now: SimTime) -> SimTime {
        self.frame(now);
        self.last = IoNote::default();
        if let Some(fc) = self.db_flash_cache.as_mut() {
            if request.purpose == IoPurpose::Data && request.blocks == 1 {
                if let Some(s) = fc.slot_of(request.file, request.block) {
                    if request.kind == IoKind::Read {
                        fc.hits += 1;
                        let (r, k) = (fc.request(IoKind::Read, s), fc.device);
                        self.last.db_flash_cache_hit = true;
                        return self.devices[k].submit(&r, now);
                    }
                    fc.invalidate(request.file, request.block);
                }
            }
        }
        let k = self.device_of(request.file);
        if k > 0 {
            let done = self.devices[k].submit(request, now);
            self.last = self.devices[k].last_note();
            done
        } else {
            self.datafiles.submit(request, now)
        }
    }
    fn last_note(&self) -> IoNote {
        self.last
    }
    fn kind_of(&self, file: u32) -> &'static str {
        match self.device_of(file) {
            0 => self.datafiles.kind(),
            k => self.devices[k].kind(),
        }
    }
    fn smart_scan(&self, file: u32) -> Option<exadata::SmartScanShape> {
        match self.device_of(file) {
            0 => None,
            k => self.devices[k].smart_scan(file),
        }
    }
    fn counters(&self) -> &DeviceCounters {
        self.datafiles.counters()
    }
    fn set_param(&mut self, name: &str, value: f64) -> bool {
        self.datafiles.set_param(name, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Database Smart Flash Cache: a buffer aged out goes to the flash
    /// file (unwaited); a miss of it is then read from the flash device
    /// (`db flash cache single block physical read`) instead of its
    /// segment's device; a write of the block makes the copy stale.
    #[test]
    fn aged_out_buffers_are_read_back_from_the_db_flash_cache() {
        let mut io = IoLayer::new(100.0);
        io.devices.push(build_device("FLASH", "pcie_flash", &[]).unwrap());
        io.devices.push(build_device("SLOW", "hdd", &[]).unwrap());
        io.tablespaces.push(Tablespace { name: "S".into(), device: "SLOW".into(), temporary: false, bytes: 1 << 30 });
        io.place(7, "S");
        io.configure_db_flash_cache(Some("+flash"), 1 << 20, 8192);
        assert_eq!(io.db_flash_cache.as_ref().map(|f| f.capacity()), Some(128));
        let r = IoRequest::single_block_read(7, 3, 8192);
        let cold = io.submit(&r, SimTime::ZERO);
        assert!(!io.last_note().db_flash_cache_hit);
        assert!(cold.us() > 2_000.0, "an HDD read: {cold:?}");
        assert_eq!(read_wait_event(io.kind_of(7), ReadKind::Single, io.last_note()).name(), "db file sequential read");
        io.age_out(7, 3, SimTime(10_000.0));
        let t = SimTime(20_000.0);
        let warm = io.submit(&r, t);
        assert!(io.last_note().db_flash_cache_hit);
        // PCIe flash: 10 us of command, a 4 KB page read per 4 KB (two on
        // two channels, 25 us), 8 KB over 1,500 MB/s.
        assert!((warm.since(t) - (10.0 + 25.0 + 8192.0 / 1500.0)).abs() < 1e-9, "{warm:?}");
        assert_eq!(
            read_wait_event(io.kind_of(7), ReadKind::Single, io.last_note()).name(),
            "db flash cache single block physical read"
        );
        assert_eq!(io.device("SLOW").unwrap().counters().read_requests, 1);
        // DBWR writes the block: the flash copy is stale, the next miss reads the HDD.
        io.submit(&IoRequest { kind: IoKind::Write, ..r }, SimTime(30_000.0));
        io.submit(&r, SimTime(40_000.0));
        assert!(!io.last_note().db_flash_cache_hit);
        assert_eq!(io.device("SLOW").unwrap().counters().read_requests, 2);
        assert!(io
            .listing()
            .last()
            .unwrap()
            .starts_with("db flash cache on FLASH: 0 of 128 blocks, inserts 1, hits 1"));
        // No such disk group or no size: no flash cache.
        io.configure_db_flash_cache(Some("+NOSUCH"), 1 << 20, 8192);
        assert!(io.db_flash_cache.is_none());
    }

    #[test]
    fn wait_events_follow_the_device_and_the_read() {
        let n = |k, r| read_wait_event(k, r, IoNote::default()).name();
        assert_eq!(n("hdd", ReadKind::Single), "db file sequential read");
        assert_eq!(n("fixed", ReadKind::Multi), "db file scattered read");
        assert_eq!(n("exadata_cell", ReadKind::Single), "cell single block physical read");
        assert_eq!(n("exadata_cell", ReadKind::Multi), "cell multiblock physical read");
        assert_eq!(n("exadata_cell", ReadKind::SmartScan), "cell smart table scan");
    }

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
