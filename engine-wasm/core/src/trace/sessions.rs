//! The other sessions of a `LAB RUN ... SESSIONS n` step in its trace.
//!
//! Each session records into its own sink; when the step ends the step's
//! session's trace takes the others' ([`join`]): their stack ids are
//! mapped onto one stack table, their per-block heat is added, and the
//! columns interleave every session's events in time order (ties: the
//! step's session first, then in session order), with a `sid` column
//! saying whose each event is. The step's own events stay exactly as they
//! were recorded (chunks, times, execution runs), so filtering the columns
//! by its SID gives the trace it would have alone ([`super::Trace::first_session`]).
//!
//! The budget: the step's trace keeps at most the sink's `limit` events.
//! The step's session keeps its events first (up to the limit, as when it
//! runs alone); the others share what is left. When they do not fit, the
//! trace keeps every other session's events before one time, the window
//! (`window_us` in the meta), chosen as late as the room allows and no
//! later than the last event of a session whose own sink was cut; each
//! session's meta says how many events it kept and whether it was cut.

use super::chunk::{t_of, Chunk, Rec};
use serde::Serialize;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

crate::tsdecl::contract! {
    /// One session's events in a step's trace (the `sessions` of its meta).
    #[derive(Debug, Clone, PartialEq, Serialize)]
    pub struct SessionMeta as TraceSession {
        pub sid: u32,
        /// Events of this session kept in the trace.
        pub events: usize,
        /// Some of its events are not in the trace (the step's budget).
        pub truncated: bool,
    }
}

/// Another session's events: chunks and execution runs as a sink records them.
#[derive(Debug, Clone, Default)]
pub(super) struct Part {
    pub sid: u32,
    pub chunks: Vec<Chunk>,
    pub execs: Vec<(u32, u32)>,
    pub len: usize,
}

/// One session's trace as its sink recorded it.
#[derive(Debug, Clone, Default)]
pub(super) struct Recorded {
    pub sid: u32,
    pub chunks: Vec<Chunk>,
    pub execs: Vec<(u32, u32)>,
    pub len: usize,
    pub truncated: bool,
    pub stacks: Vec<String>,
    pub heat: Vec<(u32, u32, u64)>,
}

/// The step's own session's figures, as its trace had them alone.
#[derive(Debug, Clone, Default)]
pub(super) struct Own {
    pub events: usize,
    pub truncated: bool,
    /// Its stack names are the first `stacks` of the trace's.
    pub stacks: usize,
    pub heat: Vec<(u32, u32, u64)>,
}

/// The other sessions of a step's trace (empty for a step of one session).
#[derive(Debug, Clone, Default)]
pub(super) struct Sessions {
    parts: Vec<Part>,
    own: Own,
    meta: Vec<SessionMeta>,
    window_us: Option<f64>,
    /// The session of each event in column order: 0 the step's session,
    /// i the part i - 1.
    order: Vec<u32>,
}

impl Sessions {
    pub fn is_empty(&self) -> bool {
        self.meta.is_empty()
    }

    pub fn own(&self) -> &Own {
        &self.own
    }

    pub fn meta(&self) -> &[SessionMeta] {
        &self.meta
    }

    pub fn window_us(&self) -> Option<f64> {
        self.window_us
    }

    /// A column of records, every session's events in column order.
    pub fn gather<T>(&self, own: &[Chunk], f: impl Fn(&Rec) -> T) -> Vec<T> {
        let mut recs: Vec<_> = std::iter::once(own)
            .chain(self.parts.iter().map(|p| &p.chunks[..]))
            .map(|cs| cs.iter().flat_map(|c| c.recs.iter()))
            .collect();
        // The order counts each session's events exactly.
        self.order.iter().filter_map(|&p| recs[p as usize].next().map(&f)).collect()
    }

