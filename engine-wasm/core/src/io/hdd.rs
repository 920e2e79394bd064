//! A spinning disk: one head, a seek that grows with distance, half a
//! rotation of latency on average, a media transfer rate, and one request
//! served at a time in arrival order (FIFO).
//!
//! Addressing: a request's bytes start at `file * file_stride_mb MB +
//! block * block_size`, taken modulo the capacity; the disk is `tracks =
//! capacity / track size` tracks and a position is its track. A seek of
//! `d` (the track distance as a fraction of the stroke, 0 < d <= 1) takes
//! `track_to_track + a * sqrt(d) + b * d`, with `a` and `b` chosen so that
//! the full stroke (d = 1) takes `full_stroke_us` and the mean over random
//! pairs of positions (E[sqrt d] = 8/15, E[d] = 1/3) is `avg_seek_us`.
//! Same track: no seek.
//!
//! A request that starts exactly where the previous one ended and arrives
//! no later than that one completes (queued behind it, or issued the
//! moment it finished) streams: no seek and no rotational wait, only the
//! transfer. Any other request pays the seek and the mean rotational
//! latency (half a revolution; the mean, not a draw, so runs repeat).
//!
//! **Write-back cache.** With `write_cache_mb` > 0 the disk sits behind a
//! controller with a battery-backed cache (a server's RAID controller, an
//! Exadata cell's disk controller): a write completes once it is in the
//! cache, `cache_ack_us` plus its transfer over the link at `link_mb_s`,
//! and is destaged to the platter behind the requests already queued
//! there. A destage that continues the previous one on the platter is
//! merged with it by the controller (it streams: transfer only), so a
//! sequential writer such as LGWR never waits on the mechanics. When the
//! dirty data would exceed the cache, the write waits for destages to make
//! room. Reads are served from the platter in arrival order, behind the
//! queued destages. `write_cache_mb = 0` is a disk written through: a write
//! completes when it is on the platter.
//!
//! Not modelled: zoned recording (one transfer rate), the drive's own
//! cache, read hits in the controller cache, command reordering (NCQ /
//! elevator), head switches, write settle time.

use super::{BlockDevice, DeviceCounters, DeviceParams, IoKind, IoRequest};
use crate::sim::SimTime;
use std::collections::VecDeque;

/// The HDD's named parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct HddParams {
    pub rpm: f64,
    pub avg_seek_us: f64,
    pub track_to_track_us: f64,
    pub full_stroke_us: f64,
    /// Sustained media transfer rate, MB/s (10^6 bytes per second: bytes per us).
    pub transfer_mb_s: f64,
    /// Capacity in GB (10^9 bytes).
    pub capacity_gb: f64,
    /// Bytes per track, in KB (10^3 bytes).
    pub track_kb: f64,
    /// Where file `f` starts: `f * file_stride_mb` MB (10^6 bytes).
    pub file_stride_mb: f64,
    /// The controller's write-back cache, MB (10^6 bytes); 0: written through.
    pub write_cache_mb: f64,
    /// Accepting a write into the cache: command, controller firmware,
    /// completion interrupt.
    pub cache_ack_us: f64,
    /// The link from host to controller, MB/s (bytes per us).
    pub link_mb_s: f64,
}

impl Default for HddParams {
    /// A 15,000 rpm SAS enterprise disk of the 2010s (the kind behind the
    /// SAS HDD figures of Harrison's articles): datasheet magnitudes of
    /// that class (Seagate Cheetah 15K.7: 3.4 ms average read seek, 0.2 ms
    /// track-to-track, 122-204 MB/s sustained), not measured by the lab.
    fn default() -> Self {
        HddParams {
            rpm: 15_000.0,
            avg_seek_us: 3_400.0,
            track_to_track_us: 200.0,
            full_stroke_us: 6_600.0,
            transfer_mb_s: 150.0,
            capacity_gb: 300.0,
            // 150 MB/s x 4 ms per revolution.
            track_kb: 600.0,
            file_stride_mb: 1024.0,
            // A RAID controller with 512 MB of battery-backed cache on a
            // 6 Gb/s SAS link (~600 MB/s), ~0.1 ms from command to
            // completion for a small write: magnitudes of the class (LSI
            // MegaRAID, the controllers in Exadata storage cells), not a
            // datasheet.
            write_cache_mb: 512.0,
            cache_ack_us: 100.0,
            link_mb_s: 600.0,
        }
    }
}

