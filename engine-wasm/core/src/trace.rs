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

/// One step's events. Recorded row-wise; the columns (struct of arrays)
/// are built on request, so steps nobody inspects cost no conversion.
#[derive(Debug, Clone, Default)]
pub struct Trace {
    records: Vec<Recorded>,
    /// Folded-stack names, indexed by `stack`.
    pub stacks: Vec<String>,
    pub truncated: bool,
    /// Per-block visit totals for the whole step (kept even when the event
    /// list was truncated): (segment, block, visits).
    pub heat: Vec<(u32, u32, u64)>,
}

macro_rules! column {
    ($name:ident, $t:ty, |$r:ident| $e:expr) => {
        pub fn $name(&self) -> Vec<$t> {
            self.records.iter().map(|$r| $e).collect()
        }
    };
}

impl Trace {
    column!(kind, u8, |r| r.event.kind);
    column!(get_kind, u8, |r| r.event.get_kind);
    column!(segment, u32, |r| r.event.segment);
    column!(block, u32, |r| r.event.block);
    column!(latch_child, u16, |r| r.event.latch_child);
    column!(latch_gets, u8, |r| latch_gets_of(r.event.get_kind));
    column!(plan_line, u16, |r| r.event.plan_line);
    column!(exec, u32, |r| r.exec);
    column!(t_us, f64, |r| r.t_us);
    column!(stack, u32, |r| r.event.stack);
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
        self.records.len()
    }
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
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

/// One recorded event (row-wise while recording; the step's [`Trace`] is
/// columnar).
#[derive(Debug, Clone, Copy)]
struct Recorded {
    event: Event,
    exec: u32,
    t_us: f64,
}

/// Collects events while a step runs. Recording appends one fixed-size
/// record per event; the columns are built once, when the step ends.
/// Disabled sinks cost one branch.
#[derive(Debug, Clone)]
pub struct TraceSink {
    pub enabled: bool,
    /// Events kept per step; beyond this only the heat map grows.
    pub limit: usize,
    /// Execution number within a workload.
    pub exec: u32,
    events: Vec<Recorded>,
    truncated: bool,
    /// Visit counts per segment, per block (dense: segment ids and block
    /// numbers are small integers).
    heat: Vec<Vec<u64>>,
}

impl Default for TraceSink {
    fn default() -> Self {
        TraceSink { enabled: true, limit: 2_000_000, exec: 0, events: Vec::new(), truncated: false, heat: Vec::new() }
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
        let n = self.events.len();
        if n >= self.limit {
            self.truncated = true;
            return;
        }
        self.events.push(Recorded { event: e, exec: self.exec, t_us });
    }

    /// Events recorded so far in this step.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// Finish the step: hand over its trace and start a fresh one.
    pub fn take(&mut self, stacks: Vec<String>) -> Trace {
        let mut t = Trace { records: std::mem::take(&mut self.events), stacks, truncated: self.truncated, heat: Vec::new() };
        t.heat = self
            .heat
            .iter()
            .enumerate()
            .flat_map(|(s, blocks)| {
                blocks.iter().enumerate().filter(|(_, v)| **v > 0).map(move |(b, v)| (s as u32, b as u32, *v))
            })
            .collect();
        self.heat.clear();
        self.truncated = false;
        self.exec = 0;
        t
    }
}

fn latch_gets_of(get_kind: u8) -> u8 {
    match get_kind {
        // Examination 1; normal and pin 2; revisits, memopt, calls none.
        0 => 1,
        1 | 2 => 2,
        _ => 0,
    }
}
