//! The trace contract, declared once: event kinds, get kinds, the sentinel
//! values, the columns of a trace batch and its metadata
//! ([`super::meta::TraceMeta`]). The renderer's TypeScript
//! (`renderer/src/engine/contract.gen.ts`) is generated from these tables
//! by [`typescript`]; `tests/contract.rs` fails when the file is stale and
//! rewrites it with `LIO_UPDATE_CONTRACT=1`.

use crate::sga::get_kind::GetKind;
use crate::stats::names::{Pre12c, STATS};
use crate::stats::waits::{lane_label, WaitEvent, LANES};

/// One constant of the contract: its Rust/TS name, value and a label for people.
#[derive(Debug, Clone, Copy)]
pub struct Named {
    pub name: &'static str,
    pub value: u32,
    pub label: &'static str,
}

macro_rules! event_kinds {
    ($($name:ident = $value:literal, $label:literal;)*) => {
        /// Event kinds (docs/ENGINE-API.md).
        pub mod kind {
            $(pub const $name: u8 = $value;)*
        }
        /// Every event kind with its label.
        pub const EVENT_KINDS: &[Named] = &[$(Named { name: stringify!($name), value: $value, label: $label }),*];
    };
}

event_kinds! {
    BLOCK_GET = 0, "block get";
    PINNED_REVISIT = 1, "pinned revisit";
    MEMOPT_LOOKUP = 2, "memopt lookup";
    MEMOPT_READ = 3, "memopt read";
    PHYSICAL_READ = 4, "physical read";
    ROUND_TRIP = 5, "round trip";
    PARSE = 6, "parse";
    EXECUTE = 7, "execute";
    FETCH = 8, "fetch";
    HASH_BUILD = 9, "hash build";
    HASH_PROBE = 10, "hash probe";
    HASH_SPILL = 11, "hash spill";
    TEMP_WRITE = 12, "temp write";
    TEMP_READ = 13, "temp read";
}

/// The operator events (`EngineConfig::operator_events`, off by default:
/// the structure view's engine turns them on), all with `segment`
/// `NO_SEGMENT` and `plan_line` the operator's line:
/// - `HASH_BUILD` / `HASH_PROBE`: a HASH JOIN's build row inserted in,
///   or probe row looking up, its hash table; `block` is the row's key
///   hash modulo [`HASH_PICTURE_BUCKETS`] (the picture's buckets; the
///   first [`OPERATOR_ROW_EVENTS`] rows of each side per execution).
/// - `HASH_SPILL`: the build ended larger than the work area; `block` is
///   the fan-out (partitions), the last ones spilled.
/// - `TEMP_WRITE` / `TEMP_READ`: a work area's temp request; for a hash
///   join `block` is `side << 16 | partition` (side 0 the build's
///   partition, 1 the probe's), for a sort the request's first block
///   relative to the sort's temp segment.
///
/// Buckets a HASH JOIN's picture draws (the key hash's low bits).
pub const HASH_PICTURE_BUCKETS: u32 = 64;
/// Rows of each side of a hash join traced per execution (a summary
/// beyond: the picture draws the first rows' buckets).
pub const OPERATOR_ROW_EVENTS: u32 = 4096;

/// Every get kind ([`GetKind`]) under its TypeScript name, and `NONE` for
/// events that are not buffer visits.
pub const GET_KINDS: &[Named] = &[
    Named { name: "EXAMINATION", value: GetKind::Examination as u32, label: "examination" },
    Named { name: "NORMAL", value: GetKind::Normal as u32, label: "normal" },
    Named { name: "PIN", value: GetKind::Pin as u32, label: "pin" },
    Named { name: "PINNED", value: GetKind::PinnedRevisit as u32, label: "pinned revisit" },
    Named { name: "MEMOPT", value: GetKind::Memopt as u32, label: "memopt" },
    Named { name: "CURRENT", value: GetKind::Current as u32, label: "current" },
    Named { name: "NONE", value: GetKind::NONE as u32, label: "none" },
];

/// The states of a session's timeline lane (`sessions[].timeline` of a
/// `LAB RUN ... SESSIONS n` step), by the index a stretch carries: the
/// lanes declared with the wait events (`stats/waits.rs`).
pub const TIMELINE_STATES: &[Named] = &timeline_states::<{ LANES.len() }>();

const fn timeline_states<const N: usize>() -> [Named; N] {
    let mut out = [Named { name: "", value: 0, label: "" }; N];
    let mut i = 0;
    while i < N {
        let l = LANES[i];
        out[i] = Named { name: l.name, value: l.value as u32, label: lane_label(l.value) };
        i += 1;
    }
    out
}

pub const NO_SEGMENT: u32 = u32::MAX;
pub const NO_LATCH: u16 = u16::MAX;
pub const NO_LINE: u16 = u16::MAX;

/// A column of a trace batch and the typed array it crosses the boundary as.
#[derive(Debug, Clone, Copy)]
pub struct Column {
    pub name: &'static str,
    pub array: &'static str,
    pub doc: &'static str,
}

/// The columns of a trace batch, in order (the wasm facade has one getter each).
pub const COLUMNS: &[Column] = &[
    Column { name: "kind", array: "Uint8Array", doc: "EventKind" },
    Column { name: "get_kind", array: "Uint8Array", doc: "GetKind (block visits; NONE otherwise)" },
    Column { name: "segment", array: "Uint32Array", doc: "segment id, NO_SEGMENT for calls" },
    Column { name: "block", array: "Uint32Array", doc: "block number in the segment" },
    Column { name: "latch_child", array: "Uint16Array", doc: "cache buffers chains child, NO_LATCH when none" },
    Column { name: "latch_gets", array: "Uint8Array", doc: "CBC latch gets this event took" },
    Column { name: "plan_line", array: "Uint16Array", doc: "plan line id, NO_PLAN_LINE when none" },
    Column { name: "exec", array: "Uint32Array", doc: "execution number within a workload" },
    Column { name: "t_us", array: "Float64Array", doc: "simulated time after the event, microseconds" },
    Column { name: "stack", array: "Uint32Array", doc: "index into stacks (folded cost stack)" },
    Column {
        name: "sid",
        array: "Uint32Array",
        doc: "session (SID) whose event it is: the step's, or another of LAB RUN ... SESSIONS n",
    },
];