impl DeviceParams for HddParams {
    const NAMES: &'static [&'static str] = &[
        "rpm",
        "avg_seek_us",
        "track_to_track_us",
        "full_stroke_us",
        "transfer_mb_s",
        "capacity_gb",
        "track_kb",
        "file_stride_mb",
        "write_cache_mb",
        "cache_ack_us",
        "link_mb_s",
    ];

    fn range(name: &str) -> Option<(f64, f64)> {
        Some(match name {
            "rpm" => (1_000.0, 30_000.0),
            "avg_seek_us" | "track_to_track_us" | "full_stroke_us" => (1.0, 100_000.0),
            "transfer_mb_s" => (1.0, 100_000.0),
            "capacity_gb" => (0.001, 1_000_000.0),
            "track_kb" => (0.5, 100_000.0),
            "file_stride_mb" => (0.001, 1_000_000.0),
            "write_cache_mb" => (0.0, 1_000_000.0),
            "cache_ack_us" => (0.0, 1_000_000.0),
            "link_mb_s" => (1.0, 1_000_000.0),
            _ => return None,
        })
    }

    fn slot(&mut self, name: &str) -> Option<&mut f64> {
        Some(match name {
            "rpm" => &mut self.rpm,
            "avg_seek_us" => &mut self.avg_seek_us,
            "track_to_track_us" => &mut self.track_to_track_us,
            "full_stroke_us" => &mut self.full_stroke_us,
            "transfer_mb_s" => &mut self.transfer_mb_s,
            "capacity_gb" => &mut self.capacity_gb,
            "track_kb" => &mut self.track_kb,
            "file_stride_mb" => &mut self.file_stride_mb,
            "write_cache_mb" => &mut self.write_cache_mb,
            "cache_ack_us" => &mut self.cache_ack_us,
            "link_mb_s" => &mut self.link_mb_s,
            _ => return None,
        })
    }

    fn validate(&self) -> Result<(), String> {
        if !(self.track_to_track_us < self.avg_seek_us && self.avg_seek_us < self.full_stroke_us) {
            return Err("seek times must satisfy track_to_track_us < avg_seek_us < full_stroke_us".into());
        }
        let (a, b) = self.seek_coefficients();
        if a < 0.0 || b < 0.0 {
            let span = self.full_stroke_us - self.track_to_track_us;
            return Err(format!(
                "avg_seek_us must lie between {:.0} and {:.0} for these track-to-track and full-stroke times",
                self.track_to_track_us + span / 3.0,
                self.track_to_track_us + span * 8.0 / 15.0
            ));
        }
        if self.track_kb * 1e3 * 2.0 > self.capacity_gb * 1e9 {
            return Err("capacity_gb must hold at least two tracks of track_kb".into());
        }
        Ok(())
    }
}

impl HddParams {
    /// The seek curve's coefficients `(a, b)` (see the module comment).
    fn seek_coefficients(&self) -> (f64, f64) {
        let full = self.full_stroke_us - self.track_to_track_us;
        let avg = self.avg_seek_us - self.track_to_track_us;
        let a = 5.0 * (avg - full / 3.0);
        (a, full - a)
    }
}

/// The HDD's own counters, beside the common ones.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct HddCounters {
    /// Requests that moved the head to another track.
    pub seeks: u64,
    /// Requests that streamed on from the previous one (no seek, no rotation).
    pub sequential: u64,
    pub seek_us: f64,
    pub rotational_us: f64,
    pub transfer_us: f64,
    /// Time requests spent queued behind others.
    pub queue_wait_us: f64,
    /// Requests in the device (queued or in service) after the last submit.
    pub queue_depth: u32,
    pub max_queue_depth: u32,
    /// Writes acknowledged from the write-back cache.
    pub cached_writes: u64,
    /// Writes that waited for destages to make room in the cache.
    pub cache_full_waits: u64,
    /// Dirty bytes in the cache after the last submit.
    pub dirty_bytes: u64,
}

#[derive(Debug, Clone)]
pub struct Hdd {
    name: String,
    params: HddParams,
    counters: DeviceCounters,
    pub hdd: HddCounters,
    /// When the request in service (or the last queued one) completes.
    busy_until: SimTime,
    /// Byte address just past the last request (where the head is).
    head: u64,
    /// Completion times of requests still in the device, oldest first.
    in_flight: VecDeque<SimTime>,
    /// Destages not yet on the platter: (when they will be, bytes).
    destages: VecDeque<(SimTime, u64)>,
}