    /// A column computed per session (`own` for the step's session),
    /// interleaved in column order.
    pub fn interleave<T: Copy>(&self, own: Vec<T>, per: impl Fn(&Part) -> Vec<T>) -> Vec<T> {
        let cols: Vec<Vec<T>> = std::iter::once(own).chain(self.parts.iter().map(per)).collect();
        let mut at = vec![0usize; cols.len()];
        let mut out = Vec::with_capacity(self.order.len());
        for &p in &self.order {
            let p = p as usize;
            if let Some(&v) = cols[p].get(at[p]) {
                out.push(v);
            }
            at[p] += 1;
        }
        out
    }

    /// The SID of each event in column order.
    pub fn sids(&self, own: u32) -> Vec<u32> {
        self.order.iter().map(|&p| if p == 0 { own } else { self.parts[p as usize - 1].sid }).collect()
    }

    /// The other sessions' chunks (for their memory to be reused).
    pub fn into_chunks(self) -> impl Iterator<Item = Chunk> {
        self.parts.into_iter().flat_map(|p| p.chunks)
    }
}

/// The step's session's trace `t` takes the other sessions' (see the
/// module docs): its stacks, heat, length and cut become the step's; its
/// own figures and the others' events are in the returned sessions.
pub(super) fn join(t: &mut Recorded, others: Vec<Recorded>, limit: usize) -> Sessions {
    let own = Own { events: t.len, truncated: t.truncated, stacks: t.stacks.len(), heat: t.heat.clone() };
    let mut index: HashMap<String, u32> = t.stacks.iter().enumerate().map(|(i, s)| (s.clone(), i as u32)).collect();
    let mut parts = Vec::with_capacity(others.len());
    let mut cut = Vec::with_capacity(others.len());
    for o in others {
        // Its stack ids into the trace's table (names new to it appended).
        let map: Vec<u32> = o
            .stacks
            .iter()
            .map(|s| {
                *index.entry(s.clone()).or_insert_with(|| {
                    t.stacks.push(s.clone());
                    t.stacks.len() as u32 - 1
                })
            })
            .collect();
        let mut chunks = o.chunks;
        for r in chunks.iter_mut().flat_map(|c| c.recs.iter_mut()) {
            r.stack = map.get(r.stack as usize).copied().unwrap_or(r.stack);
        }
        t.heat.extend(o.heat);
        cut.push(o.truncated);
        parts.push(Part { sid: o.sid, chunks, execs: o.execs, len: o.len });
    }
    sum_heat(&mut t.heat);
    let mut times: Vec<Vec<f64>> = parts.iter().map(|p| t_of(&p.chunks)).collect();
    let window_us = window(&times, &cut, limit.saturating_sub(own.events));
    if let Some(w) = window_us {
        for ((p, ts), c) in parts.iter_mut().zip(&mut times).zip(&mut cut) {
            let keep = ts.iter().take_while(|&&x| x < w).count();
            if keep < p.len {
                keep_first(p, keep);
                ts.truncate(keep);
                *c = true;
            }
        }
    }
    let mut meta = vec![SessionMeta { sid: t.sid, events: own.events, truncated: own.truncated }];
    meta.extend(parts.iter().zip(&cut).map(|(p, &c)| SessionMeta { sid: p.sid, events: p.len, truncated: c }));
    times.insert(0, t_of(&t.chunks));
    t.len = times.iter().map(Vec::len).sum();
    t.truncated = meta.iter().any(|m| m.truncated);
    Sessions { order: merge_order(&times), parts, own, meta, window_us }
}

/// Per-block visits of several sessions: one entry per block, summed.
fn sum_heat(heat: &mut Vec<(u32, u32, u64)>) {
    heat.sort_unstable_by_key(|&(s, b, _)| (s, b));
    heat.dedup_by(|a, b| {
        let same = (a.0, a.1) == (b.0, b.1);
        if same {
            b.2 += a.2;
        }
        same
    });
}

