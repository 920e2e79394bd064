//! The I/O layer: block devices behind the datafiles (and, later, the redo
//! logs and temp files). A device is `submit(request, now) -> completion
//! time` plus its own flat counters; it never sleeps and never looks at
//! the session that asked. A new device (HDD, flash SSD, Exadata cell, a
//! flash cache wrapping another device) is one more [`BlockDevice`]
//! implementation in this folder.

use crate::sim::SimTime;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IoKind {
    Read,
    Write,
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
}

impl IoRequest {
    /// A single-block read (`db file sequential read`).
    pub fn single_block_read(file: u32, block: u32, block_size: u32) -> Self {
        IoRequest { kind: IoKind::Read, file, block, blocks: 1, block_size }
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
}

/// Where the instance's files live. Today one device holds the datafiles.
#[derive(Debug)]
pub struct IoLayer {
    pub datafiles: Box<dyn BlockDevice>,
}

impl IoLayer {
    pub fn new(read_latency_us: f64) -> Self {
        IoLayer { datafiles: Box::new(FixedLatency::new("DATA", read_latency_us)) }
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
