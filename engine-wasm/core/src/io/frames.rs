//! Device frames: a bounded number of device states per step, keyed by the
//! simulated clock, so the device view can follow the trace's playback
//! (the trace's `t_us` is the same clock).
//!
//! A frame is taken at the first device request that arrives at or after
//! the next frame time, before that request is served: it is the state at
//! the frame time (a disk's queue counts the requests still in it then).
//! Frame times are multiples of an interval from the step's start; the
//! interval starts at [`FIRST_INTERVAL_US`] and doubles whenever more than
//! [`MAX_FRAMES`] frames are kept (every other one is dropped), so a step
//! keeps at most `MAX_FRAMES` frames per device whatever its length, and
//! takes O(log(step length)) times that many snapshots. A flash frame keeps
//! only the cells that changed since the previous frame (the first frame
//! of a device has them all).
//!
//! What a frame is not: the state between requests of a device that is
//! idle (a flash's background GC is placed when the next request arrives,
//! so it shows in the frame after it); and with `SESSIONS n` the sessions'
//! executions are run one at a time, so a request of one session may be
//! served after a later one of another (by at most one execution's
//! length): frames follow the order the engine served the requests in.

use super::device::{BlockDevice, DeviceCounters};
use super::snapshot::{FlashPages, FlashSnapshot, QueueSnapshot};
use crate::sim::SimTime;
use serde::Serialize;

/// Frames kept per device and step.
pub const MAX_FRAMES: usize = 48;
/// The first interval between frames (a flash program is ~250 us, an HDD
/// read ~5,000 us: a short step still gets frames).
pub const FIRST_INTERVAL_US: f64 = 100.0;

/// A device's counters at a moment (see [`super::IoLayer::device_marks`]).
#[derive(Debug, Clone)]
pub struct DeviceMark {
    pub(super) name: String,
    pub(super) common: DeviceCounters,
    pub(super) own: Vec<(&'static str, f64)>,
}

crate::tsdecl::contract! {
    /// A flash device's pages at a frame: the totals, and the cells (as the
    /// end-of-step snapshot groups erase blocks) that changed since the
    /// previous frame, flat: `[cell, valid, invalid, free, ...]`.
    #[derive(Debug, Clone, Default, PartialEq, Serialize)]
    pub struct FlashFrame as FlashFrame {
        #[serde(flatten)]
        pub pages: FlashPages,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub open: Option<u32>,
        pub cells: Vec<u32>,
    }

    /// One device at one frame time (the trace's clock): requests since the
    /// step started, its queue(s) and flash then.
    #[derive(Debug, Clone, Default, PartialEq, Serialize)]
    pub struct DeviceFrame as DeviceFrame {
        /// The simulated time of the frame (the trace's clock).
        pub t_us: f64,
        /// Requests the device took since the step started, up to this frame.
        pub reads: u64,
        pub writes: u64,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub queue: Option<QueueSnapshot>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        pub disks: Vec<QueueSnapshot>,
        #[serde(skip_serializing_if = "Option::is_none")]
        pub flash: Option<FlashFrame>,
    }

    /// The frames a traced step kept of one device (at most `MAX_FRAMES`, 48).
    #[derive(Debug, Clone, Default, PartialEq, Serialize)]
    pub struct DeviceFrames as DeviceFrames {
        pub name: String,
        pub frames: Vec<DeviceFrame>,
    }
}

/// One device's frames while recording: the cells as of the last frame
/// (to keep deltas), and changes of dropped frames not yet in a kept one.
#[derive(Debug, Clone, Default)]
struct Track {
    start: DeviceCounters,
    frames: Vec<DeviceFrame>,
    grid: Vec<[u32; 3]>,
    carry: Vec<u32>,
}

/// Records frames during a step (armed by the step, taken at its end).
#[derive(Debug, Clone)]
pub struct FrameRecorder {
    armed: bool,
    start_us: f64,
    interval_us: f64,
    /// The next frame time (infinite when not armed).
    next_us: f64,
    /// Per device index, once it has frames.
    tracks: Vec<Option<Track>>,
    /// Frame times kept so far (shared by the devices).
    times: Vec<f64>,
}

/// `later` over `earlier`: one entry per cell, the later value, cell order.
fn merge(earlier: &[u32], later: &[u32]) -> Vec<u32> {
    let mut all: Vec<[u32; 4]> =
        earlier.chunks_exact(4).chain(later.chunks_exact(4)).map(|c| [c[0], c[1], c[2], c[3]]).collect();
    // Stable: for one cell, the later entry stays after the earlier one.
    all.sort_by_key(|c| c[0]);
    let mut out: Vec<u32> = Vec::with_capacity(all.len() * 4);
    for c in all {
        let n = out.len();
        if n >= 4 && out[n - 4] == c[0] {
            out[n - 3..].copy_from_slice(&c[1..]);
        } else {
            out.extend_from_slice(&c);
        }
    }
    out
}

impl Default for FrameRecorder {
    fn default() -> Self {
        FrameRecorder {
            armed: false,
            start_us: 0.0,
            interval_us: FIRST_INTERVAL_US,
            next_us: f64::INFINITY,
            tracks: Vec::new(),
            times: Vec::new(),
        }
    }
}

impl FrameRecorder {
    /// Start recording a step that starts at `now` (`on`: the step keeps a trace).
    pub fn arm(&mut self, now: SimTime, on: bool) {
        *self = FrameRecorder {
            armed: on,
            start_us: now.us(),
            interval_us: FIRST_INTERVAL_US,
            next_us: if on { now.us() } else { f64::INFINITY },
            tracks: Vec::new(),
            times: Vec::new(),
        };
    }

