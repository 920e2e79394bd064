//! The I/O layer: the instance's tablespaces and named devices, which
//! device serves each segment, the Database Smart Flash Cache in front of
//! them, temp files, and the device view's marks and frames.

use super::db_flash_cache;
use super::device::{BlockDevice, DeviceCounters, DeviceType, IoNote, IoRequest};
use super::exadata::{self, ExadataCell};
use super::fixed::FixedLatency;
use super::frames::{self, DeviceMark};
use super::hdd;
use super::redo;
use crate::result::{DeviceCounterOut, DeviceOut};
use crate::sim::SimTime;

/// At most this many devices on an instance.
pub const MAX_DEVICES: usize = 64;

pub use super::extents::Tablespace;

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
    /// Where each segment's blocks are in its tablespace's datafile.
    pub extents: super::extents::Extents,
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
            extents: Default::default(),
            datafiles: Box::new(FixedLatency::new("DATA", read_latency_us)),
            devices: vec![Box::new(data)],
            redo: redo::Redo::default(),
            cell_flash_cache: Default::default(),
            db_flash_cache: None,
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
        for d in self.devices.iter_mut().filter(|d| d.device_type().cell_settings) {
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
            if let Some(cell) = ExadataCell::of_mut(self.devices[k].as_mut()) {
                cell.set_cache_policy(segment, policy);
            }
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
        let Some(i) = self.tablespaces.iter().position(|t| t.name.eq_ignore_ascii_case(tablespace)) else { return };
        self.extents.place(segment, i, &self.tablespaces);
        let ts = &self.tablespaces[i];
        let k = self.devices.iter().position(|d| d.name().eq_ignore_ascii_case(&ts.device)).unwrap_or(0);
        let slot = segment as usize;
        if slot >= self.seg_device.len() {
            self.seg_device.resize(slot + 1, 0);
        }
        self.seg_device[slot] = k as u16;
        if let Some(&p) = self.cell_flash_cache.get(&segment) {
            if let Some(cell) = ExadataCell::of_mut(self.devices[k].as_mut()) {
                cell.set_cache_policy(segment, p);
            }
        }
    }

    /// DROP: the segment's extents go back to its tablespace.
    pub fn drop_segment(&mut self, segment: u32) {
        self.extents.drop_segment(segment);
    }

    /// The address (file#, block#) of block `block` of `segment`, from
    /// its extents (the next extents when the block is past them).
    #[inline(always)]
    pub fn block_address(&mut self, segment: u32, block: u32) -> super::extents::BlockAddress {
        self.extents.locate(segment, block, &self.tablespaces)
    }

    /// [`Self::block_address`] of a block already in its segment's
    /// extents, without allocating (None otherwise).
    pub fn block_address_of(&self, segment: u32, block: u32) -> Option<super::extents::BlockAddress> {
        self.extents.address(segment, block)
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
    pub(crate) fn frame(&mut self, now: SimTime) {
        if self.frames.due(now) {
            self.frames.capture(&self.devices, &self.frame_marks, now);
        }
    }

    /// The step's frames of the devices in `used` (the step's devices).
    pub fn frames_take(&mut self, used: &[DeviceOut]) -> Vec<frames::DeviceFrames> {
        let names: Vec<String> = used.iter().map(|d| d.name.clone()).collect();
        self.frame_marks.clear();
        self.frames.take(&self.devices, &names)
    }

    /// The type of the device serving segment `file` (its wait events):
    /// the entry the device keeps, no lookup by name.
    #[inline]
    pub fn type_of(&self, file: u32) -> &'static DeviceType {
        match self.device_of(file) {
            0 => self.datafiles.device_type(),
            k => self.devices[k].device_type(),
        }
    }

    /// How the device serving segment `file` runs a smart scan (None: it
    /// is not an Exadata cell).
    pub fn smart_scan(&self, file: u32) -> Option<exadata::SmartScanShape> {
        match self.device_of(file) {
            0 => None,
            k => ExadataCell::of(self.devices[k].as_ref()).map(|c| c.smart_scan_shape()),
        }
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
    pub fn devices_since(&self, before: &[DeviceMark]) -> Vec<DeviceOut> {
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
                DeviceCounterOut::new(
                    "physical read total IO requests",
                    c.read_requests as f64,
                    c0.read_requests as f64,
                ),
                DeviceCounterOut::new(
                    "physical write total IO requests",
                    c.write_requests as f64,
                    c0.write_requests as f64,
                ),
                DeviceCounterOut::new("physical read total bytes", c.bytes_read as f64, c0.bytes_read as f64),
                DeviceCounterOut::new("physical write total bytes", c.bytes_written as f64, c0.bytes_written as f64),
                DeviceCounterOut::new("busy_us", r3(c.busy_us), r3(c0.busy_us)),
            ];
            counters.extend(own.iter().map(|(n, v)| DeviceCounterOut::new(n, r3(*v), r3(own0(n)))));
            out.push(DeviceOut { name: d.name().to_string(), kind: d.kind(), counters, snapshot: d.snapshot() });
        }
        out
    }
}

