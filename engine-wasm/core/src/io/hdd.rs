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
//! **Controller write-back cache** (`cache_mb` > 0; 512 MB by default,
//! 0 for a disk written through): the disk sits behind a battery-backed
//! RAID controller cache (an Exadata X2 cell's LSI MegaRAID has 512 MB). A write completes once it crosses into
//! the cache (`controller_us` + bytes at `link_mb_s`). Its copy to the
//! platter (the destage) runs in the background, in write order, whenever
//! the disk has nothing else to do: a read that misses the cache goes
//! ahead of the destages not yet started (waiting only for the one in
//! progress), and a destage that continues the previous one on the platter
//! streams (the controller merges contiguous dirty data into one write), so
//! a sequential writer such as LGWR never waits on the mechanics. A write that finds `cache_mb` of data
//! not yet destaged waits for the oldest destages to finish. The cache
//! keeps the last `cache_mb` of data written, destaged or not: a read of
//! one of those writes (the same address, no longer than it) is served
//! from the cache, the same way as a write (the controller's cache doubles
//! as a read cache for recently written data; data only read is not kept,
//! and there is no read-ahead). Magnitudes: a SAS 6 Gb/s link (~600 MB/s)
//! and ~50 us of controller firmware, driver and interrupt a request,
//! typical of the class.
//!
//! The queue (`queue_depth`) is the host's, as iostat shows it: the reads
//! and writes the database issued that have not completed (a write waiting
//! for cache room among them), not the destages, which the controller
//! issues itself; `destages` and `destage_wait_us` count those.
//!
//! Not modelled: zoned recording (one transfer rate), the drive's own cache
//! and read-ahead, command reordering (NCQ / elevator), head switches,
//! write settle time, the controller's own limits on concurrent destages.

