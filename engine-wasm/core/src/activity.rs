//! A step's sampled activity, for the UI's activity view (the wasm
//! facade's `activity(step)`): its Active Session History samples
//! (`instance/ash.rs`) and a latch profile of its `cache buffers chains`
//! gets, as Tanel Poder's latchprof prints one (by holder SID, child latch
//! and the object whose block the child covers).
//!
//! latchprof samples V$LATCHHOLDER many thousand times and estimates each
//! holder's share of the time; the lab knows every get and how long it
//! holds its child (`cbc_hold_examination_us`, `cbc_hold_pin_us`), so its
//! figures are what those samples converge to: Held is the hold time
//! summed, Gets the gets, Held % the hold time over the step's span, Avg
//! hold their ratio. Computed from the step's kept trace (every session's
//! events of a `SESSIONS n` step, as kept: `truncated` says when not all).

use crate::tsdecl::contract;
use serde::Serialize;

contract! {
    #[derive(Debug, Clone, Serialize, Default)]
    pub struct ActivityOut as Activity {
        /// The sampling interval in microseconds: Oracle's 1 s, or the
        /// finer one `LAB SET ash_sampling_interval_us` chose.
        pub interval_us: f64,
        /// Samples the instance's ASH buffer lost (full, or over the memory
        /// budget) since it started.
        pub dropped: u64,
        /// The step's samples, in time order.
        pub samples: Vec<AshSampleOut>,
        /// The latch profile, most held first.
        pub latchprof: Vec<LatchProfOut>,
        /// The span the latch profile's Held % is of (us), from the first
        /// to the last event kept.
        pub latch_span_us: f64,
        /// Not every event of the step was kept: the latch profile covers those that were.
        pub truncated: bool,
    }
}

contract! {
    #[derive(Debug, Clone, Serialize)]
    pub struct AshSampleOut as AshSample {
        pub sample_id: u64,
        /// The sampling instant on the simulated clock (us).
        pub t_us: f64,
        pub sid: u32,
        /// SESSION_STATE: `ON CPU` or `WAITING`.
        pub state: String,
        /// EVENT (null on CPU).
        pub event: Option<String>,
        /// WAIT_CLASS; `CPU` on CPU (as ASH charts name it).
        pub wait_class: String,
        pub sql_id: Option<String>,
        /// SQL_PLAN_LINE_ID and the line's operation and object.
        pub plan_line: Option<u32>,
        pub operation: Option<String>,
        pub object: Option<String>,
        /// TIME_WAITED (us): the whole wait on its last sample, else 0.
        pub time_waited_us: f64,
    }
}

contract! {
    #[derive(Debug, Clone, Serialize)]
    pub struct LatchProfOut as LatchProfRow {
        /// The latch (`cache buffers chains`).
        pub name: String,
        /// The holder (latchprof's SID column).
        pub sid: u32,
        /// CHILD# (V$LATCH_CHILDREN, 1-based).
        pub child: u32,
        /// The segment whose block the get was for.
        pub object: Option<String>,
        /// Held: time the holder held the child (us).
        pub held_us: f64,
        pub gets: u64,
        /// Held %: of the span.
        pub held_pct: f64,
        /// Avg hold (us).
        pub avg_hold_us: f64,
    }
}

/// Rows the latch profile keeps (latchprof prints 30).
pub const LATCHPROF_ROWS: usize = 30;

/// The latch profile of a trace's events: (sid, child, segment) groups,
/// most held first. `hold_us(get_kind)` is a get's hold of its child.
pub fn latchprof(
    t: &crate::trace::Trace,
    hold_us: impl Fn(u8) -> f64,
    segment_name: impl Fn(u32) -> Option<String>,
) -> (Vec<LatchProfOut>, f64) {
    let (sid, child, gets, seg, kind, at) =
        (t.sid(), t.latch_child(), t.latch_gets(), t.segment(), t.get_kind(), t.t_us());
    let span = match (at.iter().copied().reduce(f64::min), at.iter().copied().reduce(f64::max)) {
        (Some(a), Some(b)) if b > a => b - a,
        _ => 0.0,
    };
    let mut groups: crate::fasthash::FxMap<(u32, u16, u32), (f64, u64)> = Default::default();
    for i in 0..child.len() {
        if child[i] == crate::trace::NO_LATCH || gets[i] == 0 {
            continue;
        }
        let g = groups.entry((sid[i], child[i], seg[i])).or_default();
        g.0 += gets[i] as f64 * hold_us(kind[i]);
        g.1 += gets[i] as u64;
    }
    let mut rows: Vec<LatchProfOut> = groups
        .into_iter()
        .map(|((sid, child, seg), (held, n))| LatchProfOut {
            name: "cache buffers chains".into(),
            sid,
            child: child as u32 + 1,
            object: segment_name(seg),
            held_us: held,
            gets: n,
            held_pct: if span > 0.0 { held / span * 100.0 } else { 0.0 },
            avg_hold_us: held / n.max(1) as f64,
        })
        .collect();
    rows.sort_by(|a, b| b.held_us.total_cmp(&a.held_us).then(a.sid.cmp(&b.sid)).then(a.child.cmp(&b.child)));
    rows.truncate(LATCHPROF_ROWS);
    (rows, span)
}