/// The I/O layer as the buffer cache's device: a request goes to the
/// device of the segment it names (`IoRequest::file`).
impl BlockDevice for IoLayer {
    fn name(&self) -> &str {
        self.datafiles.name()
    }
    fn submit(&mut self, request: &IoRequest, now: SimTime) -> SimTime {
        self.serve(request, now).0
    }
    #[inline(always)]
    fn dba(&mut self, seg: u32, block: u32) -> (u32, u32) {
        let a = self.block_address(seg, block);
        (a.file, a.block)
    }
    /// A request to the device serving its segment, through the Database
    /// Smart Flash Cache when there is one; on the device, the blocks are
    /// where the segment's extents put them.
    fn serve(&mut self, request: &IoRequest, now: SimTime) -> (SimTime, IoNote) {
        self.frame(now);
        let a = self.block_address(request.file, request.block);
        let request = &IoRequest { dev_file: a.slot, dev_block: a.block, ..*request };
        let (datafiles, seg_device) = (&mut self.datafiles, &self.seg_device);
        let mut behind = |devices: &mut [Box<dyn BlockDevice>], r: &IoRequest, t: SimTime| match seg_device
            .get(r.file as usize)
            .copied()
            .unwrap_or(0)
            as usize
        {
            0 => datafiles.serve(r, t),
            k => devices[k].serve(r, t),
        };
        match self.db_flash_cache.as_mut() {
            Some(fc) => fc.serve(request, now, &mut self.devices, behind),
            None => behind(&mut self.devices, request, now),
        }
    }
    fn device_type(&self) -> &'static DeviceType {
        self.datafiles.device_type()
    }
    fn param(&self, _name: &str) -> Option<f64> {
        None
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
    use crate::io::registry::{self, read_wait_event, ReadKind};
    use crate::io::IoKind;

    /// The Database Smart Flash Cache: a buffer aged out goes to the flash
    /// file (unwaited); a miss of it is then read from the flash device
    /// (`db flash cache single block physical read`) instead of its
    /// segment's device; a write of the block makes the copy stale.
    #[test]
    fn aged_out_buffers_are_read_back_from_the_db_flash_cache() {
        let mut io = IoLayer::new(100.0);
        io.devices.push(registry::build("FLASH", "pcie_flash", &[]).unwrap());
        io.devices.push(registry::build("SLOW", "hdd", &[]).unwrap());
        io.tablespaces.push(Tablespace { name: "S".into(), device: "SLOW".into(), temporary: false, bytes: 1 << 30 });
        io.place(7, "S");
        io.configure_db_flash_cache(Some("+flash"), 1 << 20, 8192);
        assert_eq!(io.db_flash_cache.as_ref().map(|f| f.capacity()), Some(128));
        let r = IoRequest::single_block_read(7, 3, 8192);
        let (cold, note) = io.serve(&r, SimTime::ZERO);
        assert!(!note.db_flash_cache_hit);
        assert!(cold.us() > 2_000.0, "an HDD read: {cold:?}");
        assert_eq!(read_wait_event(io.type_of(7), ReadKind::Single, note).name(), "db file sequential read");
        io.age_out(7, 3, SimTime(10_000.0));
        let t = SimTime(20_000.0);
        let (warm, note) = io.serve(&r, t);
        assert!(note.db_flash_cache_hit);
        // PCIe flash: 10 us of command, a 4 KB page read per 4 KB (two on
        // two channels, 25 us), 8 KB over 1,500 MB/s.
        // (Each duration on the clock's grid: `sim::quantise`.)
        assert!((warm.since(t) - (10.0 + 25.0 + 8192.0 / 1500.0)).abs() < 4.0 / crate::sim::GRID_PER_US, "{warm:?}");
        assert_eq!(
            read_wait_event(io.type_of(7), ReadKind::Single, note).name(),
            "db flash cache single block physical read"
        );
        assert_eq!(io.device("SLOW").unwrap().counters().read_requests, 1);
        // DBWR writes the block: the flash copy is stale, the next miss reads the HDD.
        io.submit(&IoRequest { kind: IoKind::Write, ..r }, SimTime(30_000.0));
        assert!(!io.serve(&r, SimTime(40_000.0)).1.db_flash_cache_hit);
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
}