/// The time before which every other session's events fit in `room`
/// (None: all of them fit and none was cut by its own sink).
fn window(times: &[Vec<f64>], cut: &[bool], room: usize) -> Option<f64> {
    // A session cut by its own sink has all its events only before its
    // last kept one.
    let cap = times
        .iter()
        .zip(cut)
        .filter(|(_, &c)| c)
        .fold(f64::INFINITY, |m, (ts, _)| m.min(ts.last().copied().unwrap_or(f64::NEG_INFINITY)));
    let total: usize = times.iter().map(Vec::len).sum();
    if cap == f64::INFINITY && total <= room {
        return None;
    }
    let mut under: Vec<f64> = times.iter().flatten().copied().filter(|&x| x < cap).collect();
    if under.len() <= room {
        return Some(cap);
    }
    // At most `room` events come before the room-th earliest.
    let (_, w, _) = under.select_nth_unstable_by(room, f64::total_cmp);
    Some(*w)
}

/// Keep a session's first `n` events.
fn keep_first(p: &mut Part, n: usize) {
    let mut left = n;
    p.chunks.retain_mut(|c| {
        let k = c.recs.len().min(left);
        c.recs.truncate(k);
        left -= k;
        k > 0
    });
    p.execs.retain(|&(from, _)| (from as usize) < n || from == 0);
    p.len = n;
}

/// Events of every session in time order (ties: lower session index
/// first; each session's own order kept): the session of each.
fn merge_order(times: &[Vec<f64>]) -> Vec<u32> {
    let key = |t: f64| {
        let b = t.to_bits();
        if b >> 63 == 1 {
            !b
        } else {
            b | (1 << 63)
        }
    };
    let mut at = vec![0usize; times.len()];
    let mut heap: BinaryHeap<Reverse<(u64, u32)>> = times
        .iter()
        .enumerate()
        .filter(|(_, ts)| !ts.is_empty())
        .map(|(p, ts)| Reverse((key(ts[0]), p as u32)))
        .collect();
    let mut order = Vec::with_capacity(times.iter().map(Vec::len).sum());
    while let Some(Reverse((_, p))) = heap.pop() {
        let i = p as usize;
        // The session's events that come before every other session's
        // next one follow at once (a run: the order the heap would give,
        // without a push and a pop per event).
        let next_other = heap.peek().map(|r| r.0);
        loop {
            order.push(p);
            at[i] += 1;
            let Some(&t) = times[i].get(at[i]) else { break };
            let k = (key(t), p);
            if next_other.is_some_and(|o| k > o) {
                heap.push(Reverse(k));
                break;
            }
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_keeps_the_earliest_events_that_fit() {
        let a = vec![1.0, 2.0, 3.0, 4.0];
        let b = vec![1.5, 2.5, 3.5];
        assert_eq!(window(&[a.clone(), b.clone()], &[false, false], 7), None);
        assert_eq!(window(&[a.clone(), b.clone()], &[false, false], 3), Some(2.5));
        // A session cut by its sink after 2.5: nothing later is complete.
        assert_eq!(window(&[a.clone(), vec![1.5, 2.5]], &[false, true], 100), Some(2.5));
        assert_eq!(window(&[a, b], &[false, false], 0), Some(1.0));
    }

    #[test]
    fn merge_order_is_by_time_then_session() {
        let order = merge_order(&[vec![1.0, 3.0], vec![1.0, 2.0, 4.0], vec![]]);
        assert_eq!(order, vec![0, 1, 1, 0, 1]);
    }

    /// Runs of one session give the order a pop and a push per event give
    /// (ties, equal times, a session whose times go back, empty sessions).
    #[test]
    fn merge_order_by_runs_is_the_heap_order() {
        let mut x = 7u64;
        let mut times: Vec<Vec<f64>> = Vec::new();
        for s in 0..9 {
            let mut t = 0.0;
            let v = (0..s * 13)
                .map(|_| {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    t += ((x >> 60) as f64 - 3.0) * 0.5;
                    t
                })
                .collect();
            times.push(v);
        }
        let mut at = vec![0usize; times.len()];
        let mut want = Vec::new();
        loop {
            let next = (0..times.len())
                .filter_map(|p| times[p].get(at[p]).map(|&t| (t, p)))
                .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            let Some((_, p)) = next else { break };
            want.push(p as u32);
            at[p] += 1;
        }
        assert_eq!(merge_order(&times), want);
    }
}