impl Hdd {
    /// A disk with validated parameters; the head rests on track 0.
    pub fn new(name: &str, params: HddParams) -> Result<Self, String> {
        params.validate()?;
        Ok(Hdd {
            name: name.to_string(),
            params,
            counters: DeviceCounters::default(),
            hdd: HddCounters::default(),
            busy_until: SimTime::ZERO,
            head: 0,
            in_flight: VecDeque::new(),
            destages: VecDeque::new(),
        })
    }

    pub fn params(&self) -> &HddParams {
        &self.params
    }

    fn capacity_bytes(&self) -> u64 {
        (self.params.capacity_gb * 1e9) as u64
    }

    fn track_bytes(&self) -> u64 {
        ((self.params.track_kb * 1e3) as u64).max(1)
    }

    /// The byte address a request starts at.
    pub fn address(&self, r: &IoRequest) -> u64 {
        let stride = (self.params.file_stride_mb * 1e6) as u64;
        let a = (r.file as u64).wrapping_mul(stride).wrapping_add(r.block as u64 * r.block_size as u64);
        a % self.capacity_bytes().max(1)
    }

    /// Seek time between two byte addresses (0 on the same track).
    pub fn seek_us(&self, from: u64, to: u64) -> f64 {
        let (t_from, t_to) = (from / self.track_bytes(), to / self.track_bytes());
        if t_from == t_to {
            return 0.0;
        }
        let tracks = (self.capacity_bytes() / self.track_bytes()).max(1);
        let d = (t_from.abs_diff(t_to) as f64 / tracks as f64).min(1.0);
        let (a, b) = self.params.seek_coefficients();
        self.params.track_to_track_us + a * d.sqrt() + b * d
    }

    /// Mean rotational latency: half a revolution.
    pub fn rotational_us(&self) -> f64 {
        30e6 / self.params.rpm
    }

    pub fn transfer_us(&self, bytes: u64) -> f64 {
        bytes as f64 / self.params.transfer_mb_s
    }
    /// The platter serves `request` (after the requests queued there):
    /// returns (completion, service time). `merged`: a destage the
    /// controller merges with the previous one (streams when contiguous).
    fn mechanical(&mut self, request: &IoRequest, now: SimTime, merged: bool) -> (SimTime, f64) {
        while self.in_flight.front().is_some_and(|&t| t <= now) {
            self.in_flight.pop_front();
        }
        let start = now.max(self.busy_until);
        let addr = self.address(request);
        let streams = addr == self.head && (merged || now <= self.busy_until);
        let (seek, rot) = if streams { (0.0, 0.0) } else { (self.seek_us(self.head, addr), self.rotational_us()) };
        let xfer = self.transfer_us(request.bytes());
        let service = seek + rot + xfer;
        let done = start.after(service);
        self.busy_until = done;
        self.head = (addr + request.bytes()) % self.capacity_bytes().max(1);
        self.in_flight.push_back(done);
        let h = &mut self.hdd;
        if streams {
            h.sequential += 1;
        } else if seek > 0.0 {
            h.seeks += 1;
        }
        h.seek_us += seek;
        h.rotational_us += rot;
        h.transfer_us += xfer;
        h.queue_wait_us += start.since(now);
        h.queue_depth = self.in_flight.len() as u32;
        h.max_queue_depth = h.max_queue_depth.max(h.queue_depth);
        (done, service)
    }

    /// A write into the controller's cache: acknowledged after the link
    /// transfer, destaged to the platter behind what is queued there.
    fn cached_write(&mut self, request: &IoRequest, now: SimTime) -> SimTime {
        let bytes = request.bytes();
        let cache = (self.params.write_cache_mb * 1e6) as u64;
        let mut at = now;
        while self.destages.front().is_some_and(|&(t, _)| t <= at) {
            let (_, b) = self.destages.pop_front().expect("checked");
            self.hdd.dirty_bytes -= b;
        }
        // Room for it: wait for the oldest destages (bounded by the queue).
        if self.hdd.dirty_bytes + bytes > cache && !self.destages.is_empty() {
            self.hdd.cache_full_waits += 1;
            while self.hdd.dirty_bytes + bytes > cache {
                let Some((t, b)) = self.destages.pop_front() else { break };
                self.hdd.dirty_bytes -= b;
                at = at.max(t);
            }
        }
        let ack = at.after(self.params.cache_ack_us + bytes as f64 / self.params.link_mb_s);
        let (on_platter, _) = self.mechanical(request, ack, true);
        self.destages.push_back((on_platter, bytes));
        self.hdd.dirty_bytes += bytes;
        self.hdd.cached_writes += 1;
        self.counters.count(request, ack.since(now));
        ack
    }
}

