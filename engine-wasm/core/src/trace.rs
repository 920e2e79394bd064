//! The event trace: one row per event in a struct of arrays (columnar),
//! kept per step. Row sources push events through [`TraceSink`]; nothing is
//! formatted or allocated per event beyond amortised column growth.

use serde::Serialize;

/// Event kinds (docs/ENGINE-API.md).
pub mod kind {
    pub const BLOCK_GET: u8 = 0;
    pub const PINNED_REVISIT: u8 = 1;
    pub const MEMOPT_LOOKUP: u8 = 2;
    pub const MEMOPT_READ: u8 = 3;
    pub const PHYSICAL_READ: u8 = 4;
    pub const ROUND_TRIP: u8 = 5;
    pub const PARSE: u8 = 6;
    pub const EXECUTE: u8 = 7;
    pub const FETCH: u8 = 8;
}

/// The kind of buffer visit. Every visit is exactly one of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum GetKind {
    /// Read under the `cache buffers chains` latch, no pin: 1 latch get.
    Examination = 0,
    /// Latch, pin, release; read; latch, unpin, release: 2 latch gets.
    Normal = 1,
    /// A pinned get for cluster-key access (`consistent gets pin`): 2 latch gets.
    Pin = 2,
    /// The row source already holds the pin: no get, no latch.
    PinnedRevisit = 3,
    /// A MemOptimized RowStore hash-index probe or buffer-area read: no
    /// buffer-cache get, no CBC latch.
    Memopt = 4,
}

impl GetKind {
    pub const NONE: u8 = 255;

    /// `cache buffers chains` latch gets this visit takes.
    pub fn cbc_latch_gets(self) -> u8 {
        match self {
            GetKind::Examination => 1,
            GetKind::Normal | GetKind::Pin => 2,
            GetKind::PinnedRevisit | GetKind::Memopt => 0,
        }
    }
}

pub const NO_SEGMENT: u32 = u32::MAX;
pub const NO_LATCH: u16 = u16::MAX;
pub const NO_LINE: u16 = u16::MAX;

/// One step's events.
#[derive(Debug, Clone, Default)]
pub struct Trace {
    pub kind: Vec<u8>,
    pub get_kind: Vec<u8>,
    pub segment: Vec<u32>,
    pub block: Vec<u32>,
    pub latch_child: Vec<u16>,
    pub latch_gets: Vec<u8>,
    pub plan_line: Vec<u16>,
    pub exec: Vec<u32>,
    pub t_us: Vec<f64>,
    pub stack: Vec<u32>,
    /// Folded-stack names, indexed by `stack`.
    pub stacks: Vec<String>,
    pub truncated: bool,
    /// Per-block visit totals for the whole step (kept even when the event
    /// list was truncated): (segment, block, visits).
    pub heat: Vec<(u32, u32, u64)>,
}

#[derive(Serialize)]
struct HeatCell {
    segment: u32,
    block: u32,
    visits: u64,
}

#[derive(Serialize)]
struct TraceMeta<'a> {
    length: usize,
    truncated: bool,
    stacks: &'a [String],
    heat: Vec<HeatCell>,
}

impl Trace {
    pub fn len(&self) -> usize {
        self.kind.len()
    }
    pub fn is_empty(&self) -> bool {
        self.kind.is_empty()
    }

    pub fn meta_json(&self) -> String {
        let heat = self.heat.iter().map(|&(segment, block, visits)| HeatCell { segment, block, visits }).collect();
        serde_json::to_string(&TraceMeta { length: self.len(), truncated: self.truncated, stacks: &self.stacks, heat })
            .unwrap_or_else(|_| "{}".to_string())
    }
}

/// One event as row sources describe it.
#[derive(Debug, Clone, Copy)]
pub struct Event {
    pub kind: u8,
    pub get_kind: u8,
    pub segment: u32,
    pub block: u32,
    pub latch_child: u16,
    pub plan_line: u16,
    pub stack: u32,
}

/// Collects events while a step runs. Disabled sinks cost one branch.
#[derive(Debug, Clone)]
pub struct TraceSink {
    pub enabled: bool,
    /// Events kept per step; beyond this only the heat map grows.
    pub limit: usize,
    pub trace: Trace,
    /// Execution number within a workload.
    pub exec: u32,
    /// Visit counts per segment, per block (dense: segment ids and block
    /// numbers are small integers).
    heat: Vec<Vec<u64>>,
}

impl Default for TraceSink {
    fn default() -> Self {
        TraceSink { enabled: true, limit: 2_000_000, trace: Trace::default(), exec: 0, heat: Default::default() }
    }
}

impl TraceSink {
    #[inline]
    pub fn push(&mut self, e: Event, t_us: f64) {
        if !self.enabled {
            return;
        }
        if e.segment != NO_SEGMENT {
            let s = e.segment as usize;
            if s >= self.heat.len() {
                self.heat.resize_with(s + 1, Vec::new);
            }
            let blocks = &mut self.heat[s];
            let b = e.block as usize;
            if b >= blocks.len() {
                blocks.resize(b + 1, 0);
            }
            blocks[b] += 1;
        }
        let t = &mut self.trace;
        if t.kind.len() >= self.limit {
            t.truncated = true;
            return;
        }
        t.kind.push(e.kind);
        t.get_kind.push(e.get_kind);
        t.segment.push(e.segment);
        t.block.push(e.block);
        t.latch_child.push(e.latch_child);
        t.latch_gets.push(if e.get_kind <= 4 { latch_gets_of(e.get_kind) } else { 0 });
        t.plan_line.push(e.plan_line);
        t.exec.push(self.exec);
        t.t_us.push(t_us);
        t.stack.push(e.stack);
    }

    /// Finish the step: hand over the trace and start a fresh one.
    pub fn take(&mut self, stacks: Vec<String>) -> Trace {
        let mut t = std::mem::take(&mut self.trace);
        t.stacks = stacks;
        t.heat = self
            .heat
            .iter()
            .enumerate()
            .flat_map(|(s, blocks)| {
                blocks.iter().enumerate().filter(|(_, v)| **v > 0).map(move |(b, v)| (s as u32, b as u32, *v))
            })
            .collect();
        self.heat.clear();
        self.exec = 0;
        t
    }
}

fn latch_gets_of(get_kind: u8) -> u8 {
    match get_kind {
        0 => 1,
        1 | 2 => 2,
        _ => 0,
    }
}
