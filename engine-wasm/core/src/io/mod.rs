//! The I/O layer: block devices behind the datafiles, the redo logs and
//! the temp files. A device is `submit(request, now) -> completion time`
//! plus its own flat counters; it never sleeps and never looks at the
//! session that asked. What a request was beyond its time (a flash cache
//! served it) comes back with it from [`BlockDevice::serve`].
//!
//! - [`device`]: the boundary every device implements ([`BlockDevice`]),
//!   requests, counters, parameters and what a device type declares
//!   ([`DeviceType`]); [`snapshot`]: what the device view draws of one.
//! - [`hdd`], [`ssd`], [`exadata`], [`fixed`]: the devices, each file with
//!   its type's entry and builder.
//! - [`registry`]: the list of device types and lookups by type name; its
//!   module docs say how to add a device type.
//! - [`db_flash_cache`]: the Database Smart Flash Cache, in front of the
//!   device serving a segment.
//! - [`layer`]: the [`IoLayer`] (tablespaces, devices, which serves what).
//! - [`redo`]: the log buffer, LGWR and the online logs; [`log_files`]:
//!   the online logs on their devices; [`frames`]: the device view's frames.

pub mod db_flash_cache;
pub mod device;
pub mod exadata;
pub mod extents;
pub mod fixed;
pub mod frames;
pub mod hdd;
pub mod layer;
pub mod log_files;
pub mod redo;
pub mod registry;
pub mod snapshot;
pub mod ssd;

pub use device::{
    BlockDevice, DeviceCounters, DeviceError, DeviceParams, DeviceType, IoKind, IoNote, IoPurpose, IoRequest, ReadKind,
};
pub use fixed::FixedLatency;
pub use frames::DeviceMark;
pub use layer::{disk_group, IoLayer, Tablespace, MAX_DEVICES, MAX_TABLESPACES, TEMPFILE_BASE};
pub use registry::read_wait_event;
pub use snapshot::{DeviceSnapshot, FlashPages, FlashSnapshot, QueueSnapshot, MAX_SNAPSHOT_BLOCKS};
