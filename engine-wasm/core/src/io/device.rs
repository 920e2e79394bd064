//! The device boundary: what a request is, what a device answers, its
//! counters and parameters, and what a device type declares (its entry in
//! [`super::registry`]). Every device file depends on this one; this one
//! depends on no device.

use super::snapshot::DeviceSnapshot;
use crate::sim::SimTime;
use crate::stats::WaitEvent;

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
/// file. `file` and `block` name what is read (a segment and its block,
/// which caches and a cell's policies key on); `dev_file` and `dev_block`
/// are where it is on the device (the datafile's slot on the device and
/// the block's place in the file, from the segment's extents:
/// [`super::extents`]). The I/O layer sets them for a segment's blocks;
/// other requests (temp, redo, flash files) are where they name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IoRequest {
    pub kind: IoKind,
    pub file: u32,
    pub block: u32,
    pub blocks: u32,
    pub block_size: u32,
    pub purpose: IoPurpose,
    pub dev_file: u32,
    pub dev_block: u32,
}

impl IoRequest {
    /// A single-block read (`db file sequential read`).
    pub fn single_block_read(file: u32, block: u32, block_size: u32) -> Self {
        IoRequest::at(IoKind::Read, file, block, 1, block_size, IoPurpose::Data)
    }

    /// A request for `blocks` blocks from `block` of `file`, on the device
    /// where it names.
    pub fn at(kind: IoKind, file: u32, block: u32, blocks: u32, block_size: u32, purpose: IoPurpose) -> Self {
        IoRequest { kind, file, block, blocks, block_size, purpose, dev_file: file, dev_block: block }
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
pub trait BlockDevice: std::fmt::Debug + std::any::Any {
    fn name(&self) -> &str;
    /// Submit a request at `now`; returns when it completes.
    fn submit(&mut self, request: &IoRequest, now: SimTime) -> SimTime;
    /// The address (file#, block#) of block `block` of segment `seg`, when
    /// the device addresses segments (the I/O layer: [`super::extents`]);
    /// a bare device addresses the segment as a file.
    fn dba(&mut self, seg: u32, block: u32) -> (u32, u32) {
        (seg, block)
    }
    /// [`Self::submit`], with what the request was beyond its time.
    fn serve(&mut self, request: &IoRequest, now: SimTime) -> (SimTime, IoNote) {
        (self.submit(request, now), IoNote::default())
    }
    fn counters(&self) -> &DeviceCounters;
    /// Set a named device parameter; false when the device has no such parameter.
    fn set_param(&mut self, name: &str, value: f64) -> bool;
    /// The device's registry entry, given by its builder and kept (no
    /// lookup by name on the request path).
    fn device_type(&self) -> &'static DeviceType;
    /// The device type as `LAB DEVICE ... TYPE` names it.
    fn kind(&self) -> &'static str {
        self.device_type().name
    }
    /// The device's parameter names (its type's, for listings and error messages).
    fn param_names(&self) -> &'static [&'static str] {
        self.device_type().params
    }
    fn param(&self, name: &str) -> Option<f64>;
    /// The device's own counters beyond [`DeviceCounters`], by name.
    fn device_counters(&self) -> Vec<(&'static str, f64)> {
        Vec::new()
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

/// Why a device definition is refused.
#[derive(Debug, Clone, PartialEq)]
pub enum DeviceError {
    UnknownType,
    /// The index of the offending parameter and what is wrong.
    Param(usize, String),
    /// The parameters do not fit together.
    Inconsistent(String),
}

/// The wait events a session's buffered read from a device of a type
/// waits under (Oracle's names).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadEvents {
    /// One block into the buffer cache.
    pub single: WaitEvent,
    /// Several blocks into the buffer cache.
    pub multi: WaitEvent,
}

/// A device type's builder: a device named `name` from the type's preset
/// and `params` applied in order.
pub type Builder = fn(&str, &[(String, f64)]) -> Result<Box<dyn BlockDevice>, DeviceError>;

/// One device type.
#[derive(Debug, Clone, Copy)]
pub struct DeviceType {
    /// The type name (`LAB DEVICE ... TYPE <name>`, `devices[].kind`).
    pub name: &'static str,
    /// What the device view calls it.
    pub label: &'static str,
    /// `LAB DEVICE` may define one (false: the lab's fixed-latency DATA,
    /// which the instance makes itself).
    pub definable: bool,
    /// Its parameter names, in `LAB DEVICES` order.
    pub params: &'static [&'static str],
    /// A parameter's allowed range (None: no such parameter).
    pub range: fn(&str) -> Option<(f64, f64)>,
    /// A device of the type named `name`, from the type's preset and
    /// `params` applied in order.
    pub build: Builder,
    /// Its buffered reads' wait events.
    pub reads: ReadEvents,
    /// `LAB SET cell_flash_cache_mode` / `cell_flash_logging` apply to it
    /// (an Exadata cell's `write_back` and `flash_logging`).
    pub cell_settings: bool,
    /// Its flash is one part of it (a cell's flash behind cellsrv): the
    /// device view heads the flash "flash" and the device's counters are
    /// not the flash's.
    pub flash_part: bool,
}

/// The read events of a device the instance reads directly.
pub const DB_FILE_READS: ReadEvents =
    ReadEvents { single: WaitEvent::DbFileSequentialRead, multi: WaitEvent::DbFileScatteredRead };
/// The read events of an Exadata cell.
pub const CELL_READS: ReadEvents =
    ReadEvents { single: WaitEvent::CellSingleBlockPhysicalRead, multi: WaitEvent::CellMultiblockPhysicalRead };

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

/// `p` with `params` set in order, each checked against its range.
pub fn with_params<P: DeviceParams>(mut p: P, params: &[(String, f64)]) -> Result<P, DeviceError> {
    for (i, (n, v)) in params.iter().enumerate() {
        p.set(n, *v).map_err(|e| DeviceError::Param(i, e))?;
    }
    Ok(p)
}
