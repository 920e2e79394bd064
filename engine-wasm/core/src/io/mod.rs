//! The I/O layer: block devices behind the datafiles (and, later, the redo
//! logs and temp files). A device is `submit(request, now) -> completion
//! time` plus its own flat counters; it never sleeps and never looks at
//! the session that asked. A new device (HDD, flash SSD, Exadata cell, a
//! flash cache wrapping another device) is one more [`BlockDevice`]
//! implementation in this folder.

pub mod hdd;
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

/// A device's own counters (what `v$iostat_file` or a device view shows).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct DeviceCounters {
    pub read_requests: u64,
    pub write_requests: u64,
    pub blocks_read: u64,
    pub blocks_written: u64,
    pub bytes_read: u64,
    pub bytes_written: u64,
    /// Microseconds the device spent serving requests.
    pub busy_us: f64,
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
        self.counters.count(request, self.latency_us);
        now.after(self.latency_us)
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
pub const DEVICE_TYPES: &[&str] = &["hdd", "sata_ssd", "pcie_flash"];

/// The parameter names of a device type (None: no such type).
pub fn type_params(kind: &str) -> Option<&'static [&'static str]> {
    match kind {
        "hdd" => Some(hdd::HddParams::NAMES),
        "sata_ssd" | "pcie_flash" => Some(ssd::SsdParams::NAMES),
        _ => None,
    }
}

/// The allowed range of a device type's parameter.
pub fn param_range(kind: &str, name: &str) -> Option<(f64, f64)> {
    match kind {
        "hdd" => hdd::HddParams::range(name),
        "sata_ssd" | "pcie_flash" => ssd::SsdParams::range(name),
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
        out
    }

    pub fn device(&self, name: &str) -> Option<&dyn BlockDevice> {
        self.devices.iter().find(|d| d.name().eq_ignore_ascii_case(name)).map(|d| d.as_ref())
    }
}

/// The I/O layer as the buffer cache's device: a request goes to the
/// device of the segment it names (`IoRequest::file`).
impl BlockDevice for IoLayer {
    fn name(&self) -> &str {
        self.datafiles.name()
    }
    fn submit(&mut self, request: &IoRequest, now: SimTime) -> SimTime {
        match self.seg_device.get(request.file as usize) {
            Some(&k) if k > 0 => self.devices[k as usize].submit(request, now),
            _ => self.datafiles.submit(request, now),
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

    #[test]
    fn fixed_latency_completes_after_its_latency_and_counts() {
        let mut d = FixedLatency::new("DATA", 100.0);
        let r = IoRequest::single_block_read(7, 3, 8192);
        assert_eq!(d.submit(&r, SimTime(10.0)), SimTime(110.0));
        assert_eq!(d.submit(&r, SimTime(10.0)), SimTime(110.0), "no queue: requests overlap");
        let c = d.counters();
        assert_eq!((c.read_requests, c.blocks_read, c.bytes_read, c.write_requests), (2, 2, 16384, 0));
        assert_eq!(c.busy_us, 200.0);
        assert!(d.set_param("latency_us", 5.0));
        assert_eq!(d.submit(&r, SimTime(0.0)), SimTime(5.0));
        assert!(!d.set_param("seek_us", 1.0));
    }
}