impl BlockDevice for Hdd {
    fn name(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> &'static str {
        "hdd"
    }

    fn submit(&mut self, request: &IoRequest, now: SimTime) -> SimTime {
        if request.kind == IoKind::Write && self.params.write_cache_mb > 0.0 {
            return self.cached_write(request, now);
        }
        let (done, service) = self.mechanical(request, now, false);
        self.counters.count(request, service);
        done
    }

    fn counters(&self) -> &DeviceCounters {
        &self.counters
    }

    fn set_param(&mut self, name: &str, value: f64) -> bool {
        self.params.with(name, value).map(|p| self.params = p).is_some()
    }

    fn param_names(&self) -> &'static [&'static str] {
        HddParams::NAMES
    }

    fn param(&self, name: &str) -> Option<f64> {
        self.params.get(name)
    }

    fn device_counters(&self) -> Vec<(&'static str, f64)> {
        let h = &self.hdd;
        vec![
            ("seeks", h.seeks as f64),
            ("sequential", h.sequential as f64),
            ("seek_us", h.seek_us),
            ("rotational_us", h.rotational_us),
            ("transfer_us", h.transfer_us),
            ("queue_wait_us", h.queue_wait_us),
            ("queue_depth", h.queue_depth as f64),
            ("max_queue_depth", h.max_queue_depth as f64),
            ("cached_writes", h.cached_writes as f64),
            ("cache_full_waits", h.cache_full_waits as f64),
            ("dirty_bytes", h.dirty_bytes as f64),
        ]
    }

    fn snapshot(&self) -> super::DeviceSnapshot {
        super::DeviceSnapshot { queue: Some(self.queue_snapshot()), ..Default::default() }
    }
}