use super::device::{
    with_params, BlockDevice, DeviceCounters, DeviceError, DeviceParams, DeviceType, IoKind, IoRequest, DB_FILE_READS,
};
use super::snapshot::{DeviceSnapshot, QueueSnapshot};
use crate::fasthash::FxMap;
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
    /// Controller write-back cache, MB (10^6 bytes); 0: none.
    pub cache_mb: f64,
    /// Host link into the controller cache, MB/s (10^6 bytes per second).
    pub link_mb_s: f64,
    /// Controller time per request served by the cache.
    pub controller_us: f64,
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
            // No controller cache; when one is set: a SAS 6 Gb/s link
            // (~600 MB/s) and ~20 us of controller firmware per request,
            // typical magnitudes of a RAID controller of the class.
            cache_mb: 512.0,
            link_mb_s: 600.0,
            controller_us: 50.0,
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
        "cache_mb",
        "link_mb_s",
        "controller_us",
    ];

    fn range(name: &str) -> Option<(f64, f64)> {
        Some(match name {
            "rpm" => (1_000.0, 30_000.0),
            "avg_seek_us" | "track_to_track_us" | "full_stroke_us" => (1.0, 100_000.0),
            "transfer_mb_s" => (1.0, 100_000.0),
            "capacity_gb" => (0.001, 1_000_000.0),
            "track_kb" => (0.5, 100_000.0),
            "file_stride_mb" => (0.001, 1_000_000.0),
            "cache_mb" => (0.0, 1_000_000.0),
            "link_mb_s" => (1.0, 100_000.0),
            "controller_us" => (0.0, 100_000.0),
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
            "cache_mb" => &mut self.cache_mb,
            "link_mb_s" => &mut self.link_mb_s,
            "controller_us" => &mut self.controller_us,
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
    /// Time the host's requests spent queued behind others on the platter.
    pub queue_wait_us: f64,
    /// The host's requests in the device (queued, in service, or waiting
    /// for cache room) after the last submit: iostat's queue, which does
    /// not see the controller's destages.
    pub queue_depth: u32,
    pub max_queue_depth: u32,
    /// Writes the controller cache took, and reads it served.
    pub cache_writes: u64,
    pub cache_read_hits: u64,
    /// Time writes waited for the cache to destage room.
    pub cache_full_wait_us: f64,
    /// Destages (the controller's copies of cached writes to the platter),
    /// and the time they waited for it after their write was cached.
    pub destages: u64,
    pub destage_wait_us: f64,
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
    /// Completion times of the host's requests still in the device.
    in_flight: Vec<SimTime>,
    /// Controller cache: writes whose destage has not started (request,
    /// cached at), oldest first; destages started, (address, bytes, done),
    /// oldest first.
    pending: VecDeque<(IoRequest, SimTime)>,
    dirty: VecDeque<(u64, u64, SimTime)>,
    /// Bytes in the cache not yet on the platter.
    dirty_bytes: u64,
    /// The writes the cache holds for reads, by address (bytes, write
    /// number), and in write order (address, bytes, write number).
    lines: FxMap<u64, (u64, u64)>,
    line_order: VecDeque<(u64, u64, u64)>,
    line_bytes: u64,
    writes_cached: u64,
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
            in_flight: Vec::new(),
            pending: VecDeque::new(),
            dirty: VecDeque::new(),
            dirty_bytes: 0,
            lines: FxMap::default(),
            line_order: VecDeque::new(),
            line_bytes: 0,
            writes_cached: 0,
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
        let a = (r.dev_file as u64).wrapping_mul(stride).wrapping_add(r.dev_block as u64 * r.block_size as u64);
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

    /// The host's request served by the disk itself, queued FIFO from `now`.
    fn media(&mut self, request: &IoRequest, now: SimTime) -> SimTime {
        let done = self.platter(request, now, false);
        self.host_request(now, done);
        done
    }

    /// A request in the device from `now` to `done`, as the host sees it
    /// (iostat's queue: reads and writes it issued, not the controller's
    /// destages).
    fn host_request(&mut self, now: SimTime, done: SimTime) {
        self.in_flight.retain(|&t| t > now);
        self.in_flight.push(done);
        let h = &mut self.hdd;
        h.queue_depth = self.in_flight.len() as u32;
        h.max_queue_depth = h.max_queue_depth.max(h.queue_depth);
    }

    /// The platter serves `request` after everything booked on it, from
    /// `now`; `destage`: the controller's copy of a cached write, which it
    /// merges with the previous one (it streams when it continues it, even
    /// after a pause).
    fn platter(&mut self, request: &IoRequest, now: SimTime, destage: bool) -> SimTime {
        let start = now.max(self.busy_until);
        let addr = self.address(request);
        let streams = addr == self.head && (destage || now <= self.busy_until);
        let (seek, rot) = if streams { (0.0, 0.0) } else { (self.seek_us(self.head, addr), self.rotational_us()) };
        let xfer = self.transfer_us(request.bytes());
        let service = seek + rot + xfer;
        let done = start.after(service);
        self.busy_until = done;
        self.head = (addr + request.bytes()) % self.capacity_bytes().max(1);
        let h = &mut self.hdd;
        if streams {
            h.sequential += 1;
        } else if seek > 0.0 {
            h.seeks += 1;
        }
        h.seek_us += seek;
        h.rotational_us += rot;
        h.transfer_us += xfer;
        if destage {
            h.destages += 1;
            h.destage_wait_us += start.since(now);
        } else {
            h.queue_wait_us += start.since(now);
        }
        self.counters.busy_us += service;
        done
    }

    /// A request through the controller cache (see the module comment).
    fn cached(&mut self, request: &IoRequest, now: SimTime) -> SimTime {
        self.destage_before(now);
        self.expire(now);
        let addr = self.address(request);
        let bytes = request.bytes();
        let through = self.params.controller_us + bytes as f64 / self.params.link_mb_s;
        let done = match request.kind {
            IoKind::Read => {
                let hit = self.lines.get(&addr).is_some_and(|&(b, _)| bytes <= b);
                if hit {
                    self.hdd.cache_read_hits += 1;
                    let done = now.after(through);
                    self.host_request(now, done);
                    done
                } else {
                    self.media(request, now)
                }
            }
            IoKind::Write => {
                // Room in the cache: wait for the oldest destages (each
                // loop frees at least one write).
                let cap = (self.params.cache_mb * 1e6) as u64;
                let mut at = now;
                for _ in 0..self.dirty.len() + self.pending.len() {
                    if self.dirty_bytes + bytes <= cap {
                        break;
                    }
                    if self.dirty.is_empty() {
                        self.destage_next();
                    }
                    at = at.max(self.dirty.front().map_or(at, |d| d.2));
                    self.expire(at);
                }
                self.hdd.cache_full_wait_us += at.since(now);
                self.pending.push_back((*request, at));
                self.dirty_bytes += bytes;
                self.hdd.cache_writes += 1;
                self.keep_line(addr, bytes, cap);
                let done = at.after(through);
                self.host_request(now, done);
                done
            }
        };
        self.counters.count(request, 0.0);
        done
    }

    /// Start the destages the disk would have started before `now` (each
    /// as soon as the disk is free after its write reached the cache).
    fn destage_before(&mut self, now: SimTime) {
        for _ in 0..self.pending.len() {
            match self.pending.front() {
                Some(&(_, cached)) if cached.max(self.busy_until) < now => self.destage_next(),
                _ => break,
            }
        }
    }

    /// Start the oldest pending destage.
    fn destage_next(&mut self) {
        let Some((r, cached)) = self.pending.pop_front() else { return };
        let addr = self.address(&r);
        let done = self.platter(&r, cached, true);
        self.dirty.push_back((addr, r.bytes(), done));
    }

    /// A write's data stays in the cache for reads; the oldest writes
    /// leave when the cache holds more than `cap` bytes.
    fn keep_line(&mut self, addr: u64, bytes: u64, cap: u64) {
        self.writes_cached += 1;
        let n = self.writes_cached;
        self.lines.insert(addr, (bytes, n));
        self.line_order.push_back((addr, bytes, n));
        self.line_bytes += bytes;
        for _ in 0..self.line_order.len() {
            if self.line_bytes <= cap {
                break;
            }
            let Some((a, b, k)) = self.line_order.pop_front() else { break };
            self.line_bytes -= b;
            if self.lines.get(&a).is_some_and(|&(_, k2)| k2 == k) {
                self.lines.remove(&a);
            }
        }
    }

    /// Destages finished by `now` leave the cache.
    fn expire(&mut self, now: SimTime) {
        while let Some(&(_, b, t)) = self.dirty.front() {
            if t > now {
                break;
            }
            self.dirty.pop_front();
            self.dirty_bytes -= b;
        }
    }
}

/// The hard disk's registry entry (`LAB DEVICE d TYPE hdd`).
pub static HDD: DeviceType = DeviceType {
    name: "hdd",
    label: "hard disk",
    definable: true,
    params: HddParams::NAMES,
    range: HddParams::range,
    build: build_hdd,
    reads: DB_FILE_READS,
    cell_settings: false,
    flash_part: false,
};

fn build_hdd(name: &str, params: &[(String, f64)]) -> Result<Box<dyn BlockDevice>, DeviceError> {
    let p = with_params(HddParams::default(), params)?;
    Ok(Box::new(Hdd::new(name, p).map_err(DeviceError::Inconsistent)?))
}

impl BlockDevice for Hdd {
    fn name(&self) -> &str {
        &self.name
    }

    fn device_type(&self) -> &'static DeviceType {
        &HDD
    }

    fn submit(&mut self, request: &IoRequest, now: SimTime) -> SimTime {
        if self.params.cache_mb <= 0.0 {
            let done = self.media(request, now);
            self.counters.count(request, 0.0);
            return done;
        }
        self.cached(request, now)
    }

    fn counters(&self) -> &DeviceCounters {
        &self.counters
    }

    fn set_param(&mut self, name: &str, value: f64) -> bool {
        self.params.with(name, value).map(|p| self.params = p).is_some()
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
            ("cache_writes", h.cache_writes as f64),
            ("cache_read_hits", h.cache_read_hits as f64),
            ("cache_full_wait_us", h.cache_full_wait_us),
            ("destages", h.destages as f64),
            ("destage_wait_us", h.destage_wait_us),
            ("dirty_bytes", self.dirty_bytes as f64),
        ]
    }

    fn snapshot(&self) -> DeviceSnapshot {
        DeviceSnapshot { queue: Some(self.queue_snapshot()), ..Default::default() }
    }

    fn frame_snapshot(&self, at: SimTime) -> DeviceSnapshot {
        DeviceSnapshot { queue: Some(self.queue_at(at)), ..Default::default() }
    }
}

