//! The event trace: one row per event in a struct of arrays (columnar),
//! kept per step. Row sources push events through [`TraceSink`]; nothing is
//! formatted or allocated per event beyond amortised column growth.

pub use crate::sga::get_kind::GetKind;

mod chunk;
pub mod contract;
mod meta;
mod samples;
mod sessions;

use chunk::{exec_of, t_of, Chunk, Rec};

pub use meta::{HeatCell, TraceMeta};
pub use samples::{ExecSamples, EXEC_SAMPLES_MAX};
use sessions::Recorded;
pub use sessions::SessionMeta;

pub use contract::{kind, NO_LATCH, NO_LINE, NO_SEGMENT};

/// Events per storage chunk. A trace grows chunk by chunk, so recording
/// never copies what it already holds.
const CHUNK: usize = 16_384;

/// One step's events. Recorded row-wise in chunks; the columns (struct of
/// arrays) are built on request, so steps nobody inspects cost no
/// conversion.
#[derive(Debug, Clone, Default)]
pub struct Trace {
    chunks: Vec<Chunk>,
    /// (first event index, execution number), ascending.
    execs: Vec<(u32, u32)>,
    len: usize,
    /// Folded-stack names, indexed by `stack`.
    pub stacks: Vec<String>,
    pub truncated: bool,
    /// Per-block visit totals for the whole step (kept even when the event
    /// list was truncated): (segment, block, visits).
    pub heat: Vec<(u32, u32, u64)>,
    /// The devices the step used, a bounded number of frames each, for the
    /// device view to follow the playback ([`crate::io::frames`]).
    pub devices: Vec<crate::io::frames::DeviceFrames>,
    /// The step's session (its events are `chunks`).
    pub sid: u32,
    /// A `LAB RUN`'s figures per execution ([`samples`]); empty otherwise.
    pub exec_samples: ExecSamples,
    /// The other sessions of a `LAB RUN ... SESSIONS n` step
    /// ([`sessions`]): their events, the step's session's own figures and
    /// the order the columns interleave them in.
    sessions: sessions::Sessions,
}

macro_rules! column {
    ($name:ident, $t:ty, |$r:ident| $e:expr) => {
        pub fn $name(&self) -> Vec<$t> {
            if !self.sessions.is_empty() {
                return self.sessions.gather(&self.chunks, |$r| $e);
            }
            let mut out = Vec::with_capacity(self.len);
            for c in &self.chunks {
                out.extend(c.recs.iter().map(|$r| $e));
            }
            out
        }
    };
}

impl Trace {
    column!(kind, u8, |r| r.kind);
    column!(get_kind, u8, |r| r.get_kind);
    column!(segment, u32, |r| r.segment);
    column!(block, u32, |r| r.block);
    column!(latch_gets, u8, |r| latch_gets_of(r.get_kind));
    column!(plan_line, u16, |r| r.plan_line);
    column!(stack, u32, |r| r.stack);

    /// The `cache buffers chains` child each event took (`NO_LATCH` for
    /// visits and events that take none).
    pub fn latch_child(&self) -> Vec<u16> {
        let child = |r: &Rec| if latch_gets_of(r.get_kind) > 0 { r.latch } else { NO_LATCH };
        if !self.sessions.is_empty() {
            return self.sessions.gather(&self.chunks, child);
        }
        let mut out = Vec::with_capacity(self.len);
        for c in &self.chunks {
            out.extend(c.recs.iter().map(child));
        }
        out
    }

    /// Execution number within a workload (of the event's session), per event.
    pub fn exec(&self) -> Vec<u32> {
        if !self.sessions.is_empty() {
            return self.sessions.interleave(exec_of(&self.execs, self.chunks_len()), |p| exec_of(&p.execs, p.len));
        }
        exec_of(&self.execs, self.len)
    }

    /// Simulated time of each event, in microseconds.
    pub fn t_us(&self) -> Vec<f64> {
        if !self.sessions.is_empty() {
            return self.sessions.interleave(t_of(&self.chunks), |p| t_of(&p.chunks));
        }
        t_of(&self.chunks)
    }

    /// The session (SID) of each event: the step's session, or another
    /// session of a `LAB RUN ... SESSIONS n` step.
    pub fn sid(&self) -> Vec<u32> {
        if !self.sessions.is_empty() {
            return self.sessions.sids(self.sid);
        }
        vec![self.sid; self.len]
    }

