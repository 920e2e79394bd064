//! The fixed-latency device: the lab's first, before storage tiers.

use super::device::{BlockDevice, DeviceCounters, DeviceError, DeviceType, IoRequest, DB_FILE_READS};
use crate::sim::SimTime;

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

    fn device_type(&self) -> &'static DeviceType {
        &FIXED
    }

    fn param(&self, name: &str) -> Option<f64> {
        (name == "latency_us").then_some(self.latency_us)
    }
}

/// The lab's first device: every request takes `latency_us` (the DATA
/// datafiles' `physical_read_us` before storage tiers).
pub static FIXED: DeviceType = DeviceType {
    name: "fixed",
    label: "fixed latency",
    definable: false,
    params: &["latency_us"],
    range: fixed_range,
    build: build_fixed,
    reads: DB_FILE_READS,
    cell_settings: false,
    flash_part: false,
};

fn fixed_range(name: &str) -> Option<(f64, f64)> {
    (name == "latency_us").then_some((0.0, 1e9))
}

/// A fixed-latency device: 100 us unless `latency_us` says otherwise.
fn build_fixed(name: &str, params: &[(String, f64)]) -> Result<Box<dyn BlockDevice>, DeviceError> {
    let mut d = FixedLatency::new(name, 100.0);
    for (i, (n, v)) in params.iter().enumerate() {
        let (lo, hi) = fixed_range(n).ok_or_else(|| DeviceError::Param(i, format!("no parameter named {n}")))?;
        if !(v.is_finite() && (lo..=hi).contains(v)) {
            return Err(DeviceError::Param(i, format!("{n} must be between {lo} and {hi}")));
        }
        d.set_param(n, *v);
    }
    Ok(Box::new(d))
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
