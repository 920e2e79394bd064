//! A step's trace metadata (`Trace::meta_json`), declared once: it
//! serialises and describes itself, and `trace/contract.rs` prints its
//! TypeScript into the trace contract (`contract.gen.ts`).

use super::sessions::SessionMeta;
use serde::Serialize;

crate::tsdecl::contract! {
    /// Visits of one block in the whole step (kept when the events were truncated).
    #[derive(Serialize)]
    pub struct HeatCell as HeatEntry {
        pub segment: u32,
        pub block: u32,
        pub visits: u64,
    }

    /// A step's trace beside its columns (`Engine.trace(step)`): the events
    /// kept, the folded stacks the `stack` column indexes, the heat map and
    /// the devices' frames.
    #[derive(Serialize)]
    pub struct TraceMeta<'a> as TraceMeta {
        /// Events in the columns.
        pub length: usize,
        /// The step's events did not all fit the trace budget.
        pub truncated: bool,
        pub stacks: &'a [String],
        pub heat: Vec<HeatCell>,
        /// Frames of the devices the step used, for the device view to follow the playback.
        pub devices: &'a [crate::io::frames::DeviceFrames],
        /// `LAB RUN ... SESSIONS n`: each session's events kept (the step's session first); absent otherwise.
        #[serde(skip_serializing_if = "<[_]>::is_empty")]
        pub sessions: &'a [SessionMeta],
        /// The other sessions' events are kept before this time (µs): the
        /// step's trace budget did not hold them all.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub window_us: Option<f64>,
        /// A `LAB RUN` of a query: its figures per execution (Compare's samples); absent otherwise.
        #[serde(skip_serializing_if = "Option::is_none")]
        pub exec_samples: Option<super::samples::ExecSamples>,
    }
}