    /// A frame is due before a request at `now`.
    #[inline(always)]
    pub fn due(&self, now: SimTime) -> bool {
        now.us() >= self.next_us
    }

    /// Take a frame of the devices before a request at `now` (the caller
    /// checked [`Self::due`]): at the latest frame time not after `now`.
    pub fn capture(&mut self, devices: &[Box<dyn BlockDevice>], marks: &[DeviceMark], now: SimTime) {
        if !self.armed || !now.us().is_finite() {
            return;
        }
        let k = ((now.us() - self.start_us) / self.interval_us).floor().max(0.0);
        let t = self.start_us + k * self.interval_us;
        let first = self.times.is_empty();
        if self.tracks.len() < devices.len() {
            self.tracks.resize(devices.len(), None);
        }
        for (i, d) in devices.iter().enumerate() {
            let c = *d.counters();
            if self.tracks[i].is_none() {
                let start = marks.iter().find(|m| m.name == d.name()).map(|m| m.common).unwrap_or_default();
                // Devices start their track at the step's first frame, or
                // at the first frame after their first request.
                if !first && c == start {
                    continue;
                }
                self.tracks[i] = Some(Track { start, ..Track::default() });
            }
            let Some(tr) = self.tracks[i].as_mut() else { continue };
            let s = d.frame_snapshot(SimTime(t));
            let flash = s.flash.map(|f| Self::flash_frame(tr, f));
            tr.frames.push(DeviceFrame {
                t_us: t,
                reads: c.read_requests - tr.start.read_requests.min(c.read_requests),
                writes: c.write_requests - tr.start.write_requests.min(c.write_requests),
                queue: s.queue,
                disks: s.disks,
                flash,
            });
        }
        self.times.push(t);
        self.next_us = t + self.interval_us;
        if self.times.len() > MAX_FRAMES {
            self.thin();
        }
    }

    fn flash_frame(tr: &mut Track, f: FlashSnapshot) -> FlashFrame {
        let mut cells = Vec::new();
        if tr.grid.len() != f.blocks.len() {
            tr.grid = vec![[u32::MAX; 3]; f.blocks.len()];
        }
        for (i, (b, g)) in f.blocks.iter().zip(tr.grid.iter_mut()).enumerate() {
            if b != g {
                cells.extend_from_slice(&[i as u32, b[0], b[1], b[2]]);
                *g = *b;
            }
        }
        if !tr.carry.is_empty() {
            cells = merge(&std::mem::take(&mut tr.carry), &cells);
        }
        FlashFrame { pages: f.pages, open: f.open, cells }
    }

    /// Double the interval: keep the first frame of each new interval; a
    /// dropped frame's flash changes go to the next frame kept (or the
    /// next one taken).
    fn thin(&mut self) {
        self.interval_us *= 2.0;
        let (start, step) = (self.start_us, self.interval_us);
        let slot = |t: f64| ((t - start) / step).floor() as i64;
        let mut keep = Vec::with_capacity(self.times.len());
        let mut last = None;
        for &t in &self.times {
            let s = slot(t);
            keep.push(last != Some(s));
            last = Some(s);
        }
        for tr in self.tracks.iter_mut().flatten() {
            let mut carry = std::mem::take(&mut tr.carry);
            let mut out = Vec::with_capacity(tr.frames.len());
            for mut f in tr.frames.drain(..) {
                let kept = self.times.iter().position(|&t| t == f.t_us).is_some_and(|i| keep[i]);
                match (kept, f.flash.as_mut()) {
                    (true, Some(fl)) => {
                        fl.cells = merge(&std::mem::take(&mut carry), &fl.cells);
                        out.push(f);
                    }
                    (true, None) => out.push(f),
                    (false, Some(fl)) => carry = merge(&carry, &fl.cells),
                    (false, None) => {}
                }
            }
            tr.frames = out;
            tr.carry = carry;
        }
        self.times = self.times.iter().zip(&keep).filter(|(_, &k)| k).map(|(&t, _)| t).collect();
        if let Some(&t) = self.times.last() {
            self.next_us = start + (slot(t) + 1) as f64 * step;
        }
    }

    /// The step's frames, for the devices it used (by `used`), in device order.
    pub fn take(&mut self, devices: &[Box<dyn BlockDevice>], used: &[String]) -> Vec<DeviceFrames> {
        let tracks = std::mem::take(&mut self.tracks);
        self.armed = false;
        self.next_us = f64::INFINITY;
        self.times.clear();
        tracks
            .into_iter()
            .zip(devices)
            .filter_map(|(tr, d)| {
                let tr = tr?;
                used.iter()
                    .any(|u| u == d.name())
                    .then(|| DeviceFrames { name: d.name().to_string(), frames: tr.frames })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Apply flat cell changes `[cell, v, i, f, ...]` to `grid`.
    fn apply(grid: &mut [[u32; 3]], cells: &[u32]) {
        for c in cells.chunks_exact(4) {
            if let Some(g) = grid.get_mut(c[0] as usize) {
                *g = [c[1], c[2], c[3]];
            }
        }
    }

    #[test]
    fn merged_changes_keep_the_later_value_per_cell() {
        let a = [3, 1, 1, 1, 5, 2, 2, 2];
        let b = [5, 9, 9, 9, 0, 4, 4, 4];
        assert_eq!(merge(&a, &b), vec![0, 4, 4, 4, 3, 1, 1, 1, 5, 9, 9, 9]);
        let mut g = vec![[0; 3]; 6];
        apply(&mut g, &merge(&a, &b));
        assert_eq!(g[5], [9, 9, 9]);
    }
}