impl Hdd {
    /// The request queue and the write cache (the device view).
    pub fn queue_snapshot(&self) -> super::QueueSnapshot {
        super::QueueSnapshot {
            queue_depth: self.hdd.queue_depth,
            max_queue_depth: self.hdd.max_queue_depth,
            dirty_bytes: self.hdd.dirty_bytes,
            write_cache_bytes: (self.params.write_cache_mb * 1e6) as u64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::IoPurpose;

    /// A disk with round numbers: 6,000 rpm (10,000 us a revolution, 5,000
    /// us mean rotational latency), 100 MB/s (100 bytes per us), 1 GB of
    /// 1,000 tracks of 1 MB, files 90 MB apart, and a seek curve with
    /// a = 6,000, b = 3,000: track-to-track 1,000, full stroke 1,000 +
    /// 6,000 + 3,000 = 10,000, average 1,000 + 6,000 x 8/15 + 3,000 / 3 =
    /// 5,200.
    fn round_disk() -> Hdd {
        let p = HddParams {
            rpm: 6_000.0,
            avg_seek_us: 5_200.0,
            track_to_track_us: 1_000.0,
            full_stroke_us: 10_000.0,
            transfer_mb_s: 100.0,
            capacity_gb: 1.0,
            track_kb: 1_000.0,
            file_stride_mb: 90.0,
            write_cache_mb: 0.0,
            cache_ack_us: 100.0,
            link_mb_s: 600.0,
        };
        Hdd::new("D", p).unwrap()
    }

    fn req(kind: IoKind, file: u32, block: u32) -> IoRequest {
        // 50,000-byte blocks: 500 us of transfer at 100 MB/s.
        IoRequest { kind, file, block, blocks: 1, block_size: 50_000, purpose: IoPurpose::Data }
    }

    fn close(a: SimTime, b: f64) -> bool {
        (a.0 - b).abs() < 1e-6
    }

    #[test]
    fn seek_curve_meets_its_three_named_times() {
        let d = round_disk();
        let (a, b) = d.params.seek_coefficients();
        assert!((a - 6_000.0).abs() < 1e-9 && (b - 3_000.0).abs() < 1e-9);
        // File 4 starts at 360 MB: track 360 of 1,000, d = 0.36, sqrt = 0.6:
        // 1,000 + 6,000 x 0.6 + 3,000 x 0.36 = 5,680.
        assert!((d.seek_us(0, 360_000_000) - 5_680.0).abs() < 1e-9);
        assert_eq!(d.seek_us(0, 999_999), 0.0, "same track");
        assert_eq!(d.rotational_us(), 5_000.0);
    }

    /// Three requests queued at t = 0, served in arrival order:
    /// 1. read file 4 block 0 (360,000,000): seek 5,680 + rotation 5,000 +
    ///    transfer 500 = 11,180 -> completes at 11,180.
    /// 2. write file 4 block 1 (360,050,000), exactly where request 1 ends,
    ///    queued behind it: streams, 500 of transfer -> 11,680.
    /// 3. read file 0 block 0: back from track 360 to track 0, seek 5,680 +
    ///    5,000 + 500 = 11,180 from 11,680 -> 22,860.
    #[test]
    fn three_queued_requests_complete_at_hand_computed_times() {
        let mut d = round_disk();
        let t0 = SimTime::ZERO;
        let c1 = d.submit(&req(IoKind::Read, 4, 0), t0);
        let c2 = d.submit(&req(IoKind::Write, 4, 1), t0);
        let c3 = d.submit(&req(IoKind::Read, 0, 0), t0);
        assert!(close(c1, 11_180.0), "{c1:?}");
        assert!(close(c2, 11_680.0), "{c2:?}");
        assert!(close(c3, 22_860.0), "{c3:?}");
        let h = d.hdd;
        assert_eq!((h.seeks, h.sequential, h.queue_depth, h.max_queue_depth), (2, 1, 3, 3));
        // Request 2 waited 11,180, request 3 waited 11,680.
        assert!((h.queue_wait_us - 22_860.0).abs() < 1e-6);
        assert!((h.seek_us - 11_360.0).abs() < 1e-6 && (h.rotational_us - 10_000.0).abs() < 1e-6);
        let c = d.counters();
        assert!((c.busy_us - 22_860.0).abs() < 1e-6);
        assert_eq!((c.read_requests, c.write_requests, c.bytes_read, c.bytes_written), (2, 1, 100_000, 50_000));
        // Once they have completed, the queue is empty again.
        let c4 = d.submit(&req(IoKind::Read, 0, 1), SimTime(30_000.0));
        assert_eq!(d.hdd.queue_depth, 1);
        // Not streaming (the disk went idle): same track, so no seek, but
        // half a revolution: 30,000 + 5,000 + 500.
        assert!(close(c4, 35_500.0), "{c4:?}");
    }

    /// A writer that issues each 8 KB write when the previous one completes
    /// (as LGWR does): sequential writes stream at the transfer rate,
    /// random ones pay a seek and half a revolution each.
    #[test]
    fn sequential_writes_are_cheaper_than_random_ones() {
        let through = HddParams { write_cache_mb: 0.0, ..HddParams::default() };
        let mut seq = Hdd::new("S", through.clone()).unwrap();
        let mut rnd = Hdd::new("R", through).unwrap();
        let w = |file, block| IoRequest {
            kind: IoKind::Write,
            file,
            block,
            blocks: 1,
            block_size: 8192,
            purpose: IoPurpose::Data,
        };
        let (mut ts, mut tr) = (SimTime::ZERO, SimTime::ZERO);
        let mut x: u64 = 12345;
        for i in 0..100 {
            ts = seq.submit(&w(1, i), ts);
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            tr = rnd.submit(&w(1 + (x >> 40) as u32 % 200, (x >> 20) as u32 % 100_000), tr);
        }
        // The first write seeks to file 1; the other 99 stream.
        assert_eq!((seq.hdd.seeks, seq.hdd.sequential), (1, 99));
        assert_eq!(rnd.hdd.sequential, 0);
        let xfer = 8192.0 / 150.0;
        let first = seq.seek_us(0, 1_024_000_000) + 2_000.0 + xfer;
        assert!((ts.0 - (first + 99.0 * xfer)).abs() < 1e-6);
        assert!(tr.0 > 20.0 * ts.0, "random {tr:?} vs sequential {ts:?}");
    }

    #[test]
    fn inconsistent_seek_times_are_refused() {
        let mut p = HddParams::default();
        assert!(p.set("rpm", 0.0).is_err());
        assert!(p.set("seek_time", 1.0).is_err());
        p.set("avg_seek_us", 6_000.0).unwrap();
        assert!(p.validate().is_err(), "average above 8/15 of the stroke");
        p.set("avg_seek_us", 7_000.0).unwrap();
        assert!(p.validate().is_err(), "average above full stroke");
        assert!(Hdd::new("X", p).is_err());
    }
}