impl Hdd {
    /// The queue and the write cache at `at` (a device-view frame, taken
    /// before the next request): requests still in the device then, and
    /// cached bytes whose destage had not finished.
    pub fn queue_at(&self, at: SimTime) -> QueueSnapshot {
        let destaged: u64 = self.dirty.iter().filter(|d| d.2 <= at).map(|d| d.1).sum();
        QueueSnapshot {
            queue_depth: self.in_flight.iter().filter(|&&t| t > at).count() as u32,
            dirty_bytes: self.dirty_bytes.saturating_sub(destaged),
            ..self.queue_snapshot()
        }
    }

    /// The request queue and the write cache (the device view).
    pub fn queue_snapshot(&self) -> QueueSnapshot {
        QueueSnapshot {
            queue_depth: self.hdd.queue_depth,
            max_queue_depth: self.hdd.max_queue_depth,
            dirty_bytes: self.dirty_bytes,
            write_cache_bytes: (self.params.cache_mb * 1e6) as u64,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::{IoKind, IoPurpose};

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
            cache_mb: 0.0,
            ..HddParams::default()
        };
        Hdd::new("D", p).unwrap()
    }

    /// The round disk behind a controller cache of 120,000 bytes (two
    /// 50,000-byte writes), a 1,000 MB/s link (50 us a block) and 10 us of
    /// controller time:
    /// 1. write file 4 block 0 at 0: in the cache at 60; its destage seeks
    ///    (5,680 + 5,000 + 500) to 11,180.
    /// 2. write block 1 at 60: cached at 120; its destage streams on: 11,680.
    /// 3. write block 2 at 120: the cache holds 100,000 bytes, so it waits
    ///    for the first destage (11,180) and is cached at 11,240.
    /// 4. read block 1 at 11,300: in the cache: 11,360. Block 0 left the
    ///    cache when block 2 came in (the cache keeps the last 120,000
    ///    bytes written), so it goes to the disk: it waits
    ///    for the destage in progress (11,680) but goes ahead of block 2's,
    ///    same track, half a revolution and the transfer: 17,180.
    #[test]
    fn a_controller_cache_absorbs_writes_and_serves_them_until_destaged() {
        let mut d = round_disk();
        for (n, v) in [("cache_mb", 0.12), ("link_mb_s", 1_000.0), ("controller_us", 10.0)] {
            assert!(d.set_param(n, v));
        }
        assert!(close(d.submit(&req(IoKind::Write, 4, 0), SimTime::ZERO), 60.0));
        assert!(close(d.submit(&req(IoKind::Write, 4, 1), SimTime(60.0)), 120.0));
        assert!(close(d.submit(&req(IoKind::Write, 4, 2), SimTime(120.0)), 11_240.0));
        assert!(close(d.submit(&req(IoKind::Read, 4, 1), SimTime(11_300.0)), 11_360.0));
        assert!(close(d.submit(&req(IoKind::Read, 4, 0), SimTime(11_300.0)), 17_180.0));
        let h = d.hdd;
        // Block 2's destage has not started: one seek, one stream so far.
        assert_eq!((h.cache_writes, h.cache_read_hits, h.seeks, h.sequential), (3, 1, 1, 1));
        assert!((h.cache_full_wait_us - 11_060.0).abs() < 1e-6);
        assert_eq!((d.counters().write_requests, d.counters().read_requests), (3, 2));
        // Two destages started: block 0's at once, block 1's behind it
        // (cached at 60, started at 11,180). The host's queue at 11,300 is
        // the two reads (to 11,360 and 17,180): the writes have completed
        // and the destages are the controller's.
        assert_eq!((h.destages, h.queue_depth, h.max_queue_depth), (2, 2, 2));
        assert!((h.destage_wait_us - 11_120.0).abs() < 1e-6, "{}", h.destage_wait_us);
        assert_eq!(d.queue_at(SimTime(11_400.0)).queue_depth, 1);
    }

    fn req(kind: IoKind, file: u32, block: u32) -> IoRequest {
        // 50,000-byte blocks: 500 us of transfer at 100 MB/s.
        IoRequest::at(kind, file, block, 1, 50_000, IoPurpose::Data)
    }

    /// Within a few units of the clock's grid (`sim::quantise`).
    fn close(a: SimTime, b: f64) -> bool {
        (a.0 - b).abs() < 4.0 / crate::sim::GRID_PER_US
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
        let through = HddParams { cache_mb: 0.0, ..HddParams::default() };
        let mut seq = Hdd::new("S", through.clone()).unwrap();
        let mut rnd = Hdd::new("R", through).unwrap();
        let w = |file, block| IoRequest::at(IoKind::Write, file, block, 1, 8192, IoPurpose::Data);
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
        // Each of the 100 service times is on the clock's grid (half a
        // unit from the real one at most).
        assert!((ts.0 - (first + 99.0 * xfer)).abs() < 50.0 / crate::sim::GRID_PER_US);
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