    /// Events of the step's own session.
    fn chunks_len(&self) -> usize {
        self.chunks.iter().map(|c| c.recs.len()).sum()
    }
}

impl Trace {
    pub fn len(&self) -> usize {
        self.len
    }
    /// Events of the step's own session (all of them for a step of one session).
    pub fn own_len(&self) -> usize {
        if self.sessions.is_empty() {
            self.len
        } else {
            self.sessions.own().events
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn meta_json(&self) -> String {
        let heat = self.heat.iter().map(|&(segment, block, visits)| HeatCell { segment, block, visits }).collect();
        serde_json::to_string(&TraceMeta {
            length: self.len(),
            truncated: self.truncated,
            stacks: &self.stacks,
            heat,
            devices: &self.devices,
            sessions: self.sessions.meta(),
            window_us: self.sessions.window_us(),
            exec_samples: (!self.exec_samples.is_empty()).then(|| self.exec_samples.clone()),
        })
        .unwrap_or_else(|_| "{}".to_string())
    }

    /// The step's own session's events alone, with its own meta (the
    /// trace as it was before other sessions were traced).
    pub fn first_session(&self) -> Trace {
        if self.sessions.is_empty() {
            return self.clone();
        }
        let own = self.sessions.own();
        Trace {
            chunks: self.chunks.clone(),
            execs: self.execs.clone(),
            len: own.events,
            stacks: self.stacks[..own.stacks].to_vec(),
            truncated: own.truncated,
            heat: own.heat.clone(),
            devices: self.devices.clone(),
            sid: self.sid,
            exec_samples: self.exec_samples.clone(),
            sessions: Default::default(),
        }
    }

    /// Each session's events kept (empty unless other sessions were traced).
    pub fn session_meta(&self) -> &[SessionMeta] {
        self.sessions.meta()
    }

    /// The other sessions' events are kept before this time (None: all kept).
    pub fn window_us(&self) -> Option<f64> {
        self.sessions.window_us()
    }
}

/// One event as row sources describe it.
#[derive(Debug, Clone, Copy)]
pub struct Event {
    pub kind: u8,
    pub get_kind: u8,
    pub segment: u32,
    pub block: u32,
    pub plan_line: u16,
    pub stack: u32,
    /// The `cache buffers chains` child the event took (its block's
    /// address's), or [`NO_LATCH`].
    pub latch: u16,
}

/// Collects events while a step runs. Recording appends one fixed-size
/// record per event to the current chunk; the columns are built on
/// request. Disabled sinks cost one branch.
#[derive(Debug, Clone)]
pub struct TraceSink {
    pub enabled: bool,
    /// Operator events too (`contract`: hash join rows, spill, temp
    /// requests): the host's `EngineConfig::operator_events`.
    pub operators: bool,
    /// Events kept per step; beyond this only the heat map grows.
    pub limit: usize,
    /// Execution number within a workload (set with [`TraceSink::set_exec`]).
    exec: u32,
    /// Records the current chunk can take before the slow path.
    room: usize,
    /// Sealed chunks of this step, and the one being filled.
    chunks: Vec<Chunk>,
    cur: Chunk,
    /// Time of the last recorded event, as the stored steps add up.
    last_t: f64,
    len: usize,
    execs: Vec<(u32, u32)>,
    truncated: bool,
    /// Visit counts per segment, per block (dense: segment ids and block
    /// numbers are small integers).
    heat: Vec<Vec<u64>>,
    /// Emptied full-size chunks from dropped traces, reused before new
    /// memory is touched.
    spare: Vec<Vec<Rec>>,
    /// The session recording (the SID of the step's events).
    pub sid: u32,
    /// Other sessions' traces of this step ([`TraceSink::attach`]).
    others: Vec<Recorded>,
    /// A `LAB RUN`'s figures per execution, kept while `enabled`.
    pub samples: ExecSamples,
}

impl Default for TraceSink {
    fn default() -> Self {
        TraceSink {
            enabled: true,
            operators: false,
            limit: 2_000_000,
            exec: 0,
            room: 0,
            chunks: Vec::new(),
            cur: Chunk::default(),
            last_t: 0.0,
            len: 0,
            execs: vec![(0, 0)],
            truncated: false,
            heat: Vec::new(),
            spare: Vec::new(),
            sid: 0,
            others: Vec::new(),
            samples: ExecSamples::default(),
        }
    }
}

/// Spare chunks kept for reuse (about 10 MB).
const SPARE_CHUNKS: usize = 32;

impl TraceSink {
    #[inline(always)]
    pub fn push(&mut self, e: Event, t_us: f64) {
        if !self.enabled {
            return;
        }
        if e.segment != NO_SEGMENT {
            match self.heat.get_mut(e.segment as usize).and_then(|b| b.get_mut(e.block as usize)) {
                Some(n) => *n += 1,
                None => self.heat_grow(e.segment, e.block),
            }
        }
        if self.room == 0 && !self.make_room(t_us) {
            return;
        }
        self.room -= 1;
        // The step from the time as it will be read back (the running sum
        // of stored steps), so rounding never accumulates.
        let dt_us = (t_us - self.last_t) as f32;
        self.last_t += dt_us as f64;
        self.cur.recs.push(Rec {
            dt_us,
            segment: e.segment,
            block: e.block,
            stack: e.stack,
            plan_line: e.plan_line,
            kind: e.kind,
            get_kind: e.get_kind,
            latch: e.latch,
        });
        self.len += 1;
    }

    /// The execution (within a workload) the next events belong to.
    #[inline]
    pub fn set_exec(&mut self, exec: u32) {
        if exec == self.exec || !self.enabled {
            return;
        }
        self.exec = exec;
        if self.len >= self.limit {
            return;
        }
        let from = self.len as u32;
        match self.execs.last_mut() {
            // The previous execution recorded nothing: its run is empty.
            Some(last) if last.0 == from => *last = (from, exec),
            _ => self.execs.push((from, exec)),
        }
    }

    #[cold]
    #[inline(never)]
    fn heat_grow(&mut self, segment: u32, block: u32) {
        *crate::sga::cache::grown_slot(&mut self.heat, segment as usize, block as usize) += 1;
    }

    /// Start a chunk; false once the step's event limit is reached.
    #[cold]
    #[inline(never)]
    fn make_room(&mut self, t_us: f64) -> bool {
        if self.len >= self.limit {
            self.truncated = true;
            return false;
        }
        self.new_chunk(t_us);
        self.room = CHUNK.min(self.limit - self.len);
        true
    }

    fn new_chunk(&mut self, t_us: f64) {
        if self.cur.recs.capacity() == 0 {
            self.cur.recs = self.spare.pop().unwrap_or_else(|| Vec::with_capacity(CHUNK));
        } else if !self.cur.recs.is_empty() {
            let recs = self.spare.pop().unwrap_or_else(|| Vec::with_capacity(CHUNK));
            let full = std::mem::replace(&mut self.cur, Chunk { t0_us: 0.0, recs });
            self.chunks.push(full);
        }
        // The first event of a chunk has dt 0 from the chunk's start.
        self.cur.t0_us = t_us;
        self.last_t = t_us;
    }

    /// Events recorded so far in this step.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Another session's trace of this step (a `LAB RUN ... SESSIONS n`
    /// session, taken from its own sink): [`TraceSink::take`] interleaves
    /// it with this session's events, within this sink's limit.
    pub fn attach(&mut self, t: Trace) {
        self.others.push(Recorded {
            sid: t.sid,
            chunks: t.chunks,
            execs: t.execs,
            len: t.len,
            truncated: t.truncated,
            stacks: t.stacks,
            heat: t.heat,
        });
    }

    /// Finish the step: hand over its trace and start a fresh one.
    pub fn take(&mut self, stacks: Vec<String>) -> Trace {
        let mut chunks = std::mem::take(&mut self.chunks);
        if !self.cur.recs.is_empty() {
            chunks.push(std::mem::take(&mut self.cur));
        }
        let mut t = Trace {
            chunks,
            execs: std::mem::replace(&mut self.execs, vec![(0, 0)]),
            len: std::mem::take(&mut self.len),
            stacks,
            truncated: self.truncated,
            heat: self
                .heat
                .iter()
                .enumerate()
                .flat_map(|(s, blocks)| {
                    blocks.iter().enumerate().filter(|(_, v)| **v > 0).map(move |(b, v)| (s as u32, b as u32, *v))
                })
                .collect(),
            devices: Vec::new(),
            sid: self.sid,
            exec_samples: std::mem::take(&mut self.samples),
            sessions: Default::default(),
        };
        if !self.others.is_empty() {
            let others = std::mem::take(&mut self.others);
            let mut own = Recorded {
                sid: t.sid,
                chunks: std::mem::take(&mut t.chunks),
                execs: std::mem::take(&mut t.execs),
                len: t.len,
                truncated: t.truncated,
                stacks: std::mem::take(&mut t.stacks),
                heat: std::mem::take(&mut t.heat),
            };
            t.sessions = sessions::join(&mut own, others, self.limit);
            (t.chunks, t.execs, t.len, t.truncated, t.stacks, t.heat) =
                (own.chunks, own.execs, own.len, own.truncated, own.stacks, own.heat);
        }
        self.heat.clear();
        self.truncated = false;
        self.exec = 0;
        self.room = 0;
        t
    }

    /// Take back the memory of a trace that is no longer kept.
    pub fn recycle(&mut self, t: Trace) {
        let others = t.sessions.into_chunks();
        for mut c in t.chunks.into_iter().chain(others) {
            if self.spare.len() < SPARE_CHUNKS && c.recs.capacity() == CHUNK {
                c.recs.clear();
                self.spare.push(c.recs);
            }
        }
    }
}

fn latch_gets_of(get_kind: u8) -> u8 {
    match get_kind {
        // Examination 1; normal, pin and current 2; revisits, memopt, calls none.
        0 => 1,
        1 | 2 | 5 => 2,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sga::cache::BufferCache;

    #[test]
    fn columns_survive_chunking_and_compact_encoding() {
        let cache = BufferCache::new(8192, 64 << 20, 0, &crate::instance::version::VersionProfile::default(), true);
        let mut sink = TraceSink::default();
        let n = CHUNK * 2 + 17;
        let mut t = 1_000_000.0f64;
        for i in 0..n {
            sink.set_exec((i / 3) as u32);
            t += 0.1 + (i % 7) as f64 * 1.25;
            let (kind, get_kind) = if i % 5 == 0 {
                (kind::PINNED_REVISIT, GetKind::PinnedRevisit as u8)
            } else {
                (kind::BLOCK_GET, GetKind::Normal as u8)
            };
            let latch = cache.latch_child(4, 128 + i as u32 % 1000);
            sink.push(Event { kind, get_kind, segment: 3, block: i as u32 % 1000, plan_line: 2, stack: 9, latch }, t);
        }
        let tr = sink.take(Vec::new());
        assert_eq!(tr.len(), n);
        let (ts, ex, lc, kinds) = (tr.t_us(), tr.exec(), tr.latch_child(), tr.kind());
        assert_eq!((ts.len(), ex.len(), lc.len(), kinds.len()), (n, n, n, n));
        let mut t = 1_000_000.0f64;
        for i in 0..n {
            t += 0.1 + (i % 7) as f64 * 1.25;
            assert!((ts[i] - t).abs() < 1e-5, "event {i}: {} vs {t}", ts[i]);
            assert_eq!(ex[i], (i / 3) as u32);
            let want = if i % 5 == 0 { NO_LATCH } else { cache.latch_child(4, 128 + i as u32 % 1000) };
            assert_eq!(lc[i], want);
        }
        assert_eq!(tr.heat.iter().map(|h| h.2).sum::<u64>(), n as u64);
    }

    #[test]
    fn executions_without_events_and_past_the_limit_keep_the_exec_column_right() {
        let mut sink = TraceSink { limit: 5, ..TraceSink::default() };
        let ev = Event {
            kind: kind::BLOCK_GET,
            get_kind: GetKind::Examination as u8,
            segment: 1,
            block: 2,
            plan_line: 1,
            stack: 0,
            latch: 0,
        };
        sink.push(ev, 1.0); // exec 0
        sink.set_exec(1); // records nothing
        sink.set_exec(2);
        sink.push(ev, 2.0);
        sink.push(ev, 3.0);
        sink.set_exec(3);
        sink.push(ev, 4.0);
        sink.push(ev, 5.0);
        sink.push(ev, 6.0); // past the limit: heat only
        for x in 4..1000 {
            sink.set_exec(x);
            sink.push(ev, 7.0);
        }
        let tr = sink.take(Vec::new());
        assert_eq!(tr.exec(), vec![0, 2, 2, 3, 3]);
        assert!(tr.truncated);
        assert!(tr.execs.len() <= 4, "no runs recorded past the limit: {:?}", tr.execs);
        assert_eq!(tr.heat, vec![(1, 2, 1002)]);
        // The sink starts the next step afresh.
        sink.push(ev, 8.0);
        assert_eq!(sink.take(Vec::new()).exec(), vec![0]);
    }
}
