//! A smart scan (`cell smart table scan`): the session keeps a cell's
//! requests outstanding in block order and waits for each in turn.

use crate::io::device::{BlockDevice, IoKind, IoPurpose, IoRequest};
use crate::sim::SimTime;
use std::collections::VecDeque;

/// How a device serves a smart scan: request size and outstanding requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SmartScanShape {
    pub request_bytes: u64,
    pub depth: u32,
}

/// A smart scan in progress (`cell smart table scan`): the session keeps
/// `depth` requests of `chunk` blocks outstanding, in block order, and
/// waits when the next one it needs has not completed.
#[derive(Debug, Clone)]
pub struct SmartScan {
    pub seg: u32,
    pub blocks: u32,
    pub chunk: u32,
    pub depth: u32,
    pub block_size: u32,
    issued: u32,
    consumed: u32,
    in_flight: VecDeque<(SimTime, bool)>,
}

/// What bringing a block's chunk in cost the session.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ScanStep {
    /// The session waited this long (`cell smart table scan`).
    pub wait_us: Option<f64>,
    /// Requests issued, their blocks, and those served from the flash cache.
    pub requests: u64,
    pub blocks: u64,
    pub flash_hits: u64,
}

impl SmartScan {
    pub fn new(seg: u32, blocks: u32, block_size: u32, shape: SmartScanShape) -> Self {
        let chunk = (shape.request_bytes / block_size.max(1) as u64).clamp(1, u32::MAX as u64) as u32;
        SmartScan {
            seg,
            blocks,
            chunk,
            depth: shape.depth.max(1),
            block_size,
            issued: 0,
            consumed: 0,
            in_flight: VecDeque::new(),
        }
    }

    fn chunks(&self) -> u32 {
        self.blocks.div_ceil(self.chunk).max(1)
    }

    /// The session at `now` needs block `b`: requests are issued to keep
    /// `depth` outstanding, and the chunk holding `b` must have arrived.
    pub fn need(&mut self, b: u32, now: SimTime, dev: &mut dyn BlockDevice) -> ScanStep {
        let mut step = ScanStep::default();
        let target = (b / self.chunk).min(self.chunks() - 1);
        let mut now = now;
        // Bounded by the segment's chunks.
        for _ in 0..=self.chunks() {
            if self.consumed > target {
                break;
            }
            while self.issued < self.chunks() && self.in_flight.len() < self.depth as usize {
                let first = self.issued * self.chunk;
                let n = self.chunk.min(self.blocks.saturating_sub(first)).max(1);
                let r = IoRequest::at(IoKind::Read, self.seg, first, n, self.block_size, IoPurpose::Data);
                let (done, note) = dev.serve(&r, now);
                let hit = note.flash_cache_hit;
                self.in_flight.push_back((done, hit));
                self.issued += 1;
                step.requests += 1;
                step.blocks += n as u64;
                step.flash_hits += hit as u64;
            }
            let Some((done, _)) = self.in_flight.pop_front() else { break };
            if done > now {
                *step.wait_us.get_or_insert(0.0) += done.since(now);
                now = done;
            }
            self.consumed += 1;
        }
        step
    }
}