/// The TypeScript module generated from the tables above.
pub fn typescript() -> String {
    let mut s = String::from(
        "// Generated from engine-wasm/core/src/trace/contract.rs by its test\n\
         // (LIO_UPDATE_CONTRACT=1 cargo test -p lio-core --test contract). Do not edit.\n\n",
    );
    s.push_str(&meta());
    s.push_str(&format!("export const NO_SEGMENT = {:#x};\n", NO_SEGMENT));
    s.push_str(&format!("export const NO_LATCH = {:#x};\n", NO_LATCH));
    s.push_str(&format!("export const NO_PLAN_LINE = {:#x};\n", NO_LINE));
    s.push_str(&format!("/** Buckets a HASH JOIN's picture draws (HASH_BUILD / HASH_PROBE events' `block`). */\nexport const HASH_PICTURE_BUCKETS = {HASH_PICTURE_BUCKETS};\n"));
    s.push_str(&format!("/** Rows of each side of a hash join traced per execution. */\nexport const OPERATOR_ROW_EVENTS = {OPERATOR_ROW_EVENTS};\n\n"));
    let consts = |title: &str, v: &[Named]| {
        let body: Vec<String> = v.iter().map(|k| format!("  {}: {},", k.name, k.value)).collect();
        format!("export const {title} = {{\n{}\n}} as const;\n", body.join("\n"))
    };
    s.push_str(&consts("EventKind", EVENT_KINDS));
    let names: Vec<String> = EVENT_KINDS.iter().map(|k| format!("  '{}',", k.label)).collect();
    s.push_str(&format!(
        "/** Labels indexed by EventKind. */\nexport const EVENT_KIND_NAMES = [\n{}\n];\n\n",
        names.join("\n")
    ));
    s.push_str(&consts("GetKind", GET_KINDS));
    let names: Vec<String> = GET_KINDS.iter().map(|k| format!("  {}: '{}',", k.value, k.label)).collect();
    s.push_str(&format!(
        "/** Labels by GetKind value. */\nexport const GET_KIND_NAMES: Record<number, string> = {{\n{}\n}};\n\n",
        names.join("\n")
    ));
    s.push_str(&consts("TimelineState", TIMELINE_STATES));
    let names: Vec<String> = TIMELINE_STATES.iter().map(|k| format!("  '{}',", k.label)).collect();
    s.push_str(&format!(
        "/** Labels indexed by TimelineState. */\nexport const TIMELINE_STATE_NAMES = [\n{}\n];\n\n",
        names.join("\n")
    ));
    s.push_str(&waits_and_statistics());
    let cols: Vec<String> = COLUMNS.iter().map(|c| format!("  '{}',", c.name)).collect();
    s.push_str(&format!("/** The typed-array columns of a trace batch, in order. */\nexport const TRACE_ARRAYS = [\n{}\n] as const;\n\n", cols.join("\n")));
    let fields: Vec<String> =
        COLUMNS.iter().map(|c| format!("  /** {} */\n  {}: {};", c.doc, c.name, c.array)).collect();
    s.push_str(&format!(
        "/** The columns of a trace batch with their array types. */\nexport interface TraceColumns {{\n{}\n}}\n",
        fields.join("\n")
    ));
    s
}

/// The trace's metadata ([`super::meta::TraceMeta`], what `Engine.trace(step)`
/// carries beside the columns) in TypeScript; the device snapshots it
/// shares with the result JSON are imported from `result.gen.ts`.
fn meta() -> String {
    use crate::tsdecl::Described;
    crate::tsdecl::module(
        &[<super::meta::TraceMeta as Described>::decl],
        &[("./result.gen", <crate::io::snapshot::DeviceSnapshot as Described>::decl)],
    )
}

/// The wait events (name, class, lane) and the statistics (12c name, name
/// before 12c, V$STATNAME class) in TypeScript, from their declarations.
fn waits_and_statistics() -> String {
    let waits: Vec<String> = WaitEvent::ALL
        .iter()
        .map(|e| {
            let lane = e.lane().map_or("null".to_string(), |l| l.to_string());
            format!("  {{ name: '{}', waitClass: '{}', lane: {lane} }},", e.name(), e.wait_class())
        })
        .collect();
    let stats: Vec<String> = STATS
        .iter()
        .map(|d| {
            let pre = match d.pre12c {
                Pre12c::Same => format!("'{}'", d.name),
                Pre12c::Absent => "null".to_string(),
                Pre12c::Named(n) | Pre12c::Fastpath(n) => format!("'{n}'"),
            };
            format!("  {{ name: '{}', pre12c: {pre}, class: {} }},", d.name, d.class)
        })
        .collect();
    format!(
        "/** The wait events (V$EVENT_NAME): name, wait class, timeline lane (null: none). */\n\
         export const WAIT_EVENTS = [\n{}\n] as const;\n\n\
         /** The statistics (V$STATNAME): name, name before 12c (null: none), class. */\n\
         export const STATISTICS = [\n{}\n] as const;\n\n",
        waits.join("\n"),
        stats.join("\n")
    )
}
